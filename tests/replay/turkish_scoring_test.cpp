// Turkish tournament points (rules.md's table), one test per row, on hand-made records.
#include "replay/check_test_util.h"
#include "replay/outcome.h"

namespace bpgn::check_test {
namespace {

using PointsBySeat = std::map<std::string, double>;

// The record ends with the result token, after the termination comment when there is one.
Outcome turkish(const std::string& movetext, const std::string& extra_tags = "", const std::string& result = "*") {
  Checked c = check_text(bpgn(movetext + " " + result, extra_tags, result), "turkish");
  return c.result.outcome;
}

// Board A: the white knight on g5 jumps to f7: the black king on h8 is shut in by its rook g8 and
// pawns g7, h7, and nothing takes f7. A mate by a move (turkish forbids mating drops).
const std::string kKnightMate =
    "[FEN \"6rk/6pp/8/6N1/8/8/8/4K3[] w - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]\n";

TEST(TurkishScoring, MateWinnerTwoPartnerOneAndAHalf) {
  // White A mated Black A: White A 2, their partner Black B 1.5; Black A (mated) 0, White B 0.5.
  Outcome o = turkish("1A. Nf7#", kKnightMate, "1-0");
  EXPECT_EQ(o.winner, Winner::Team1);
  EXPECT_EQ(o.reason, EndReason::Checkmate);
  ASSERT_TRUE(o.points.has_value());
  EXPECT_EQ(*o.points, (PointsBySeat{{"WhiteA", 2}, {"BlackB", 1.5}, {"WhiteB", 0.5}, {"BlackA", 0}}));
}

TEST(TurkishScoring, WinOnTime) {
  // Black A's flag fell: White A won on time (2), Black B 1.5, White B 0.5, Black A 0.
  Outcome o = turkish("1A. e4 1a. e5 {ba forfeits on time}", "", "1-0");
  EXPECT_EQ(o.winner, Winner::Team1);
  EXPECT_EQ(o.reason, EndReason::Time);
  EXPECT_EQ(o.board, Board::A);
  ASSERT_TRUE(o.points.has_value());
  EXPECT_EQ(*o.points, (PointsBySeat{{"WhiteA", 2}, {"BlackB", 1.5}, {"WhiteB", 0.5}, {"BlackA", 0}}));
}

TEST(TurkishScoring, WinOnTimeFromTheClocks) {
  // 60 s each. After 1a. (match time 1 + 10 = 11 s) White A has 59 s: flag at 70 s. Board B's 2B.
  // comes at (60 - 40) + (60 - 5) = 75 s: the match was over (a move-after-end error), and White A
  // lost on time: Black A 2, White B 1.5, Black B 0.5, White A 0.
  Outcome o = turkish("1A. e4{59} 1a. e5{50} 1B. e4{58} 1b. e5{5} 2B. Nf3{40}", "[TimeControl \"60+0\"]\n");
  EXPECT_EQ(o.winner, Winner::Team2);
  EXPECT_EQ(o.reason, EndReason::Time);
  ASSERT_TRUE(o.points.has_value());
  EXPECT_EQ(*o.points, (PointsBySeat{{"BlackA", 2}, {"WhiteB", 1.5}, {"BlackB", 0.5}, {"WhiteA", 0}}));
}

TEST(TurkishScoring, DiagonalFlags) {
  // White A (team 1, board A) and White B (team 2, board B): the flagged players 0, their opponents
  // 2 each; the teams draw.
  Outcome o = turkish("1A. e4 1a. e5 1B. d4 1b. d5 {wa and wb forfeit on time}", "", "1/2-1/2");
  EXPECT_EQ(o.winner, Winner::Draw);
  EXPECT_EQ(o.reason, EndReason::Time);
  ASSERT_TRUE(o.points.has_value());
  EXPECT_EQ(*o.points, (PointsBySeat{{"WhiteA", 0}, {"WhiteB", 0}, {"BlackA", 2}, {"BlackB", 2}}));
  EXPECT_EQ(o.computed, "1/2-1/2");
}

TEST(TurkishScoring, WinnersPartnerAlsoRanOutOfTime) {
  // Black B's flag fell on board B (White B won on time), then White B's partner Black A ran out
  // on board A before stopping the clock: the match is a draw, scored as the diagonal row (the
  // flagged Black B and Black A 0, White A and White B 2).
  Outcome o = turkish("1A. e4 1a. e5 1B. d4 1b. d5 {bb forfeits on time, then ba forfeits on time}", "", "1/2-1/2");
  EXPECT_EQ(o.winner, Winner::Draw);
  ASSERT_TRUE(o.points.has_value());
  EXPECT_EQ(*o.points, (PointsBySeat{{"BlackB", 0}, {"BlackA", 0}, {"WhiteA", 2}, {"WhiteB", 2}}));
}

TEST(TurkishScoring, ThreeFlags) {
  // Only Black B's time did not run out: Black B 2, the other three 0; Black B's team 1 wins.
  Outcome o = turkish("1A. e4 1a. e5 1B. d4 1b. d5 {wa, ba and wb forfeit on time}", "", "1-0");
  EXPECT_EQ(o.winner, Winner::Team1);
  ASSERT_TRUE(o.points.has_value());
  EXPECT_EQ(*o.points, (PointsBySeat{{"BlackB", 2}, {"WhiteA", 0}, {"BlackA", 0}, {"WhiteB", 0}}));
}

TEST(TurkishScoring, TwoFlagsOnOneBoardGiveNoResult) {
  // "Not allowed: the arbiter declares the clocks faulty": no winner and no points.
  Outcome o = turkish("1A. e4 1a. e5 1B. d4 1b. d5 {wa and ba forfeit on time}");
  EXPECT_EQ(o.winner, Winner::None);
  EXPECT_FALSE(o.points.has_value());
}

TEST(TurkishScoring, IllegalActionLoses) {
  // White B drops a checking pawn (forbidden): White B 0, their opponent Black B 2, Black B's
  // partner White A 1.5, White B's partner Black A 0.5.
  Outcome o = turkish("1A. e4 1a. d5 2A. Nc3 2a. dxe4 1B. Nf3 1b. f5 2B. P@f7+");
  EXPECT_EQ(o.reason, EndReason::IllegalAction);
  EXPECT_EQ(o.winner, Winner::Team1);
  ASSERT_TRUE(o.points.has_value());
  EXPECT_EQ(*o.points, (PointsBySeat{{"BlackB", 2}, {"WhiteA", 1.5}, {"BlackA", 0.5}, {"WhiteB", 0}}));
}

TEST(TurkishScoring, TableFunctions) {
  // Direct checks of the table for every seat as the loser: 2 + 1.5 + 0.5 + 0 = 4 points in all.
  for (Seat loser : {Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB}) {
    PointsBySeat p = turkish_points(loser);
    double sum = 0;
    for (const auto& [seat, pts] : p) sum += pts;
    EXPECT_EQ(sum, 4.0);
    EXPECT_EQ(p.size(), 4u);
  }
  EXPECT_FALSE(turkish_flags({Seat::WhiteB, Seat::BlackB}).has_value());
  EXPECT_FALSE(turkish_flags({Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB}).has_value());
}

TEST(TurkishScoring, NoPointsUnderMatchScoring) {
  Checked c = check_text(bpgn("1A. Nf7#", kKnightMate, "1-0"));
  EXPECT_EQ(c.result.outcome.winner, Winner::Team1);
  EXPECT_FALSE(c.result.outcome.points.has_value());
}

}  // namespace
}  // namespace bpgn::check_test
