// The adjudications file (docs/adjudications.md) as read and matched, without the command line:
// keys, decisions, errors with line and column, and which games a decision names.
#include "replay/adjudication.h"
#include "replay/check_test_util.h"

namespace bpgn::check_test::adjudication {
namespace {

Adjudications read(const std::string& text, std::vector<AdjudicationError>& errors) {
  return Adjudications::parse(text, "a.txt", errors);
}

TEST(AdjudicationFile, ReadsEachDecision) {
  std::vector<AdjudicationError> errors;
  const Adjudications a = read("# comment\n\nmatch: games/cup.bpgn:41\r\nresult: 0-1\nreason: claimed at once\n\n"
                               "  match:  Round \"3\" WhiteA \"Ay \\\"la\\\"\"\nPoints: Ayla 2, BlackB 1.5, Cem 0.5, Deniz 0\n"
                               "reason: x\n\nmatch: b.bpgn:1\nreplay\nreason: clocks failed\n\nmatch: c.bpgn:2\nresult: Replay\nreason: r\n",
                               errors);
  EXPECT_TRUE(errors.empty());
  ASSERT_EQ(a.size(), 4u);
  const Adjudication& first = a.decisions()[0];
  EXPECT_EQ(first.file, "games/cup.bpgn");
  EXPECT_EQ(first.game_line, 41u);
  EXPECT_EQ(first.decision, Adjudication::Decision::Result);
  EXPECT_EQ(first.result, "0-1");
  EXPECT_EQ(first.reason, "claimed at once");
  EXPECT_EQ(first.line, 3u);
  EXPECT_EQ(first.column, 8u);
  const Adjudication& second = a.decisions()[1];
  ASSERT_EQ(second.tags.size(), 2u);
  EXPECT_EQ(second.tags[1], (std::pair<std::string, std::string>{"WhiteA", "Ay \"la\""}));
  EXPECT_EQ(second.decision, Adjudication::Decision::Points);
  ASSERT_EQ(second.points.size(), 4u);
  EXPECT_EQ(second.points[1].who, "BlackB");
  EXPECT_EQ(second.points[1].points, 1.5);
  EXPECT_EQ(second.decision_text(), "points Ayla 2, BlackB 1.5, Cem 0.5, Deniz 0");
  EXPECT_EQ(a.decisions()[2].decision, Adjudication::Decision::Replay);
  EXPECT_EQ(a.decisions()[3].decision, Adjudication::Decision::Replay);
}

TEST(AdjudicationFile, ErrorsSayLineAndColumn) {
  std::vector<AdjudicationError> errors;
  const Adjudications a = read("match: x.bpgn\nresult: 1-0\nreason: r\n\n"          // no line number
                               "match: x.bpgn:3\nresult: win\nreason: r\n\n"         // bad result
                               "match: x.bpgn:3\npoints: Ayla two\nreason: r\n\n"    // bad points
                               "match: x.bpgn:3\nresult: 1-0\nreplay\nreason: r\n\n"  // two decisions
                               "match: Round 3\nresult: 1-0\nreason: r\n\n"          // unquoted tag value
                               "match: x.bpgn:4\nresult: 1-0\n\n"                    // no reason
                               "result: 1-0\nreason: r\n\n"                          // no match
                               "whatever\n",                                          // no key
                               errors);
  EXPECT_EQ(a.size(), 0u);
  std::vector<std::string> got;
  for (const AdjudicationError& e : errors) got.push_back(std::to_string(e.line) + ":" + std::to_string(e.column));
  EXPECT_EQ(got, (std::vector<std::string>{"1:8", "6:9", "10:9", "15:1", "18:8", "22:1", "25:1", "28:1"}));
  EXPECT_NE(errors[1].message.find("'win' is not one of: 1-0, 0-1, 1/2-1/2, replay"), std::string::npos);
}

TEST(AdjudicationFile, NamesGamesByFileAndLineOrByTags) {
  EXPECT_TRUE(adjudication_names_file("cup.bpgn", "games/cup.bpgn"));
  EXPECT_TRUE(adjudication_names_file("games/cup.bpgn", "games/cup.bpgn"));
  EXPECT_FALSE(adjudication_names_file("up.bpgn", "games/cup.bpgn"));
  EXPECT_FALSE(adjudication_names_file("x/cup.bpgn", "games/cup.bpgn"));

  const std::vector<Game> games = read_games(bpgn("1A. e4 *", "[Round \"3\"]\n") + "\n" + bpgn("1A. d4 *", "[Round \"4\"]\n"),
                                             "dir/cup.bpgn");
  ASSERT_EQ(games.size(), 2u);
  std::vector<AdjudicationError> errors;
  const std::string second_line = std::to_string(games[1].start.line);
  const Adjudications a = read("match: Round \"3\" WhiteA \" WA \"\nresult: 1-0\nreason: r\n\n"
                               "match: cup.bpgn:" + second_line + "\npoints: wa 1, ba 1, WhiteB 1, bb 1\nreason: r\n\n"
                               "match: Event \"test\"\nreplay\nreason: both\n",
                               errors);
  ASSERT_TRUE(errors.empty());
  const auto first = a.find(games[0]);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->decision, &a.decisions()[0]);  // the first decision naming it; the third names it too
  const auto second = a.find(games[1]);
  ASSERT_TRUE(second);
  EXPECT_EQ(second->decision, &a.decisions()[1]);
  EXPECT_EQ(second->points, (std::map<std::string, double>{{"WhiteA", 1}, {"BlackA", 1}, {"WhiteB", 1}, {"BlackB", 1}}));
  EXPECT_EQ(second->source, "a.txt");
  const std::vector<std::string> problems = a.problems();
  // The third names two games, and each game is named by two decisions.
  ASSERT_EQ(problems.size(), 3u) << problems[0];
  EXPECT_NE(problems[0].find("a.txt:9:8: Event \"test\" names 2 matches"), std::string::npos) << problems[0];
}

}  // namespace
}  // namespace bpgn::check_test::adjudication
