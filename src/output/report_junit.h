// `bpgn check --format junit`: JUnit XML as Jenkins and GitLab read it. One `testsuite` ("bpgn
// check") of one `testcase` per game, named by file, index and players, with the file as its
// `classname`; an invalid game has a `failure` (its first error as the message, every violation in
// the body), an unreadable game an `error`; an input that could not be read is a testcase with an
// `error` of its own. Warnings and notes of a game go to its `system-out`. The counts on the
// opening elements need every game first: the testcases wait in a temporary file (as the HTML
// report's sections do), so memory does not grow with the number of games.
#pragma once

#include "output/report_options.h"
#include "output/report_sink.h"
#include "output/spill_file.h"

#include <ostream>
#include <string>

namespace bpgn {

struct JunitOptions {
  ReportOptions report;  // max_errors: violations listed per game
};

class JunitReport final : public ReportSink {
 public:
  JunitReport(std::ostream& out, JunitOptions options);
  void game(const Game& game, const CheckedGame& checked) override;
  void finish(const CheckSummary& summary) override;

 private:
  std::ostream& out_;
  JunitOptions options_;
  SpillFile cases_{"the JUnit report's testcases"};  // until finish() copies them in
  std::string buffer_;
};

// Text made safe for XML 1.0 element text and quoted attributes: as visible_text shows it (controls,
// which XML 1.0 mostly does not allow, as `<U+001B>`; bytes that are not UTF-8 as `\xff`), with the
// five entities.
std::string xml_escape(std::string_view text);

}  // namespace bpgn
