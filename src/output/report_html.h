// `bpgn check --format html`: one self-contained page (inline CSS and SVG, no script, nothing
// fetched) for an arbiter: a summary table of every game, then a section per game with a violation
// (every game with `all`): players, rules, verdict and outcome; per violation both boards at that
// moment with holdings and clocks and the rule it breaks; the move list; a clock chart.
//
// Streams: summary rows go to the page as games come, sections to a temporary file copied in at
// the end, so memory does not grow with the number of games (docs/report.md).
#pragma once

#include "output/check_report.h"
#include "output/document_report.h"
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

class HtmlReport final : public DocumentReport {
 public:
  // Writes the page's head and opens the summary table.
  HtmlReport(std::ostream& out, HtmlReportOptions options);
  ~HtmlReport() override;
  HtmlReport(const HtmlReport&) = delete;
  HtmlReport& operator=(const HtmlReport&) = delete;

  // One game, as replayed with `replay_options` (moments are replayed the same way, under
  // result.rules).
  void add(const Game& game, const ReplayResult& result, const ReplayOptions& replay_options, GameStatus status) override;

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
