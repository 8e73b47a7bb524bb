// The four clocks at any instant (replay/clock_at.h), worked out by hand from each record's
// readings in the comments: match time = (base - White's reading) + (base - Black's reading) on a
// board with remaining-time readings; bughouse.pro's [ts=] readings are the match time itself.
#include "replay/check_test_util.h"
#include "replay/clock_at.h"

namespace bpgn::check_test {
namespace {

struct Clocked {
  Checked c;
  Timeline tl;
};

Clocked clocked(const std::string& text, double tolerance = 2.0) {
  Clocked k{check_text(text, "", {}, tolerance), {}};
  k.tl = build_timeline(k.c.game, {k.c.result.boards, tolerance});
  return k;
}

double left(const ClocksAt& c, Seat s) {
  EXPECT_TRUE(c.seats[int(s)].left.has_value()) << int(s);
  return c.seats[int(s)].left.value_or(-999);
}

// 180 s each. 1A. e4 {179} at 1 s; 1a. e5 {178} at 1 + 2 = 3 s; 1B. d4 {176} at 4 s (White B
// thought 4 s); 2A. Nf3 {175} at (180 - 175) + (180 - 178) = 7 s.
const std::string kFourPlies = bpgn("1A. e4 {179} 1a. e5 {178} 1B. d4 {176} 2A. Nf3 {175}", "[TimeControl \"180\"]\n");

TEST(ClockAt, BetweenMoves) {
  const Clocked k = clocked(kFourPlies);
  const MatchClocks clocks(k.c.game, k.tl, k.c.result);
  // At 2 s: 1A. made (1 s), 1a. not yet (3 s). Black A thinks since 1 s: 180 - 1 = 179; White A
  // stands at 179; board B has no move yet: White B thinks since 0: 180 - 2 = 178.
  EXPECT_EQ(clocks.plies_by(2.0), 1u);
  ClocksAt c = clocks.at(2.0);
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteA), 179);
  EXPECT_DOUBLE_EQ(left(c, Seat::BlackA), 179);
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteB), 178);
  EXPECT_DOUBLE_EQ(left(c, Seat::BlackB), 180);
  EXPECT_TRUE(c.seats[int(Seat::BlackA)].running);
  EXPECT_FALSE(c.seats[int(Seat::WhiteA)].running);
  EXPECT_TRUE(c.seats[int(Seat::WhiteB)].running);
  // At 5.5 s: three plies made (2A. is at 7 s). White A thinks since 3 s: 179 - 2.5 = 176.5;
  // Black B since 4 s: 180 - 1.5 = 178.5; Black A 178 and White B 176 stand.
  EXPECT_EQ(clocks.plies_by(5.5), 3u);
  c = clocks.at(5.5);
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteA), 176.5);
  EXPECT_DOUBLE_EQ(left(c, Seat::BlackA), 178);
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteB), 176);
  EXPECT_DOUBLE_EQ(left(c, Seat::BlackB), 178.5);
  // White A's clock reaches 0:00 at 3 + 179 = 182 s if he does not move.
  EXPECT_DOUBLE_EQ(c.seats[int(Seat::WhiteA)].runs_out.value_or(0), 182);
  // At 7 s exactly 2A. is made: White A has his reading, 175; Black A's clock starts.
  EXPECT_EQ(clocks.plies_by(7.0), 4u);
  c = clocks.at(7.0);
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteA), 175);
  EXPECT_DOUBLE_EQ(left(c, Seat::BlackA), 178);
  EXPECT_TRUE(c.seats[int(Seat::BlackA)].running);
  EXPECT_DOUBLE_EQ(clocks.end().value_or(0), 7);
  // At the start every clock holds the base.
  c = clocks.at(0.0);
  for (int s = 0; s < 4; ++s) EXPECT_DOUBLE_EQ(left(c, Seat(s)), 180);
}

TEST(ClockAt, AfterAMoveNotPlayedItsPlayerStillHasToMove) {
  // 2A. Ke3 is illegal (the king on e1 cannot reach e3): not played, so White A still has to move
  // and his clock runs on. Its reading, 170, is when he pressed the clock: at (180 - 170) +
  // (180 - 178) = 12 s. 1B. d4 {160} comes at 20 s.
  const Clocked k = clocked(bpgn("1A. e4 {179} 1a. e5 {178} 2A. Ke3 {170} 1B. d4 {160}", "[TimeControl \"180\"]\n"));
  ASSERT_FALSE(k.c.result.plies[2].replayed);
  const MatchClocks clocks(k.c.game, k.tl, k.c.result);
  // At 15 s: White A 170 - (15 - 12) = 167, running; Black A stands at 178 (not running, though
  // the record's clock would have started his); White B thinks since 0: 180 - 15 = 165.
  const ClocksAt c = clocks.at(15.0);
  EXPECT_TRUE(c.seats[int(Seat::WhiteA)].running);
  EXPECT_FALSE(c.seats[int(Seat::BlackA)].running);
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteA), 167);
  EXPECT_DOUBLE_EQ(left(c, Seat::BlackA), 178);
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteB), 165);
}

