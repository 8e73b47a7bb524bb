// bpgn fmt: every game written back in canonical BPGN (PGN for one-board games). Streams game by
// game; a record with errors is still written (see docs/fmt.md for the form), never dropped. The
// games are formatted by pipeline/commands/fmt_run.h, in --jobs threads.
#include "cli/fmt_command.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "pipeline/run/exit_codes.h"
#include "cli/input_list.h"
#include "cli/option_checks.h"
#include "cli/fmt_files.h"
#include "pipeline/output/file_claims.h"
#include "pipeline/output/run_outputs.h"
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

int exit_code(const FmtConfig& config, const FmtTotals& totals, std::size_t games_read, std::ostream& err) {
  if (totals.io_failed) return kExitIo;
  if (fails_for_no_games("fmt", games_read, config.input_options.allow_empty, err)) return kExitInvalid;
  if (totals.game_errors || totals.would_change) return kExitInvalid;
  return kExitClean;
}

int run(const FmtConfig& config, std::ostream& out, std::ostream& err) {
  if (config.in_place && config.check) throw UsageError("fmt: --in-place and --check exclude each other");
  if (config.in_place && !config.output.empty()) throw UsageError("fmt: --in-place and -o exclude each other");
  // The games left out would be lost from the file, or make every input differ.
  if ((config.in_place || config.check) && config.filters.any())
    throw UsageError(std::string("fmt: ") + (config.in_place ? "--in-place" : "--check") + " takes no filter");
  std::optional<GameFilter> filter;
  filter = game_filter(config.filters);
  std::vector<std::string> inputs = config.inputs;
  std::vector<FailureAt> list_failures;
  if (inputs.empty() && !config.input_options.has_lists()) {
    inputs.push_back("-");
    say_if_reading_a_terminal("fmt", err);
  } else {  // folders and --files-from become the list of files
    InputList list = expand_inputs(inputs, config.input_options);
    for (const std::string& n : list.notes) fmt::print(err, "{}\n", n);
    inputs = std::move(list.files);
    list_failures = std::move(list.failures);
  }
  for (const std::string& f : inputs) {
    if (config.in_place && f == "-") throw UsageError("fmt: --in-place needs FILE arguments, not standard input");
  }
  FileClaims claims;  // every output once, never onto an input (the list too)
  claims.inputs(inputs);
  claim_input_lists(claims, config.input_options);
  claims.output(config.output, "-o", "use --in-place to rewrite it");
  claims.output(config.summary_json, "--summary-json");
  FmtSettings settings;
  settings.choice = rule_choice(config.rule_options);
  settings.fix = config.fix;
  settings.report = !config.quiet && !config.check;  // --check says nothing about the games themselves
  settings.filter = filter ? &*filter : nullptr;
  settings.jobs = config.threads.threads(inputs);
  settings.piece_bytes = config.threads.piece_bytes;
  settings.games_done = [](std::size_t n) { Progress::add_games(n); };
  FmtTotals totals;

  if (config.check) {
    const std::size_t read = check_inputs(inputs, settings, list_failures, totals, out, err);
    return exit_code(config, totals, read, err);
  }

  // The output (each file itself with --in-place) and the summary are committed together, or
  // neither (docs/check.md, *Output files*).
  OutputGroup outputs("fmt", out);
  RunOutput* output = config.in_place ? nullptr : outputs.open(config.output, err);
  if (!config.in_place && !output) return kExitIo;
  RunOutput* summary_file = nullptr;
  if (!config.summary_json.empty() && !(summary_file = outputs.open(config.summary_json, err))) return kExitIo;
  if (config.in_place) {  // each file replaced or left as it was by itself (docs/fmt.md, *--in-place*)
    rewrite_inputs(inputs, settings, list_failures, totals, err);
  } else {
    std::ostream& target = output->stream();
    InputStreams streams(inputs, std::move(list_failures));
    bool first = true;
    Progress progress(!config.quiet && (!config.output.empty() || !::isatty(STDOUT_FILENO)), total_input_bytes(inputs));
    format_games(streams, settings, [&](std::string_view text) {
      target.write(text.data(), std::streamsize(text.size()));
      return bool(target);
    }, first, totals, totals.counts, err);
  }
  if (summary_file) summary_file->stream() << fmt_summary_json(totals, config.fix, inputs.size());
  if (!outputs.commit(err, config.in_place || !totals.cut)) totals.io_failed = true;
  if (output && !output->written()) totals.counts.drop_all();
  fmt::print(err, "{}\n", fmt_summary_line(totals, config.fix, config.in_place, inputs.size()));
  return exit_code(config, totals, totals.counts.read, err);
}

}  // namespace

int run_fmt(const FmtConfig& config, std::ostream& out, std::ostream& err) {
  try {
    return run(config, out, err);
  } catch (const CommandError& e) {
    return report_error("fmt", e, err);
  }
}

void add_fmt_command(CLI::App* cmd, CommandAction& action) {
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
