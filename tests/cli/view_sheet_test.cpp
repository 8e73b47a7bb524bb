// bpgn view --sheet (docs/view.md, "Decision sheet"): the one page for the arbiter of one match,
// read as text from the built binary. The values expected are worked out from the records by hand:
// the Turkish checking drop of tests/html (Deniz, BlackB, drops a pawn with check on f2 at line 9,
// column 59) and the points of the Turkish table (rules.md, docs/check.md). The page printed on one
// A4 or Letter page is tests/html/sheet_print_test.py's (Chromium).
#include "cli/binary_run.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

namespace bpgn::check_test {
namespace {

const std::string kSource = std::filesystem::path(BPGN_CORPUS_DIR).parent_path().string();
const std::string kDrop = kSource + "/tests/html/turkish-check-drop.bpgn";
const std::string kPlayedOn = kSource + "/tests/html/turkish-played-on.bpgn";

// The checking drop with its moves on three lines (9: the first two, 10: 2A. exd5 and 1B. f4, 11:
// the drop), so that a line or a column names one move.
const std::string kDropByLines = R"([Event "sheet test"]
[Site "club"]
[Date "2026.11.28"]
[Variant "Turkish"]
[WhiteA "Ayla"][BlackA "Bora"][WhiteB "Cem"][BlackB "Deniz"]
[TimeControl "180"]
[Result "*"]

1A. e4 {179} 1a. d5 {178}
2A. exd5 {177} 1B. f4 {179}
1b. P@f2+ {175} *
)";

// The text of the table row whose opening tag holds `marker`, its tags taken out and spaces joined.
std::string row_text(const std::string& page, const std::string& marker) {
  const std::size_t at = page.find(marker);
  if (at == std::string::npos) return {};
  const std::size_t end = page.find("</tr>", at);
  std::string text = std::regex_replace(page.substr(at, end - at), std::regex("<[^>]*>"), " ");
  text = std::regex_replace(text, std::regex("\\s+"), " ");
  return std::regex_replace(text, std::regex("^ | $"), "");
}

TEST(ViewSheet, NamesTheCodeBoardMoveRuleAndTermination) {
  const BinaryRun r = run_binary("view " + shell_quoted(kDrop + ":9") + " --sheet");
  EXPECT_EQ(r.exit_code, 1) << r.err;  // the game has an error, as view and check say
  const std::string& page = r.out;
  ASSERT_TRUE(page.starts_with("<!DOCTYPE html>")) << page.substr(0, 200);
  // The diagnostic as check writes it, and the rule it breaks as the report quotes it.
  EXPECT_NE(page.find(kDrop + ":9:59: error[drop-gives-check]: Black (Deniz) on board B: the drop 1b. P@f2+ gives "
                              "check, which turkish forbids (drop_check=forbidden)"),
            std::string::npos);
  EXPECT_NE(page.find(R"(<blockquote class="rule"><p>drop_check=forbidden: no drop may give check.)"), std::string::npos);
  EXPECT_NE(page.find("The rule, from docs/rules.md, <i>Drops</i>"), std::string::npos);
  // The moment: the drop, not played; board B's f2 (a dark square) red, Deniz's pawn still in hand.
  EXPECT_NE(page.find("At 1b. P@f2+ (ply 5 of 5, match time 0:06), not played: the position its player saw"),
            std::string::npos);
  const std::size_t board_b = page.find(R"(id="sheet-B")");
  ASSERT_NE(board_b, std::string::npos);
  EXPECT_NE(page.find(R"(data-square="f2" x=)", board_b), std::string::npos);
  EXPECT_TRUE(std::regex_search(page.substr(board_b, page.find("</svg>", board_b) - board_b),
                                std::regex(R"(data-square="f2" [^>]*fill="#d05a5a")")));
  EXPECT_NE(page.find(R"(<div class="hand" title="a pawn">)", board_b), std::string::npos);
  // The four clocks at that moment: 179 - 2 s for Ayla and Bora, Cem 2:59, Deniz's last reading 2:55.
  EXPECT_NE(page.find(R"(data-seat="BlackB"><span class="name">BlackB Deniz</span><span class="clock">2:55)"), std::string::npos);
  EXPECT_NE(page.find(R"(data-seat="WhiteB"><span class="name">WhiteB Cem</span><span class="clock">2:59)"), std::string::npos);
  // The tags and the players with their boards, colours and teams.
  EXPECT_NE(page.find("report test: a checking drop under Turkish rules"), std::string::npos);
  EXPECT_NE(page.find("180 (3:00 per player)"), std::string::npos);
  EXPECT_EQ(row_text(page, R"(<th rowspan="2">Team 1</th>)"), "Team 1 Ayla A White");
  EXPECT_EQ(row_text(page, R"(<th rowspan="2">Team 2</th>)"), "Team 2 Bora A Black");
  EXPECT_NE(page.find(R"(<td class="one" data-seat="BlackB">Deniz</td><td>B</td><td>Black</td>)"), std::string::npos);
  // The record's account (no termination text; result *) and bpgn's verdict in show's words.
  EXPECT_NE(page.find(R"(<div class="clamp2 termination">(the record gives none)</div>)"), std::string::npos);
  EXPECT_NE(page.find(R"(<td class="recorded">*</td>)"), std::string::npos);
  EXPECT_NE(page.find("team 2 (BlackA Bora and WhiteB Cem) wins by the other side&#39;s illegal action on board B"),
            std::string::npos);
  // No decision given: lines to fill in, and the three signature boxes.
  EXPECT_NE(page.find(R"(<tr><th>Decision</th><td class="fill-cell"></td></tr>)"), std::string::npos);
  for (const char* role : {"The arbiter", "Captain of team 1", "Captain of team 2"}) {
    EXPECT_NE(page.find(std::string(R"(<div class="signature"><div class="role">)") + role + "</div>"), std::string::npos) << role;
  }
  EXPECT_EQ(page.find("<script"), std::string::npos);  // no script: the policy allows none
  EXPECT_NE(page.find("default-src 'none'; style-src 'unsafe-inline'"), std::string::npos);
}

TEST(ViewSheet, ATerminationTextIsQuoted) {
  // A valid FICS match: the end of the record, its termination comment, no diagnostic.
  const BinaryRun r = run_binary("view " + shell_quoted(std::string(BPGN_CORPUS_DIR) + "/fics/1934301.bpgn") + " --sheet");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(R"(<div class="clamp2 termination">BobBughouse checkmated</div>)"), std::string::npos);
  EXPECT_NE(r.out.find("No move named and no violation: the end of the record."), std::string::npos);
  EXPECT_NE(r.out.find(R"(<p class="moment">At the end of the record ()"), std::string::npos);
  EXPECT_NE(r.out.find("bpgn finds no violation here."), std::string::npos);
}

TEST(ViewSheet, ShowsTheDecisionItsReasonAndThePointsBeforeAndAfter) {
  // bpgn's verdict under Turkish scoring: team 2 wins by Deniz's illegal drop on board B -- Cem 2,
  // Bora 1.5, Ayla 0.5, Deniz 0: team 1 0.5, team 2 3.5. A drawn decision gives each player 1.
  const std::string draw = write_temp("draw.adjudications",
                                      "match: turkish-check-drop.bpgn:1\nresult: 1/2-1/2\n"
                                      "reason: Bora <b>saw</b> no check & both captains agreed\n");
  BinaryRun r = run_binary("view " + shell_quoted(kDrop + ":9") + " --sheet --adjudications " + shell_quoted(draw));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find(R"(<div class="clamp2 decided">result 1/2-1/2</div>)"), std::string::npos);
  EXPECT_NE(r.out.find(R"(<div class="clamp3 reason">Bora &lt;b&gt;saw&lt;/b&gt; no check &amp; both captains agreed</div>)"),
            std::string::npos);
  EXPECT_NE(r.out.find("Points (Turkish scoring)"), std::string::npos);
  EXPECT_EQ(row_text(r.out, R"(<tr data-side="1">)"), "Team 1 0.5 Ayla 0.5, Deniz 0 2 Ayla 1, Deniz 1");
  EXPECT_EQ(row_text(r.out, R"(<tr data-side="2">)"), "Team 2 3.5 Bora 1.5, Cem 2 2 Bora 1, Cem 1");
  EXPECT_EQ(row_text(r.out, R"(<tr class="result">)"), "Result 0-1 1/2-1/2");
  // bpgn's verdict stays its own: the decision is not written into it.
  EXPECT_EQ(r.out.find("arbiter&#39;s decision: result"), std::string::npos);

  // Points as the arbiter gives them: team 1 1 + 0.5, team 2 1 + 1.5.
  const std::string points = write_temp("points.adjudications",
                                        "match: Event \"report test: a checking drop under Turkish rules\"\n"
                                        "points: Ayla 1, Bora 1, Cem 1.5, Deniz 0.5\naward: special\nreason: claimed late\n");
  r = run_binary("view " + shell_quoted(kDrop) + " --sheet --adjudications " + shell_quoted(points));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(row_text(r.out, R"(<tr data-side="1">)"), "Team 1 0.5 Ayla 0.5, Deniz 0 1.5 Ayla 1, Deniz 0.5");
  EXPECT_EQ(row_text(r.out, R"(<tr data-side="2">)"), "Team 2 3.5 Bora 1.5, Cem 2 2.5 Bora 1, Cem 1.5");
  std::filesystem::remove(draw);
  std::filesystem::remove(points);
}

TEST(ViewSheet, SeveralGamesAreAUsageErrorAndNothingIsWritten) {
  const std::string out = temp_path("several.html");
  BinaryRun r = run_binary("view " + shell_quoted(kPlayedOn) + " --sheet -o " + shell_quoted(out));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bpgn view: --sheet writes the decision sheet of one match"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
  // Two files of one game each are two games too; --game, --index or FILE:LINE name one.
  r = run_binary("view " + shell_quoted(kDrop) + " " + shell_quoted(kSource + "/corpus/fics/1934301.bpgn") + " --sheet");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty());
  r = run_binary("view " + shell_quoted(kPlayedOn) + " --game 8 --sheet -o " + shell_quoted(out));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(read_file(out).find("error[promotion-invalid]"), std::string::npos);
  r = run_binary("view --index 2 " + shell_quoted(kDrop) + " " + shell_quoted(kPlayedOn) + " --sheet");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("as played 1:"), std::string::npos);
  // The sheet is never written onto an input.
  r = run_binary("view " + shell_quoted(kDrop) + " --sheet -o " + shell_quoted(kDrop));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(read_file(kDrop).starts_with("[Event "));
  std::filesystem::remove(out);
}

