// bpgn standings: the Turkish table row by row, a six-team round robin computed independently,
// aliases, invalid matches, and FICS matches under match scoring.
#include "cli/binary_run.h"
#include "support/scratch_dir.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <map>

namespace bpgn::check_test {
namespace {

using Json = nlohmann::json;

// Board A: the white knight on g5 mates on f7 (turkish forbids mating drops: a move mates).
const std::string kMateOnA =
    "[FEN \"6rk/6pp/8/6N1/8/8/8/4K3[] w - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]\n";
// The same mate on board B.
const std::string kMateOnB =
    "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 | 6rk/6pp/8/6N1/8/8/8/4K3[] w - - 0 1\"]\n";

std::string match(const std::string& wa, const std::string& ba, const std::string& wb, const std::string& bb,
                  const std::string& extra, const std::string& moves, const std::string& result,
                  const std::string& round = "") {
  return "[Event \"t\"]\n" + (round.empty() ? "" : "[Round \"" + round + "\"]\n") + "[WhiteA \"" + wa +
         "\"][BlackA \"" + ba + "\"][WhiteB \"" + wb + "\"][BlackB \"" + bb + "\"]\n" + extra + "[Result \"" + result +
         "\"]\n\n" + moves + " " + result + "\n\n";
}

Json standings_json(const std::string& args) {
  const BinaryRun r = run_binary("standings --format json " + args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return Json::parse(r.out);
}

std::map<std::string, double> totals(const Json& j) {
  std::map<std::string, double> t;
  for (const auto& p : j["players"]) t[p["name"]] = p["points"];
  return t;
}

TEST(Standings, TheTurkishTableRowByRow) {
  test::ScratchDir dir;
  const std::string in = (dir / "seed.bpgn").string();
  std::ofstream(in) << match("wa", "ba", "wb", "bb", kMateOnA, "1A. Nf7#", "1-0")                     // mate on A
                    << match("wa", "ba", "wb", "bb", kMateOnB, "1B. Nf7#", "0-1")                     // mate on B
                    << match("wa", "ba", "wb", "bb", "", "1A. e4 1a. e5 {ba forfeits on time}", "1-0")  // time
                    << match("wa", "ba", "wb", "bb", "", "1A. e4 1a. e5 1B. d4 1b. d5 {wa and wb forfeit on time}",
                             "1/2-1/2")                                                                 // diagonal flags
                    << match("wa", "ba", "wb", "bb", "", "1A. e4 1a. e5 1B. d4 1b. d5 {wa, ba and wb forfeit on time}",
                             "1-0")                                                                     // three flags
                    << match("wa", "ba", "wb", "bb", "",
                             "1A. e4 1a. e5 1B. d4 1b. d5 {bb forfeits on time, then ba forfeits on time}",
                             "1/2-1/2");  // the winner's partner did not stop the clock in time
  const Json j = standings_json("--rules turkish '" + in + "'");
  using Row = std::map<std::string, double>;
  const std::vector<Row> rows = {
      {{"WhiteA", 2}, {"BlackB", 1.5}, {"WhiteB", 0.5}, {"BlackA", 0}},
      {{"WhiteB", 2}, {"BlackA", 1.5}, {"WhiteA", 0.5}, {"BlackB", 0}},  // White B mated Black B
      {{"WhiteA", 2}, {"BlackB", 1.5}, {"WhiteB", 0.5}, {"BlackA", 0}},
      {{"WhiteA", 0}, {"WhiteB", 0}, {"BlackA", 2}, {"BlackB", 2}},
      {{"BlackB", 2}, {"WhiteA", 0}, {"BlackA", 0}, {"WhiteB", 0}},
      {{"BlackB", 0}, {"BlackA", 0}, {"WhiteA", 2}, {"WhiteB", 2}},
  };
  ASSERT_EQ(j["matches"].size(), rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(j["matches"][i]["points"].get<Row>(), rows[i]) << "match " << i + 1;
  // The players' totals are the columns' sums; ranks follow the points.
  EXPECT_EQ(totals(j), (std::map<std::string, double>{{"wa", 6.5}, {"ba", 3.5}, {"wb", 5}, {"bb", 7}}));
  const std::vector<std::string> order = {"bb", "wa", "wb", "ba"};
  for (std::size_t i = 0; i < order.size(); ++i) {
    EXPECT_EQ(j["players"][i]["name"], order[i]);
    EXPECT_EQ(j["players"][i]["rank"], i + 1);
  }
  // Wins and losses under Turkish scoring: boards won (2 points) and lost (0 points), counted by
  // column: wa 2 in matches 1, 3, 6 and 0 in 2? no: 0.5 in 2; 0 in 4 and 5.
  EXPECT_EQ(j["players"][1]["wins"], 3);
  EXPECT_EQ(j["players"][1]["losses"], 2);
  EXPECT_EQ(j["players"][0]["wins"], 2);   // bb: matches 4 and 5
  EXPECT_EQ(j["players"][0]["losses"], 2);  // bb: matches 2 and 6
}

TEST(Standings, ASixTeamTurkishRoundRobinComputedIndependently) {
  test::ScratchDir dir;
  const std::string in = (dir / "rr.bpgn").string();
  // Six teams of two; every pair of teams meets once, one match per round (15 rounds).
  std::vector<std::array<std::string, 2>> teams;
  for (int t = 1; t <= 6; ++t) teams.push_back({"p" + std::to_string(t) + "a", "p" + std::to_string(t) + "b"});
  std::map<std::string, double> points;         // computed here from the table
  std::map<std::string, double> match_points;   // by "pNa"
  std::map<std::string, int> wins;
  std::ofstream out(in);
  int round = 0;
  for (int x = 0; x < 6; ++x) {
    for (int y = x + 1; y < 6; ++y) {
      ++round;
      // Team x: WhiteA + BlackB; team y: WhiteB + BlackA.
      const std::string wa = teams[x][0], bb = teams[x][1], wb = teams[y][0], ba = teams[y][1];
      std::string winner, partner, loser, loser_partner, text, moves, extra, result;
      switch (round % 3) {
        case 0:  // White A mates on board A: team x wins
          winner = wa, partner = bb, loser = ba, loser_partner = wb;
          extra = kMateOnA, moves = "1A. Nf7#", result = "1-0";
          break;
        case 1:  // White B's flag falls: Black B (team x) wins on time
          winner = bb, partner = wa, loser = wb, loser_partner = ba;
          moves = "1A. e4 1a. e5 1B. d4 {" + wb + " forfeits on time}", result = "1-0";
          break;
        default:  // White A resigns: Black A (team y) wins
          winner = ba, partner = wb, loser = wa, loser_partner = bb;
          moves = "1A. e4 1a. e5 {" + wa + " resigns}", result = "0-1";
          break;
      }
      out << match(wa, ba, wb, bb, extra, moves, result, std::to_string(round));
      points[winner] += 2, points[partner] += 1.5, points[loser_partner] += 0.5, points[loser] += 0;
      ++wins[winner];
      match_points[winner.substr(0, 2)] += 1;
      match_points[loser.substr(0, 2)] += 0;
    }
  }
  out.close();
  const Json j = standings_json("--rules turkish '" + in + "'");
  EXPECT_EQ(j["players"].size(), 12u);
  for (const auto& p : j["players"]) {
    const std::string name = p["name"];
    EXPECT_EQ(p["points"].get<double>(), points[name]) << name;
    EXPECT_EQ(p["matches"], 5) << name;
    EXPECT_EQ(p["wins"].get<int>(), wins[name]) << name;
    EXPECT_EQ(p["by_round"].size(), 5u) << name;
  }
  // Ranks: by points, ties sharing a rank only when the tie-breaks are equal too.
  for (std::size_t i = 1; i < j["players"].size(); ++i) {
    EXPECT_GE(j["players"][i - 1]["points"].get<double>(), j["players"][i]["points"].get<double>());
    EXPECT_LE(j["players"][i - 1]["rank"].get<int>(), j["players"][i]["rank"].get<int>());
  }
  ASSERT_EQ(j["teams"].size(), 6u);
  double all_mp = 0;
  for (const auto& t : j["teams"]) {
    const std::string key = t["players"][0].get<std::string>().substr(0, 2);
    EXPECT_EQ(t["match_points"].get<double>(), match_points[key]) << key;
    const double gp = points[t["players"][0]] + points[t["players"][1]];
    EXPECT_EQ(t["game_points"].get<double>(), gp) << key;
    EXPECT_EQ(t["matches"], 5);
    all_mp += t["match_points"].get<double>();
  }
  EXPECT_EQ(all_mp, 15);  // one match point per match
  // The text crosstable says every team's meetings.
  const BinaryRun text = run_binary("standings --by team --rules turkish '" + in + "'");
  EXPECT_NE(text.out.find("Teams (Turkish scoring; ranked by match points (MP), then head-to-head"), std::string::npos)
      << text.out;
}

TEST(Standings, AliasesInvalidMatchesAndMatchScoringOfFicsGames) {
  test::ScratchDir dir;
  const std::string in = (dir / "a.bpgn").string();
  std::ofstream(in) << match("Alice", "b", "c", "d", "", "1A. e4 1a. e5 {b resigns}", "1-0")
                    << match(" alice ", "b", "c", "d", "", "1A. e4 1a. e5 {b resigns}", "1-0")
                    << match("Alicia", "b", "c", "d", "", "1A. e4 1a. e5 {b resigns}", "1-0")
                    << match("Alice", "b", "c", "d", "", "1A. e4 1a. e5 1B. N@f3 {b resigns}", "1-0");  // invalid
  Json j = standings_json("'" + in + "'");
  EXPECT_EQ(totals(j)["Alice"], 3);  // case and spaces ignored; the invalid match counts as recorded
  EXPECT_EQ(totals(j)["Alicia"], 1);
  const std::string alias = (dir / "alias.txt").string();
  std::ofstream(alias) << "# spellings\nAlicia = Alice\n";
  j = standings_json("--alias '" + alias + "' '" + in + "'");
  EXPECT_EQ(totals(j)["Alice"], 4);
  EXPECT_EQ(totals(j).count("Alicia"), 0u);
  j = standings_json("--alias '" + alias + "' --exclude-invalid '" + in + "'");
  EXPECT_EQ(totals(j)["Alice"], 3);
  ASSERT_EQ(j["excluded"].size(), 1u);
  EXPECT_EQ(j["excluded"][0]["index"], 4);
  EXPECT_NE(j["excluded"][0]["reason"].get<std::string>().find("drop-not-in-holding"), std::string::npos);
  const BinaryRun listed = run_binary("standings '" + in + "'");
  EXPECT_NE(listed.out.find("Invalid matches counted as recorded"), std::string::npos) << listed.out;

  // FICS matches under match scoring, against check's own report of each match's winner: 1 to
  // each player of the winning team, 0 to the others.
  const std::string fics = std::string(BPGN_CORPUS_DIR) + "/fics/2001-03-03-fifteen-games.bpgn";
  const BinaryRun check = run_binary("check --format jsonl '" + fics + "'");
  const Json s = standings_json("'" + fics + "'");
  std::istringstream lines(check.out);
  std::size_t i = 0;
  for (std::string line; std::getline(lines, line); ++i) {
    const Json g = Json::parse(line);
    const std::string winner = g["result"]["winner"].is_null() ? "" : g["result"]["winner"].get<std::string>();
    ASSERT_TRUE(winner == "team1" || winner == "team2") << line.substr(0, 200);
    ASSERT_LT(i, s["matches"].size());
    const Json& points = s["matches"][i]["points"];
    const double team1 = winner == "team1" ? 1.0 : 0.0;
    EXPECT_EQ(points["WhiteA"].get<double>(), team1) << i;
    EXPECT_EQ(points["BlackB"].get<double>(), team1) << i;
    EXPECT_EQ(points["WhiteB"].get<double>(), 1.0 - team1) << i;
    EXPECT_EQ(points["BlackA"].get<double>(), 1.0 - team1) << i;
  }
  EXPECT_EQ(i, 15u);
  double sum = 0;
  for (const auto& p : s["players"]) sum += p["points"].get<double>();
  EXPECT_EQ(sum, 2.0 * 15);
  EXPECT_EQ(s["players"].size(), 4u);
  EXPECT_EQ(s["teams"].size(), 6u);  // four players: six pairs, each played together
}

// An archive of matches without Round tags has a round per match, and many pairs a team each:
// the per-round columns and the crosstable are drawn only up to --max-columns (default 40), and
// the page says what it left out; JSON keeps everything. (Before, 20,000 such matches made a
// table of 20,000 columns, 7.6 MB, in 1.2 s, the rounds found by a quadratic search.)
TEST(Standings, ManyRoundsOrTeamsLeaveTheirColumnsOut) {
  test::ScratchDir dir;
  const std::string in = (dir / "archive.bpgn").string();
  {
    std::ofstream out(in);
    // 45 matches among 5 players: 45 rounds; the pairs of A, B, C, D, E that played together.
    const char* names[] = {"A", "B", "C", "D", "E"};
    for (int i = 0; i < 45; ++i) {
      const std::string wa = names[i % 5], bb = names[(i + 1) % 5], ba = names[(i + 2) % 5], wb = names[(i + 3) % 5];
      out << match(wa, ba, wb, bb, "", "1A. e4 1a. e5 {" + ba + " resigns}", "1-0");
    }
  }
  const std::string quoted = "'" + in + "'";
  const BinaryRun text = run_binary("standings " + quoted);
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out.find(" R1 "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("The points per round are left out: 45 rounds"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("more than --max-columns 40"), std::string::npos) << text.out;
  // Under the limit, every round has its column, and the sentence goes.
  const BinaryRun wide = run_binary("standings --max-columns 45 " + quoted);
  EXPECT_NE(wide.out.find(" R1 "), std::string::npos) << wide.out;
  EXPECT_NE(wide.out.find(" R45\n"), std::string::npos) << wide.out;
  EXPECT_EQ(wide.out.find("left out:"), std::string::npos) << wide.out;
  // CSV has no place for the sentence: it goes to standard error.
  const BinaryRun csv = run_binary("standings --format csv " + quoted);
  EXPECT_EQ(csv.out.substr(0, csv.out.find('\r')), "rank,player,points,matches,wins,losses,SB");
  EXPECT_NE(csv.err.find("bpgn standings: The points per round are left out: 45 rounds"), std::string::npos) << csv.err;
  const BinaryRun md = run_binary("standings --format markdown " + quoted);
  EXPECT_NE(md.out.find("The points per round are left out"), std::string::npos);
  EXPECT_EQ(md.out.find("| R1 |"), std::string::npos);
  const BinaryRun html = run_binary("standings --format html " + quoted);
  EXPECT_NE(html.out.find("<p class=\"order\">The points per round are left out: 45 rounds"), std::string::npos);
  EXPECT_EQ(html.out.find("<th class=\"num\">R1</th>"), std::string::npos);
  EXPECT_NE(html.out.find("more than <span class=\"option\">--max-columns</span> 40"), std::string::npos);
  // JSON: every round of every player.
  const Json j = standings_json(quoted);
  std::size_t rounds = 0;
  for (const auto& p : j["players"]) rounds += p["by_round"].size();
  EXPECT_EQ(rounds, 45u * 4);
  EXPECT_EQ(j["teams"].size(), 5u);  // the pairs that played together (WhiteA & BlackB, WhiteB & BlackA)

  // By team: five teams make a crosstable of five columns; under --max-columns 4 it is left out.
  const BinaryRun teams = run_binary("standings --by team " + quoted);
  EXPECT_NE(teams.out.find(" 4    5\n"), std::string::npos) << teams.out;
  EXPECT_EQ(teams.out.find("crosstable is left out"), std::string::npos);
  const BinaryRun narrow = run_binary("standings --by team --max-columns 4 " + quoted);
  EXPECT_NE(narrow.out.find("The crosstable is left out: 5 teams, more than --max-columns 4"), std::string::npos)
      << narrow.out;
  EXPECT_NE(narrow.out.find("matches  SB\n"), std::string::npos) << narrow.out;
  EXPECT_EQ(narrow.out.find("9/9"), std::string::npos) << narrow.out;
}

}  // namespace
}  // namespace bpgn::check_test
