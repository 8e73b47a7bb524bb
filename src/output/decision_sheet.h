// The decision sheet (`bpgn view --sheet`, docs/view.md): one printable page for the arbiter of a
// disputed match -- its tags and players, both boards at the disputed moment with holdings and
// clocks, the diagnostic and the rule it breaks, what the record says, bpgn's verdict, the
// arbiter's decision with its effect on the points, and lines for three signatures. No script,
// nothing fetched; it prints on one A4 or Letter page.
#pragma once

#include "record/game.h"
#include "replay/checked_game.h"
#include "replay/disputed_moment.h"

#include <array>
#include <optional>
#include <string>

namespace bpgn {

// The points of the match under one account of it (standings/decision_points.h fills it).
struct SheetScore {
  bool scored = false;
  std::string why_not;                          // when not scored: as the standings say it
  std::string result;                           // the result scored, team 1's view: 1-0, 0-1, 1/2-1/2
  std::array<std::optional<double>, 4> seats;   // each player's points, by Seat (one board: WhiteA, BlackA)
  std::array<double, 2> teams{};                // team 1 and team 2 (one board: White and Black)
};

struct SheetPoints {
  std::string scoring;              // "Turkish scoring", "match scoring"
  SheetScore before;                // bpgn's outcome, as the standings score it without a decision
  std::optional<SheetScore> after;  // as they score it with the arbiter's decision (--adjudications)
};

// The whole page. `checked` as check_game gave it (with the decision, when there is one);
// `place` from disputed_moment. Every text from the record or the decisions is escaped.
std::string decision_sheet(const Game& game, const CheckedGame& checked, const DisputedMoment& place,
                           const SheetPoints& points);

}  // namespace bpgn
