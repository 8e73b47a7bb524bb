// The four clocks at any instant of match time, not only at the moment of a move: THE rule that
// `bpgn show --at`, the match viewer's data and the clock chart all use (docs/show.md, *Clocks*).
// No I/O.
//
// The rule. At match time `t`, the record's plies made by then are the record up to its first ply
// timed after `t` (plies_by). Each player's time is their last reading among those plies (the time
// control's base before their first). On each board one clock runs: that of the player who still
// has to move in the position shown -- the opponent of the board's last ply that was played, or,
// before any, the player of the board's first ply -- so after a move that was not played its
// player's clock goes on running. The running clock is charged the time since the board's last ply
// (played or not: its timestamp is when the clock was pressed). No clock goes below 0:00: a flag
// that fell (one the timeline names: a move made after it, or the last player to move running out)
// stops its clock at 0:00 from the instant it fell.
#pragma once

#include "record/game.h"
#include "replay/replay.h"
#include "replay/timeline.h"

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

namespace bpgn {

struct SeatClock {
  std::optional<double> left;       // seconds left, never below 0 (none: the record does not tell)
  bool running = false;             // the player to move on their board
  std::optional<double> fell;       // the match time at which the flag fell, when it has by then
  std::optional<double> runs_out;   // running and charged: the match time at which it reaches 0:00
};

struct ClocksAt {
  std::array<SeatClock, 4> seats{};  // Seat order: WhiteA, BlackA, WhiteB, BlackB (one board: 2)
};

class MatchClocks {
 public:
  // `timeline` from build_timeline(game), `result` the replay of `game` (which plies were played).
  // Both are kept by reference.
  MatchClocks(const Game& game, const Timeline& timeline, const ReplayResult& result);

  // The clocks at match time `at`, after the record's first `plies` plies (at no time before the
  // last of them). Without a time, each player's last reading, no clock charged.
  ClocksAt at(std::size_t plies, std::optional<double> at) const;
  // The clocks at match time `t`: at(plies_by(t), t).
  ClocksAt at(double t) const;
  // The same rule brought up to date one ply at a time (moments.h: every moment of a match in one
  // pass): start(), then add() once for each ply in record order; at(progress, t) is then what
  // at(progress.plies, t) gives.
  struct Progress {
    std::array<std::optional<double>, 4> reading{};                 // each seat's last reading
    std::array<std::optional<double>, 2> board_time{0.0, 0.0};       // when each board's clock was last pressed
    std::array<std::optional<Color>, 2> last_played{};              // who made each board's last played ply
    std::size_t plies = 0;                                           // the plies taken in
  };
  Progress start() const;
  void add(Progress& progress) const;  // the record's next ply (progress.plies)
  ClocksAt at(const Progress& progress, std::optional<double> t) const;

  // The number of the record's plies made by match time `t`: the record up to its first ply timed
  // after `t` (a ply of unknown time comes with the one before it; a ply recorded after one that the
  // clocks put later comes with that one, as the viewer plays them).
  std::size_t plies_by(double t) const;
  // The match time of the record's last ply with a known time, or, when the match ended by a flag
  // that fell after the last move (the last player to move ran out), that instant; none when no
  // time is known.
  std::optional<double> end() const { return end_; }
  // The flags that fell during the match, earliest first (one per player: when it first fell).
  struct Fall {
    Seat seat = Seat::WhiteA;
    double time = 0;
  };
  const std::vector<Fall>& falls() const { return falls_; }
  int boards() const { return boards_; }

 private:
  const Game& game_;
  const Timeline& tl_;
  const ReplayResult& result_;
  int boards_ = 2;
  std::optional<double> base_;
  std::array<Color, 2> first_mover_{White, White};  // the player of each board's first ply
  std::vector<Fall> falls_;
  std::optional<double> end_;
};

}  // namespace bpgn