TEST(ViewSheet, TheLineOrColumnNamedIsTheMoment) {
  const std::string file = write_temp("by-lines.bpgn", kDropByLines);
  // Line 10 holds two moves and no violation: its first move, 2A. exd5 (ply 3).
  BinaryRun r = run_binary("view " + shell_quoted(file + ":10") + " --sheet");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("After 2A. exd5 (ply 3 of 5"), std::string::npos);
  EXPECT_NE(r.out.find("The move named: bpgn finds no violation in it."), std::string::npos);
  EXPECT_NE(r.out.find("bpgn finds no violation here."), std::string::npos);
  // Column 20 of line 10 is in `1B. f4` (columns 16 to 21).
  r = run_binary("view " + shell_quoted(file + ":10:20") + " --sheet");
  EXPECT_NE(r.out.find("After 1B. f4 (ply 4 of 5"), std::string::npos);
  // Line 11: the drop's error; and with no line named (the game's first line), the first error.
  for (const std::string place : {":11", ":1", ""}) {
    r = run_binary("view " + shell_quoted(file + place) + " --sheet");
    EXPECT_NE(r.out.find("At 1b. P@f2+ (ply 5 of 5"), std::string::npos) << place;
    EXPECT_NE(r.out.find(file + ":11:5: error[drop-gives-check]"), std::string::npos) << place;
  }
  EXPECT_NE(r.out.find("No move named: the game's first error."), std::string::npos);
  std::filesystem::remove(file);
}

