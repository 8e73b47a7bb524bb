// Two chess.com boards made into one BPGN match record (Game), ready to be replayed and written.
#pragma once

#include "convert/chesscom_board.h"
#include "record/game.h"

#include <string>
#include <vector>

namespace bpgn {

struct ChessComMatch {
  Game game;                          // Dialect::Bpgn, plies in match order
  std::vector<std::string> problems;  // moves that could not be decoded (the board stops there)
};

// Board A is the board with the lower game id (so the same pair gives the same record whichever
// file is named first). Tags: Event, Site, Date and TimeControl from board A's pgnHeaders; the
// seats from each board's White/Black and WhiteElo/BlackElo; Result from team 1's (WhiteA+BlackB)
// point of view; Variant "Bughouse", Termination (the deciding board's resultMessage),
// ChessComGameA and ChessComGameB (the ids). The plies are interleaved by merge_boards() over the
// elapsed times computed from each board's clocks; each ply carries its clock in seconds with one
// decimal, and the record ends with a FICS-style termination comment naming the loser.
ChessComMatch chesscom_match(const ChessComBoard& first, const ChessComBoard& second);

}  // namespace bpgn
