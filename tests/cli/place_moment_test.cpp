// A place FILE:LINE[:COLUMN] names a moment: `bpgn show` shows it and `bpgn view` opens there
// (docs/show.md, *Which moment a place names*). tests/data/view/two-errors-one-line.bpgn has two
// errors on line 10: 2a. Ke6 (its SAN at column 19, its number at 15) and 2B. Kd3 (column 33);
// line 9 holds 1A. e4 (column 1, with the comment {a quiet start}) and 1a. e5 (from column 30).
#include "cli/binary_run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <regex>

namespace bpgn::check_test {
namespace {

const std::string kRecord = std::string(BPGN_CORPUS_DIR) + "/../tests/data/view/two-errors-one-line.bpgn";

BinaryRun show_at(const std::string& place) {
  return run_binary("show --ascii --color never " + shell_quoted(kRecord + place));
}

// The third line of show's output: what the moment is ("At 2a. Ke6 (ply 6 of 8, ...").
std::string caption(const BinaryRun& r) {
  std::size_t at = 0;
  for (int n = 0; n < 2 && at != std::string::npos; ++n) at = r.out.find('\n', at) + 1;
  return r.out.substr(at, r.out.find('\n', at) - at);
}

bool prints(const BinaryRun& r, const std::string& text) { return r.out.find(text) != std::string::npos; }

TEST(PlaceMoment, ShowsTheDiagnosticAtTheColumnOfTwoOnALine) {
  const BinaryRun first = show_at(":10:19"), second = show_at(":10:33");
  EXPECT_EQ(first.exit_code, 1) << first.err;
  EXPECT_EQ(second.exit_code, 1) << second.err;
  EXPECT_EQ(caption(first).rfind("At 2a. Ke6 (ply 6 of 8", 0), 0u) << first.out;
  EXPECT_TRUE(prints(first, "two-errors-one-line.bpgn:10:19: error[illegal-move]: Black (Bora) on board A")) << first.out;
  EXPECT_FALSE(prints(first, ":10:33:")) << first.out;
  EXPECT_EQ(caption(second).rfind("At 2B. Kd3 (ply 7 of 8", 0), 0u) << second.out;
  EXPECT_TRUE(prints(second, "two-errors-one-line.bpgn:10:33: error[illegal-move]: White (Cem) on board B")) << second.out;
  EXPECT_FALSE(prints(second, ":10:19:")) << second.out;
  // Without a column: the line's first diagnostic.
  EXPECT_EQ(show_at(":10").out, first.out);
}

TEST(PlaceMoment, AColumnOfNoDiagnosticNamesTheLastMoveStartingAtOrBeforeIt) {
  // Column 3 is inside 2A. Nf3, played: the position after it.
  EXPECT_EQ(caption(show_at(":10:3")).rfind("After 2A. Nf3 (ply 5 of 8", 0), 0u);
  // Column 15, where 2a. Ke6's number stands, names that move (its diagnostic is at 19).
  EXPECT_EQ(caption(show_at(":10:15")).rfind("At 2a. Ke6 (ply 6 of 8", 0), 0u);
  // Line 9: up to column 29 (1A. e4 and its comments), 1A. e4; from 30, 1a. e5.
  EXPECT_EQ(caption(show_at(":9:29")).rfind("After 1A. e4 (ply 1 of 8", 0), 0u);
  EXPECT_EQ(caption(show_at(":9:30")).rfind("After 1a. e5 (ply 2 of 8", 0), 0u);
  // Without a column, a line of moves: its first move.
  EXPECT_EQ(caption(show_at(":9")).rfind("After 1A. e4 (ply 1 of 8", 0), 0u);
  // Line 11 (the termination and the result) starts no move: the last move before it.
  EXPECT_EQ(caption(show_at(":11:1")).rfind("At 2b. Nc6 (ply 8 of 8", 0), 0u);
  // A tag line (what the reports give as a game's line): show's default, the first error.
  EXPECT_EQ(show_at(":1").out, run_binary("show --ascii --color never " + shell_quoted(kRecord)).out);
  EXPECT_EQ(caption(show_at(":5:3")).rfind("At 2a. Ke6", 0), 0u);
  // --at still decides.
  EXPECT_EQ(caption(run_binary("show --ascii --color never --at 1B " + shell_quoted(kRecord + ":10:33"))).rfind("After 1B. d4", 0), 0u);
}

nlohmann::json view_data(const std::string& place) {
  const std::string page = temp_path("place.html");
  const BinaryRun r = run_binary("view -o " + shell_quoted(page) + " " + shell_quoted(kRecord + place));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const std::string html = read_file(page);
  std::smatch m;
  EXPECT_TRUE(std::regex_search(html, m, std::regex(R"(id="bpgn-data">([^<]*)</script>)"))) << html.substr(0, 300);
  return nlohmann::json::parse(m[1].str()).at("games").at(0);
}

TEST(PlaceMoment, ViewOpensAtTheMomentThePlaceNames) {
  // moments: 0 the start, 1 + ply after each ply (2B. Kd3 is ply 7, index 6).
  const nlohmann::json second = view_data(":10:33");
  ASSERT_TRUE(second.contains("open")) << second.dump().substr(0, 300);
  EXPECT_EQ(second["open"]["moment"], 7);
  EXPECT_EQ(second["open"]["by"], "diagnostic");
  EXPECT_EQ(second["moments"][7]["at"], 6);
  const int k = second["open"]["violation"].get<int>();
  EXPECT_NE(second["violations"][k]["line"].get<std::string>().find(":10:33: error[illegal-move]"), std::string::npos);
  const nlohmann::json first = view_data(":10:19");
  EXPECT_EQ(first["open"]["moment"], 6);
  EXPECT_NE(first["violations"][first["open"]["violation"].get<int>()]["line"].get<std::string>().find(":10:19:"),
            std::string::npos);
  const nlohmann::json move = view_data(":9:30");
  EXPECT_EQ(move["open"]["moment"], 2);
  EXPECT_EQ(move["open"]["by"], "move");
  EXPECT_TRUE(move["open"]["violation"].is_null());
  // A line of the tags, and the game's own place as the reports give it: the start.
  for (const std::string place : {":3", ":1", ":1:1"}) {
    const nlohmann::json tags = view_data(place);
    EXPECT_EQ(tags["open"]["moment"], 0) << place;
    EXPECT_EQ(tags["open"]["by"], "start") << place;
  }
}

TEST(PlaceMoment, ViewDataHoldsTheRecordsOwnWords) {
  const std::string page = temp_path("words.html");
  ASSERT_EQ(run_binary("view -o " + shell_quoted(page) + " " + shell_quoted(kRecord)).exit_code, 1);
  const std::string html = read_file(page);
  // No record text reaches the page as markup.
  EXPECT_EQ(html.find("<img src=x"), std::string::npos);
  EXPECT_EQ(html.find("club </script>"), std::string::npos);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(html, m, std::regex(R"(id="bpgn-data">([^<]*)</script>)")));
  const nlohmann::json game = nlohmann::json::parse(m[1].str()).at("games").at(0);
  EXPECT_FALSE(game.contains("open"));  // no place named: the page opens at the start
  EXPECT_EQ(game["tags"][0], nlohmann::json::array({"Event", "<img src=x onerror=alert(1)>"}));
  EXPECT_EQ(game["tags"][3], nlohmann::json::array({"Round", "3"}));
  EXPECT_EQ(game["tags"].size(), 10u);
  EXPECT_EQ(game["termination"], "Ayla won");
  EXPECT_EQ(game["plies"][0]["comment"], "a quiet start");
  EXPECT_FALSE(game["plies"][1].contains("comment"));  // a clock alone is no comment
  // Neither board's play decides the match (both stopped at an illegal move): the record's 1-0 stands.
  EXPECT_EQ(game["result_used"], "1-0");
  EXPECT_EQ(game["result_source"], "record");
  EXPECT_TRUE(game["arbiter"].is_null());
}

TEST(PlaceMoment, ViewDataGivesTheArbitersDecisionAsTheResultUsed) {
  const std::string decisions = write_temp("place.adjudications",
                                           "match: Round \"3\" WhiteA \"Ayla\"\nresult: 0-1\nreason: Cem's <b>king</b> move stood\n");
  const std::string page = temp_path("arbiter.html");
  const BinaryRun r = run_binary("view --adjudications " + shell_quoted(decisions) + " -o " + shell_quoted(page) + " " +
                                 shell_quoted(kRecord));
  ASSERT_EQ(r.exit_code, 1) << r.err;
  std::smatch m;
  const std::string html = read_file(page);
  ASSERT_TRUE(std::regex_search(html, m, std::regex(R"(id="bpgn-data">([^<]*)</script>)")));
  const nlohmann::json game = nlohmann::json::parse(m[1].str()).at("games").at(0);
  EXPECT_EQ(game["result_used"], "0-1");
  EXPECT_EQ(game["result_source"], "arbiter");
  EXPECT_EQ(game["arbiter"]["reason"], "Cem's <b>king</b> move stood");
  EXPECT_EQ(game["arbiter"]["line"], 1);
  EXPECT_EQ(html.find("<b>king"), std::string::npos);
}

}  // namespace
}  // namespace bpgn::check_test
