// bpgn fmt: every game written back in canonical BPGN (PGN for one-board games). Streams game by
// game; a record with errors is still written (see docs/fmt.md for the form), never dropped. The
// games are formatted by pipeline/commands/fmt_run.h, in --jobs threads.
#include "cli/fmt_command.h"
#include "cli/command_app.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "pipeline/run/exit_codes.h"
#include "cli/input_list.h"
#include "cli/option_checks.h"
#include "cli/fmt_files.h"
#include "pipeline/run/command_run.h"
#include "cli/progress.h"
#include "pipeline/commands/fmt_run.h"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

namespace bpgn {
namespace {

// fmt's part of the one run (pipeline/run/command_run.h): the games formatted to -o (or standard
// output), each file rewritten by itself with --in-place, or compared with what fmt writes of it
// with --check (no output then).
class FmtSteps : public CommandSteps {
 public:
  FmtSteps(const FmtConfig& config, const FmtSettings& settings, const RunFiles& files, std::ostream& out)
      : config_(config), settings_(settings), files_(files), out_(out) {}

  // The output (each file itself with --in-place) and the summary are committed together, or
  // neither (docs/check.md, *Output files*).
  bool open(OutputGroup& outputs, std::ostream& err) override {
    if (config_.check) return true;
    if (!config_.in_place && !(output_ = outputs.open(config_.output, err))) return false;
    return config_.summary_json.empty() || (summary_file_ = outputs.open(config_.summary_json, err));
  }
  StreamResult stream(InputStreams& streams, std::ostream& err) override {
    const std::vector<std::string>& inputs = files_.files;
    std::size_t read = 0;
    if (config_.check) {
      read = check_inputs(inputs, settings_, files_.failures, totals_, out_, err);
    } else if (config_.in_place) {  // each file replaced or left as it was by itself (docs/fmt.md, *--in-place*)
      rewrite_inputs(inputs, settings_, files_.failures, totals_, err);
      read = totals_.counts.read;
    } else {
      std::ostream& target = output_->stream();
      bool first = true;
      Progress progress(!config_.quiet && (!config_.output.empty() || !::isatty(STDOUT_FILENO)),
                        total_input_bytes(inputs));
      format_games(streams, settings_, [&](std::string_view text) {
        target.write(text.data(), std::streamsize(text.size()));
        return bool(target);
      }, first, totals_, totals_.counts, err);
      read = totals_.counts.read;
    }
    return StreamResult::read(read, !totals_.io_failed, config_.in_place || !totals_.cut);
  }
  std::optional<int> before_commit(OutputGroup&, const StreamResult&, std::ostream&) override {
    if (summary_file_) summary_file_->stream() << fmt_summary_json(totals_, config_.fix, files_.files.size());
    return {};
  }
  std::optional<int> after_commit(bool committed, const StreamResult&, std::ostream& err) override {
    if (config_.check) return {};  // check_inputs said what it found
    if (!committed) totals_.io_failed = true;
    if (output_ && !output_->written()) totals_.counts.drop_all();
    fmt::print(err, "{}\n", fmt_summary_line(totals_, config_.fix, config_.in_place, files_.files.size()));
    return {};
  }
  int exit_code(const StreamResult&) const override {
    return totals_.game_errors || totals_.would_change ? kExitInvalid : kExitClean;
  }

 private:
  const FmtConfig& config_;
  const FmtSettings& settings_;
  const RunFiles& files_;
  std::ostream& out_;  // --check lists the inputs that would change there
  RunOutput* output_ = nullptr;
  RunOutput* summary_file_ = nullptr;
  FmtTotals totals_;
};

int run(const FmtConfig& config, std::ostream& out, std::ostream& err) {
  if (config.in_place && config.check) throw UsageError("fmt: --in-place and --check exclude each other");
  if (config.in_place && !config.output.empty()) throw UsageError("fmt: --in-place and -o exclude each other");
  // The games left out would be lost from the file, or make every input differ.
  if ((config.in_place || config.check) && config.filters.any())
    throw UsageError(std::string("fmt: ") + (config.in_place ? "--in-place" : "--check") + " takes no filter");
  const std::optional<GameFilter> filter = game_filter(config.filters);
  CommandPlan plan;
  plan.command = "fmt";
  plan.names = config.inputs;
  plan.inputs = config.input_options;
  const RunFiles files = expand_run_files(plan, err);  // folders and --files-from become the list of files
  for (const std::string& f : files.files) {
    if (config.in_place && f == "-") throw UsageError("fmt: --in-place needs FILE arguments, not standard input");
  }
  plan.expand = CommandPlan::Expand::AsGiven;
  plan.names = files.files;
  plan.failures = files.failures;
  plan.claims = {CommandPlan::output(config.output, "-o", "use --in-place to rewrite it"),
                 CommandPlan::output(config.summary_json, "--summary-json")};
  FmtSettings settings;
  settings.choice = rule_choice(config.rule_options);
  settings.fix = config.fix;
  settings.report = !config.quiet && !config.check;  // --check says nothing about the games themselves
  settings.filter = filter ? &*filter : nullptr;
  settings.jobs = config.threads.threads(files.files);
  settings.piece_bytes = config.threads.piece_bytes;
  settings.games_done = [](std::size_t n) { Progress::add_games(n); };
  FmtSteps steps(config, settings, files, out);
  return run_command(plan, steps, out, err);
}

}  // namespace

int run_fmt(const FmtConfig& config, std::ostream& out, std::ostream& err) {
  try {
    return run(config, out, err);
  } catch (const CommandError& e) {
    return report_error("fmt", e, err);
  }
}

void add_fmt_command(CommandApp* cmd, CommandAction& action) {
  auto config = std::make_shared<FmtConfig>();
  cmd->add_option("FILE", config->inputs,
                  "Input files or folders (folders: their *.bpgn and *.pgn files, recursively; none or '-': standard input)");
  add_input_options(*cmd, config->input_options);
  cmd->add_option("-o,--output", config->output, "Write to FILE instead of standard output");
  cmd->add_flag("-i,--in-place", config->in_place, "Rewrite each FILE (atomically: a temporary file, then rename)");
  cmd->add_flag("--check", config->check, "Only list the inputs that would change; exit 1 if any");
  cmd->add_option("--summary-json", config->summary_json, "Also write the summary's counts as JSON to FILE");
  cmd->add_flag("--fix", config->fix,
                "Repair what the replay shows: + and # suffixes, the Result tag and token, missing player tags; "
                "each repaired game gets a BpgnRepairs tag, the summary counts every repair");
  add_rule_options(*cmd, config->rule_options);
  add_filter_options(*cmd, config->filters);
  cmd->add_flag("-q,--quiet", config->quiet, "Say no game's errors on standard error: only the summary line");
  add_thread_options(*cmd, config->threads, "Format games", "--in-place and --check: one");
  cmd->callback([config, &action] { action = [config] { return run_fmt(*config, std::cout, std::cerr); }; });
}

}  // namespace bpgn
