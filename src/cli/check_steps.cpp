#include "cli/check_steps.h"

#include "cli/adjudication_file.h"
#include "cli/check_plan.h"
#include "cli/errors.h"
#include "cli/filter_options.h"
#include "cli/progress.h"
#include "io/commit/append_file.h"
#include "pipeline/commands/check_run.h"
#include "pipeline/run/fail_policy.h"

#include <unistd.h>

#include <array>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace bpgn {
namespace {

constexpr std::array<std::string_view, 4> kSortedOptions{"--valid-out", "--invalid-out", "--unreadable-out",
                                                         "--duplicates-out"};

std::array<const std::string*, 4> sorted_paths(const CheckConfig& config) {
  return {&config.valid_out, &config.invalid_out, &config.unreadable_out, &config.duplicates_out};
}

class CheckSteps : public CommandSteps {
 public:
  CheckSteps(const CheckConfig& config, const ReportFormat& format) : config_(config), format_(format) {}

  void prepare(const RunFiles&, std::ostream& err) override {
    filter_ = game_filter(config_.filters);
    adjudications_ = read_adjudications("check", config_.adjudications, err);
  }

  bool open(OutputGroup& outputs, std::ostream& err) override {
    if (!(output_ = outputs.open(config_.output, err))) return false;
    sorted_.canonical = config_.canonical;
    const auto paths = sorted_paths(config_);
    for (std::size_t k = 0; k < paths.size(); ++k) {
      if (paths[k]->empty()) continue;
      RunOutput* file = sorted_files_[k] = outputs.open(*paths[k], err);
      if (!file) return false;
      sorted_.file[k] = &file->stream();
      sorted_.name[k] = file->name();
    }
    if (!config_.summary_json.empty() && !(summary_file_ = outputs.open(config_.summary_json, err))) return false;
    if (step_summary() && !summary_md_.open(config_.step_summary)) {
      err << "bpgn check: GITHUB_STEP_SUMMARY: " << summary_md_.error() << '\n';
      outputs.discard();
      return false;
    }
    return true;
  }

  StreamResult stream(InputStreams& inputs, std::ostream& err) override {
    CheckRunSettings settings = check_run_settings(config_);
    settings.filter = filter_ ? &*filter_ : nullptr;
    settings.options.probe = filter_ ? filter_->probe() : nullptr;
    if (!config_.adjudications.empty()) settings.options.adjudications = &adjudications_;
    if (sorted_.any()) settings.sorted = &sorted_;
    std::optional<DuplicateIndex> seen;
    if (config_.duplicates || !config_.duplicates_out.empty()) settings.seen = &seen.emplace();
    settings.say = [&err](std::string_view message) { err << command_message("check", message) << '\n'; };
    settings.games_done = [](std::size_t n) { Progress::add_games(n); };
    ReportSettings report = report_settings(config_);
    if (step_summary()) report.step_summary = &summary_text_;
    const std::unique_ptr<ReportSink> sink = format_.make(output_->stream(), report);
    try {
      sink->begin();
      {  // On a terminal, while the report goes elsewhere: progress (cleared before the summary).
        Progress progress(!config_.quiet && (!config_.output.empty() || !::isatty(STDOUT_FILENO)),
                          total_input_bytes(config_.files));
        run_ = check_games(inputs, *sink, settings, err);
      }
      sink->finish(run_.summary);
    } catch (const std::runtime_error& e) {  // the HTML report's temporary file could not be written
      err << "bpgn check: " << e.what() << '\n';
      return StreamResult::ended(kExitIo);
    }
    // A game that could not be written to its sorted output fails the run: nothing is committed.
    return StreamResult::read(run_.games_read, run_.inputs_ok, !sorted_.failed);
  }

  // A decision that names no match, or several, is a bad command line: nothing is written.
  bool hold(std::ostream& err) override { return adjudications_hold("check", adjudications_, err); }

  std::optional<int> before_commit(OutputGroup& outputs, const StreamResult&, std::ostream& err) override {
    say_totals(config_, run_.summary, err);
    output_->stream().flush();
    // An input that failed while read had its games sorted already: no sorted output is committed.
    if (!sorted_.damaged_input.empty()) {
      for (const RunOutput* file : sorted_files_) {
        if (file) outputs.withhold(file);
      }
    }
    if (summary_file_)
      summary_file_->stream() << run_summary_json(run_.summary, config_.files.size(), run_.games_read, sorted_);
    return {};
  }

  std::optional<int> after_commit(bool committed, const StreamResult&, std::ostream& err) override {
    if (!committed) return kExitIo;
    // The step summary is appended once the outputs are committed (none when they were not).
    if (step_summary() && !summary_md_.append(summary_text_)) {
      err << "bpgn check: GITHUB_STEP_SUMMARY: " << summary_md_.error() << '\n';
      return kExitIo;
    }
    say_sorted_outputs(config_, sorted_, err);
    return {};
  }

  int exit_code(const StreamResult&) const override {
    return findings_fail(parse_fail_on(config_.fail_on).value_or(FailOn::Error), run_.summary) ? kExitInvalid
                                                                                               : kExitClean;
  }

 private:
  bool step_summary() const { return format_.name == "github" && !config_.step_summary.empty(); }

  const CheckConfig& config_;
  const ReportFormat& format_;
  std::optional<GameFilter> filter_;
  Adjudications adjudications_;
  RunOutput* output_ = nullptr;
  SortedOutputs sorted_;
  std::array<RunOutput*, 4> sorted_files_{};
  RunOutput* summary_file_ = nullptr;
  AppendFile summary_md_;
  std::string summary_text_;
  CheckRunResult run_;
};

}  // namespace

int run_check_files(const CheckConfig& config, const ReportFormat& format, CommandPlan plan, std::ostream& out,
                    std::ostream& err) {
  // Every output claimed once, against the inputs (the list too) and the outputs before it.
  plan.claims.push_back(CommandPlan::output(config.output, "-o"));
  const auto paths = sorted_paths(config);
  for (std::size_t k = 0; k < paths.size(); ++k) {
    if (!paths[k]->empty()) plan.claims.push_back(CommandPlan::file_output(*paths[k], std::string(kSortedOptions[k])));
  }
  plan.claims.push_back(CommandPlan::output(config.summary_json, "--summary-json"));
  if (format.name == "github" && !config.step_summary.empty())
    plan.claims.push_back(CommandPlan::output(config.step_summary, "GITHUB_STEP_SUMMARY"));
  plan.claims.push_back(CommandPlan::side_input(config.adjudications, "the --adjudications file"));
  CheckSteps steps(config, format);
  return run_command(plan, steps, out, err);
}

}  // namespace bpgn
