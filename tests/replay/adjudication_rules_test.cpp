// The rules' side of an arbiter's decision (replay/adjudication_rules.h and find with the replay):
// the splits each scoring's outcomes give, counted and checked by hand, the words of a refused
// split, the nearest names to a misspelt one, the lines a match covers.
#include "replay/adjudication_rules.h"
#include "core/edit_distance.h"
#include "replay/adjudication.h"
#include "replay/check_test_util.h"

#include <algorithm>

namespace bpgn::check_test::adjudication_rules_unit {
namespace {

SeatPoints split(double wa, double ba, double wb, double bb) {
  return {{"WhiteA", wa}, {"BlackA", ba}, {"WhiteB", wb}, {"BlackB", bb}};
}

bool allowed(const SeatPoints& p, bool turkish, int boards) {
  const std::vector<SeatPoints> all = outcome_splits(turkish, boards);
  return std::find(all.begin(), all.end(), p) != all.end();
}

TEST(AdjudicationRulesUnit, TurkishSplits) {
  // 4 boards won + 4 flag pairs on different boards + 4 three-flag cases + the draw.
  EXPECT_EQ(outcome_splits(true, 2).size(), 13u);
  EXPECT_TRUE(allowed(split(2, 0, 0.5, 1.5), true, 2));   // WhiteA mates BlackA: partner BlackB 1.5
  EXPECT_TRUE(allowed(split(0.5, 1.5, 2, 0), true, 2));   // WhiteB beats BlackB
  EXPECT_TRUE(allowed(split(0, 2, 0, 2), true, 2));       // WhiteA and WhiteB flagged (diagonal)
  EXPECT_TRUE(allowed(split(0, 2, 2, 0), true, 2));       // WhiteA and BlackB flagged (one team)
  EXPECT_TRUE(allowed(split(0, 0, 2, 0), true, 2));       // three flags, WhiteB's did not fall
  EXPECT_TRUE(allowed(split(1, 1, 1, 1), true, 2));       // a draw
  EXPECT_FALSE(allowed(split(1.5, 0.5, 2, 0), true, 2));  // 1.5 / 0.5 to the wrong seats
  EXPECT_FALSE(allowed(split(2, 0, 1.5, 0.5), true, 2));  // the partner's 1.5 to the loser's partner
  EXPECT_FALSE(allowed(split(2, 2, 0, 0), true, 2));      // two flags on one board: no result
  EXPECT_FALSE(allowed(split(0.5, 0.5, 0.5, 0.5), true, 2));
  // Match scoring: a side's win or a draw.
  EXPECT_EQ(outcome_splits(false, 2).size(), 3u);
  EXPECT_TRUE(allowed(split(1, 0, 0, 1), false, 2));
  EXPECT_TRUE(allowed(split(0.5, 0.5, 0.5, 0.5), false, 2));
  EXPECT_FALSE(allowed(split(1, 1, 0, 0), false, 2));
  EXPECT_TRUE(allowed({{"WhiteA", 0}, {"BlackA", 1}}, false, 1));
  EXPECT_FALSE(allowed({{"WhiteA", 1}, {"BlackA", 1}}, false, 1));
}

TEST(AdjudicationRulesUnit, RefusedSplitSaysWhatTheRulesGive) {
  EXPECT_EQ(split_problem(split(2, 0, 0.5, 1.5), true, 2), "");
  EXPECT_EQ(split_problem(split(1, 1, 0, 0), false, 2),
            "points: WhiteA 1, BlackA 1, WhiteB 0, BlackB 0 is no outcome's split under match scoring; the "
            "rules give: "
            "the winning team 1 each, the losing team 0; a draw: 0.5 each. Points of the arbiter's own need "
            "`award: "
            "special`");
  EXPECT_EQ(
      split_problem({{"WhiteA", 1}, {"BlackA", 1}}, false, 1),
      "points: White 1, Black 1 is no outcome's split under match scoring; the rules give: the winner 1, the "
      "loser 0; a draw: 0.5 each. Points of the arbiter's own need `award: special`");
  // The example is the board won by the seat given the most (BlackB's 2: WhiteB lost it).
  const std::string why = split_problem(split(0, 0.5, 1.5, 2), true, 2);
  EXPECT_NE(why.find("(e.g. WhiteA 1.5, BlackA 0.5, WhiteB 0, BlackB 2)"), std::string::npos) << why;
  EXPECT_EQ(turkish_board_points(Winner::Team2, Board::A), split(0, 2, 1.5, 0.5));
  EXPECT_EQ(turkish_board_points(Winner::Team1, Board::B), split(1.5, 0.5, 0, 2));
}

TEST(AdjudicationRulesUnit, NearestNames) {
  EXPECT_EQ(edit_distance("alcie", "alice"), 1u);  // a swap of neighbours is one edit
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  const std::vector<std::string> names = {"WhiteA", "Alice", "BlackA", "Bob",
                                          "WhiteB", "Carol", "BlackB", "Dan"};
  EXPECT_EQ(nearest_names("Alcie", names), "'Alice'");
  EXPECT_EQ(nearest_names("ALICE ", names), "'Alice'");
  EXPECT_EQ(nearest_names("WhiteC", names), "'WhiteA' or 'WhiteB'");
  EXPECT_EQ(nearest_names("Blackx", names), "'BlackA' or 'BlackB'");
  EXPECT_EQ(nearest_names("Nobody", names), "");
  EXPECT_EQ(nearest_names("Bo", names), "'Bob'");  // one edit is always near enough
  EXPECT_EQ(nearest_names("Zed", names), "");
}

TEST(AdjudicationRulesUnit, LinesOfAMatch) {
  const std::vector<Game> games = read_games(
      "[Event \"x\"]\n[WhiteA \"a\"]\n\n1A. e4 {a comment\nover two lines}\n"
      "1a. e5 *\n\n[Event \"y\"]\n\n1A. d4 *\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].start.line, 1u);
  EXPECT_EQ(last_line_of(games[0]), 6u);
  EXPECT_EQ(games[1].start.line, 8u);
  EXPECT_EQ(last_line_of(games[1]), 10u);
}

TEST(AdjudicationRulesUnit, FindWithTheReplayChecksTheRules) {
  const std::vector<Game> games = read_games(bpgn("1A. e4 *"), "cup.bpgn");  // wa, ba, wb, bb
  ASSERT_EQ(games.size(), 1u);
  const std::string at = "cup.bpgn:" + std::to_string(games[0].start.line);
  ReplayResult turkish;
  turkish.rules.scoring = Scoring::TurkishPoints;
  turkish.boards = 2;
  std::vector<AdjudicationError> errors;
  // A draw by result: 1 each under Turkish scoring.
  Adjudications draw =
      Adjudications::parse("match: " + at + "\nresult: 1/2-1/2\nreason: r\n", "a.txt", errors);
  ASSERT_TRUE(errors.empty());
  const auto d = draw.find(games[0], turkish);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->points, split(1, 1, 1, 1));
  EXPECT_TRUE(draw.problems().empty());
  // The same file names without the replay leave a result's points to the caller, as before.
  Adjudications again =
      Adjudications::parse("match: " + at + "\nresult: 1/2-1/2\nreason: r\n", "a.txt", errors);
  EXPECT_TRUE(again.find(games[0])->points.empty());
  // A refused split is a problem with the place of its `points:` value.
  Adjudications bad = Adjudications::parse(
      "match: " + at + "\npoints: wa 1.5, ba 0.5, wb 2, bb 0\nreason: r\n", "a.txt", errors);
  ASSERT_TRUE(bad.find(games[0], turkish));
  ASSERT_EQ(bad.problems().size(), 1u);
  EXPECT_EQ(bad.problems()[0].rfind(
                "a.txt:2:9: points: WhiteA 1.5, BlackA 0.5, WhiteB 2, BlackB 0 is no outcome's split", 0),
            0u)
      << bad.problems()[0];
  // A file named another way is the same file when the command says their identities agree.
  Adjudications other = Adjudications::parse(
      "match: ./x/../cup.bpgn:" + std::to_string(games[0].start.line) + "\nreplay\nreason: r\n", "a.txt",
      errors);
  EXPECT_FALSE(other.find(games[0]));
  other.set_file_identity([](const std::string& name) {
    return name.ends_with("cup.bpgn") ? std::string("/cup") : std::string();
  });
  EXPECT_TRUE(other.find(games[0]));
}

}  // namespace
}  // namespace bpgn::check_test::adjudication_rules_unit
