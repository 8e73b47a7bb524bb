// The one-pass timeline gives exactly what the two-pass one gave (timeline_two_pass_reference.h):
// on every record of corpus/, and on the same records with their clock readings, kinds, Lag
// values and time controls changed at random (remaining times that grow, `[ts=]` readings mixed
// in, boards without readings, negative readings, no base).
#include "replay/check_test_util.h"
#include "replay/timeline.h"
#include "replay/timeline_two_pass_reference.h"

#include <cstdint>

namespace bpgn::check_test {
namespace {

void expect_same_flags(const std::vector<FlagFall>& a, const std::vector<FlagFall>& b, const std::string& where) {
  ASSERT_EQ(a.size(), b.size()) << where;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].seat, b[i].seat) << where;
    EXPECT_EQ(a[i].time, b[i].time) << where;
    EXPECT_EQ(a[i].allowance, b[i].allowance) << where;
    EXPECT_EQ(a[i].ply, b[i].ply) << where;
    EXPECT_EQ(a[i].remaining, b[i].remaining) << where;
  }
}

// Equal to the last bit: the same readings go through the same arithmetic.
void expect_same(const Game& game, const TimelineOptions& options, const std::string& where) {
  const Timeline a = build_timeline(game, options);
  const Timeline b = reference::build_timeline_two_passes(game, options);
  ASSERT_EQ(a.time, b.time) << where;
  ASSERT_EQ(a.allowance, b.allowance) << where;
  ASSERT_EQ(a.remaining, b.remaining) << where;
  ASSERT_EQ(a.clocks, b.clocks) << where;
  ASSERT_EQ(a.warnings.size(), b.warnings.size()) << where;
  for (std::size_t i = 0; i < a.warnings.size(); ++i) {
    EXPECT_EQ(a.warnings[i].code, b.warnings[i].code) << where;
    EXPECT_EQ(a.warnings[i].message, b.warnings[i].message) << where;
    EXPECT_EQ(a.warnings[i].ply, b.warnings[i].ply) << where;
    EXPECT_EQ(a.warnings[i].pos, b.warnings[i].pos) << where;
  }
  EXPECT_EQ(a.warning_against, b.warning_against) << where;
  expect_same_flags(a.flags, b.flags, where);
  expect_same_flags(a.pending, b.pending, where);
}

struct Random {
  std::uint64_t state;
  std::uint32_t next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return std::uint32_t(state >> 33);
  }
  int below(int n) { return int(next() % std::uint32_t(n)); }
};

// The game with its clocks shuffled: each ply's reading kept, or made another kind, another value
// (up or down, with 0 to 3 decimals), or dropped; Lag values changed; another or no time control.
Game mutated(const Game& game, Random& rnd) {
  Game g = game;
  static const char* kControls[] = {"60+0", "180+2", "120", "-", "0+5", "300+0"};
  const int control = rnd.below(8);
  std::erase_if(g.tags, [](const Tag& t) { return t.name == "TimeControl"; });
  if (control < 6) g.tags.push_back(Tag{"TimeControl", kControls[control], {}});
  const int rate = 1 + rnd.below(4);  // in 8: how many plies change
  for (Ply& p : g.plies) {
    if (rnd.below(8) >= rate) continue;
    switch (rnd.below(6)) {
      case 0: p.clock.kind = ClockKind::None; break;
      case 1: p.clock.kind = ClockKind::SinceStart; break;
      case 2: p.clock.kind = ClockKind::Remaining; break;
      case 3: p.lag_ms = rnd.below(3) == 0 ? std::optional<int>() : std::optional<int>(rnd.below(3000)); break;
      default: break;
    }
    if (rnd.below(2) == 0) {
      p.clock.decimals = rnd.below(4);
      p.clock.seconds = (rnd.below(400000) - 20000) / 1000.0;
    }
  }
  const ClockKind kinds[] = {ClockKind::None, ClockKind::Remaining, ClockKind::SinceStart};
  if (rnd.below(3) == 0) g.clock_kind = kinds[rnd.below(3)];
  return g;
}

TEST(TimelineReference, OnePassEqualsTwoPassesOnTheCorpus) {
  Random rnd{2024};
  std::size_t games = 0;
  for (const std::string& file : every_corpus_file({".json", ".txt", ".perft"})) {
    std::vector<Game> read;
    try {
      read = read_games(read_file(file), file);
    } catch (const std::exception&) {
      continue;  // not a record
    }
    for (std::size_t k = 0; k < read.size(); ++k) {
      const Game& game = read[k];
      const std::string where = file + " game " + std::to_string(k + 1);
      for (const double tolerance : {0.0, 2.0, 30.0}) {
        for (const int boards : {1, 2}) expect_same(game, TimelineOptions{boards, tolerance}, where);
      }
      for (int m = 0; m < 6; ++m) {
        const Game g = mutated(game, rnd);
        expect_same(g, TimelineOptions{record_boards(g), double(rnd.below(3))},
                    where + " mutation " + std::to_string(m + 1));
        if (HasFatalFailure()) return;
      }
      ++games;
    }
  }
  EXPECT_GT(games, 500u);
}

}  // namespace
}  // namespace bpgn::check_test
