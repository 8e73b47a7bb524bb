// Two per-board PGN games joined back into one bughouse match (convert --to bpgn): the inverse of
// append_board_pgns(), and also a best effort for per-board games other programs wrote.
#pragma once

#include "record/game.h"

#include <optional>
#include <string>
#include <vector>

namespace bpgn {

// The board of a per-board game: its `[Board "A"]` / `[Board "B"]` tag; nullopt for any other game.
std::optional<Board> board_of_game(const Game& game);

// The game's `[BughouseMatch]` id, empty when it has none.
std::string match_id_of(const Game& game);

struct JoinedMatch {
  Game match;                      // Dialect::Bpgn
  std::vector<std::string> notes;  // how the order was found when the games carry no ply numbers
};

// Joins board A's and board B's games. The match order is the `[%matchply N]` numbers when every
// move has one; otherwise the moves are interleaved by the times their clocks imply (see
// merge_boards). Tags, comments, clocks and the result are restored as append_board_pgns() wrote
// them.
JoinedMatch join_boards(const Game& a, const Game& b);

}  // namespace bpgn
