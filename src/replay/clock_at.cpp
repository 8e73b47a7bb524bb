#include "replay/clock_at.h"

#include <algorithm>

namespace bpgn {
namespace {

// Times are sums of decimal readings: equal times may differ in the last bits.
constexpr double kEpsilon = 1e-6;

int board_index(const Ply& p, int boards) { return boards == 1 ? 0 : int(p.board); }

}  // namespace

MatchClocks::MatchClocks(const Game& game, const Timeline& timeline, const ReplayResult& result)
    : game_(game), tl_(timeline), result_(result), boards_(result.boards) {
  base_ = parse_time_control(game.tag("TimeControl")).base;
  std::array<bool, 2> seen{};
  for (const Ply& p : game.plies) {
    const int b = board_index(p, boards_);
    if (!seen[b]) first_mover_[b] = p.color;
    seen[b] = true;
  }
  for (const std::optional<double>& t : tl_.time) {
    if (t && (!end_ || *t > *end_)) end_ = *t;
  }
  for (const FlagFall& f : tl_.flags) {
    if (f.time) falls_.push_back({f.seat, *f.time});
  }
  // The last player to move ran out after the last move, and the match ended so.
  if (result.outcome.reason == EndReason::Time && !tl_.pending.empty() && tl_.pending.front().time) {
    const double t = *tl_.pending.front().time;
    falls_.push_back({tl_.pending.front().seat, t});
    if (!end_ || t > *end_) end_ = t;
  }
  std::stable_sort(falls_.begin(), falls_.end(), [](const Fall& x, const Fall& y) { return x.time < y.time; });
  std::vector<Fall> first;  // one per player
  for (const Fall& f : falls_) {
    if (std::none_of(first.begin(), first.end(), [&](const Fall& g) { return g.seat == f.seat; })) first.push_back(f);
  }
  falls_ = std::move(first);
}

std::size_t MatchClocks::plies_by(double t) const {
  std::size_t k = 0;
  while (k < tl_.time.size() && !(tl_.time[k] && *tl_.time[k] > t + kEpsilon)) ++k;
  return k;
}

ClocksAt MatchClocks::at(double t) const { return at(plies_by(t), t); }

MatchClocks::Progress MatchClocks::start() const {
  Progress p;
  for (int s = 0; s < 2 * boards_; ++s) p.reading[s] = base_;
  return p;
}

void MatchClocks::add(Progress& p) const {
  const std::size_t i = p.plies++;
  const Ply& ply = game_.plies[i];
  const int b = board_index(ply, boards_);
  if (tl_.remaining[i]) p.reading[int(seat_of(Board(b), ply.color))] = tl_.remaining[i];
  p.board_time[b] = tl_.time[i];
  if (result_.plies[i].replayed) p.last_played[b] = ply.color;
}

ClocksAt MatchClocks::at(std::size_t plies, std::optional<double> t) const {
  Progress p = start();
  plies = std::min(plies, game_.plies.size());
  while (p.plies < plies) add(p);
  return at(p, t);
}

ClocksAt MatchClocks::at(const Progress& p, std::optional<double> t) const {
  ClocksAt out;
  const auto& reading = p.reading;
  const auto& board_time = p.board_time;
  const auto& last_played = p.last_played;
  for (int b = 0; b < boards_; ++b) {
    const Color to_move = last_played[b] ? ~*last_played[b] : first_mover_[b];
    for (Color c : {White, Black}) {
      const int s = int(seat_of(Board(b), c));
      SeatClock& clock = out.seats[s];
      clock.running = c == to_move;
      std::optional<double> left = reading[s];
      if (left && clock.running && board_time[b]) {
        clock.runs_out = *board_time[b] + std::max(*left, 0.0);
        if (t && *t > *board_time[b]) *left -= *t - *board_time[b];
      }
      if (left) left = std::max(*left, 0.0);
      clock.left = left;
    }
  }
  if (t) {
    for (const Fall& f : falls_) {
      if (f.time > *t + kEpsilon) continue;
      SeatClock& clock = out.seats[int(f.seat)];
      clock.fell = f.time;
      clock.left = 0.0;
    }
  }
  return out;
}

}  // namespace bpgn
