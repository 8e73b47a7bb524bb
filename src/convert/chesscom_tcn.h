// chess.com's two-character move encoding (TCN), as formats.md describes it: one character for
// the from-square (or the dropped piece), one for the to-square (or the promotion piece and step).
#pragma once

#include "core/move.h"
#include "core/position.h"

#include <optional>
#include <string>
#include <string_view>

namespace bpgn {

// Square of a TCN square character (`a` = a1 ... `?` = h8); kNoSquare for any other character.
Square tcn_square(char c);

// Piece dropped by a TCN drop character (`&-*+=`: Q N R B P); NoPieceType for any other.
PieceType tcn_drop_piece(char c);

// Decodes one ply (`code` holds exactly two characters) for the side to move in `pos`. The move's
// kind (castling, en passant, drop, promotion) and moving piece are read off the position; the
// move is not checked for legality (the replay does that). On failure returns nullopt and sets
// `error` to a sentence naming the fault.
std::optional<Move> decode_tcn(const Position& pos, std::string_view code, std::string& error);

// The two TCN characters of a move (the inverse of decode_tcn, for tests and writers).
std::string encode_tcn(const Move& m);

}  // namespace bpgn
