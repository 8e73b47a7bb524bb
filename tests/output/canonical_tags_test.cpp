#include "output/canonical_tags.h"

#include <gtest/gtest.h>

namespace bpgn {
namespace {

Tag tag(const char* name, const char* value) {
  Tag t;
  t.name = name;
  t.value = value;
  return t;
}

std::vector<std::string> names(const std::vector<Tag>& tags, Dialect d) {
  std::vector<const Tag*> ordered;
  order_tags(tags, d, ordered);
  std::vector<std::string> out;
  for (const Tag* t : ordered) out.push_back(t->name + "=" + t->value);
  return out;
}

TEST(CanonicalTags, BpgnOrderThenTheRestAsFound) {
  const std::vector<Tag> tags{tag("Lag", "1"),   tag("Result", "1-0"), tag("BlackB", "d"),
                              tag("Zeta", "z"),  tag("Event", "E"),    tag("WhiteA", "a"),
                              tag("Alpha", "x"), tag("Time", "t"),     tag("Event", "dup")};
  EXPECT_EQ(names(tags, Dialect::Bpgn),
            (std::vector<std::string>{"Event=E", "Time=t", "WhiteA=a", "BlackB=d", "Result=1-0", "Lag=1",
                                      "Zeta=z", "Alpha=x", "Event=dup"}));
}

TEST(CanonicalTags, PgnSevenTagRoster) {
  const std::vector<Tag> tags{tag("WhiteElo", "1"), tag("Black", "b"),  tag("Round", "1"),
                              tag("White", "w"),    tag("Result", "*"), tag("Site", "s"),
                              tag("Date", "d"),     tag("Event", "e"),  tag("WhiteA", "x")};
  EXPECT_EQ(names(tags, Dialect::Pgn),
            (std::vector<std::string>{"Event=e", "Site=s", "Date=d", "Round=1", "White=w", "Black=b",
                                      "Result=*", "WhiteElo=1", "WhiteA=x"}));
}

TEST(CanonicalTags, Dates) {
  EXPECT_EQ(normalise_date("2022-01-03"), "2022.01.03");
  EXPECT_EQ(normalise_date("2022/01/03"), "2022.01.03");
  EXPECT_EQ(normalise_date("2022.01.03"), "2022.01.03");
  // "\?" keeps the compiler from reading "??-" as a trigraph.
  EXPECT_EQ(normalise_date("2022-\?\?-\?\?"), "2022.\?\?.\?\?");
  EXPECT_EQ(normalise_date("\?\?\?\?.\?\?.\?\?"), "\?\?\?\?.\?\?.\?\?");
  EXPECT_EQ(normalise_date("2022-1-3"), "2022-1-3");      // not a date of the known form: unchanged
  EXPECT_EQ(normalise_date("2022-01/03"), "2022-01/03");  // mixed separators
  EXPECT_EQ(normalise_date("Jan 3 2022"), "Jan 3 2022");
  EXPECT_TRUE(is_date_tag("Date"));
  EXPECT_TRUE(is_date_tag("UTCDate"));
  EXPECT_TRUE(is_date_tag("EventDate"));
  EXPECT_FALSE(is_date_tag("Time"));
}

TEST(CanonicalTags, Escaping) {
  std::string out;
  append_tag(out, "Event", R"(a "quoted" \ name)");
  append_tag(out, "Site", "two\nlines\tand tab");
  EXPECT_EQ(out, "[Event \"a \\\"quoted\\\" \\\\ name\"]\n[Site \"two lines and tab\"]\n");
}

TEST(CanonicalTags, EscapingAtEitherEnd) {
  std::string out;
  append_tag(out, "A", "\"x\\");
  append_tag(out, "B", "\r\n");
  append_tag(out, "C", "");
  append_tag(out, "D", "plain ~ text \x7f\xc3\xa9");
  EXPECT_EQ(out, "[A \"\\\"x\\\\\"]\n[B \"  \"]\n[C \"\"]\n[D \"plain ~ text \x7f\xc3\xa9\"]\n");
}

}  // namespace
}  // namespace bpgn
