#include "replay/disputed_moment.h"

#include <limits>

namespace bpgn {
// Named, not anonymous: the unity build puts several files in one unit, whose anonymous namespaces are one.
namespace disputed_parts {

MomentAt moment_of_violation(const Violation& v, const Game& game) {
  if (v.ply && *v.ply < game.plies.size()) return {MomentAt::Kind::Ply, *v.ply};
  return {MomentAt::Kind::End, 0};
}

DisputedMoment of_violation(DisputedMoment::By by, std::size_t k, const Game& game, const ReplayResult& result) {
  return {by, moment_of_violation(result.violations[k], game), k};
}

// A move: its moment, and its first violation (a note, which says how the record is written, is
// none).
DisputedMoment of_move(std::size_t i, const ReplayResult& result) {
  DisputedMoment d{DisputedMoment::By::Move, {MomentAt::Kind::Ply, i}, std::nullopt};
  for (std::size_t k = 0; k < result.violations.size(); ++k) {
    if (result.violations[k].ply == i && result.violations[k].severity != Severity::Note) {
      d.violation = k;
      d.by = DisputedMoment::By::Violation;
      break;
    }
  }
  return d;
}

// Does ply `p` written on `line` span `column`: from its number (or its SAN) to the SAN's end.
bool spans(const Ply& p, std::uint32_t line, std::uint32_t column) {
  if (p.san_pos.line != line) return false;
  const std::uint32_t from = p.number_pos.line == line ? std::min(p.number_pos.column, p.san_pos.column) : p.san_pos.column;
  return column >= from && column < p.san_pos.column + p.san.size();
}

bool on_line(const Ply& p, std::uint32_t line) { return p.san_pos.line == line || p.number_pos.line == line; }

std::optional<std::size_t> first_of(const ReplayResult& result, Severity severity, bool on_a_move) {
  for (std::size_t k = 0; k < result.violations.size(); ++k) {
    const Violation& v = result.violations[k];
    if (v.severity == severity && (!on_a_move || v.ply)) return k;
  }
  return std::nullopt;
}

}  // namespace disputed_parts

DisputedMoment disputed_moment(const Game& game, const ReplayResult& result, std::optional<std::uint32_t> line,
                               std::optional<std::uint32_t> column) {
  using namespace disputed_parts;
  const std::vector<Violation>& vs = result.violations;
  if (line) {
    if (column) {
      for (std::size_t k = 0; k < vs.size(); ++k) {
        if (vs[k].pos.line == *line && vs[k].pos.column == *column) return of_violation(DisputedMoment::By::Violation, k, game, result);
      }
      for (std::size_t i = 0; i < game.plies.size(); ++i) {
        if (spans(game.plies[i], *line, *column)) return of_move(i, result);
      }
    }
    std::optional<std::size_t> first;
    std::uint32_t least = std::numeric_limits<std::uint32_t>::max();
    for (std::size_t k = 0; k < vs.size(); ++k) {
      if (vs[k].pos.line == *line && vs[k].severity != Severity::Note && vs[k].pos.column < least) {
        first = k;
        least = vs[k].pos.column;
      }
    }
    if (first) return of_violation(DisputedMoment::By::Violation, *first, game, result);
    for (std::size_t i = 0; i < game.plies.size(); ++i) {
      if (on_line(game.plies[i], *line)) return of_move(i, result);
    }
  }
  for (const auto& pick : {first_of(result, Severity::Error, true), first_of(result, Severity::Error, false),
                           first_of(result, Severity::Warning, false)}) {
    if (pick) return of_violation(DisputedMoment::By::FirstViolation, *pick, game, result);
  }
  return {DisputedMoment::By::End, {MomentAt::Kind::End, 0}, std::nullopt};
}

}  // namespace bpgn
