// --at's match times (replay/match_time.h): what is a time, what is a move, what is refused.
#include "replay/match_time.h"

#include <gtest/gtest.h>

namespace bpgn {
namespace {

double seconds(std::string_view text) {
  const auto t = read_match_time(text);
  EXPECT_TRUE(t.has_value()) << text;
  if (!t) return -1;
  EXPECT_TRUE(std::holds_alternative<double>(*t)) << text << ": " << std::get<std::string>(*t);
  return std::holds_alternative<double>(*t) ? std::get<double>(*t) : -1;
}

std::string refusal(std::string_view text) {
  const auto t = read_match_time(text);
  EXPECT_TRUE(t.has_value()) << text;
  if (!t || !std::holds_alternative<std::string>(*t)) return "";
  return std::get<std::string>(*t);
}

TEST(MatchTime, TimesAsWritten) {
  EXPECT_DOUBLE_EQ(seconds("3:01"), 181);
  EXPECT_DOUBLE_EQ(seconds("3:01.5"), 181.5);
  EXPECT_DOUBLE_EQ(seconds("0:00"), 0);
  EXPECT_DOUBLE_EQ(seconds("12:00"), 720);
  EXPECT_DOUBLE_EQ(seconds("1:02:03"), 3723);
  EXPECT_DOUBLE_EQ(seconds("181.5s"), 181.5);
  EXPECT_DOUBLE_EQ(seconds("181s"), 181);
  EXPECT_DOUBLE_EQ(seconds("181S"), 181);
  EXPECT_DOUBLE_EQ(seconds("181.5"), 181.5);
  EXPECT_DOUBLE_EQ(seconds("0.25"), 0.25);
}

TEST(MatchTime, MovesAndWordsAreNoTimes) {
  for (std::string_view move : {"23", "23.", "23...", "23a", "14B", "23a.", "first-error", "start", "end", ""}) {
    EXPECT_FALSE(read_match_time(move).has_value()) << move;
  }
}

TEST(MatchTime, MalformedTimesAreRefused) {
  EXPECT_EQ(refusal("-3"), "a match time is not negative");
  EXPECT_EQ(refusal("-0:05"), "a match time is not negative");
  EXPECT_NE(refusal("3:75").find("the seconds must be below 60"), std::string::npos);
  EXPECT_NE(refusal("1:75:00").find("the minutes must be below 60"), std::string::npos);
  for (std::string_view bad : {"3:1", "3:", ":01", "3:01:", "1:2:03", "3:01.", "x:01", "1:00:00:00", "s", "3.5.5",
                               "abc.5s", "3:01s"}) {
    EXPECT_NE(refusal(bad).find("a match time is M:SS"), std::string::npos) << bad;
  }
}

}  // namespace
}  // namespace bpgn
