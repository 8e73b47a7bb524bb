// A hand-made Turkish round robin of six teams (15 matches, one per round) with two disputes, in
// tests/standings/: the table under illegal_action=claimed (turkish's default) and automatic,
// with and without the arbiter's decisions (--adjudications), every number computed by hand
// below; and the adjudications file's errors (exit 2, FILE:LINE:COLUMN).
#include "cli/binary_run.h"
#include "support/scratch_dir.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <map>

namespace bpgn::check_test::disputes {
namespace {

using Json = nlohmann::json;

const std::string kDir = std::string(BPGN_CORPUS_DIR) + "/../tests/standings";
const std::string kRecords = kDir + "/turkish-round-robin.bpgn";
const std::string kDecisions = kDir + "/turkish-round-robin.adjudications";

// Teams (first player WhiteA when listed first in a pairing, else WhiteB): T1 Ayla & Deniz,
// T2 Bora & Cem, T3 Emre & Fatma, T4 Gul & Hakan, T5 Irmak & Kaan, T6 Lale & Mert. Round r pairs
// team x (WhiteA + BlackB) with team y (WhiteB + BlackA), x < y in the order 12 13 14 15 16 23 24
// 25 26 34 35 36 45 46 56. Turkish points: the winner of the deciding board 2, their partner 1.5,
// the loser's partner 0.5, the loser 0.
//
//  r  WA     BB     WB     BA     how it ended                      points
//  1  Ayla   Deniz  Bora   Cem    Cem mated on A                    Ayla 2, Deniz 1.5, Bora .5, Cem 0
//  2  Ayla   Deniz  Emre   Fatma  Ayla resigns on A                 Fatma 2, Emre 1.5, Deniz .5, Ayla 0
//  3  Ayla   Deniz  Gul    Hakan  Gul resigns on B                  Deniz 2, Ayla 1.5, Hakan .5, Gul 0
//  4  Ayla   Deniz  Irmak  Kaan   Deniz resigns on B                Irmak 2, Kaan 1.5, Ayla .5, Deniz 0
//  5  Ayla   Deniz  Lale   Mert   Mert mated on A                   Ayla 2, Deniz 1.5, Lale .5, Mert 0
//  6  Bora   Cem    Emre   Fatma  Emre resigns on B                 Cem 2, Bora 1.5, Fatma .5, Emre 0
//  7  Bora   Cem    Gul    Hakan  Bora resigns on A                 Hakan 2, Gul 1.5, Cem .5, Bora 0
//  8  Bora   Cem    Irmak  Kaan   DISPUTE 1: Cem drops P@f2+ on B, play goes on, Kaan resigns on A
//        claimed (as played):                                       Bora 2, Cem 1.5, Irmak .5, Kaan 0
//        automatic (Cem's illegal action), and the arbiter:          Irmak 2, Kaan 1.5, Bora .5, Cem 0
//  9  Bora   Cem    Lale   Mert   Cem resigns on B                  Lale 2, Mert 1.5, Bora .5, Cem 0
// 10  Emre   Fatma  Gul    Hakan  Hakan mated on A                  Emre 2, Fatma 1.5, Gul .5, Hakan 0
// 11  Emre   Fatma  Irmak  Kaan   Emre resigns on A                 Kaan 2, Irmak 1.5, Fatma .5, Emre 0
// 12  Emre   Fatma  Lale   Mert   Lale resigns on B                 Fatma 2, Emre 1.5, Mert .5, Lale 0
// 13  Gul    Hakan  Irmak  Kaan   DISPUTE 2: Irmak drops N@f3 holding nothing; the record ends there
//        claimed and automatic (Irmak's illegal action):            Hakan 2, Gul 1.5, Kaan .5, Irmak 0
//        the arbiter: a draw (1/2-1/2, 1 each)                      Gul 1, Hakan 1, Irmak 1, Kaan 1
// 14  Gul    Hakan  Lale   Mert   Hakan resigns on B                Lale 2, Mert 1.5, Gul .5, Hakan 0
// 15  Irmak  Kaan   Lale   Mert   Mert mated on A                   Irmak 2, Kaan 1.5, Lale .5, Mert 0
//
// Totals (claimed / automatic / with the arbiter's decisions, under either):
//   Ayla 2+0+1.5+.5+2 = 6 / 6 / 6          Deniz 1.5+.5+2+0+1.5 = 5.5 / 5.5 / 5.5
//   Bora .5+1.5+0+2+.5 = 4.5 / 3 / 3        Cem 0+2+.5+1.5+0 = 4 / 2.5 / 2.5
//   Emre 1.5+0+2+0+1.5 = 5 / 5 / 5          Fatma 2+.5+1.5+.5+2 = 6.5 / 6.5 / 6.5
//   Gul 0+1.5+.5+1.5+.5 = 4 / 4 / 3.5       Hakan .5+2+0+2+0 = 4.5 / 4.5 / 3.5
//   Irmak 2+.5+1.5+0+2 = 6 / 7.5 / 8.5      Kaan 1.5+0+2+.5+1.5 = 5.5 / 7 / 7.5
//   Lale .5+2+1.5... : .5 (r5) + 2 (r9) + 0 (r12) + 2 (r14) + .5 (r15) = 5 / 5 / 5
//   Mert 0+1.5+.5+1.5+0 = 3.5 / 3.5 / 3.5
// Match points (a match won 1, drawn 1/2): T1 r1 r3 r5 = 3; T3 r2 r10 r12 = 3; T6 r9 r14 = 2;
//   T2 r6 (+ r8 claimed) = 2 / 1 / 1; T4 r7 r13 = 2 / 2 / 1.5; T5 r4 r11 r15 (+ r8 automatic or
//   arbiter) (+ r13 drawn with the arbiter) = 3 / 4 / 4.5.

using Totals = std::map<std::string, double>;
const Totals kClaimed = {{"Ayla", 6},  {"Deniz", 5.5}, {"Bora", 4.5}, {"Cem", 4},   {"Emre", 5},  {"Fatma", 6.5},
                         {"Gul", 4},   {"Hakan", 4.5}, {"Irmak", 6},  {"Kaan", 5.5}, {"Lale", 5},  {"Mert", 3.5}};
const Totals kAutomatic = {{"Ayla", 6},  {"Deniz", 5.5}, {"Bora", 3},    {"Cem", 2.5}, {"Emre", 5},  {"Fatma", 6.5},
                           {"Gul", 4},   {"Hakan", 4.5}, {"Irmak", 7.5}, {"Kaan", 7},  {"Lale", 5},  {"Mert", 3.5}};
const Totals kArbiter = {{"Ayla", 6},   {"Deniz", 5.5}, {"Bora", 3},    {"Cem", 2.5}, {"Emre", 5},  {"Fatma", 6.5},
                         {"Gul", 3.5},  {"Hakan", 3.5}, {"Irmak", 8.5}, {"Kaan", 7.5}, {"Lale", 5},  {"Mert", 3.5}};
// Match points by the team's first player.
const Totals kMpClaimed = {{"Ayla", 3}, {"Bora", 2}, {"Emre", 3}, {"Gul", 2}, {"Irmak", 3}, {"Lale", 2}};
const Totals kMpAutomatic = {{"Ayla", 3}, {"Bora", 1}, {"Emre", 3}, {"Gul", 2}, {"Irmak", 4}, {"Lale", 2}};
const Totals kMpArbiter = {{"Ayla", 3}, {"Bora", 1}, {"Emre", 3}, {"Gul", 1.5}, {"Irmak", 4.5}, {"Lale", 2}};

Json table(const std::string& args) {
  const BinaryRun r = run_binary("standings --format json " + args + " " + shell_quoted(kRecords));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return Json::parse(r.out);
}

void expect_totals(const Json& j, const Totals& points, const Totals& match_points, const std::string& what) {
  Totals got;
  for (const auto& p : j["players"]) got[p["name"]] = p["points"];
  EXPECT_EQ(got, points) << what;
  Totals mp;
  for (const auto& t : j["teams"]) {
    // A team's players are listed in name order; the first of the pairing leads the table above.
    std::string first = t["players"][0];
    for (const std::string lead : {"Ayla", "Bora", "Emre", "Gul", "Irmak", "Lale"}) {
      if (t["players"][0] == lead || t["players"][1] == lead) first = lead;
    }
    mp[first] = t["match_points"];
  }
  EXPECT_EQ(mp, match_points) << what;
  double sum = 0;
  for (const auto& p : j["players"]) sum += p["points"].get<double>();
  EXPECT_EQ(sum, 15 * 4) << what;  // every match gives 4 points in all
}

TEST(StandingsDisputes, ClaimedAutomaticAndTheArbiter) {
  // Every record replays legally but for the two planted violations.
  const BinaryRun check = run_binary("check -q " + shell_quoted(kRecords));
  EXPECT_EQ(check.exit_code, 1);
  EXPECT_NE(check.err.find("15 games read: 13 valid, 2 invalid, 0 unreadable; 2 errors"), std::string::npos) << check.err;

  Json j = table("");  // turkish from the Variant tags: illegal_action=claimed
  expect_totals(j, kClaimed, kMpClaimed, "claimed");
  EXPECT_EQ(j["title"], "Club cup 2026 (Turkish)");
  ASSERT_EQ(j["matches"].size(), 15u);
  const Json& r8 = j["matches"][7];
  EXPECT_EQ(r8["source"], "record");  // the resignation stands: nobody claimed the drop
  EXPECT_EQ(r8["result"], "1-0");
  EXPECT_EQ(r8["note"], "illegal action not claimed (1b. P@f2+): result as played");
  const Json& r13 = j["matches"][12];
  EXPECT_EQ(r13["source"], "rules");  // the record ends at the drop: the claim
  EXPECT_EQ(r13["result"], "1-0");
  EXPECT_EQ(r13["verdict"], "1-0 by illegal action on board B");
  EXPECT_EQ(r13["recorded"], "*");
  EXPECT_EQ(j["matches"][0]["source"], "rules");  // a mate seen on the board
  EXPECT_EQ(j["matches"][1]["source"], "record");  // a resignation: the record's account

  j = table("--set illegal_action=automatic");
  expect_totals(j, kAutomatic, kMpAutomatic, "automatic");
  EXPECT_EQ(j["matches"][7]["source"], "rules");
  EXPECT_EQ(j["matches"][7]["result"], "0-1");
  EXPECT_FALSE(j["matches"][7].contains("note"));

  for (const std::string mode : {"", "--set illegal_action=automatic "}) {
    j = table(mode + "--adjudications " + shell_quoted(kDecisions));
    expect_totals(j, kArbiter, kMpArbiter, "arbiter " + mode);
    EXPECT_EQ(j["matches"][7]["source"], "adjudication");
    EXPECT_EQ(j["matches"][7]["result"], "0-1");
    EXPECT_EQ(j["matches"][7]["adjudication"]["where"], kDecisions + ":6");
    EXPECT_EQ(j["matches"][12]["result"], "1/2-1/2");
    EXPECT_EQ(j["matches"][12]["adjudication"]["decision"], "result 1/2-1/2");
    EXPECT_EQ(j["matches"][12]["adjudication"]["reason"],
              "the knight came from a capture the scorer missed; both captains agreed to a draw");
    EXPECT_EQ(j["matches"][12]["verdict"], "1-0 by illegal action on board B");  // still said beside
    for (std::size_t i = 0; i < 15; ++i) {
      if (i != 7 && i != 12) EXPECT_NE(j["matches"][i]["source"], "adjudication") << i;
    }
  }

  // The text table lists the decisions with their reasons, beside the record and the rules.
  const BinaryRun text = run_binary("standings --adjudications " + shell_quoted(kDecisions) + " " + shell_quoted(kRecords));
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.out.rfind("Club cup 2026 (Turkish)\n\nPlayers (Turkish scoring;", 0), 0u) << text.out;
  EXPECT_NE(text.out.find("Matches decided by the arbiter (--adjudications)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("match 13 (" + kRecords + ":121): result used 1/2-1/2 by the arbiter (result 1/2-1/2), "
                          "reason: the knight came from a capture the scorer missed; both captains agreed to a draw ("),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("the record says *; bpgn: 1-0 by illegal action on board B, by the rules"), std::string::npos);
  EXPECT_EQ(text.out.find("an arbiter decides"), std::string::npos);
  EXPECT_NE(text.out.find("The other 13 matches in the table count as recorded, the rules agreeing."), std::string::npos);
  // Without decisions: what the table did with each disputed match, in words.
  const BinaryRun plain = run_binary("standings " + shell_quoted(kRecords));
  EXPECT_NE(plain.out.find("Invalid matches counted by the rules' verdict"), std::string::npos) << plain.out;
  EXPECT_NE(plain.out.find("match 8 (" + kRecords + ":71): result used 1-0 by resignation on board A as recorded; "
                           "illegal action not claimed (1b. P@f2+): result as played"),
            std::string::npos)
      << plain.out;

