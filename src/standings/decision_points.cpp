#include "standings/decision_points.h"

#include "replay/outcome.h"
#include "standings/standings.h"

namespace bpgn {
// Named, not anonymous: the unity build puts several files in one unit, whose anonymous namespaces are one.
namespace points_parts {

SheetScore score_of(const ReplayResult& result, bool turkish) {
  ScoredMatch m;
  score_match(result, m);
  SheetScore s;
  s.scored = m.scored;
  s.why_not = m.why_not_scored;
  s.result = m.result;
  if (!m.scored) return s;
  for (const auto& [seat, points] : m.points) s.seats[std::size_t(seat)] = points;
  const auto points_of = [&](Seat seat) { return s.seats[std::size_t(seat)].value_or(0.0); };
  if (m.boards == 1) {
    s.teams = {points_of(Seat::WhiteA), points_of(Seat::BlackA)};
  } else if (turkish) {
    s.teams = {points_of(Seat::WhiteA) + points_of(Seat::BlackB), points_of(Seat::BlackA) + points_of(Seat::WhiteB)};
  } else {
    s.teams = {m.winner == Winner::Team1 ? 1.0 : m.winner == Winner::Draw ? 0.5 : 0.0,
               m.winner == Winner::Team2 ? 1.0 : m.winner == Winner::Draw ? 0.5 : 0.0};
  }
  return s;
}

}  // namespace points_parts

SheetPoints decision_points(const ReplayResult& result) {
  using namespace points_parts;
  const bool turkish = result.rules.scoring == Scoring::TurkishPoints && result.boards == 2;
  SheetPoints p;
  p.scoring = turkish ? "Turkish scoring" : "match scoring";
  if (result.outcome.adjudication) {
    ReplayResult without = result;
    without.outcome.adjudication.reset();
    p.before = score_of(without, turkish);
    p.after = score_of(result, turkish);
  } else {
    p.before = score_of(result, turkish);
  }
  return p;
}

}  // namespace bpgn
