// `bpgn check --format junit`: JUnit XML as Jenkins and GitLab read it. One `testsuite` ("bpgn
// check") of one `testcase` per game, named by file, index and players, with the file as its
// `classname`; an invalid game has a `failure` (its first error as the message, every violation in
// the body), an unreadable game an `error`; an input that could not be read is a testcase with an
// `error` of its own. Warnings and notes of a game go to its `system-out`. The counts on the
// opening elements need every game first: the testcases wait in a temporary file (as the HTML
// report's sections do), so memory does not grow with the number of games. With `by_file`, one
// testcase per input file instead: its games' problems in one `failure` (an `error` when one of
// them is unreadable); a file's lines wait in memory until its last game.
#pragma once

#include "output/report_options.h"
#include "output/report_sink.h"
#include "output/spill_file.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

namespace bpgn {

struct JunitOptions {
  ReportOptions report;  // max_errors: violations listed per game
  // --junit-case file: one testcase per input file (its games' problems in one failure) instead
  // of one per game.
  bool by_file = false;
};

// --junit-case file: the file whose games come now, until a game of another file comes.
struct JunitFileCase {
  std::string file;
  std::size_t last_file_index = 0;  // a game numbered no higher starts another reading of a file
  std::size_t games = 0, invalid = 0, unreadable = 0;
  std::string first_code, first_message;  // its first problem
  std::uint32_t first_line = 0;
  std::string failures, others;  // escaped diagnostic lines: problems / warnings and notes of valid games
};

class JunitReport final : public ReportSink {
 public:
  JunitReport(std::ostream& out, JunitOptions options);
  void game(const Game& game, const CheckedGame& checked) override;
  void finish(const CheckSummary& summary) override;

 private:
  void game_case(const Game& game, const CheckedGame& checked);
  void file_game(const Game& game, const CheckedGame& checked);
  void end_file_case();

  std::ostream& out_;
  JunitOptions options_;
  SpillFile cases_{"the JUnit report's testcases"};  // until finish() copies them in
  std::string buffer_;
  std::optional<JunitFileCase> file_;
  std::size_t cases_written_ = 0, failures_ = 0, errors_ = 0;  // the testcases in cases_
};

}  // namespace bpgn
