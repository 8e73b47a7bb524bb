// The HTML report's page, read as text: what each game gets, escaping, streaming, and the
// command line around it. (tests/html/report_browser_test.py looks at it in Chromium.)
#include "cli/binary_run.h"
#include "output/report_html.h"
#include "output/svg_board.h"
#include "support/text.h"

#include <fstream>
#include <regex>
#include <sstream>

namespace bpgn::check_test {
namespace {

using test::count;

// The `fill` of one square's rect.
std::string fill_of(const std::string& svg, const std::string& square) {
  const std::regex re("data-square=\"" + square + "\"[^>]*fill=\"(#[0-9a-f]{6})\"");
  std::smatch m;
  return std::regex_search(svg, m, re) ? m[1].str() : "";
}

TEST(SvgBoard, SquaresPiecesAndMarks) {
  BoardMarks marks;
  marks.last_from = make_square(4, 1);  // e2
  marks.last_to = make_square(4, 3);    // e4
  marks.bad_to = make_square(5, 2);     // f3
  BoardSvgOptions o;
  o.id = "b";
  const std::string svg = svg_board(Position::start(), marks, o);
  EXPECT_EQ(count(svg, "<rect data-square="), 64u);
  EXPECT_EQ(count(svg, "<use href=\"#piece-w"), 16u);
  EXPECT_EQ(count(svg, "<use href=\"#piece-b"), 16u);
  EXPECT_EQ(fill_of(svg, "e4"), std::string(kLastMoveSquares.light));  // e4 is a light square
  EXPECT_EQ(fill_of(svg, "e2"), std::string(kLastMoveSquares.light));
  EXPECT_EQ(fill_of(svg, "f3"), std::string(kOffendingSquares.light));
  EXPECT_EQ(fill_of(svg, "a1"), std::string(kPlainSquares.dark));
  EXPECT_EQ(fill_of(svg, "h1"), std::string(kPlainSquares.light));
  // White's side at the bottom: the first square drawn (top left) is a8; turned round it is h1.
  EXPECT_NE(svg.find(R"(<rect data-square="a8" x="0" y="0")"), std::string::npos);
  o.flipped = true;
  EXPECT_NE(svg_board(Position::start(), marks, o).find(R"(<rect data-square="h1" x="0" y="0")"), std::string::npos);
  // The white king on e1 stands on the bottom row, fifth column; turned round, top row, fourth.
  EXPECT_NE(svg.find(R"(<use href="#piece-wk" x="180" y="315")"), std::string::npos);
  EXPECT_NE(svg_board(Position::start(), marks, o).find(R"(<use href="#piece-wk" x="135" y="0")"), std::string::npos);
}

TEST(SvgBoard, HoldingShowsEachPieceOnceWithItsCount) {
  Holding h{};
  h[Pawn] = 2;
  h[Queen] = 1;
  const std::string svg = svg_holding(h, Black);
  EXPECT_EQ(count(svg, "<use "), 2u);
  EXPECT_NE(svg.find("#piece-bq"), std::string::npos);
  EXPECT_NE(svg.find("#piece-bp"), std::string::npos);
  EXPECT_NE(svg.find("×2"), std::string::npos);
  EXPECT_EQ(svg.find("×1"), std::string::npos);
  EXPECT_NE(svg_holding(Holding{}, White).find("nothing in hand"), std::string::npos);
  // Twelve symbols, one per piece, defined once.
  EXPECT_EQ(count(svg_piece_definitions(), "<symbol id=\"piece-"), 12u);
}

// A page of four games: valid, a drop not held, a name with markup and a move that is no move, and
// an unreadable one (a broken tag and nothing after it).
const std::string kThree = bpgn("1A. e4 1a. e5") + "\n" + bpgn("1A. e4 1a. d5 1B. N@f3 2A. exd5") + "\n" +
                           "[Event \"x\"]\n[WhiteA \"<b>Al</b> & co\"]\n[Result \"*\"]\n\n1A. e4 1a. Zz9\n\n" +
                           "[Event \"broken]\n";

std::string page(const std::string& text, bool all, std::optional<std::size_t> max_errors = std::nullopt,
                 std::string* before_finish = nullptr) {
  std::ostringstream out;
  HtmlReportOptions options;
  options.all = all;
  options.report.max_errors = max_errors;
  options.inputs = {"test.bpgn"};
  HtmlReport report(out, options);
  report.begin();
  CheckSummary summary;
  for (const Game& g : read_games(text)) {
    Game game = g;
    const RuleSet rules = default_rules_for_record(game);
    CheckedGame checked;
    checked.replay.tolerance_seconds = 2;
    checked.result = replay(game, rules, checked.replay);
    checked.status = status_of(game, checked.result, options.report.strict);
    summary.add(checked.status, checked.result);
    report.game(game, checked);
  }
  if (before_finish) *before_finish = out.str();
  report.finish(summary);
  return out.str();
}

TEST(HtmlReport, EveryGameIsListedAndOnlyGamesWithViolationsAreDrawn) {
  const std::string html = page(kThree, false);
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>"));
  EXPECT_TRUE(html.ends_with("</body></html>\n"));
  EXPECT_EQ(count(html, "<tr class=\"valid\">"), 1u);
  EXPECT_EQ(count(html, "<tr class=\"invalid\">"), 2u);
  EXPECT_EQ(count(html, "<tr class=\"unreadable\">"), 1u);
  EXPECT_EQ(html.find("id=\"game-1\""), std::string::npos);
  EXPECT_NE(html.find("id=\"game-2\""), std::string::npos);
  EXPECT_NE(html.find("id=\"game-3\""), std::string::npos);
  EXPECT_NE(html.find("id=\"game-4\""), std::string::npos);
  EXPECT_NE(html.find("1 game without a violation is listed above and not drawn"), std::string::npos);
  // The drop not held: both boards at that moment, the diagnosis, the rule quoted.
  EXPECT_NE(html.find(R"(id="g2-p3-A")"), std::string::npos);
  EXPECT_NE(html.find(R"(id="g2-p3-B")"), std::string::npos);
  EXPECT_NE(html.find("error[drop-not-in-holding]"), std::string::npos);
  EXPECT_NE(html.find("On their turn a player either moves or drops one piece"), std::string::npos);
  EXPECT_NE(html.find("At 1B. N@f3 (ply 3 of 4), not played"), std::string::npos);
  // The move list marks the offending move and links to its figure.
  EXPECT_NE(html.find(R"(<tr id="g2-m3" class="bad unplayed">)"), std::string::npos);
  EXPECT_NE(html.find(R"(<a href="#g2-p3">drop-not-in-holding</a>)"), std::string::npos);
  // Nothing a browser would run or fetch.
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http:"), std::string::npos);
  EXPECT_EQ(html.find("https:"), std::string::npos);
  EXPECT_NE(html.find("Content-Security-Policy"), std::string::npos);
}

TEST(HtmlReport, EachGameSaysHowToOpenItInTheViewer) {
  // Game 2 of kThree starts on line 7 (game 1: five lines, then a blank one).
  const std::string html = page(kThree, false);
  EXPECT_NE(html.find("<code>bpgn view test.bpgn:7 -o match.html</code>"), std::string::npos);
  // A name the shell would split or read is quoted, and escaped for the page.
  std::ostringstream out;
  HtmlReport report(out, HtmlReportOptions{});
  report.begin();
  const std::string text = bpgn("1A. e4 1a. e5 1B. N@f3");
  Game game = read_games(text, "it's <x>.bpgn").front();
  game.index = 1;
  CheckedGame checked;
  checked.result = replay(game, default_rules_for_record(game), checked.replay);
  checked.status = status_of(game, checked.result, false);
  report.game(game, checked);
  report.finish(CheckSummary{});
  EXPECT_NE(out.str().find("<code>bpgn view &#39;it&#39;\\&#39;&#39;s &lt;x&gt;.bpgn&#39;:1 -o match.html</code>"),
            std::string::npos)
      << out.str().substr(out.str().find("view-hint"), 200);
}

TEST(HtmlReport, AllDrawsValidGamesWithTheirFinalPosition) {
  const std::string html = page(kThree, true);
  EXPECT_NE(html.find("id=\"game-1\""), std::string::npos);
  EXPECT_NE(html.find(R"(id="g1-final-A")"), std::string::npos);
  EXPECT_EQ(html.find("not drawn"), std::string::npos);
}

// The move that decided the match is marked and labelled by how: a mate in green, an illegal
// action (which lost) in red with "decided the match: illegal", never in the colour of a fine move.
TEST(HtmlReport, TheDecidingMoveSaysWhetherItWasIllegal) {
  const std::string turkish =
      "[Event \"x\"]\n[Variant \"Turkish\"]\n[Result \"*\"]\n\n"
      "1A. e4 1a. d5 2A. exd5 1B. f4 1b. P@f2+ *\n";
  const std::string illegal = page(turkish, false);
  EXPECT_NE(illegal.find(R"(<tr id="g1-m5" class="bad decisive-illegal unplayed">)"), std::string::npos) << illegal;
  EXPECT_EQ(count(illegal, "decided the match: illegal</span>"), 1u);
  EXPECT_EQ(illegal.find("decided the match: mate"), std::string::npos);
  EXPECT_EQ(illegal.find(R"(class="decisive")"), std::string::npos);
  // The illegal row's style is not the mate's green.
  EXPECT_NE(illegal.find("tr.decisive-illegal td { background: #f2a0a0;"), std::string::npos);

  const std::string mate = page("[Event \"x\"]\n[Variant \"chess\"]\n[Result \"0-1\"]\n\n"
                                "1. f3 e5 2. g4 Qh4# 0-1\n",
                                true);
  EXPECT_NE(mate.find(R"(<tr id="g1-m4" class="decisive">)"), std::string::npos) << mate;
  EXPECT_EQ(count(mate, "decided the match: mate</span>"), 1u);
  EXPECT_EQ(mate.find("decided the match: illegal</span>"), std::string::npos);
}

TEST(HtmlReport, RecordTextIsEscaped) {
  const std::string html = page(kThree, false);
  EXPECT_EQ(html.find("<b>Al</b>"), std::string::npos);
  EXPECT_NE(html.find("&lt;b&gt;Al&lt;/b&gt; &amp; co"), std::string::npos);
}

TEST(HtmlReport, MaxErrorsListsTheFirstAndCountsTheRest) {
  // Four missing tags (WhiteA, BlackA, WhiteB, BlackB): one listed.
  const std::string text = "[Event \"t\"]\n[Result \"*\"]\n\n1A. e4 1a. e5 *\n";
  const std::string html = page(text, false, 1);
  EXPECT_EQ(count(html, "warning[missing-tag]"), 1u);
  EXPECT_NE(html.find("3 more violations not listed (--max-errors 1)"), std::string::npos);
}

TEST(HtmlReport, SectionsWaitInATemporaryFileUntilTheEnd) {
  // Streaming: while games come, the page holds only the summary rows; the sections are copied in
  // by finish(), after the totals.
  std::string before;
  const std::string html = page(kThree, false, std::nullopt, &before);
  EXPECT_NE(before.find("<tr class=\"invalid\">"), std::string::npos);
  EXPECT_EQ(before.find("<section"), std::string::npos);
  EXPECT_LT(html.find("id=\"totals\""), html.find("<section"));
}

TEST(HtmlReport, CommandLine) {
  const std::string in = temp_path("html_in.bpgn");
  {
    std::ofstream f(in);
    f << kThree;
  }
  const std::string out1 = temp_path("one.html"), out2 = temp_path("two.html");
  const BinaryRun r = run_binary("check --format html -o '" + out1 + "' '" + in + "'");
  EXPECT_EQ(r.exit_code, 1);  // invalid games
  EXPECT_NE(r.err.find("4 games read: 1 valid, 2 invalid, 1 unreadable"), std::string::npos) << r.err;
  const BinaryRun r2 = run_binary("check --format html --jobs 3 -o '" + out2 + "' '" + in + "'");
  EXPECT_EQ(r2.exit_code, 1);
  EXPECT_EQ(read_file(out1), read_file(out2));
  EXPECT_NE(read_file(out1).find("id=\"game-2\""), std::string::npos);
  const BinaryRun all = run_binary("check --format html --all '" + in + "'");
  EXPECT_NE(all.out.find("id=\"game-1\""), std::string::npos);
  std::filesystem::remove(in);
  std::filesystem::remove(out1);
  std::filesystem::remove(out2);
}

}  // namespace
}  // namespace bpgn::check_test
