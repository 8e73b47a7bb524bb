#include "convert/board_pgn.h"

#include <gtest/gtest.h>

namespace bpgn {
namespace {

TEST(BoardPgn, ClockAsClkCommandKeepsThePrecision) {
  EXPECT_EQ(clk_command("179"), "[%clk 0:02:59]");
  EXPECT_EQ(clk_command("58.345"), "[%clk 0:00:58.345]");
  EXPECT_EQ(clk_command("119.6"), "[%clk 0:01:59.6]");
  EXPECT_EQ(clk_command("3725.5"), "[%clk 1:02:05.5]");
  EXPECT_EQ(clk_command("-0.576"), "[%clk -0:00:00.576]");
  EXPECT_EQ(clk_command("0"), "[%clk 0:00:00]");
  EXPECT_FALSE(clk_command("[%clk 0:00:01.3]"));
  EXPECT_FALSE(clk_command("058"));  // would not come back as written
  EXPECT_FALSE(clk_command("1e3"));
  EXPECT_FALSE(clk_command(""));
}

TEST(BoardPgn, SecondsFromClk) {
  EXPECT_EQ(seconds_from_clk("0:02:59"), "179");
  EXPECT_EQ(seconds_from_clk("0:00:58.345"), "58.345");
  EXPECT_EQ(seconds_from_clk("1:02:05.5"), "3725.5");
  EXPECT_EQ(seconds_from_clk("-0:00:00.576"), "-0.576");
  EXPECT_FALSE(seconds_from_clk("2:59"));
  EXPECT_FALSE(seconds_from_clk("0:02:5x"));
  for (const char* s : {"179", "58.345", "119.6", "3725.5", "-0.576", "0.0", "7200"}) {
    const auto clk = clk_command(s);
    ASSERT_TRUE(clk) << s;
    const std::string value = clk->substr(6, clk->size() - 7);  // inside "[%clk " ... "]"
    EXPECT_EQ(seconds_from_clk(value), s);
  }
}

TEST(BoardPgn, ReservedTags) {
  for (const char* t :
       {"White", "Black", "WhiteElo", "BlackElo", "Result", "Variant", "Board", "FEN", "SetUp",
        "BughouseMatch", "WhitePartner", "BlackPartner", "BughouseResult", "MatchAnything", "Round"}) {
    EXPECT_TRUE(is_board_pgn_reserved_tag(t)) << t;
  }
  for (const char* t : {"Event", "Lag", "TimeControl", "ECO", "Termination", "Matc"}) {
    EXPECT_FALSE(is_board_pgn_reserved_tag(t)) << t;
  }
}

}  // namespace
}  // namespace bpgn
