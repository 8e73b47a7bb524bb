#include "replay/timeline.h"

#include "replay/messages.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace bpgn {
namespace {

std::optional<double> parse_number(std::string_view s) {
  double v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// The precision of a written reading: one unit of its last decimal. Two readings can differ by
// this much through rounding alone.
// (A table, not std::pow: this runs up to three times per ply.)
double resolution(const Clock& c) {
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

}  // namespace

TimeControl parse_time_control(const std::string* tag) {
  TimeControl tc;
  if (!tag) return tc;
  std::string_view s = *tag;
  const std::size_t plus = s.find('+');
  if (auto base = parse_number(s.substr(0, plus)); base && *base > 0) {
    if (plus == std::string_view::npos) {
      tc.base = *base;
    } else if (auto inc = parse_number(s.substr(plus + 1)); inc && *inc >= 0) {
      tc.base = *base;
      tc.increment = *inc;
    }
  }
  return tc;
}

std::string_view to_string(ClockUse use) {
  switch (use) {
    case ClockUse::None: return "none";
    case ClockUse::Remaining: return "remaining";
    case ClockUse::SinceStart: return "since-start";
    case ClockUse::Implausible: return "implausible";
  }
  return "none";
}

bool Timeline::after(const FlagFall& f, std::size_t j) const {
  if (f.ply && *f.ply == j) return true;
  return f.time && j < time.size() && time[j] && *time[j] > *f.time + f.allowance + kEpsilon;
}

namespace {

// What a board's readings are, counted while the plies go by.
struct ReadingCounts {
  int remaining = 0;    // remaining-time readings
  int since_start = 0;  // `[ts=]` readings
  int growths = 0;      // remaining readings that grew beyond the increment (kImplausibleGrowths: implausible)
};

ClockUse clock_use(const ReadingCounts& k) {
  if (k.remaining == 0 && k.since_start == 0) return ClockUse::None;
  if (k.since_start > k.remaining) return ClockUse::SinceStart;
  if (k.growths >= kImplausibleGrowths) return ClockUse::Implausible;
  return ClockUse::Remaining;
}

// The one pass over the plies: times, clock-increase, clock-order, flags shown by a negative
// reading, with each board's readings used as `use` says; it counts the readings on the way
// (`counts`), which tell how they are to be used.
class TimelinePass {
 public:
  TimelinePass(const Game& game, const TimelineOptions& options, const TimeControl& tc, Timeline& tl)
      : game_(game), options_(options), tc_(tc), tl_(tl) {}

  void run(const std::array<ClockUse, 2>& use);

  std::array<BoardClock, 2> bc{};
  std::array<ReadingCounts, 2> counts{};

 private:
  const Game& game_;
  const TimelineOptions& options_;
  const TimeControl& tc_;
  Timeline& tl_;
};

void TimelinePass::run(const std::array<ClockUse, 2>& uses) {
  // Locals, not the fields: a store into the timeline's vectors of doubles could change a double
  // field for all the compiler knows, which would then be read again after every store.
  const std::size_t n = game_.plies.size();
  const double inc = tc_.increment;
  const bool has_base = tc_.base.has_value();
  const double base = tc_.base.value_or(0.0);
  const double tolerance = options_.tolerance;
  const int boards = options_.boards;
  const std::array<ClockUse, 2> use = uses;
  std::array<Latest, 2> latest{};
  // For clock-order: the ply of the other board already reported against, so that one misplaced
  // ply gives one warning per board instead of one per following move.
  std::array<std::optional<std::size_t>, 2> reported_against{};
  for (std::size_t j = 0; j < n; ++j) {
    const Ply& p = game_.plies[j];
    const int b = boards == 1 ? 0 : int(p.board);
    BoardClock& c = bc[b];
    ReadingCounts& k = counts[b];
    ++c.plies;
    if (p.lag_ms) c.lag += *p.lag_ms / 1000.0;
    const double allowance = tolerance + c.lag;
    tl_.allowance[j] = allowance;
    // A remaining reading: whether it grew beyond the increment (a clock-increase where the
    // board's readings are remaining times), from `before`, the player's previous reading (the
    // base for their first one). c.last holds every remaining reading, whatever the board's use.
    const bool remaining_reading = p.clock.kind == ClockKind::Remaining;
    bool grew = false;
    double before = 0;
    if (remaining_reading) {
      ++k.remaining;
      const double r = p.clock.seconds;
      const double unit = resolution(p.clock);
      const std::optional<double> prev = c.last[p.color];
      before = prev ? *prev : has_base ? base : r;
      grew = r > before + inc + unit + kEpsilon;
      if (grew) ++k.growths;
      // More than the whole allowance the clock could ever hold is no remaining time either.
      if (has_base && r > base + inc * c.plies + unit + kEpsilon) k.growths = kImplausibleGrowths;
      c.last[p.color] = r;
    } else if (p.clock.kind == ClockKind::SinceStart) {
      ++k.since_start;
    }
    std::optional<double> t;
    if (use[b] == ClockUse::SinceStart) {
      if (p.clock.kind == ClockKind::SinceStart) t = p.clock.seconds;
      // The turn began when the board's previous ply was made (the match start for its first ply).
      const std::optional<double> start = c.plies == 1 ? std::optional<double>(0.0) : c.last_time;
      if (!t || !start) c.left_broken = true;
      if (has_base && !c.left_broken) {
        const double left_before = c.left[p.color].value_or(base);
        const double spent = *t - *start;
        const double own_lag = p.lag_ms ? *p.lag_ms / 1000.0 : 0.0;
        // As for a negative remaining reading: the flag had fallen when the player moved. The
        // increment comes after the move, so it cannot save a player whose time ran out during it.
        if (left_before - spent < -(tolerance + own_lag + kEpsilon)) {
          FlagFall f;
          f.seat = seat_of(Board(b), p.color);
          f.ply = j;
          f.time = *start + left_before;
          f.remaining = left_before - spent;
          f.allowance = allowance;
          tl_.flags.push_back(f);
        }
        c.left[p.color] = left_before - spent + inc;
        tl_.remaining[j] = c.left[p.color];
      }
    } else if (use[b] == ClockUse::Remaining) {
      if (remaining_reading) {
        const double r = p.clock.seconds;
        if (grew) {  // (never without a previous reading or a base: `before` is then r itself)
          tl_.warnings.push_back(ply_violation(
              ViolationCode::ClockIncrease, game_, j,
              fmt::format("{}: at {} the remaining time grew from {} s to {} s (increment {} s)",
                          who(p.board, p.color, boards, player_of(game_, p.board, p.color, boards)),
                          move_ref(game_, j, boards), seconds_text(before), seconds_text(r), seconds_text(inc))));
          tl_.warning_against.emplace_back();
        }
        c.broken[p.color] = false;
        tl_.remaining[j] = r;
        // A negative reading: the mover's flag had fallen when they moved. Real servers accept a
        // little (`{-0.576}`: lag compensation), hence the tolerance and this ply's lag.
        const double own_lag = p.lag_ms ? *p.lag_ms / 1000.0 : 0.0;
        if (r < -(tolerance + own_lag + kEpsilon)) {
          FlagFall f;
          f.seat = seat_of(Board(b), p.color);
          f.ply = j;
          f.remaining = r;
          f.allowance = allowance;
          tl_.flags.push_back(f);  // time filled below once this ply's time is known
        }
      } else {
        c.broken[p.color] = true;
      }
      if (has_base && !c.broken[White] && !c.broken[Black]) {
        t = 2 * base + inc * c.plies - c.last[White].value_or(base) - c.last[Black].value_or(base);
      }
      if (t && !tl_.flags.empty() && tl_.flags.back().ply == j) {
        tl_.flags.back().time = *t + p.clock.seconds;  // when the reading crossed zero
      }
    }
    tl_.time[j] = t;
    c.last_time = t;
    c.last_ply = j;

    // clock-order: a ply recorded after a ply of the other board that the clocks put later.
    if (boards == 2 && t) {
      const int o = 1 - b;
      const Latest& other = latest[o];
      if (other.any && other.time > *t + allowance + kEpsilon && reported_against[b] != other.ply) {
        tl_.warnings.push_back(ply_violation(
            ViolationCode::ClockOrder, game_, j,
            fmt::format("{} is recorded after {}, but the clocks put it {} s earlier ({} s against {} s; "
                        "allowance {} s)",
                        move_ref(game_, j, boards), move_ref(game_, other.ply, boards), seconds_text(other.time - *t),
                        seconds_text(*t), seconds_text(other.time), seconds_text(allowance))));
        tl_.warning_against.emplace_back(other.ply);
        reported_against[b] = other.ply;
      }
      Latest& mine = latest[b];
      if (!mine.any || *t > mine.time) mine = {*t, j, true};
    }
  }
}

}  // namespace

Timeline build_timeline(const Game& game, const TimelineOptions& options) {
  const std::size_t n = game.plies.size();
  const TimeControl tc = parse_time_control(game.tag("TimeControl"));
  const int boards = options.boards;

  Timeline tl;
  tl.time.assign(n, std::nullopt);
  tl.allowance.resize(n);  // every ply's is written
  tl.remaining.assign(n, std::nullopt);

  // How each board's readings are used depends on all of them (how many of each kind, how often
  // remaining times grew): one pass with the use the record's readings suggest, which its counts
  // then confirm; only where they do not (implausible remaining times, a board of mixed readings)
  // a second pass with the use they tell. A board without readings gives the same plies under
  // any use.
  const ClockUse guess = game.clock_kind == ClockKind::SinceStart ? ClockUse::SinceStart : ClockUse::Remaining;
  TimelinePass pass(game, options, tc, tl);
  pass.run({guess, guess});
  for (int b = 0; b < boards; ++b) tl.clocks[b] = clock_use(pass.counts[b]);
  bool confirmed = true;
  for (int b = 0; b < boards; ++b) confirmed = confirmed && (tl.clocks[b] == guess || tl.clocks[b] == ClockUse::None);
  if (!confirmed) {
    tl.remaining.assign(n, std::nullopt);
    tl.warnings.clear();
    tl.warning_against.clear();
    tl.flags.clear();
    pass.bc = {};
    pass.counts = {};
    pass.run(tl.clocks);
  }
  const std::array<BoardClock, 2>& bc = pass.bc;

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

}  // namespace bpgn
