// The arbiter's decisions held against the rules (docs/adjudications.md, *Checked against the
// rules*), through the command line: Turkish splits accepted or refused with what the rules allow,
// `award: special`, a decisive result's Turkish points from `board:`, any line of the match and
// the file however it is spelt, a byte order mark, a misspelt name's nearest player, and the
// standings' marks on the cells the arbiter decided. Every total worked out by hand below.
#include "cli/binary_run.h"
#include "support/scratch_dir.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <vector>

namespace bpgn::check_test::adjudication_rules {
namespace {

using Json = nlohmann::json;
using Totals = std::map<std::string, double>;

// Two Turkish matches of one team pairing: team 1 = Alice (WhiteA) + Dan (BlackB), team 2 = Bob
// (BlackA) + Carol (WhiteB).
//   lines 1-6:  round 1, Bob resigns on A: Alice 2, Dan 1.5, Carol 0.5, Bob 0 (bpgn's points)
//   lines 8-13: round 2, no result (`*`): not scored unless the arbiter decides it
constexpr const char* kMatches =
    "[Event \"Cup\"]\n[Round \"1\"]\n[WhiteA \"Alice\"][BlackA \"Bob\"][WhiteB \"Carol\"][BlackB \"Dan\"]\n"
    "[Result \"1-0\"]\n\n1A. e4 1a. e5 {Bob resigns} 1-0\n\n"
    "[Event \"Cup\"]\n[Round \"2\"]\n[WhiteA \"Alice\"][BlackA \"Bob\"][WhiteB \"Carol\"][BlackB \"Dan\"]\n"
    "[Result \"*\"]\n\n1A. e4 1a. e5 1B. d4 1b. d5 *\n";

struct Cup {
  test::ScratchDir dir;
  Cup() { std::ofstream(dir / "m.bpgn") << kMatches; }
  std::string path(const std::string& name) const { return (dir / name).string(); }
  // Writes the decisions and runs `standings ARGS --adjudications d.txt m.bpgn` in the folder, so
  // that the command line names the records `m.bpgn`.
  BinaryRun standings(const std::string& decisions, const std::string& args = "--format json") const {
    std::ofstream(path("d.txt"), std::ios::binary) << decisions;
    return run_shell("cd " + shell_quoted(dir.path().string()) + " && '" + BPGN_BINARY +
                     "' standings --rules turkish " + args + " --adjudications d.txt m.bpgn");
  }
};

// The cells of the text table's row of `name`, split at blank space.
std::vector<std::string> row_of(const std::string& table, const std::string& name) {
  std::istringstream lines(table);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::vector<std::string> cells;
    for (std::string w; words >> w;) cells.push_back(w);
    if (cells.size() > 1 && cells[1] == name) return cells;
  }
  return {};
}

Totals totals(const BinaryRun& r) {
  Totals got;
  const Json j = Json::parse(r.out);  // kept: a loop over a temporary's member would outlive it
  for (const auto& p : j["players"]) got[p["name"]] = p["points"];
  return got;
}

TEST(AdjudicationRules, TurkishSplitOfAnOutcomeIsAccepted) {
  Cup cup;
  // Round 2 to team 1, Alice winning board A: her 2, partner Dan 1.5, Carol 0.5, Bob 0. With round
  // 1's: Alice 2+2 = 4, Dan 1.5+1.5 = 3, Carol 0.5+0.5 = 1, Bob 0+0 = 0.
  const BinaryRun r =
      cup.standings("match: m.bpgn:13\npoints: Alice 2, Dan 1.5, Carol 0.5, Bob 0\nreason: r\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(totals(r), (Totals{{"Alice", 4}, {"Dan", 3}, {"Carol", 1}, {"Bob", 0}}));
}

TEST(AdjudicationRules, TurkishSplitNoOutcomeGivesIsRefused) {
  Cup cup;
  // Carol's 2 would be board B won; then Bob (her partner) 1.5 and Alice 0.5, not the other way.
  const BinaryRun r =
      cup.standings("match: m.bpgn:13\npoints: Alice 1.5, Bob 0.5, Carol 2, Dan 0\nreason: r\n");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(
      r.err.find(
          "d.txt:2:9: points: WhiteA 1.5, BlackA 0.5, WhiteB 2, BlackB 0 is no outcome's split under "
          "Turkish scoring; the rules give: a board won: its winner 2, their partner 1.5, the loser's "
          "partner 0.5, the loser 0 (e.g. WhiteA 0.5, BlackA 1.5, WhiteB 2, BlackB 0); flags on both "
          "boards: the flagged 0, their opponents 2; three flags: the one left 2, the others 0; a draw: "
          "1 each. Points of the arbiter's own need `award: special`"),
      std::string::npos)
      << r.err;
  EXPECT_TRUE(r.out.empty());  // no table from a decision that does not hold
}

TEST(AdjudicationRules, SpecialAwardIsAccepted) {
  Cup cup;
  // The same split as the arbiter's own: Alice 2+1.5 = 3.5, Bob 0+0.5 = 0.5, Carol 0.5+2 = 2.5, Dan 1.5+0
  // = 1.5.
  const BinaryRun r = cup.standings(
      "match: m.bpgn:13\npoints: Alice 1.5, Bob 0.5, Carol 2, Dan 0\naward: special\nreason: r\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(totals(r), (Totals{{"Alice", 3.5}, {"Bob", 0.5}, {"Carol", 2.5}, {"Dan", 1.5}}));
  EXPECT_EQ(Json::parse(r.out)["matches"][1]["adjudication"]["decision"],
            "points Alice 1.5, Bob 0.5, Carol 2, Dan 0 (special award)");
  // Special, but still within Turkish scoring's range (0 to 2) - and a key for points only.
  const BinaryRun wrong = cup.standings("match: m.bpgn:13\nresult: 1-0\naward: special\nreason: r\n");
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.err.find("d.txt:3:1: `award: special` is for a `points:` decision"), std::string::npos)
      << wrong.err;
}

TEST(AdjudicationRules, DecisiveResultUnderTurkishGivesTheBoardsPoints) {
  Cup cup;
  // 0-1 won on board B: Carol (WhiteB) 2, her partner Bob 1.5, the loser Dan's partner Alice 0.5,
  // Dan 0. Totals: Alice 2+0.5 = 2.5, Bob 0+1.5 = 1.5, Carol 0.5+2 = 2.5, Dan 1.5+0 = 1.5 (without
  // the decision round 2 is left out: Alice 2, Dan 1.5, Carol 0.5, Bob 0).
  const BinaryRun plain = cup.standings("# none\n");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(totals(plain), (Totals{{"Alice", 2}, {"Dan", 1.5}, {"Carol", 0.5}, {"Bob", 0}}));
  const BinaryRun r = cup.standings("match: m.bpgn:13\nresult: 0-1\nboard: B\nreason: Dan flagged\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(totals(r), (Totals{{"Alice", 2.5}, {"Bob", 1.5}, {"Carol", 2.5}, {"Dan", 1.5}}));
  const Json m = Json::parse(r.out)["matches"][1];
  EXPECT_EQ(m["points"], (Json{{"WhiteA", 0.5}, {"BlackA", 1.5}, {"WhiteB", 2}, {"BlackB", 0}}));
  EXPECT_EQ(m["result"], "0-1");
  // A result the same as bpgn's outcome takes bpgn's points (round 1: Alice 2 ...): totals unchanged
  // but for round 2, which stays out.
  const BinaryRun same = cup.standings("match: m.bpgn:6\nresult: 1-0\nreason: confirmed\n");
  ASSERT_EQ(same.exit_code, 0) << same.err;
  EXPECT_EQ(totals(same), (Totals{{"Alice", 2}, {"Dan", 1.5}, {"Carol", 0.5}, {"Bob", 0}}));
  // Without a board nothing says who gets 2: an error of the file (it was left out with exit 0).
  const BinaryRun none = cup.standings("match: m.bpgn:13\nresult: 0-1\nreason: r\n");
  EXPECT_EQ(none.exit_code, 2) << none.err;
  EXPECT_NE(none.err.find(
                "d.txt:2:9: result: 0-1 under Turkish scoring needs the board the winning team won, for its "
                "points (the winner there 2, their partner 1.5, the loser's partner 0.5, the loser 0): add "
                "`board: A` or `board: B`, or give `points:`"),
            std::string::npos)
      << none.err;
  const BinaryRun against = cup.standings("match: m.bpgn:6\nresult: 0-1\nreason: r\n");  // bpgn: 1-0
  EXPECT_EQ(against.exit_code, 2) << against.err;
  const BinaryRun draw_board = cup.standings("match: m.bpgn:13\nresult: 1/2-1/2\nboard: A\nreason: r\n");
  EXPECT_EQ(draw_board.exit_code, 2);
  EXPECT_NE(draw_board.err.find("d.txt:3:1: `board:` names the board a decisive `result:`"),
            std::string::npos);
}

TEST(AdjudicationRules, CheckSaysTheBoardAndTheResultsPoints) {
  Cup cup;
  std::ofstream(cup.path("d.txt"))
      << "match: m.bpgn:13\nresult: 0-1\nboard: B\nreason: r\n\n"
         "match: m.bpgn:6\npoints: Alice 1, Bob 1, Carol 1, Dan 1\naward: special\nreason: s\n";
  const BinaryRun r = run_shell("cd " + shell_quoted(cup.dir.path().string()) + " && '" + BPGN_BINARY +
                                "' check --rules turkish --format json --adjudications d.txt m.bpgn");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json j = Json::parse(r.out);
  const Json& second = j["games"][1]["result"]["adjudication"];
  EXPECT_EQ(second["board"], "B");
  // 0-1 won on board B: WhiteB 2, BlackA 1.5, WhiteA 0.5, BlackB 0.
  EXPECT_EQ(second["points"], (Json{{"WhiteA", 0.5}, {"BlackA", 1.5}, {"WhiteB", 2}, {"BlackB", 0}}));
  const Json& first = j["games"][0]["result"]["adjudication"];
  EXPECT_EQ(first["award"], "special");
  EXPECT_EQ(first["points"], (Json{{"WhiteA", 1}, {"BlackA", 1}, {"WhiteB", 1}, {"BlackB", 1}}));
  EXPECT_FALSE(first.contains("board"));
}

TEST(AdjudicationRules, PointsWithinTheScoringsRange) {
  Cup cup;
  // Match scoring gives a player at most 1: Alice's 2 is out of its range.
  std::ofstream(cup.path("d.txt"))
      << "match: m.bpgn:13\npoints: Alice 2, Dan 1.5, Carol 0.5, Bob 0\nreason: r\n";
  const BinaryRun r = run_shell("cd " + shell_quoted(cup.dir.path().string()) + " && '" + BPGN_BINARY +
                                "' standings --rules bughouse --adjudications d.txt m.bpgn");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(
      r.err.find(
          "d.txt:2:9: points: 'Alice 2' is out of range under match scoring: a player's points are 0 to 1"),
      std::string::npos)
      << r.err;
  // Under match scoring a team's win is 1 each: accepted. Alice 1+1 = 2, Dan 1+1 = 2, Bob 0, Carol 0.
  std::ofstream(cup.path("d.txt")) << "match: m.bpgn:13\npoints: Alice 1, Dan 1, Carol 0, Bob 0\nreason: r\n";
  const BinaryRun ok = run_shell("cd " + shell_quoted(cup.dir.path().string()) + " && '" + BPGN_BINARY +
                                 "' standings --format json --rules bughouse --adjudications d.txt m.bpgn");
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(totals(ok), (Totals{{"Alice", 2}, {"Dan", 2}, {"Carol", 0}, {"Bob", 0}}));
  // Turkish: more than 2, infinite or not a number are errors when read.
  for (const std::string bad : {"2.5", "inf", "nan", "1e308"}) {
    const BinaryRun b =
        cup.standings("match: m.bpgn:13\npoints: Alice " + bad + ", Dan 1.5, Carol 0.5, Bob 0\nreason: r\n");
    EXPECT_EQ(b.exit_code, 2) << bad;
    EXPECT_NE(b.err.find("d.txt:2:15: points: '" + bad + "' is out of range"), std::string::npos) << b.err;
  }
}

TEST(AdjudicationRules, AnyLineOfTheMatchAndTheFileHoweverSpelt) {
  Cup cup;
  const std::string split = "\npoints: Alice 2, Dan 1.5, Carol 0.5, Bob 0\nreason: r\n";
  const Totals decided = {{"Alice", 4}, {"Dan", 3}, {"Carol", 1}, {"Bob", 0}};
  const std::string absolute = cup.path("m.bpgn");
  std::filesystem::create_directory(cup.dir / "sub");
  // Lines 8 (its first tag), 10 (the players' tags), 13 (the moves); ./, sub/.., the absolute path.
  for (const std::string& match :
       std::vector<std::string>{"m.bpgn:8", "m.bpgn:10", "m.bpgn:13", "./m.bpgn:13", "sub/../m.bpgn:11",
                                absolute + ":9", "./sub/.././m.bpgn:8"}) {
    const BinaryRun r = cup.standings("match: " + match + split);
    ASSERT_EQ(r.exit_code, 0) << match << r.err;
    EXPECT_EQ(totals(r), decided) << match;
  }
  // A line between the matches (7) or after the last (14) names none; nor does another file.
  std::ofstream(cup.dir / "other.bpgn") << kMatches;
  for (const std::string match : {"m.bpgn:7", "m.bpgn:14", "other.bpgn:13", "./sub/m.bpgn:13"}) {
    const BinaryRun r = cup.standings("match: " + match + split);
    EXPECT_EQ(r.exit_code, 2) << match;
    EXPECT_NE(r.err.find("d.txt:1:8: no match of the input is " + match), std::string::npos) << r.err;
  }
  // A move line of board B's part, in a record that writes each board's moves on lines of their own.
  std::string parts = kMatches;
  parts.replace(parts.rfind("1B. d4"), 0, "\n");  // board B's moves on line 14
  std::ofstream(cup.dir / "m.bpgn") << parts;
  const BinaryRun r = cup.standings("match: m.bpgn:14" + split);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(totals(r), decided);
}

TEST(AdjudicationRules, ByteOrderMarkIsReadPast) {
  Cup cup;
  const BinaryRun r = cup.standings(
      "\xEF\xBB\xBFmatch: m.bpgn:13\r\npoints: Alice 2, Dan 1.5, Carol 0.5, Bob 0\r\nreason: r\r\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(totals(r), (Totals{{"Alice", 4}, {"Dan", 3}, {"Carol", 1}, {"Bob", 0}}));
}

TEST(AdjudicationRules, MisspeltNameSuggestsTheNearest) {
  Cup cup;
  const BinaryRun r =
      cup.standings("match: m.bpgn:13\npoints: Alcie 2, Dan 1.5, Carol 0.5, Bob 0\nreason: r\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(
      r.err.find(
          "d.txt:2:9: points: 'Alcie' is no seat or player of the match m.bpgn:8; did you mean 'Alice'?"),
      std::string::npos)
      << r.err;
  const BinaryRun seat =
      cup.standings("match: m.bpgn:13\npoints: WhiteA 2, BlackB 1.5, WhiteC 0.5, BlackA 0\nreason: r\n");
  EXPECT_NE(
      seat.err.find("d.txt:2:31: points: 'WhiteC' is no seat or player of the match m.bpgn:8; did you mean "
                    "'WhiteA' or 'WhiteB'?"),
      std::string::npos)
      << seat.err;
  const BinaryRun far =
      cup.standings("match: m.bpgn:13\npoints: Nobody 2, Dan 1.5, Carol 0.5, Bob 0\nreason: r\n");
  EXPECT_NE(far.err.find("'Nobody' is no seat or player of the match m.bpgn:8\n"), std::string::npos)
      << far.err;
}

TEST(AdjudicationRules, StandingsMarkTheCellsTheArbiterDecided) {
  Cup cup;
  const std::string decision = "match: m.bpgn:13\npoints: Alice 2, Dan 1.5, Carol 0.5, Bob 0\nreason: r\n";
  // Text: round 2's cells carry the mark, round 1's do not; the legend says what it means.
  const BinaryRun text = cup.standings(decision, "");
  ASSERT_EQ(text.exit_code, 0) << text.err;
  // Alice: rank 1, 4 points, 2 matches, 2 boards won, 0 lost, SB 2 (2 x the mean of Bob's 0 and
  // Carol's 1, twice), R1 2, R2 2 decided.
  EXPECT_EQ(row_of(text.out, "Alice"),
            (std::vector<std::string>{"1", "Alice", "4", "2", "2", "0", "2", "2", "2*"}))
      << text.out;
  EXPECT_NE(text.out.find("* after a round's points: decided by the arbiter (--adjudications)"),
            std::string::npos);
  // Markdown escapes the mark; CSV keeps it in the cell (its legend on standard error).
  const BinaryRun md = cup.standings(decision, "--format markdown");
  EXPECT_NE(md.out.find("| 2 | 2\\* |"), std::string::npos) << md.out;
  const BinaryRun csv = cup.standings(decision, "--format csv");
  EXPECT_NE(csv.out.find(",2,2*\r\n"), std::string::npos) << csv.out;
  EXPECT_NE(csv.err.find("bpgn standings: * after a round's points: decided by the arbiter"),
            std::string::npos)
      << csv.err;
  // JSON: the rounds decided, per player and per meeting; each match says whether it was.
  const Json j = Json::parse(cup.standings(decision).out);
  for (const auto& p : j["players"]) EXPECT_EQ(p["adjudicated_rounds"], Json::array({"2"})) << p["name"];
  EXPECT_EQ(j["teams"][0]["results"][0]["adjudicated"], true);
  EXPECT_EQ(j["matches"][0]["adjudicated"], false);
  EXPECT_EQ(j["matches"][1]["adjudicated"], true);
  // HTML: the cell, its mark and the legend.
  const BinaryRun html = cup.standings(decision, "--format html");
  EXPECT_NE(
      html.out.find("<td class=\"num adjudicated\">2<span class=\"mark\" title=\"decided by the arbiter "
                    "(--adjudications)\">*</span></td>"),
      std::string::npos)
      << html.out;
  EXPECT_NE(html.out.find("<p class=\"legend\"><span class=\"mark\">*</span> after a round&#39;s points"),
            std::string::npos);
  // Without decisions: no mark, no legend.
  const BinaryRun none = cup.standings("# none\n", "");
  EXPECT_EQ(none.out.find('*'), std::string::npos) << none.out;
  // By team: the crosstable's cell (team 1 won both: 2/2).
  const BinaryRun teams = cup.standings(decision, "--by team");
  EXPECT_NE(teams.out.find("2/2*"), std::string::npos) << teams.out;
}

}  // namespace
}  // namespace bpgn::check_test::adjudication_rules
