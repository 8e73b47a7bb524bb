// The clock chart's lines, worked out by hand from the clock readings of small records.
#include "output/clock_chart.h"
#include "replay/check_test_util.h"

namespace bpgn::check_test {
namespace {

std::vector<std::pair<double, double>> points(const ClockSeries& s) {
  std::vector<std::pair<double, double>> out;
  for (const ClockPoint& p : s.points) out.emplace_back(p.time, p.remaining);
  return out;
}

const ClockSeries* series_of(const ClockChartData& d, Seat seat) {
  for (const ClockSeries& s : d.series) {
    if (s.seat == seat) return &s;
  }
  return nullptr;
}

ClockChartData chart(const std::string& text, double tolerance = 2) {
  const Checked c = check_text(text);
  const Timeline tl = build_timeline(c.game, {c.result.boards, tolerance});
  return clock_chart_data(c.game, tl, c.result);
}

using Points = std::vector<std::pair<double, double>>;

TEST(ClockChart, EachClockRunsOnlyOnItsPlayersTurns) {
  // 180 s each, no increment. Board A: 1A at 1 s (179 left), 1a at 1 + 2 = 3 s (178 left), 2A at
  // (180 - 175) + (180 - 178) = 7 s. Board B: 1B at 4 s (176 left).
  const ClockChartData d =
      chart(bpgn("1A. e4 {179} 1a. e5 {178} 1B. d4 {176} 2A. Nf3 {175}", "[TimeControl \"180\"]\n"));
  EXPECT_DOUBLE_EQ(d.end, 7.0);
  ASSERT_EQ(d.series.size(), 4u);
  // White A: thinks 0-1 s, waits 1-3 s, thinks 3-7 s; at the end it is Black A's turn.
  EXPECT_EQ(points(*series_of(d, Seat::WhiteA)), (Points{{0, 180}, {1, 179}, {3, 179}, {7, 175}}));
  // Black A: waits 0-1 s, thinks 1-3 s, waits, and has been thinking since 7 s (nothing after).
  EXPECT_EQ(points(*series_of(d, Seat::BlackA)), (Points{{0, 180}, {1, 180}, {3, 178}, {7, 178}}));
  // White B: thinks 0-4 s; from then on Black B thinks, White B's clock stands.
  EXPECT_EQ(points(*series_of(d, Seat::WhiteB)), (Points{{0, 180}, {4, 176}, {7, 176}}));
  // Black B has not moved: his clock stands at 180 until 1B. d4 at 4 s, then runs.
  EXPECT_EQ(points(*series_of(d, Seat::BlackB)), (Points{{0, 180}, {4, 180}, {7, 177}}));
  EXPECT_TRUE(d.flags.empty());
}

TEST(ClockChart, IncrementIsAddedAfterTheMove) {
  // 60+2: White A's reading 60 after 1 s of thought is 59 + 2 = 61 - 1; the line falls to 59 and
  // jumps to 61.
  const ClockChartData d = chart(bpgn("1A. e4 {61} 1a. e5 {60}", "[TimeControl \"60+2\"]\n"));
  EXPECT_EQ(points(*series_of(d, Seat::WhiteA)), (Points{{0, 60}, {1, 59}, {1, 61}, {3, 61}}));
  EXPECT_EQ(points(*series_of(d, Seat::BlackA)), (Points{{0, 60}, {1, 60}, {3, 58}, {3, 60}}));
}

TEST(ClockChart, AFlagThatFellIsMarkedOncePerPlayer) {
  // bughouse.pro's [ts=] clocks, 180 s: White A thinks from 2 s to 242 s (240 s with 179 left):
  // the flag fell at 2 + 179 = 181 s.
  const std::string record = bpgn(
      "1A. e4 {[ts=1.000]} 1a. e5 {[ts=2.000]} 1B. d4 {[ts=3.000]} 1b. d5 {[ts=4.000]} "
      "2B. c4 {[ts=100.000]} 2b. e6 {[ts=230.000]} 2A. Nf3 {[ts=242.000]} 2a. Nc6 {[ts=243.000]}",
      "[TimeControl \"180\"]\n");
  const ClockChartData d = chart(record, 1);
  ASSERT_EQ(d.flags.size(), 1u);
  EXPECT_EQ(d.flags[0].seat, Seat::WhiteA);
  EXPECT_NEAR(d.flags[0].time, 181.0, 1e-9);
  // White A thinks 0-1 s, waits 1-2 s, thinks from 2 s: 179 left, 0:00 at 181 s, where her flag
  // fell and her clock stops (the record's -61 s at 2A. Nf3 is no clock's time), to the end at 243.
  EXPECT_EQ(points(*series_of(d, Seat::WhiteA)), (Points{{0, 180}, {1, 179}, {2, 179}, {181, 0}, {243, 0}}));
  // Black B (Dave): 1 s for 1b. d5 (3-4 s), then thinks from 100 s with 179 left; 2b. e6 at 230
  // s was not played (the match was over): Dave still has to move, his clock runs on to 243 s:
  // 179 - 143 = 36.
  EXPECT_EQ(points(*series_of(d, Seat::BlackB)), (Points{{0, 180}, {3, 180}, {4, 179}, {100, 179}, {243, 36}}));
  for (const ClockSeries& s : d.series) {
    for (const ClockPoint& p : s.points) EXPECT_GE(p.remaining, 0) << seat_tag(s.seat) << " at " << p.time;
  }
}

TEST(ClockChart, NoReadingsNoChart) {
  const ClockChartData d = chart(bpgn("1A. e4 1a. e5", "[TimeControl \"180\"]\n"));
  EXPECT_TRUE(d.series.empty());
  EXPECT_EQ(clock_chart_svg(d, {"a", "b", "c", "d"}, "x"), "");
}

TEST(ClockChart, SvgHasALinePerSeriesAndAMarkPerFlag) {
  const ClockChartData d = chart(bpgn("1A. e4 {179} 1a. e5 {178}", "[TimeControl \"180\"]\n"));
  const std::string svg = clock_chart_svg(d, {"WhiteA <Al>", "b", "c", "d"}, "g1-clocks");
  EXPECT_NE(svg.find(R"(id="g1-clocks")"), std::string::npos);
  EXPECT_NE(svg.find(R"(data-seat="WhiteA")"), std::string::npos);
  EXPECT_NE(svg.find(R"(data-seat="BlackA")"), std::string::npos);
  EXPECT_EQ(svg.find("<Al>"), std::string::npos);  // names are escaped
  EXPECT_NE(svg.find("WhiteA &lt;Al&gt;"), std::string::npos);
  EXPECT_EQ(svg.find("flag-fall"), std::string::npos);
}

}  // namespace
}  // namespace bpgn::check_test
