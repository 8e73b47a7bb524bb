// The one table of check's report formats: docs/check.md documents every name, each name makes
// its sink, and a sink writes the same bytes whether it is given a game whole (game(): --jobs 1)
// or rendered ahead of its place without its index (renderer() and write_rendered(): --jobs N).
#include "output/report_formats.h"
#include "pipeline/run/check_game.h"
#include "replay/check_test_util.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>

namespace bpgn::check_test {
namespace {

TEST(ReportFormats, DocsCheckMdDocumentsEveryName) {
  const std::string docs = read_file(std::string(BPGN_CORPUS_DIR) + "/../docs/check.md");
  ASSERT_FALSE(docs.empty());
  // The options table names them all, in the table's order: | `--format text\|json\|...` |
  const std::string row = "\n| `--format " + report_format_names("\\|") + "` |";
  EXPECT_NE(docs.find(row), std::string::npos) << row;
  // Each has a section of its own: `### name`, maybe followed by words in parentheses.
  std::set<std::string> headings;
  std::istringstream lines(docs);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("### ", 0) == 0) headings.insert(line.substr(4, line.find(' ', 4) - 4));
  }
  for (const ReportFormat& f : report_formats()) {
    EXPECT_TRUE(headings.count(std::string(f.name))) << "no section '### " << f.name << "' in docs/check.md";
    EXPECT_FALSE(f.description.empty()) << f.name;
  }
}

TEST(ReportFormats, EachNameFindsItsFormat) {
  ASSERT_FALSE(report_formats().empty());
  EXPECT_EQ(report_formats().front().name, "text");  // the default
  for (const ReportFormat& f : report_formats()) {
    const ReportFormat* found = find_report_format(f.name);
    ASSERT_NE(found, nullptr) << f.name;
    EXPECT_EQ(found->name, f.name);
  }
  EXPECT_EQ(find_report_format("xml"), nullptr);
  EXPECT_EQ(find_report_format("JSON"), nullptr);
  EXPECT_EQ(find_report_format(""), nullptr);
}

// Games with errors, warnings, several violations, an unreadable one; their indexes start at 7,
// their numbers in their file at 3.
struct Games {
  std::vector<Game> games;
  std::vector<CheckedGame> checked;
};

Games checked_games(bool strict) {
  const std::string text = bpgn("1A. e4 1a. e5 3A. Nf3") + "\n" + bpgn("1A. e4 1a. d5 1B. N@f3 2A. exd5 2a. Q@e1") +
                           "\n" + bpgn("1A. e4 1a. e5 1B. d4 1b. d5") + "\n[Event \"broken]\n";
  Games out;
  GameCheckOptions options;
  options.strict = strict;
  std::size_t index = 7;
  for (Game g : read_games(text)) {
    g.file_index = index - 4;
    g.index = index++;
    out.checked.push_back(check_game(g, RuleChoice{}, options));
    out.games.push_back(std::move(g));
  }
  return out;
}

// The whole report: begin, the games (an input failure after the second), finish.
template <class Give>
std::string report_of(const ReportFormat& format, const ReportSettings& settings, const Games& g, Give&& give) {
  std::ostringstream out;
  const std::unique_ptr<ReportSink> sink = format.make(out, settings);
  CheckSummary summary;
  sink->begin();
  for (std::size_t i = 0; i < g.games.size(); ++i) {
    summary.add(g.checked[i].status, g.checked[i].result);
    give(*sink, g.games[i], g.checked[i], i == 0);
    if (i == 1) {
      CheckSummary::InputFailure failure{"gone.bpgn", "No such file or directory"};
      sink->input_failure(failure);
      summary.input_failures.push_back(failure);
    }
  }
  sink->finish(summary);
  return out.str();
}

TEST(ReportFormats, AGameRenderedAheadIsWrittenAsAWholeOne) {
  std::vector<ReportSettings> variants(4);
  variants[1].report.max_errors = 1;  // the text report's note names the index
  variants[1].report.strict = true;
  variants[2].verbose = true;
  variants[3].quiet = true;
  std::size_t rendered_formats = 0;
  for (const ReportFormat& format : report_formats()) {
    std::ostringstream probe;
    const bool renders = format.make(probe, variants[0])->renderer() != nullptr;
    // The one-document formats are written in one thread (docs/check.md, Threads).
    EXPECT_EQ(!renders, format.name == "html" || format.name == "sarif" || format.name == "junit") << format.name;
    if (!renders) continue;
    ++rendered_formats;
    for (std::size_t v = 0; v < variants.size(); ++v) {
      const Games g = checked_games(variants[v].report.strict);
      const std::string whole = report_of(format, variants[v], g, [](ReportSink& sink, const Game& game,
                                                                      const CheckedGame& checked, bool) {
        sink.game(game, checked);
      });
      std::unique_ptr<ReportRenderer> renderer;
      const std::string ahead = report_of(format, variants[v], g, [&](ReportSink& sink, const Game& game,
                                                                     const CheckedGame& checked, bool first) {
        if (!renderer) renderer = sink.renderer();
        Game unnumbered = game;  // the worker does not know the index
        unnumbered.index = 0;
        unnumbered.file_index = 0;
        std::string text;
        RenderedGame r;
        r.index_at = renderer->render(unnumbered, checked, text);
        r.text = text;
        r.index = game.index;
        r.file_index = game.file_index;
        const std::string alone = first ? renderer->alone(unnumbered, checked) : std::string();
        r.alone = alone;
        sink.write_rendered(r);
      });
      EXPECT_EQ(whole, ahead) << format.name << " variant " << v;
      if (format.name == "json" || format.name == "jsonl") {
        EXPECT_NE(whole.find("{\"index\":8,\"file\":\"test.bpgn\""), std::string::npos) << whole;
        EXPECT_NE(whole.find("},\"file_index\":4,\"rule_options\":"), std::string::npos) << whole;
      }
      if (format.name == "text" && v == 1) {
        EXPECT_NE(whole.find("more violation(s) of game 8 not listed"), std::string::npos) << whole;
      }
    }
  }
  EXPECT_EQ(rendered_formats, 5u);  // text, json, jsonl, github, codequality
}

}  // namespace
}  // namespace bpgn::check_test
