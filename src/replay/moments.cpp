#include "replay/moments.h"

#include "replay/clock_at.h"
#include "replay/timeline.h"

#include <algorithm>
#include <deque>

namespace bpgn {
namespace {

int board_of_ply(const Ply& p, int boards) { return boards == 1 ? 0 : int(p.board); }

// What a moment after a ply takes from the plies before it (moment_of works it out from the
// start of the record for its one moment), brought up to date one ply at a time.
class PlyMoments {
 public:
  PlyMoments(const Game& game, const ReplayOptions& options, const ReplayResult& result, std::size_t recent_plies)
      : game_(game), result_(result), boards_(result.boards), recent_plies_(recent_plies),
        timeline_(build_timeline(game, {boards_, options.tolerance_seconds})), clocks_(game, timeline_, result),
        progress_(clocks_.start()) {
    // The violations of each ply in the order of result.violations (moment_of's order).
    for (std::size_t k = 0; k < result.violations.size(); ++k) {
      const std::optional<std::size_t>& ply = result.violations[k].ply;
      if (ply && *ply < game.plies.size()) at_ply_.push_back(k);
    }
    std::stable_sort(at_ply_.begin(), at_ply_.end(),
                     [&](std::size_t x, std::size_t y) { return *result.violations[x].ply < *result.violations[y].ply; });
  }

  // The moment after ply j (the next in record order), with both boards as they then stand.
  Moment after(std::size_t j, const std::array<Position, 2>& boards) {
    const Ply& p = game_.plies[j];
    const int b = board_of_ply(p, boards_);
    if (result_.plies[j].replayed) last_played_[b] = j;
    if (recent_plies_ > 0) {
      recent_[b].push_back(j);
      if (recent_[b].size() > recent_plies_) recent_[b].pop_front();
    }
    clocks_.add(progress_);

    Moment m;
    m.at = {MomentAt::Kind::Ply, j};
    m.boards = boards_;
    m.played = result_.plies[j].replayed;
    m.position = boards;
    m.last_played = last_played_;
    m.time = timeline_.time[j];
    m.plies = j + 1;
    // The clocks as moment_of gives them (clock_at.h), brought up to date with this ply.
    m.clocks = clocks_.at(progress_, m.time);
    for (int s = 0; s < 2 * boards_; ++s) m.remaining[s] = m.clocks.seats[s].left;
    for (int k = 0; k < boards_; ++k) m.recent[k].assign(recent_[k].begin(), recent_[k].end());
    for (; next_violation_ < at_ply_.size() && *result_.violations[at_ply_[next_violation_]].ply == j; ++next_violation_) {
      m.violations.push_back(at_ply_[next_violation_]);
    }
    return m;
  }

 private:
  const Game& game_;
  const ReplayResult& result_;
  const int boards_;
  const std::size_t recent_plies_;
  const Timeline timeline_;
  const MatchClocks clocks_;
  MatchClocks::Progress progress_;
  std::vector<std::size_t> at_ply_;  // indices into result.violations of those at a ply, by ply
  std::size_t next_violation_ = 0;
  std::array<std::optional<std::size_t>, 2> last_played_{};
  std::array<std::deque<std::size_t>, 2> recent_;
};

}  // namespace

void for_each_moment(const Game& game, const RuleSet& rules, const ReplayOptions& options, const ReplayResult& result,
                     const std::function<void(const Moment&)>& visit, std::size_t recent_plies) {
  // The start and the end cost one replay's work each in moment_of (the start replays no ply).
  visit(moment_of(game, rules, options, result, {MomentAt::Kind::Start, 0}, recent_plies));

  // After each ply: the record replayed once, as moment_of replays each cut of it (the claim the
  // whole record's replay found, no canonical SAN), with the boards taken after every ply.
  PlyMoments plies(game, options, result, recent_plies);
  std::size_t next = 0;  // the next ply whose moment is due
  ReplayOptions once = options;
  once.keep_positions = false;
  once.canonical_san = false;
  once.known_claim = claim_of(result);
  once.after_ply = [&](std::size_t j, const std::array<Position, 2>& boards) {
    for (; next <= j; ++next) visit(plies.after(next, boards));
  };
  const ReplayResult replayed = replay(game, rules, once);
  // A record that is not replayed (a variant that is not chess, a FEN tag that cannot be read)
  // stays at its starting position, whatever ply it is cut after.
  for (; next < game.plies.size(); ++next) visit(plies.after(next, replayed.final));

  visit(moment_of(game, rules, options, result, {MomentAt::Kind::End, 0}, recent_plies));
}

std::vector<Moment> moments_of(const Game& game, const RuleSet& rules, const ReplayOptions& options,
                               const ReplayResult& result, std::size_t recent_plies) {
  std::vector<Moment> out;
  out.reserve(game.plies.size() + 2);
  for_each_moment(game, rules, options, result, [&](const Moment& m) { out.push_back(m); }, recent_plies);
  return out;
}

}  // namespace bpgn
