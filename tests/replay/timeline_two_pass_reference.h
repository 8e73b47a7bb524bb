// The clock timeline as build_timeline made it before it became one pass (kept as the reference
// that the one-pass timeline must equal on every record: timeline_reference_test.cpp). Pass 1
// decided how each board's readings are used; pass 2 computed times, warnings and flags.
#pragma once

#include "replay/messages.h"
#include "replay/timeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

namespace bpgn::reference {

// The precision of a written reading: one unit of its last decimal. Two readings can differ by
// this much through rounding alone.
// (A table, not std::pow: this runs up to three times per ply.)
inline double resolution(const Clock& c) {
  static constexpr double kUnit[] = {1.0, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6};
  return kUnit[std::clamp(c.decimals, 0, 6)];
}

// A board's remaining-time readings are taken as such unless they grow again and again: real
// clocks only grow by the increment, so three growths beyond it mean the numbers are something
// else (the chess.com-derived exporter writes the time spent on the move). One or two growths are
// reported as clock-increase.
constexpr int kImplausibleGrowths = 3;

// Times are sums of decimal readings: equal times may differ in the last bits.
constexpr double kEpsilon = 1e-6;

struct BoardClock {
  std::array<std::optional<double>, 2> last;   // last reading per colour (nullopt: none yet)
  std::array<bool, 2> broken{};                // a ply of this colour had no reading: elapsed unknown
  int plies = 0;                               // plies made on this board so far
  double lag = 0;                              // cumulative Lag-tag seconds on this board
  std::optional<double> last_time;             // match time after the board's last ply
  std::optional<std::size_t> last_ply;         // record index of the board's last ply
  // `[ts=]` boards: each player's remaining time, derived from the time spent on their own turns
  // (a turn begins at the board's previous ply, or at 0 for the board's first ply). Unknown (for
  // the rest of the record) once a ply of the board has no reading.
  std::array<std::optional<double>, 2> left;
  bool left_broken = false;
};

// The ply whose time sets the maximum so far on a board (for clock-order).
struct Latest {
  double time = -1;
  std::size_t ply = 0;
  bool any = false;
};

inline Timeline build_timeline_two_passes(const Game& game, const TimelineOptions& options) {
  const std::size_t n = game.plies.size();
  const TimeControl tc = parse_time_control(game.tag("TimeControl"));
  const double inc = tc.increment;
  const int boards = options.boards;
  auto board_index = [boards](const Ply& p) { return boards == 1 ? 0 : int(p.board); };

  Timeline tl;
  tl.time.assign(n, std::nullopt);
  tl.allowance.assign(n, options.tolerance);
  tl.remaining.assign(n, std::nullopt);

  // Pass 1: what kind of readings each board has, and whether remaining times are plausible.
  std::array<int, 2> remaining{}, since_start{}, growths{};
  {
    std::array<std::array<std::optional<double>, 2>, 2> last{};
    std::array<int, 2> plies{};
    for (const Ply& p : game.plies) {
      const int b = board_index(p);
      ++plies[b];
      if (p.clock.kind == ClockKind::SinceStart) ++since_start[b];
      if (p.clock.kind != ClockKind::Remaining) continue;
      ++remaining[b];
      const double r = p.clock.seconds;
      const auto& prev = last[b][p.color];
      const double before = prev ? *prev : tc.base.value_or(r);
      if (r > before + inc + resolution(p.clock) + kEpsilon) ++growths[b];
      // More than the whole allowance the clock could ever hold is no remaining time either.
      if (tc.base && r > *tc.base + inc * plies[b] + resolution(p.clock) + kEpsilon) growths[b] = kImplausibleGrowths;
      last[b][p.color] = r;
    }
    for (int b = 0; b < boards; ++b) {
      if (remaining[b] == 0 && since_start[b] == 0) tl.clocks[b] = ClockUse::None;
      else if (since_start[b] > remaining[b]) tl.clocks[b] = ClockUse::SinceStart;
      else if (growths[b] >= kImplausibleGrowths) tl.clocks[b] = ClockUse::Implausible;
      else tl.clocks[b] = ClockUse::Remaining;
    }
  }

  // Pass 2: times, clock-increase, clock-order, flags shown by a negative reading.
  std::array<BoardClock, 2> bc{};
  std::array<Latest, 2> latest{};
  // For clock-order: the ply of the other board already reported against, so that one misplaced
  // ply gives one warning per board instead of one per following move.
  std::array<std::optional<std::size_t>, 2> reported_against{};
  for (std::size_t j = 0; j < n; ++j) {
    const Ply& p = game.plies[j];
    const int b = board_index(p);
    BoardClock& c = bc[b];
    ++c.plies;
    if (p.lag_ms) c.lag += *p.lag_ms / 1000.0;
    tl.allowance[j] = options.tolerance + c.lag;
    std::optional<double> t;
    if (tl.clocks[b] == ClockUse::SinceStart) {
      if (p.clock.kind == ClockKind::SinceStart) t = p.clock.seconds;
      // The turn began when the board's previous ply was made (the match start for its first ply).
      const std::optional<double> start = c.plies == 1 ? std::optional<double>(0.0) : c.last_time;
      if (!t || !start) c.left_broken = true;
      if (tc.base && !c.left_broken) {
        const double before = c.left[p.color].value_or(*tc.base);
        const double spent = *t - *start;
        const double own_lag = p.lag_ms ? *p.lag_ms / 1000.0 : 0.0;
        // As for a negative remaining reading: the flag had fallen when the player moved. The
        // increment comes after the move, so it cannot save a player whose time ran out during it.
        if (before - spent < -(options.tolerance + own_lag + kEpsilon)) {
          FlagFall f;
          f.seat = seat_of(Board(b), p.color);
          f.ply = j;
          f.time = *start + before;
          f.remaining = before - spent;
          f.allowance = options.tolerance + c.lag;
          tl.flags.push_back(f);
        }
        c.left[p.color] = before - spent + inc;
        tl.remaining[j] = c.left[p.color];
      }
    } else if (tl.clocks[b] == ClockUse::Remaining) {
      if (p.clock.kind == ClockKind::Remaining) {
        const double r = p.clock.seconds;
        const auto& prev = c.last[p.color];
        if (prev || tc.base) {
          const double before = prev ? *prev : *tc.base;
          if (r > before + inc + resolution(p.clock) + kEpsilon) {
            tl.warnings.push_back(ply_violation(
                ViolationCode::ClockIncrease, game, j,
                fmt::format("{}: at {} the remaining time grew from {} s to {} s (increment {} s)",
                            who(p.board, p.color, boards, player_of(game, p.board, p.color, boards)),
                            move_ref(game, j, boards), seconds_text(before), seconds_text(r), seconds_text(inc))));
            tl.warning_against.emplace_back();
          }
        }
        c.last[p.color] = r;
        c.broken[p.color] = false;
        tl.remaining[j] = r;
        // A negative reading: the mover's flag had fallen when they moved. Real servers accept a
        // little (`{-0.576}`: lag compensation), hence the tolerance and this ply's lag.
        const double own_lag = p.lag_ms ? *p.lag_ms / 1000.0 : 0.0;
        if (r < -(options.tolerance + own_lag + kEpsilon)) {
          FlagFall f;
          f.seat = seat_of(Board(b), p.color);
          f.ply = j;
          f.remaining = r;
          f.allowance = options.tolerance + c.lag;
          tl.flags.push_back(f);  // time filled below once this ply's time is known
        }
      } else {
        c.broken[p.color] = true;
      }
      if (tc.base && !c.broken[White] && !c.broken[Black]) {
        const double base = *tc.base;
        t = 2 * base + inc * c.plies - c.last[White].value_or(base) - c.last[Black].value_or(base);
      }
      if (!tl.flags.empty() && tl.flags.back().ply == j && t) {
        tl.flags.back().time = *t + p.clock.seconds;  // when the reading crossed zero
      }
    }
    tl.time[j] = t;
    c.last_time = t;
    c.last_ply = j;

    // clock-order: a ply recorded after a ply of the other board that the clocks put later.
    if (boards == 2 && t) {
      const int o = 1 - b;
      const Latest& other = latest[o];
      const double allowance = options.tolerance + c.lag;
      if (other.any && other.time > *t + allowance + kEpsilon && reported_against[b] != other.ply) {
        tl.warnings.push_back(ply_violation(
            ViolationCode::ClockOrder, game, j,
            fmt::format("{} is recorded after {}, but the clocks put it {} s earlier ({} s against {} s; "
                        "allowance {} s)",
                        move_ref(game, j, boards), move_ref(game, other.ply, boards), seconds_text(other.time - *t),
                        seconds_text(*t), seconds_text(other.time), seconds_text(allowance))));
        tl.warning_against.emplace_back(other.ply);
        reported_against[b] = other.ply;
      }
      Latest& mine = latest[b];
      if (!mine.any || *t > mine.time) mine = {*t, j, true};
    }
  }

  // Pending flags at the end of the record: the player to move on each board with usable clocks.
  if (tc.base) {
    for (int b = 0; b < boards; ++b) {
      const BoardClock& c = bc[b];
      const bool since_start = tl.clocks[b] == ClockUse::SinceStart;
      if (since_start ? c.left_broken || (c.last_ply && !c.last_time)
                      : tl.clocks[b] != ClockUse::Remaining || c.broken[White] || c.broken[Black]) {
        continue;
      }
      const Color to_move = c.last_ply ? ~game.plies[*c.last_ply].color : White;
      FlagFall f;
      f.seat = seat_of(Board(b), to_move);
      const auto& left = since_start ? c.left : c.last;
      f.time = c.last_time.value_or(0.0) + left[to_move].value_or(*tc.base);
      f.allowance = options.tolerance + c.lag;
      // A move made (on any board) after that moment shows that the flag fell while play went on.
      const std::size_t from = c.last_ply ? *c.last_ply + 1 : 0;
      bool seen = false;
      for (std::size_t j = from; j < n && !seen; ++j) seen = tl.after(f, j);
      (seen ? tl.flags : tl.pending).push_back(f);
    }
  }
  std::stable_sort(tl.flags.begin(), tl.flags.end(), [](const FlagFall& x, const FlagFall& y) {
    if (x.time && y.time) return *x.time < *y.time;
    return x.time.has_value() && !y.time.has_value();
  });
  std::stable_sort(tl.pending.begin(), tl.pending.end(),
                   [](const FlagFall& x, const FlagFall& y) { return *x.time < *y.time; });
  return tl;
}

}  // namespace bpgn::reference
