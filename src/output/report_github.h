// `bpgn check --format github`: GitHub Actions workflow commands, one per violation
// (`::error file=games.bpgn,line=47,col=18,endColumn=22,title=drop-not-in-holding (board A, 12.)::...`),
// escaped as GitHub's toolkit escapes them, so a workflow step shows each on the changed line.
#pragma once

#include "output/report_options.h"
#include "output/report_sink.h"
#include "replay/check_summary.h"
#include "record/game.h"
#include "replay/replay.h"

#include <ostream>
#include <string>
#include <string_view>

namespace bpgn {

// A command's message: `%`, CR and LF escaped.
std::string github_escape_data(std::string_view text);
// A property value: also `:` and `,`.
std::string github_escape_property(std::string_view text);

// The game's violations (at most options.max_errors listed), one command a line, appended to `out`.
void write_github_annotations(std::string& out, const Game& game, const ReplayResult& result,
                              const ReportOptions& options);

// An input that could not be read: an error on the file.
std::string github_input_failure(const CheckSummary::InputFailure& failure);

// The report as a sink: each game's annotations, each input that could not be read in its place.
class GithubReport final : public RenderedReport {
 public:
  GithubReport(std::ostream& out, ReportOptions options) : out_(out), options_(options) {}
  void input_failure(const CheckSummary::InputFailure& failure) override;
  std::unique_ptr<ReportRenderer> renderer() const override;

 private:
  void write(const RenderedGame& game, bool first) override;
  std::ostream& out_;
  const ReportOptions options_;
};

}  // namespace bpgn
