// `bpgn show`: one moment of a match as text -- both boards side by side as the players see them
// (board B turned round, so that partners sit on the same side), holdings, the four clocks, the
// moves just before, the diagnosis and the outcome.
#pragma once

#include "record/game.h"
#include "replay/moment.h"
#include "replay/replay.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

struct BoardViewOptions {
  bool ascii = false;  // pieces as letters (KQRBNP white, kqrbnp black) instead of Unicode figures
  bool color = false;  // ANSI colour for the marked squares and the diagnosis (a terminal's choice)
};

// The view, ending with a newline. Squares of the last move on each board are written `[x]`; at a
// move its board did not play, the square it aims at is written `<x>`.
std::string board_view(const Game& game, const ReplayResult& result, const Moment& moment,
                       const BoardViewOptions& options);

// The square a move that was not played aims at: the last square named in its text.
std::optional<Square> aimed_square(std::string_view san);

// What the moment is: `After 23b. Q@f6 (ply 45 of 80, match time 2:31)`, `At 23b. Q@f6 (...), not
// played: the position its player saw`, `At the end of the record (80 plies, ...)`; `numbers` from
// move_numbers.
std::string moment_caption(const Game& game, const std::vector<int>& numbers, const Moment& m);

// Seconds as a clock shows them: 2:31, 2:31.4 (one decimal when not whole), 1:02:03, -0:00.6.
std::string clock_text(double seconds);

}  // namespace bpgn
