#include "replay/moment_place.h"

#include <limits>

namespace bpgn {
namespace {

// Where check prints a violation (output/report_text.cpp, diagnostic_line): its own place, or the
// game's start for one that has none.
SourcePos printed_at(const Game& game, const Violation& v) { return v.pos.line != 0 ? v.pos : game.start; }

SourcePos move_start(const Ply& p) { return p.number_pos.line != 0 ? p.number_pos : p.san_pos; }

bool before_or_at(SourcePos a, SourcePos b) { return a.line < b.line || (a.line == b.line && a.column <= b.column); }

MomentAt moment_of_violation(const Game& game, const Violation& v) {
  if (v.ply && *v.ply < game.plies.size()) return {MomentAt::Kind::Ply, *v.ply};
  return {MomentAt::Kind::End, 0};
}

}  // namespace

PlaceMoment moment_at_place(const Game& game, const ReplayResult& result, std::uint32_t line,
                            std::optional<std::uint32_t> column) {
  PlaceMoment found;
  // A diagnostic: exactly at the column, or the line's leftmost (the first printed among equals).
  const auto diagnostic = [&](bool exact) {
    std::optional<std::size_t> best;
    for (std::size_t k = 0; k < result.violations.size(); ++k) {
      const SourcePos at = printed_at(game, result.violations[k]);
      if (at.line != line || (exact && at.column != *column)) continue;
      if (!best || at.column < printed_at(game, result.violations[*best]).column) best = k;
    }
    if (best) {
      found.by = PlaceMoment::By::Diagnostic;
      found.violation = best;
      found.at = moment_of_violation(game, result.violations[*best]);
    }
    return best.has_value();
  };
  if (column && diagnostic(true)) return found;
  // The game's own place, as the reports and check's `outcome:` line give it, names the game alone
  // (a record written on one line has its moves there too).
  if (line == game.start.line && (!column || *column == game.start.column)) return found;
  if (!column && diagnostic(false)) return found;
  if (!column) {
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
      if (move_start(game.plies[i]).line == line) {
        found.by = PlaceMoment::By::Move;
        found.at = {MomentAt::Kind::Ply, i};
        return found;
      }
    }
  }
  // The last move starting at or before the place (the plies are in text order).
  const SourcePos place{line, column.value_or(std::numeric_limits<std::uint32_t>::max())};
  for (std::size_t i = game.plies.size(); i-- > 0;) {
    if (before_or_at(move_start(game.plies[i]), place)) {
      found.by = PlaceMoment::By::Move;
      found.at = {MomentAt::Kind::Ply, i};
      return found;
    }
  }
  return found;
}

}  // namespace bpgn
