// The moment a decision sheet is about (bpgn view --sheet, docs/view.md): the place the arbiter
// named -- a diagnostic's line (FILE:LINE[:COLUMN]), a move's -- or, with none, the game's first
// error. No I/O.
#pragma once

#include "record/game.h"
#include "replay/moment.h"
#include "replay/replay.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace bpgn {

struct DisputedMoment {
  enum class By : std::uint8_t {
    Violation,       // a violation on the line named (at its column, else the first on the line)
    Move,            // a move on the line named (at its column, else the line's first) that has none
    FirstViolation,  // no line named, or none of the game's violations and moves is on it
    End,             // no line named and no violation (errors and warnings) at all
  };
  By by = By::End;
  MomentAt at;                            // the moment drawn
  std::optional<std::size_t> violation;   // the diagnostic in dispute: an index into result.violations
};

// `line` (and `column`, when the place names one) from FILE:LINE[:COLUMN]; nullopt when the game
// was named otherwise (--game, --index). On the line: the violation at `column`, else the move
// whose text spans `column`, else the violation of the line with the smallest column, else the
// line's first move. Elsewhere (a tag line, or no line): the first error on a move (show's
// default), else the first error, else the first warning, else the end of the record. A
// violation's moment is its ply, or the end of the record for one about no move.
DisputedMoment disputed_moment(const Game& game, const ReplayResult& result, std::optional<std::uint32_t> line,
                               std::optional<std::uint32_t> column);

}  // namespace bpgn