// bughouse.pro's record of corpus/broken/bughouse-pro-ts-flag.bpgn: 180 s each. Board A: Alice
// (White A) 1 s to 1A. (at 1), Bob 1 s to 1a. (at 2), then Alice thinks from 2 s to 242 s with 179
// s left: her flag fell at 2 + 179 = 181 s. Board B: Charlie 3 s to 1B. (at 3), Dave 1 s to 1b.
// (at 4), Charlie 96 s to 2B. (at 100: 180 - 99 = 81 left), Dave thinks from 100 s with 179 left.
const std::string kFlag = bpgn(
    "1A. e4 {[ts=1.000]} 1a. e5 {[ts=2.000]} 1B. d4 {[ts=3.000]} 1b. d5 {[ts=4.000]} "
    "2B. c4 {[ts=100.000]} 2b. e6 {[ts=230.000]} 2A. Nf3 {[ts=242.000]} 2a. Nc6 {[ts=243.000]}",
    "[TimeControl \"180\"]\n");

TEST(ClockAt, AtAndAfterAFlagFall) {
  const Clocked k = clocked(kFlag, 1);
  const MatchClocks clocks(k.c.game, k.tl, k.c.result);
  ASSERT_EQ(clocks.falls().size(), 1u);
  EXPECT_EQ(clocks.falls()[0].seat, Seat::WhiteA);
  EXPECT_DOUBLE_EQ(clocks.falls()[0].time, 181);
  // Half a second before: 179 - (180.5 - 2) = 0.5 left, no flag yet.
  ClocksAt c = clocks.at(180.5);
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteA), 0.5);
  EXPECT_FALSE(c.seats[int(Seat::WhiteA)].fell);
  // At 181 s: Alice 0:00, her flag fell at 181; Dave 179 - (181 - 100) = 98; Charlie 81; Bob 179.
  c = clocks.at(181.0);
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteA), 0);
  EXPECT_DOUBLE_EQ(c.seats[int(Seat::WhiteA)].fell.value_or(0), 181);
  EXPECT_DOUBLE_EQ(left(c, Seat::BlackB), 98);
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteB), 81);
  EXPECT_DOUBLE_EQ(left(c, Seat::BlackA), 179);
  EXPECT_FALSE(c.seats[int(Seat::BlackB)].fell);
  // At 200 s: Alice stays at 0:00 (179 - 198 = -19 is no clock's time); Dave 179 - 100 = 79.
  c = clocks.at(200.0);
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteA), 0);
  EXPECT_DOUBLE_EQ(left(c, Seat::BlackB), 79);
  // At 242 s Alice moved (179 - 240 = -61 by the record): still 0:00, fallen at 181.
  c = clocks.at(242.0);
  EXPECT_EQ(clocks.plies_by(242.0), 7u);
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteA), 0);
  EXPECT_DOUBLE_EQ(c.seats[int(Seat::WhiteA)].fell.value_or(0), 181);
  for (double t = 0; t <= 243; t += 0.5) {
    const ClocksAt any = clocks.at(t);
    for (int s = 0; s < 4; ++s) EXPECT_GE(any.seats[s].left.value_or(0), 0) << t << " seat " << s;
  }
  EXPECT_DOUBLE_EQ(clocks.end().value_or(0), 243);
}

TEST(ClockAt, TheLastPlayerToMoveRanOut) {
  // 60 s each; White A 1A. e4 {59} at 1 s, Black A 1a. e5 {50} at 11 s, and White A, to move with
  // 59 s, never moves again: his flag fell at 11 + 59 = 70 s, which ends the match.
  const Clocked k = clocked(bpgn("1A. e4 {59} 1a. e5 {50} {wa forfeits on time} 0-1", "[TimeControl \"60\"]\n", "0-1"));
  ASSERT_EQ(k.c.result.outcome.reason, EndReason::Time);
  const MatchClocks clocks(k.c.game, k.tl, k.c.result);
  EXPECT_DOUBLE_EQ(clocks.end().value_or(0), 70);
  ASSERT_EQ(clocks.falls().size(), 1u);
  EXPECT_EQ(clocks.falls()[0].seat, Seat::WhiteA);
  const ClocksAt c = clocks.at(70.0);
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteA), 0);
  EXPECT_DOUBLE_EQ(c.seats[int(Seat::WhiteA)].fell.value_or(0), 70);
  EXPECT_DOUBLE_EQ(left(c, Seat::BlackA), 50);
  // Board B never started: White B thought the whole 70 s, 60 - 70 < 0 -- no flag the record
  // names, but no clock below 0:00 either.
  EXPECT_DOUBLE_EQ(left(c, Seat::WhiteB), 0);
}

TEST(ClockAt, ARecordWithoutClocks) {
  const Clocked k = clocked(bpgn("1A. e4 1a. e5 1B. d4"));
  const MatchClocks clocks(k.c.game, k.tl, k.c.result);
  EXPECT_FALSE(clocks.end().has_value());
  EXPECT_EQ(clocks.plies_by(5.0), 3u);  // a ply of unknown time comes with the one before it
  const ClocksAt c = clocks.at(5.0);
  for (int s = 0; s < 4; ++s) EXPECT_FALSE(c.seats[s].left.has_value());
  EXPECT_TRUE(clocks.falls().empty());
  // With a time control but no readings: the base, never charged (no move's time is known).
  const Clocked b = clocked(bpgn("1A. e4 1a. e5", "[TimeControl \"180\"]\n"));
  const MatchClocks base(b.c.game, b.tl, b.c.result);
  const ClocksAt cb = base.at(2, std::nullopt);
  for (int s = 0; s < 4; ++s) EXPECT_DOUBLE_EQ(left(cb, Seat(s)), 180);
}

}  // namespace
}  // namespace bpgn::check_test