TEST(ViewSheet, AnArchiveMemberAndLine) {
  // tests/fuzz/seeds/input/a.zip holds two games (a.bpgn, dir/b.bpgn), both with no moves read.
  const std::string zip = kSource + "/tests/fuzz/seeds/input/a.zip";
  BinaryRun r = run_binary("view " + shell_quoted(zip + ":dir/b.bpgn:7") + " --sheet");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find(zip + ":dir/b.bpgn:7:36: error[syntax]: expected moves or a result after the tags"), std::string::npos);
  EXPECT_NE(r.out.find("The record has no moves to draw."), std::string::npos);
  r = run_binary("view " + shell_quoted(zip) + " --sheet");
  EXPECT_EQ(r.exit_code, 2);
}

TEST(ViewSheet, HostileTagsAreEscaped) {
  const std::string file = write_temp("hostile.bpgn", R"([Event "<script>alert(1)</script>"]
[Site "</title><img src=x onerror=alert(2)>"]
[Round "&amp; 'quoted' \"double\""]
[WhiteA "<b>Ayla</b>"][BlackA "Bora"][WhiteB "Cem"][BlackB "Deniz"]
[Result "*"]

1A. e4 1a. e5 {<script>x</script> resigns} *
)");
  const BinaryRun r = run_binary("view " + shell_quoted(file) + " --sheet");
  EXPECT_EQ(r.out.find("<script"), std::string::npos) << r.out.substr(0, 2000);
  EXPECT_EQ(r.out.find("<img"), std::string::npos);
  EXPECT_EQ(r.out.find("<b>Ayla"), std::string::npos);
  EXPECT_NE(r.out.find("<title>Decision sheet: &lt;script&gt;alert(1)&lt;/script&gt;, round &amp;amp; &#39;quoted&#39; "
                       "&quot;double&quot;</title>"),
            std::string::npos);
  EXPECT_NE(r.out.find("&lt;/title&gt;&lt;img src=x onerror=alert(2)&gt;"), std::string::npos);
  EXPECT_NE(r.out.find(R"(data-seat="WhiteA">&lt;b&gt;Ayla&lt;/b&gt;</td>)"), std::string::npos);
  EXPECT_NE(r.out.find("&lt;script&gt;x&lt;/script&gt; resigns"), std::string::npos);
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace bpgn::check_test