  // The HTML page: the title, and each match's points and result used.
  const BinaryRun html = run_binary("standings --format html --title 'Cup <final>' --adjudications " +
                                    shell_quoted(kDecisions) + " " + shell_quoted(kRecords));
  EXPECT_NE(html.out.find("<h1>Cup &lt;final&gt;</h1>"), std::string::npos);
  EXPECT_NE(html.out.find("<th>in the table</th><th class=\"num\">points</th><th>result used</th>"), std::string::npos);
  EXPECT_NE(html.out.find("<td class=\"num\">2–2</td>"), std::string::npos);  // round 13's draw: 1 + 1 each side
  EXPECT_NE(html.out.find("<span class=\"source adjudication\">adjudication</span> 0-1 by the arbiter"), std::string::npos);

  // check shows the decisions beside the outcome, in text and JSON.
  const BinaryRun checked = run_binary("check --format jsonl --adjudications " + shell_quoted(kDecisions) + " " +
                                       shell_quoted(kRecords));
  EXPECT_EQ(checked.exit_code, 1) << checked.err;  // the games are still invalid
  std::size_t decided = 0;
  std::istringstream lines(checked.out);
  for (std::string line; std::getline(lines, line);) {
    const Json g = Json::parse(line);
    if (!g["result"].contains("adjudication")) continue;
    ++decided;
    if (g["line"] == 121) {
      EXPECT_EQ(g["result"]["adjudication"]["decision"], "result");
      EXPECT_EQ(g["result"]["adjudication"]["result"], "1/2-1/2");
      EXPECT_EQ(g["result"]["winner"], "team1");  // what the rules say stays
      EXPECT_EQ(g["result"]["reason"], "illegal-action");
    } else {
      EXPECT_EQ(g["line"], 71);
      EXPECT_EQ(g["result"]["adjudication"]["points"], (Json{{"WhiteA", 0.5}, {"BlackA", 1.5}, {"WhiteB", 2}, {"BlackB", 0}}));
      EXPECT_EQ(g["result"]["unclaimed_illegal_ply"], 5);
    }
  }
  EXPECT_EQ(decided, 2u);
  const BinaryRun checked_text = run_binary("check --adjudications " + shell_quoted(kDecisions) + " " + shell_quoted(kRecords));
  EXPECT_NE(checked_text.out.find(kRecords + ":121:1: outcome: team 1 (WhiteA Gul and BlackB Hakan) wins by the other "
                                  "side's illegal action on board B; recorded result *; points: WhiteA 1.5 BlackA 0.5 "
                                  "WhiteB 0 BlackB 2; arbiter's decision: result 1/2-1/2 (reason: the knight came"),
            std::string::npos)
      << checked_text.out;
}

TEST(StandingsDisputes, UnknownAndAmbiguousMatchesAreErrors) {
  test::ScratchDir dir;
  const std::string bad = (dir / "bad.adjudications").string();
  std::ofstream(bad) << "# two keys that do not name one match\n"
                        "match: elsewhere.bpgn:1\nresult: 1-0\nreason: no such file\n\n"
                        "match: Event \"Club cup 2026 (Turkish)\"\nreplay\nreason: every match at once\n";
  for (const std::string command : {"standings", "check"}) {
    // Said once every match is read; with -o nothing is written (check's report to standard
    // output has gone out game by game by then).
    const std::string out = (dir / (command + ".out")).string();
    const BinaryRun r = run_binary(command + " -o " + shell_quoted(out) + " --adjudications " + shell_quoted(bad) + " " +
                                   shell_quoted(kRecords));
    EXPECT_EQ(r.exit_code, 2) << command << r.err;
    EXPECT_FALSE(std::ifstream(out).good()) << command;  // nothing written
    EXPECT_NE(r.err.find(bad + ":2:8: no match of the input is elsewhere.bpgn:1"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(bad + ":6:8: Event \"Club cup 2026 (Turkish)\" names 15 matches"), std::string::npos) << r.err;
  }
  std::ofstream(bad) << "match: turkish-round-robin.bpgn:121\nresult: 2-0\nreason: x\n\n"
                        "match: turkish-round-robin.bpgn:71\nresult: 1-0\n\n"
                        "match: turkish-round-robin.bpgn:71\npoints: Irmak 2, Nobody 1\nreason: y\n\n"
                        "match: turkish-round-robin.bpgn\ncolour: red\n";
  const BinaryRun r = run_binary("standings --adjudications " + shell_quoted(bad) + " " + shell_quoted(kRecords));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(bad + ":2:9: result: '2-0' is not one of: 1-0, 0-1, 1/2-1/2, replay"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(bad + ":5:1: this decision gives no `reason:`"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(bad + ":12:8: match: expected FILE:LINE"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(bad + ":13:1: unknown key 'colour'"), std::string::npos) << r.err;
  // A player the match does not have is found when the match is: exit 2 as well.
  std::ofstream(bad) << "match: turkish-round-robin.bpgn:71\npoints: Irmak 2, Nobody 1\nreason: y\n";
  const BinaryRun who = run_binary("standings --adjudications " + shell_quoted(bad) + " " + shell_quoted(kRecords));
  EXPECT_EQ(who.exit_code, 2);
  EXPECT_NE(who.err.find(bad + ":2:18: points: 'Nobody' is no seat or player of the match"), std::string::npos) << who.err;
  // An adjudications file that cannot be read: exit 3.
  const BinaryRun missing = run_binary("standings --adjudications " + shell_quoted(bad + ".none") + " " + shell_quoted(kRecords));
  EXPECT_EQ(missing.exit_code, 3) << missing.err;
}

}  // namespace
}  // namespace bpgn::check_test::disputes
