// `bpgn check --format github`: GitHub Actions workflow commands, one per violation
// (`::error file=games.bpgn,line=47,col=18,endColumn=22,title=drop-not-in-holding (board A, 12.)::...`),
// escaped as GitHub's toolkit escapes them, so a workflow step shows each on the changed line.
#pragma once

#include "output/report_options.h"
#include "output/report_sink.h"
#include "replay/check_summary.h"
#include "record/game.h"
#include "replay/replay.h"

#include <array>
#include <optional>
#include <ostream>
#include <vector>
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

struct GithubOptions {
  ReportOptions report;  // max_errors: violations listed per game
  // --max-annotations: the violations annotated in the whole run (in input order); the rest are
  // counted in one closing notice. Unset: every one.
  std::optional<std::size_t> max_annotations;
  // When set, finish() puts the run's Markdown summary there (for GITHUB_STEP_SUMMARY).
  std::string* step_summary = nullptr;
};

// One annotation as write_github_annotations writes it, read back (the step summary's problems).
struct GithubAnnotation {
  std::string level;  // error, warning, notice
  std::string file, line, code, message;  // unescaped
};
std::optional<GithubAnnotation> parse_github_annotation(std::string_view line);

// The first problems a step summary lists.
inline constexpr std::size_t kStepSummaryProblems = 20;

// The run as Markdown for GitHub's job summary: the counts by status and by code, the first
// problems with file:line (`problems`, of `annotated` annotations in all), the inputs that could
// not be read. Every text from a record or a file name is escaped for Markdown.
std::string github_step_summary(const CheckSummary& summary, const std::vector<GithubAnnotation>& problems,
                                std::size_t annotated);

// The report as a sink: each game's annotations, each input that could not be read in its place.
class GithubReport final : public RenderedReport {
 public:
  GithubReport(std::ostream& out, GithubOptions options) : out_(out), options_(options) {}
  GithubReport(std::ostream& out, ReportOptions options) : GithubReport(out, GithubOptions{options, std::nullopt, nullptr}) {}
  void input_failure(const CheckSummary::InputFailure& failure) override;
  void finish(const CheckSummary& summary) override;
  std::unique_ptr<ReportRenderer> renderer() const override;

 private:
  void write(const RenderedGame& game, bool first) override;
  std::ostream& out_;
  const GithubOptions options_;
  std::size_t written_ = 0;                   // violation annotations written
  std::array<std::size_t, 3> left_out_{};      // by level: error, warning, notice
  std::size_t annotated_ = 0;                 // violation annotations made (written or left out)
  std::vector<GithubAnnotation> problems_;    // the first kStepSummaryProblems (step summary)
};

}  // namespace bpgn
