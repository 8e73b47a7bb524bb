// `bpgn check --format html`: one self-contained page (inline CSS and SVG, no script, nothing
// fetched) for an arbiter: a summary table of every game, then a section per game with a violation
// (every game with `all`): players, rules, verdict and outcome; per violation both boards at that
// moment with holdings and clocks and the rule it breaks; the move list; a clock chart.
//
// Streams: summary rows go to the page as games come, sections to a temporary file copied in at
// the end, so memory does not grow with the number of games (docs/report.md).
#pragma once

#include "output/report_options.h"
#include "replay/check_summary.h"
#include "output/report_sink.h"
#include "output/spill_file.h"
#include "record/game.h"
#include "replay/replay.h"

#include <cstdio>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace bpgn {

struct HtmlReportOptions {
  bool all = false;                 // draw valid games too (--all)
  ReportOptions report;             // strict, max_errors: as for the text report
  std::vector<std::string> inputs;  // named in the page's header
};

class HtmlReport final : public ReportSink {
 public:
  HtmlReport(std::ostream& out, HtmlReportOptions options);
  ~HtmlReport() override;
  HtmlReport(const HtmlReport&) = delete;
  HtmlReport& operator=(const HtmlReport&) = delete;

  // Writes the page's head and opens the summary table.
  void begin() override;
  // One game's row, and its section (moments replayed as checked.replay says, under the rules
  // applied).
  void game(const Game& game, const CheckedGame& checked) override;

  // Closes the summary table, writes the totals and the sections, and ends the page.
  void finish(const CheckSummary& summary) override;

 private:
  std::ostream& out_;
  HtmlReportOptions options_;
  SpillFile sections_{"the report's sections"};  // the game sections, until finish() copies them in
  std::string buffer_;             // one game's section, then written to sections_
  std::size_t drawn_ = 0;          // games with a section
};

}  // namespace bpgn
