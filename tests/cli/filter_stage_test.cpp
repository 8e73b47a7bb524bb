// The filter stage in convert and standings, tested as check's filters are (archivist_test.cpp):
// four small matches whose tags and moves decide each filter by hand, and -q. convert counts the
// games left out in its summary and --summary-json; standings leaves them out of the table.
#include "cli/binary_run.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

namespace bpgn::check_test {
namespace {

using Json = nlohmann::json;

// A match with the tags the filters read; `moves` decide the plies and the violations.
std::string tagged_match(const std::string& white_a, const std::string& date, const std::string& result, int elo,
                         const std::string& tc, const std::string& moves) {
  return "[Event \"t\"]\n[Date \"" + date + "\"]\n[WhiteA \"" + white_a + "\"][WhiteAElo \"" + std::to_string(elo) +
         "\"]\n[BlackA \"ba\"][BlackAElo \"1500\"]\n[WhiteB \"wb\"]\n[BlackB \"bb\"]\n[TimeControl \"" + tc +
         "\"]\n[Result \"" + result + "\"]\n\n" + moves + " " + result + "\n\n";
}

// Matches 1-4: Alice 2019.03.05 1-0 1800 180+0 (2 plies); bob 2020.01.10 0-1 1400 120+0 (4 plies);
// Carol 2019.??.?? * 2100 180+0 (3 plies, a knight dropped that nobody holds); ALICE 2021.07.01
// 1/2-1/2 1600 300+0 (1 ply). Each case: the matches it keeps.
struct Case {
  std::string options;
  std::vector<int> kept;
};
const std::vector<Case>& cases() {
  static const std::vector<Case> c = {
      {"--player alice", {1, 4}},       // any case, spaces around ignored
      {"--player 'c*'", {3}},           // a pattern
      {"--player bb", {1, 2, 3, 4}},    // any seat
      {"--team 'bb+alice'", {1, 4}},    // partners in either order
      {"--team 'alice+ba'", {}},        // opponents are no team
      {"--date-from 2019.03 --date-to 2019.12.31", {1, 3}},  // 2019.??.?? overlaps the range
      {"--date-from 2020", {2, 4}},
      {"--result 1-0 --result 0-1", {1, 2}},
      {"--elo-min 1500", {1, 3, 4}},    // every rating given >= 1500 (bob 1400 is not)
      {"--elo-min 1500 --elo-max 2000", {1, 4}},
      {"--time-control 180+0", {1, 3}},
      {"--min-plies 3", {2, 3}},
      {"--max-plies 2", {1, 4}},
      {"--tag 'Date=2019*'", {1, 3}},
      {"--has drop-not-in-holding", {3}},
      {"--lacks drop-not-in-holding", {1, 2, 4}},
      {"--variant bughouse", {1, 2, 3, 4}},
      {"--variant chess", {}},
      {"--player alice --time-control 300+0", {4}},  // filters combine: all must hold
  };
  return c;
}

std::string four_matches(const test::ScratchDir& dir) {
  const std::string in = (dir / "in.bpgn").string();
  std::ofstream(in) << tagged_match("Alice", "2019.03.05", "1-0", 1800, "180+0", "1A. e4 1a. e5")
                    << tagged_match("bob", "2020.01.10", "0-1", 1400, "120+0", "1A. e4 1a. e5 1B. d4 1b. d5")
                    << tagged_match("Carol", "2019.??.??", "*", 2100, "180+0", "1A. e4 1a. d5 1B. N@f3")
                    << tagged_match("ALICE ", "2021.07.01", "1/2-1/2", 1600, "300+0", "1A. d4");
  return in;
}

TEST(ConvertFilters, EachFilterConvertsItsGamesAndCountsTheRest) {
  test::ScratchDir dir;
  const std::string in = four_matches(dir), sum = (dir / "s.json").string();
  for (const Case& c : cases()) {
    const std::size_t kept = c.kept.size(), left_out = 4 - kept;
    const BinaryRun r = run_binary("convert --to json --summary-json '" + sum + "' " + c.options + " '" + in + "'");
    // One JSON line per match converted; the players say which.
    std::vector<int> written;
    std::size_t at = 0;
    for (std::size_t nl; (nl = r.out.find('\n', at)) != std::string::npos; at = nl + 1) {
      const Json game = Json::parse(r.out.substr(at, nl - at));
      const std::string date = game["tags"]["Date"];
      written.push_back(date == "2019.03.05" ? 1 : date == "2020.01.10" ? 2 : date == "2019.??.??" ? 3 : 4);
    }
    EXPECT_EQ(written, c.kept) << c.options;
    const Json s = Json::parse(read_file(sum));
    EXPECT_EQ(s["games_read"], 4) << c.options;
    EXPECT_EQ(s["filtered"], left_out) << c.options;
    EXPECT_EQ(s["written"], kept) << c.options;
    EXPECT_NE(r.err.find("bpgn convert: 4 games read, " + std::to_string(left_out) + " left out by filters; " +
                         std::to_string(kept) + " written: "),
              std::string::npos)
        << c.options << "\n" << r.err;
    // Match 3's error is said (and fails the run) only when it is converted.
    const bool three = std::count(c.kept.begin(), c.kept.end(), 3) != 0;
    EXPECT_EQ(r.err.find("error[drop-not-in-holding]") != std::string::npos, three) << c.options;
    EXPECT_EQ(r.exit_code, three ? 1 : 0) << c.options;
  }
  // Without filters nothing is said of them: the summary and its JSON as before.
  const BinaryRun all = run_binary("convert --to json --summary-json '" + sum + "' '" + in + "'");
  EXPECT_EQ(all.err.find("left out"), std::string::npos) << all.err;
  EXPECT_FALSE(Json::parse(read_file(sum)).contains("filtered"));
  // Malformed filters are usage errors, worded as check words them.
  const BinaryRun bad = run_binary("convert --to json --tag Date '" + in + "'");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("bpgn convert: --tag 'Date' is not Name=PATTERN"), std::string::npos) << bad.err;
  EXPECT_EQ(run_binary("convert --to json --date-from 2021.13 '" + in + "'").exit_code, 2);
}

// Per-board games are joined first and the match is filtered: board B's White ("wb") is a
// player of the match joined from split.out.pgn, though not of its board A game.
TEST(ConvertFilters, AJoinedMatchIsFilteredWholeAndCountsTwoGames) {
  const std::string split = std::string(BPGN_CORPUS_DIR) + "/../tests/golden/split.out.pgn";
  const BinaryRun kept = run_binary("convert --to bpgn --player wb '" + split + "'");
  EXPECT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_NE(kept.out.find("[WhiteB \"wb\"]"), std::string::npos) << kept.out;
  EXPECT_NE(kept.err.find("2 games read, 0 left out by filters; 1 written"), std::string::npos) << kept.err;
  const BinaryRun gone = run_binary("convert --to bpgn --player nobody '" + split + "'");
  EXPECT_EQ(gone.out, "");
  EXPECT_NE(gone.err.find("2 games read, 2 left out by filters; 0 written"), std::string::npos) << gone.err;
  const std::string chesscom = std::string(BPGN_CORPUS_DIR) + "/../tests/golden/chesscom-small";
  const BinaryRun boards = run_binary("convert --to bpgn --player nobody '" + chesscom + "'");
  EXPECT_EQ(boards.out, "");
  EXPECT_NE(boards.err.find("2 games read, 2 left out by filters; 0 written"), std::string::npos) << boards.err;
}

// -q: nothing said of a game (its errors, a board without partner); the summary and the output
// unchanged, and the exit code.
TEST(ConvertQuiet, OnlyTheSummaryOnStandardError) {
  test::ScratchDir dir;
  const std::string in = four_matches(dir);
  {
    std::ofstream(in, std::ios::app) << "[Event \"broken]\n\n";  // a fifth game, unreadable
  }
  const BinaryRun loud = run_binary("convert --to bpgn '" + in + "'");
  const BinaryRun quiet = run_binary("convert --to bpgn -q '" + in + "'");
  EXPECT_NE(loud.err.find("error[drop-not-in-holding]"), std::string::npos) << loud.err;
  EXPECT_EQ(quiet.out, loud.out);
  EXPECT_EQ(quiet.exit_code, 1);
  EXPECT_EQ(loud.exit_code, 1);
  const std::string summary = loud.err.substr(loud.err.rfind("bpgn convert: 5 games read"));
  EXPECT_EQ(quiet.err, summary);
  EXPECT_EQ(std::count(quiet.err.begin(), quiet.err.end(), '\n'), 1) << quiet.err;
  // A board without its partner is written and fails the run, unsaid.
  const std::string pgn = read_file(std::string(BPGN_CORPUS_DIR) + "/../tests/golden/split.out.pgn");
  const std::string lone = (dir / "a.pgn").string();
  std::ofstream(lone) << pgn.substr(0, pgn.find("\n\n[Event") + 1);
  const BinaryRun alone = run_binary("convert --to bpgn -q '" + lone + "'");
  EXPECT_EQ(alone.exit_code, 1);
  EXPECT_EQ(alone.err.find("partner"), std::string::npos) << alone.err;
  EXPECT_NE(alone.out.find("[Board \"A\"]"), std::string::npos);
  // What failed to be read is still said.
  const BinaryRun missing = run_binary("convert --to bpgn -q '" + (dir / "missing.bpgn").string() + "'");
  EXPECT_EQ(missing.exit_code, 3);
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos) << missing.err;
}

