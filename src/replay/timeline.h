// The match's timeline from the clock readings of a record: when each ply happened, which clock
// readings contradict each other or the record's order, and whose flag fell when.
//
// Both clocks of a board start together with the match, and exactly one of them runs at any moment,
// so a board's elapsed time (the time used by both its players, increments accounted for) is the
// match time. It is computed from each board's own readings, which lets the two boards be compared.
#pragma once

#include "record/game.h"
#include "replay/violation.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace bpgn {

// `TimeControl "180+2"`: 180 s per player, 2 s added per move; "180": no increment. Other forms
// (multi-period "40/7200:3600", "-", "?") give an unknown base.
struct TimeControl {
  std::optional<double> base;
  double increment = 0;
};
TimeControl parse_time_control(const std::string* tag);

// How a board's clock readings are used.
enum class ClockUse : std::uint8_t {
  None,         // no readings on this board
  Remaining,    // mover's remaining time (`{58.345}`, `[%clk]`)
  SinceStart,   // `[ts=...]`: match time directly; remaining times derived from each player's turns
  Implausible,  // readings that cannot be remaining times (they keep growing): times unknown, no warnings
};
std::string_view to_string(ClockUse use);

// A player's time ran out.
struct FlagFall {
  Seat seat = Seat::WhiteA;
  std::optional<double> time;      // match time at which it ran out, when known
  double allowance = 0;            // seconds of lag and tolerance to grant when comparing with `time`
  std::optional<std::size_t> ply;  // the flagged player's own ply made after it (negative clock), if any
  std::optional<double> remaining; // with `ply`: the player's remaining time at that move (negative)
};

struct Timeline {
  std::vector<std::optional<double>> time;  // per ply: match time just after it, when known
  std::vector<double> allowance;            // per ply: tolerance + the Lag tag's total on its board so far
  std::vector<std::optional<double>> remaining;  // per ply: the mover's time left just after it (increment
                                                 // included), when known
  std::array<ClockUse, 2> clocks{};
  std::vector<Violation> warnings;          // clock-increase and clock-order, each with `ply` set
  std::vector<std::optional<std::size_t>> warning_against;  // parallel: clock-order's other ply
  // Flags that fell while the record still went on (a move made after them), earliest first.
  std::vector<FlagFall> flags;
  // At the end of the record, for each board with usable clocks: the player to move and the match
  // time at which their clock runs out if they never move again.
  std::vector<FlagFall> pending;

  // True when ply `j` was made after flag `f` fell (beyond the allowances).
  bool after(const FlagFall& f, std::size_t j) const;
};

struct TimelineOptions {
  int boards = 2;
  double tolerance = 0;  // seconds, on top of the Lag tag's per-ply values
};

Timeline build_timeline(const Game& game, const TimelineOptions& options);

}  // namespace bpgn
