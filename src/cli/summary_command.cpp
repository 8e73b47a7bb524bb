#include "cli/summary_command.h"
#include "cli/command_app.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "pipeline/run/exit_codes.h"
#include "pipeline/run/command_run.h"
#include "output/summary_merge.h"
#include "pipeline/input/input_lines.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace bpgn {
namespace {

using Json = SummaryJson;

// A summary is one line; the longest a run writes is a few kilobytes (a merged one gathers file
// names, still far below kSummaryLimits.line, pipeline/input/input_lines.h).

// One line of a summary file (the `number`th of `name`) added to `total`; false after saying why
// it cannot be.
bool add_summary_line(const std::string& line, const std::string& name, std::size_t number, Json& total,
                      std::ostream& err) {
  SummaryRead summary = read_summary_line(line);
  if (summary.value.is_null()) {
    err << "bpgn summary merge: " << name << ":" << number;
    if (summary.column) err << ":" << summary.column;
    err << ": not a summary: " << summary.problem << "\n";
    return false;
  }
  if (!total.is_null() && summary.value["command"] != total["command"]) {
    err << "bpgn summary merge: " << name << ":" << number << ": a summary of "
        << shown_summary_text(summary.value["command"].is_string() ? summary.value["command"].get<std::string>() : "?")
        << " cannot be added to one of "
        << shown_summary_text(total["command"].is_string() ? total["command"].get<std::string>() : "?") << "\n";
    return false;
  }
  try {
    // A merged summary counts as the summaries it was merged from.
    if (!summary.value.contains("summaries_merged")) summary.value["summaries_merged"] = std::uint64_t{1};
    merge_summary(total, summary.value);
  } catch (const std::invalid_argument& e) {
    err << "bpgn summary merge: " << name << ":" << number << ": cannot be added: " << e.what() << "\n";
    return false;
  }
  return true;
}

// The same summary named twice (`s.json ./s.json`, a link to it, `-` twice) would be counted twice:
// a bad command line, named as FileClaims names two outputs of one file.
void refuse_a_summary_twice(const std::vector<std::string>& files) {
  for (std::size_t i = 0; i < files.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if ((files[i] == "-" && files[j] == "-") || same_file(files[i], files[j])) {
        throw UsageError("summary merge: " + files[i] + " and " + files[j] +
                         " name the same summary; it would be counted twice (name each file once)");
      }
    }
  }
}

// Summary merge's part of the one run (pipeline/run/command_run.h): its inputs are summaries, not
// games; the merged summary is opened once they were all read and added up.
class MergeSteps : public CommandSteps {
 public:
  explicit MergeSteps(const SummaryMergeConfig& config) : config_(config) {}

  void prepare(const RunFiles&, std::ostream&) override {
    refuse_a_summary_twice(config_.files);
    for (const std::string& f : config_.files) {
      if (const std::string why = side_file_refusal(f); !why.empty())
        throw IoError("summary merge: cannot read " + input_name(f) + ": " + why);
    }
  }
  bool open(OutputGroup&, std::ostream&) override { return true; }
  StreamResult stream(InputStreams& inputs, std::ostream& err) override {
    bool ok = true;
    for (InputStreams::Step step; (step = inputs.next()) != InputStreams::Step::End;) {
      if (step == InputStreams::Step::Failure) {
        err << "bpgn summary merge: cannot read " << input_name(inputs.failure().file) << ": " << inputs.failure().reason
            << "\n";
        ok = false;
        continue;
      }
      const std::string name = input_name(inputs.file());
      std::string line;
      std::size_t number = 0, read = 0;
      bool file_ok = true;
      InputLines lines(inputs, kSummaryLimits);
      try {
        for (InputLines::Got r; file_ok && (r = lines.next(line)) != InputLines::Got::End;) {
          number = lines.number();
          if (r == InputLines::Got::TooLong) {
            err << "bpgn summary merge: " << name << ":" << number << ": not a summary: the line is longer than "
                << (kSummaryLimits.line >> 20) << " MiB\n";
            file_ok = false;
            break;
          }
          if (r == InputLines::Got::TooBig) {
            err << "bpgn summary merge: " << name << ": not a summary file: "
                << side_file_limit_message(r, number, kSummaryLimits) << "\n";
            file_ok = false;
            break;
          }
          if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
          file_ok = add_summary_line(line, name, number, total_, err);
          if (file_ok) ++read;
        }
      } catch (const std::system_error& e) {
        err << "bpgn summary merge: cannot read " << input_name(inputs.fail(e).file) << ": " << inputs.failure().reason
            << "\n";
        file_ok = false;
      }
      if (file_ok && read == 0) {
        err << "bpgn summary merge: " << name << ": no summary in it (an empty file)\n";
        file_ok = false;
      }
      if (!file_ok) inputs.leave();
      ok = ok && file_ok;
    }
    if (!ok) {
      err << "bpgn summary merge: nothing written\n";
      return StreamResult::ended(kExitIo);
    }
    return {};
  }
  std::optional<int> before_commit(OutputGroup& outputs, const StreamResult&, std::ostream& err) override {
    RunOutput* output = outputs.open(config_.output, err);
    if (!output) return kExitIo;
    output->stream() << merged_summary_json(total_);
    return {};
  }

 private:
  const SummaryMergeConfig& config_;
  Json total_;
};

}  // namespace

int run_summary_merge(const SummaryMergeConfig& config, std::ostream& out, std::ostream& err) {
  CommandPlan plan;
  plan.command = "summary merge";
  plan.names = config.files;
  plan.expand = CommandPlan::Expand::AsGiven;
  // The merged summary is never written onto one of the summaries it adds up.
  plan.claims = {CommandPlan::output(config.output, "-o")};
  plan.counts_games = false;
  MergeSteps steps(config);
  try {
    return run_command(plan, steps, out, err);
  } catch (const CommandError& e) {
    return report_error("summary merge", e, err);
  }
}

void add_summary_command(CommandApp* summary, CommandAction& action) {
  summary->require_subcommand(1);
  auto config = std::make_shared<SummaryMergeConfig>();
  CLI::App* merge = summary->add_subcommand(
      "merge", "Add up --summary-json files (runs over shards of a corpus) into one summary, as one run would give");
  merge->add_option("files", config->files, "Summary files, one JSON object per line ('-': standard input)")
      ->required();
  merge->add_option("-o,--output", config->output, "Write the merged summary to FILE instead of standard output");
  merge->callback([config, &action] { action = [config] { return run_summary_merge(*config, std::cout, std::cerr); }; });
}

}  // namespace bpgn
