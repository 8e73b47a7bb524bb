// The clock chart of the HTML report: each player's remaining time along the match (SVG), drawn
// from the record's clock readings as the replay's timeline reads them.
#pragma once

#include "record/game.h"
#include "replay/clock_at.h"
#include "replay/replay.h"
#include "replay/timeline.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace bpgn {

struct ClockPoint {
  double time;       // match time, seconds
  double remaining;  // the player's time left, seconds
};

struct ClockSeries {
  Seat seat = Seat::WhiteA;
  std::vector<ClockPoint> points;  // in time order; the clock runs down only on the player's turns
};

struct ClockFlag {
  Seat seat = Seat::WhiteA;
  double time = 0;
};

struct ClockChartData {
  std::vector<ClockSeries> series;  // one per seat with known times (none: no chart)
  std::vector<ClockFlag> flags;     // flags that fell, with a known time
  double end = 0;                   // the last match time shown
};

// Each seat's time left along the match, as MatchClocks (clock_at.h) tells it at every instant:
// flat while the opponent thinks, falling while the player does (never below 0:00: a flag that
// fell stops it there), rising by the increment after each move. `timeline` from build_timeline,
// `result` the game's replay. A seat's series stops at its board's first ply whose time is unknown.
ClockChartData clock_chart_data(const Game& game, const Timeline& timeline, const ReplayResult& result);

// The chart as an <svg> (empty when no seat has known times); `names` label the lines.
std::string clock_chart_svg(const ClockChartData& data, const std::array<std::string, 4>& names, const std::string& id);

}  // namespace bpgn
