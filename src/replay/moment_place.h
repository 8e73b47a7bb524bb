// The moment a place in a record names: `bpgn view FILE:LINE[:COLUMN]` opens there and
// `bpgn show FILE:LINE[:COLUMN]` shows it (docs/show.md, *Which moment a place names*). A place is
// what check prints for a diagnostic (`file:line:column: error[...]`) or any line of a game's text.
// No I/O.
#pragma once

#include "record/game.h"
#include "replay/moment.h"
#include "replay/replay.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace bpgn {

struct PlaceMoment {
  enum class By : std::uint8_t {
    Diagnostic,  // a violation at that place (with a column: exactly there; without: the line's first)
    Move,        // the last move of the record that starts at or before the place
    BeforeMoves, // the place lies before the first move (the tags, the comments before the moves)
    Time,        // a match time (view --at), not a place of the record
  };
  By by = By::BeforeMoves;
  MomentAt at{MomentAt::Kind::Start, 0};
  std::optional<std::size_t> violation;  // with By::Diagnostic: its index in result.violations
};

// In this order:
// - a diagnostic of `result` printed at LINE:COLUMN: the moment it is shown at (its ply, or the
//   end for one that concerns no move);
// - the game's own place (its first line, or the line and column where its text starts): none,
//   the place names the game alone (By::BeforeMoves), as the reports give it;
// - without a column, the line's leftmost diagnostic;
// - without a column, the first move that starts on the line; with one (or on a line where no
//   move starts), the last move that starts at or before the place, so that a column inside a
//   move, or inside the comment or clock after it, names that move;
// - else the place is before the first move: the start.
// A move starts at its number (`12A.`), or its SAN when it has none.
PlaceMoment moment_at_place(const Game& game, const ReplayResult& result, std::uint32_t line,
                            std::optional<std::uint32_t> column);

}  // namespace bpgn
