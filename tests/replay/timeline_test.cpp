// Times of plies from clock readings, clock warnings, implausible clocks, flags. Expected times are
// worked out from the readings in each comment: elapsed = (base - White's remaining) + (base -
// Black's remaining) + increments received.
#include "replay/check_test_util.h"
#include "replay/timeline.h"

namespace bpgn::check_test {
namespace {

Timeline timeline_of(const std::string& text, double tolerance = 2.0) {
  Game g = read_games(text).at(0);
  return build_timeline(g, TimelineOptions{record_boards(g), tolerance});
}

TEST(Timeline, TimeControlTag) {
  const std::string a = "180+2", b = "180", c = "40/7200:3600", d = "-";
  EXPECT_EQ(parse_time_control(&a).base, 180.0);
  EXPECT_EQ(parse_time_control(&a).increment, 2.0);
  EXPECT_EQ(parse_time_control(&b).base, 180.0);
  EXPECT_EQ(parse_time_control(&b).increment, 0.0);
  EXPECT_FALSE(parse_time_control(&c).base.has_value());
  EXPECT_FALSE(parse_time_control(&d).base.has_value());
  EXPECT_FALSE(parse_time_control(nullptr).base.has_value());
}

TEST(Timeline, ElapsedFromRemainingClocks) {
  // 60 s: board B's 1B. leaves 59: 1 s. 1A. leaves 58 (2 s used), 1a. leaves 55 (5 s): 2 and 7 s.
  Timeline t = timeline_of(bpgn("1B. d4{59} 1A. e4{58} 1a. e5{55}", "[TimeControl \"60+0\"]\n"));
  ASSERT_EQ(t.time.size(), 3u);
  EXPECT_DOUBLE_EQ(*t.time[0], 1);
  EXPECT_DOUBLE_EQ(*t.time[1], 2);
  EXPECT_DOUBLE_EQ(*t.time[2], 7);
  EXPECT_EQ(t.clocks[0], ClockUse::Remaining);
  EXPECT_TRUE(t.warnings.empty());
}

TEST(Timeline, IncrementsCount) {
  // 60+2: White used 2 s and got 2 back (60 left), Black used 3 s and got 2 (59 left): 2 and 5 s.
  Timeline t = timeline_of(bpgn("1A. e4{60} 1a. e5{59}", "[TimeControl \"60+2\"]\n"));
  EXPECT_DOUBLE_EQ(*t.time[0], 2);
  EXPECT_DOUBLE_EQ(*t.time[1], 5);
  EXPECT_TRUE(t.warnings.empty());
}

TEST(Timeline, ClkAndTimestampComments) {
  // [%clk 0:00:58.5] is 58.5 s remaining: 1.5 s used. [ts=] is the match time itself.
  Timeline clk = timeline_of(bpgn("1A. e4 {[%clk 0:00:58.5]}", "[TimeControl \"60\"]\n"));
  EXPECT_DOUBLE_EQ(*clk.time[0], 1.5);
  Timeline ts = timeline_of(bpgn("1A. e4 {[ts=3.25]} 1B. e4 {[ts=4.5]}"));
  EXPECT_EQ(ts.clocks[0], ClockUse::SinceStart);
  EXPECT_DOUBLE_EQ(*ts.time[0], 3.25);
  EXPECT_DOUBLE_EQ(*ts.time[1], 4.5);
}

TEST(Timeline, UnknownWithoutBaseOrReading) {
  Timeline no_base = timeline_of(bpgn("1A. e4{58} 1a. e5{55}"));
  EXPECT_FALSE(no_base.time[0].has_value());
  // 1a. has no reading: Black's remaining time is unknown until Black's next reading (2a.).
  Timeline gap = timeline_of(bpgn("1A. e4{58} 1a. e5 2A. Nf3{50} 2a. Nc6{50}", "[TimeControl \"60+0\"]\n"));
  EXPECT_TRUE(gap.time[0].has_value());
  EXPECT_FALSE(gap.time[1].has_value());
  EXPECT_FALSE(gap.time[2].has_value());
  ASSERT_TRUE(gap.time[3].has_value());
  EXPECT_DOUBLE_EQ(*gap.time[3], 20);  // (60 - 50) + (60 - 50)
}

TEST(Timeline, GrowingClocksAreImplausible) {
  // White's readings grow three times (1.3 -> 1.6 -> 2.1 -> 2.8): time spent, not time left.
  const std::string text = bpgn("1A. e4{1.3} 1a. e5{0.1} 2A. Nf3{1.6} 2a. Nc6{0.1} 3A. Bc4{2.1} 3a. Nf6{0.1} 4A. d3{2.8}",
                                "[TimeControl \"180\"]\n");
  Timeline t = timeline_of(text);
  EXPECT_EQ(t.clocks[0], ClockUse::Implausible);
  EXPECT_TRUE(t.warnings.empty());
  for (const auto& time : t.time) EXPECT_FALSE(time.has_value());
  EXPECT_TRUE(t.flags.empty());
  EXPECT_TRUE(t.pending.empty());
}

TEST(Timeline, TwoGrowthsAreReportedNotDismissed) {
  const std::string text = bpgn("1A. e4{50} 1a. e5{50} 2A. Nf3{55} 2a. Nc6{49} 3A. Bc4{58}", "[TimeControl \"60\"]\n");
  Timeline t = timeline_of(text);
  EXPECT_EQ(t.clocks[0], ClockUse::Remaining);
  ASSERT_EQ(t.warnings.size(), 2u);
  EXPECT_EQ(t.warnings[0].code, ViolationCode::ClockIncrease);
  EXPECT_EQ(t.warnings[0].ply, 2u);
  EXPECT_EQ(t.warnings[1].ply, 4u);
}

TEST(Timeline, ReadingAboveTheBaseIsImplausible) {
  // 300 s cannot be left of a 60 s clock after one move.
  Timeline t = timeline_of(bpgn("1A. e4{300}", "[TimeControl \"60\"]\n"));
  EXPECT_EQ(t.clocks[0], ClockUse::Implausible);
}

TEST(Timeline, NegativeReadingIsAFlag) {
  // Black A moves on -3 s: their flag fell 3 s before the move, at (60 - 59) + (60 + 3) - 3 = 61 s.
  Timeline t = timeline_of(bpgn("1A. e4{59} 1a. e5{-3}", "[TimeControl \"60\"]\n"));
  ASSERT_EQ(t.flags.size(), 1u);
  EXPECT_EQ(t.flags[0].seat, Seat::BlackA);
  EXPECT_EQ(t.flags[0].ply, 1u);
  EXPECT_DOUBLE_EQ(*t.flags[0].time, 61);
  // Within the tolerance (2 s) a negative reading is accepted: {-0.576} in the 2017 export.
  Timeline ok = timeline_of(bpgn("1A. e4{59} 1a. e5{-1.5}", "[TimeControl \"60\"]\n"));
  EXPECT_TRUE(ok.flags.empty());
}

TEST(Timeline, PendingFlagsAtTheEnd) {
  // Board A: after 1a. (time 1 + 10 = 11 s) White has 59 s: runs out at 70 s. Board B: after 1B.
  // (2 s) Black still has the full 60 s: 62 s. The first pending flag is Black B's.
  Timeline t = timeline_of(bpgn("1A. e4{59} 1a. e5{50} 1B. e4{58}", "[TimeControl \"60\"]\n"));
  ASSERT_EQ(t.pending.size(), 2u);
  EXPECT_EQ(t.pending[0].seat, Seat::BlackB);
  EXPECT_DOUBLE_EQ(*t.pending[0].time, 62);
  EXPECT_EQ(t.pending[1].seat, Seat::WhiteA);
  EXPECT_DOUBLE_EQ(*t.pending[1].time, 70);
  EXPECT_TRUE(t.flags.empty());
}

TEST(Timeline, ClockOrderOnceForOneMisplacedMove) {
  // 1A. at 30 s is recorded before 1B. (2 s), 1b. (4 s), 2B. (6 s): one warning, at 1B.
  Timeline t = timeline_of(bpgn("1A. e4{30} 1B. e4{58} 1b. e5{58} 2B. Nf3{56}", "[TimeControl \"60\"]\n"));
  ASSERT_EQ(t.warnings.size(), 1u);
  EXPECT_EQ(t.warnings[0].code, ViolationCode::ClockOrder);
  EXPECT_EQ(t.warnings[0].ply, 1u);
}

}  // namespace
}  // namespace bpgn::check_test