TEST(StandingsFilters, EachFilterTablesItsMatchesAndSaysHowManyWereLeftOut) {
  test::ScratchDir dir;
  const std::string in = four_matches(dir);
  for (const Case& c : cases()) {
    const std::size_t kept = c.kept.size(), left_out = 4 - kept;
    const BinaryRun r = run_binary("standings --format json " + c.options + " '" + in + "'");
    EXPECT_EQ(r.exit_code, 0) << c.options << r.err;
    const Json j = Json::parse(r.out);
    std::vector<int> tabled;  // matches left out keep their place in the numbering
    for (const Json& m : j["matches"]) tabled.push_back(m["index"]);
    EXPECT_EQ(tabled, c.kept) << c.options;
    EXPECT_NE(r.err.find("bpgn standings: 4 matches read, " + std::to_string(left_out) + " left out by filters; " +
                         std::to_string(kept) + " kept, "),
              std::string::npos)
        << c.options << "\n" << r.err;
  }
  // Alice's two wins-or-draws only: bob's match (0-1) is not in the table.
  const Json j = Json::parse(run_binary("standings --format json --player alice '" + in + "'").out);
  for (const Json& p : j["players"]) EXPECT_NE(p["name"], "bob");
  const BinaryRun all = run_binary("standings '" + in + "'");
  EXPECT_NE(all.err.find("bpgn standings: 4 matches read, "), std::string::npos) << all.err;
  EXPECT_EQ(all.err.find("by filters"), std::string::npos) << all.err;
  const BinaryRun bad = run_binary("standings --has no-such-code '" + in + "'");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("bpgn standings: --has 'no-such-code' is no violation code"), std::string::npos) << bad.err;
}

// standings -q: the table only; standard error says only what failed.
TEST(StandingsQuiet, TheTableOnly) {
  test::ScratchDir dir;
  const std::string in = four_matches(dir), empty = (dir / "empty.bpgn").string();
  std::ofstream(empty) << "";
  const BinaryRun loud = run_binary("standings --format csv '" + in + "' '" + empty + "'");
  const BinaryRun quiet = run_binary("standings --format csv -q '" + in + "' '" + empty + "'");
  EXPECT_NE(loud.err.find("no games"), std::string::npos) << loud.err;
  EXPECT_NE(loud.err.find("4 matches read"), std::string::npos) << loud.err;
  EXPECT_EQ(quiet.out, loud.out);
  EXPECT_EQ(quiet.err, "");
  EXPECT_EQ(quiet.exit_code, loud.exit_code);
  const BinaryRun missing = run_binary("standings -q '" + (dir / "missing.bpgn").string() + "'");
  EXPECT_EQ(missing.exit_code, 3);
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace bpgn::check_test
