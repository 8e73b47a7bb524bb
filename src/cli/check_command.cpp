// bpgn check: the command line over the check of the games (pipeline/commands/check_run.h) and the reports.
#include "cli/check_command.h"

#include "cli/adjudication_file.h"
#include "cli/check_plan.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "pipeline/run/exit_codes.h"
#include "cli/input_list.h"
#include "cli/option_checks.h"
#include "io/commit/append_file.h"
#include "pipeline/run/fail_policy.h"
#include "pipeline/output/file_claims.h"
#include "pipeline/output/run_outputs.h"
#include "cli/progress.h"
#include "output/report_formats.h"
#include "pipeline/commands/check_run.h"

#include <CLI/CLI.hpp>

#include <array>
#include <cstdlib>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>
#include <unistd.h>

namespace bpgn {
namespace {

// The check of a list of files (folders and lists already expanded).
int run_check_files(const CheckConfig& config, const ReportFormat& format, std::ostream& out, std::ostream& err) {
  const std::array<const std::string*, 4> sorted_paths{&config.valid_out, &config.invalid_out, &config.unreadable_out,
                                                       &config.duplicates_out};
  const std::array<std::string_view, 4> sorted_options{"--valid-out", "--invalid-out", "--unreadable-out",
                                                       "--duplicates-out"};
  std::optional<GameFilter> filter;
  const bool step_summary = format.name == "github" && !config.step_summary.empty();
  Adjudications adjudications;
  try {
    // Every output claimed once, against the inputs (the list too) and the outputs before it.
    FileClaims claims;
    claims.inputs(config.files);
    claim_input_lists(claims, config.inputs);
    claims.output(config.output, "-o");
    for (std::size_t k = 0; k < sorted_paths.size(); ++k) {
      if (sorted_paths[k]->empty()) continue;
      if (*sorted_paths[k] == "-") throw UsageError("check: " + std::string(sorted_options[k]) + " needs a file name");
      claims.output(*sorted_paths[k], sorted_options[k]);
    }
    claims.output(config.summary_json, "--summary-json");
    if (step_summary) claims.output(config.step_summary, "GITHUB_STEP_SUMMARY");
    claims.input(config.adjudications, "the --adjudications file");
    filter = game_filter(config.filters);
    adjudications = read_adjudications("check", config.adjudications, err);
  } catch (const CommandError& e) {
    return report_error("check", e, err);
  }
  // Every output is opened before a game is read, and committed with the others at the end.
  OutputGroup outputs("check", out);
  RunOutput* output = outputs.open(config.output, err);
  if (!output) return kExitIo;
  SortedOutputs sorted;
  sorted.canonical = config.canonical;
  std::array<RunOutput*, 4> sorted_files{};
  for (std::size_t k = 0; k < sorted_paths.size(); ++k) {
    if (sorted_paths[k]->empty()) continue;
    RunOutput* file = sorted_files[k] = outputs.open(*sorted_paths[k], err);
    if (!file) return kExitIo;
    sorted.file[k] = &file->stream();
    sorted.name[k] = file->name();
  }
  RunOutput* summary_file = nullptr;
  if (!config.summary_json.empty() && !(summary_file = outputs.open(config.summary_json, err))) return kExitIo;
  AppendFile summary_md;
  if (step_summary && !summary_md.open(config.step_summary)) {
    err << "bpgn check: GITHUB_STEP_SUMMARY: " << summary_md.error() << '\n';
    outputs.discard();
    return kExitIo;
  }

  CheckRunSettings settings = check_run_settings(config);
  settings.filter = filter ? &*filter : nullptr;
  settings.options.probe = filter ? filter->probe() : nullptr;
  if (!config.adjudications.empty()) settings.options.adjudications = &adjudications;
  if (sorted.any()) settings.sorted = &sorted;
  std::optional<DuplicateIndex> seen;
  if (config.duplicates || !config.duplicates_out.empty()) settings.seen = &seen.emplace();
  settings.say = [&err](std::string_view message) { err << command_message("check", message) << '\n'; };
  settings.games_done = [](std::size_t n) { Progress::add_games(n); };
  ReportSettings report = report_settings(config);
  std::string summary_text;
  if (step_summary) report.step_summary = &summary_text;
  const std::unique_ptr<ReportSink> sink = format.make(output->stream(), report);
  CheckRunResult run;
  try {
    sink->begin();
    std::vector<std::string> files = config.files;
    if (files.empty() && !config.files_expanded) files.push_back("-");
    InputStreams inputs(std::move(files), config.list_failures);
    {  // On a terminal, while the report goes elsewhere: progress (cleared before the summary).
      Progress progress(!config.quiet && (!config.output.empty() || !::isatty(STDOUT_FILENO)),
                        total_input_bytes(config.files));
      run = check_games(inputs, *sink, settings, err);
    }
    sink->finish(run.summary);
  } catch (const std::runtime_error& e) {  // the HTML report's temporary file could not be written
    err << "bpgn check: " << e.what() << '\n';
    outputs.discard();
    return kExitIo;
  }
  if (!adjudications_hold("check", adjudications, err)) {
    // A decision that names no match, or several, is a bad command line: nothing is written.
    outputs.discard();
    return kExitUsage;
  }
  const CheckSummary& s = run.summary;
  say_totals(config, s, err);
  output->stream().flush();
  // An input that failed while read had its games sorted already: no sorted output is committed.
  if (!sorted.damaged_input.empty()) {
    for (const RunOutput* file : sorted_files) {
      if (file) outputs.withhold(file);
    }
  }
  if (summary_file) summary_file->stream() << run_summary_json(s, config.files.size(), run.games_read, sorted);
  // A game that could not be written to its sorted output fails the run: nothing is committed.
  if (!outputs.commit(err, !sorted.failed)) return kExitIo;
  // The step summary is appended once the outputs are committed (none when they were not).
  if (step_summary && !summary_md.append(summary_text)) {
    err << "bpgn check: GITHUB_STEP_SUMMARY: " << summary_md.error() << '\n';
    return kExitIo;
  }
  say_sorted_outputs(config, sorted, err);
  if (!run.inputs_ok) return kExitIo;
  if (fails_for_no_games("check", run.games_read, config.inputs.allow_empty, err)) return kExitInvalid;
  return findings_fail(parse_fail_on(config.fail_on).value_or(FailOn::Error), s) ? kExitInvalid : kExitClean;
}

}  // namespace

int run_check(const CheckConfig& config, std::ostream& out, std::ostream& err) {
  const ReportFormat* format = find_report_format(config.format);
  if (!format) {
    err << "bpgn check: --format: '" << config.format << "' is not one of " << report_format_names() << "\n";
    return kExitUsage;
  }
  if (!parse_fail_on(config.fail_on)) {
    err << "bpgn check: --fail-on: '" << config.fail_on << "' is not one of error, warning, never\n";
    return kExitUsage;
  }
  if (config.tolerance && !(*config.tolerance >= 0)) {
    err << "bpgn check: --tolerance must be a number of seconds >= 0\n";
    return kExitUsage;
  }
  try {
    // Validates --rules and every --set once, before any game is read.
    (void)rule_choice(config.rule_options);
  } catch (const CommandError& e) {
    return report_error("check", e, err);
  }

  // Folders and --files-from become the list of files to read.
  CheckConfig expanded;
  const CheckConfig* run_config = &config;
  if (config.inputs.has_lists() || !config.files.empty()) {
    InputList inputs;
    try {
      inputs = expand_inputs(config.files, config.inputs);
    } catch (const CommandError& e) {
      return report_error("check", e, err);
    }
    for (const std::string& n : inputs.notes) err << n << '\n';
    expanded = config;
    expanded.files = std::move(inputs.files);
    expanded.list_failures = std::move(inputs.failures);  // reported in their place, as unreadable files
    expanded.files_expanded = true;
    run_config = &expanded;
  } else {
    say_if_reading_a_terminal("check", err);
  }
  return run_check_files(*run_config, *format, out, err);
}

namespace {

// --format, its values and their descriptions from the one table of formats (the shell
// completions read the values from it too).
void add_format_option(CLI::App& cmd, std::string& format) {
  std::string help = "Report format (default " + std::string(report_formats().front().name) + "): ";
  std::vector<std::string> names;
  for (const ReportFormat& f : report_formats()) {
    help += (names.empty() ? "" : ", ") + std::string(f.name) + " (" + std::string(f.description) + ")";
    names.emplace_back(f.name);
  }
  cmd.add_option("--format", format, help)->check(CLI::IsMember(names));
}

}  // namespace

void add_check_command(CLI::App* cmd, CommandAction& action) {
  auto config = std::make_shared<CheckConfig>();
  cmd->add_option("files", config->files,
                  "Input files or folders (folders: their *.bpgn and *.pgn files, recursively; none or '-': standard input)");
  add_input_options(*cmd, config->inputs);
  add_rule_options(*cmd, config->rule_options);
  add_format_option(*cmd, config->format);
  cmd->add_flag("--all", config->all, "Format html: draw every game, not only those with a violation");
  cmd->add_option("-o,--output", config->output, "Write the report to FILE instead of standard output");
  cmd->add_option("--valid-out", config->valid_out, "Write each valid game, byte for byte as found, to FILE");
  cmd->add_option("--invalid-out", config->invalid_out, "Write each invalid game, byte for byte as found, to FILE");
  cmd->add_option("--unreadable-out", config->unreadable_out,
                  "Write each unreadable game, byte for byte as found, to FILE");
  cmd->add_option("--duplicates-out", config->duplicates_out,
                  "Write each game that repeats an earlier one (same moves on both boards) to FILE instead");
  cmd->add_flag("--duplicates", config->duplicates,
                "Look for games that repeat an earlier one: a duplicate-game note names it");
  cmd->add_flag("--canonical", config->canonical,
                "Write the sorted outputs (--valid-out, ...) in canonical form instead of as found");
  cmd->add_option("--summary-json", config->summary_json,
                  "Also write the run's counts as JSON to FILE (bpgn summary merge adds such files up)");
  add_filter_options(*cmd, config->filters);
  cmd->add_flag("-q,--quiet", config->quiet, "Text format: print only the summary");
  cmd->add_flag("-v,--verbose", config->verbose,
                "Text format: each game's outcome after its diagnostics (one game: always)");
  cmd->add_option("--max-errors", config->max_errors, "List at most N violations per game (all are counted)")
      ->check(at_least(0, "the number of violations listed per game"));
  cmd->add_option("--max-annotations", config->max_annotations,
                  "Format github: annotate at most N violations in the whole run (default 50); one notice "
                  "counts the rest")
      ->check(at_least(0, "the number of annotations"));
  cmd->add_option("--junit-case", config->junit_case,
                  "Format junit: one testcase per game (default) or per input file")
      ->check(CLI::IsMember({"game", "file"}));
  cmd->add_flag("--strict", config->strict, "Warnings count as errors for the status and the exit code");
  cmd->add_option("--fail-on", config->fail_on,
                  "Which findings make exit 1: error (default: an invalid or unreadable game), warning (also "
                  "any warning), never (exit 3 for a failed input or output still stands)")
      ->check(CLI::IsMember(std::vector<std::string>(std::begin(kFailOnWords), std::end(kFailOnWords))));
  cmd->add_option("--tolerance", config->tolerance,
                  "Seconds of lag allowed on top of the Lag tag when clocks are compared across boards "
                  "(default: 1 with a Lag tag, 30 without)")
      ->check(real_at_least(0, "the tolerance in seconds"));
  cmd->add_option("--adjudications", config->adjudications,
                  "A file of the arbiter's decisions (match, result/points/replay, reason): each report shows them "
                  "beside the outcome (docs/adjudications.md)")
      ->check(word("the decisions' FILE"));
  add_thread_options(*cmd, config->threads, "Check games");
  cmd->callback([config, &action] {
    // Format github: the job summary GitHub's runner gives each step a file for.
    if (const char* path = std::getenv("GITHUB_STEP_SUMMARY"); path && *path) config->step_summary = path;
    action = [config] { return run_check(*config, std::cout, std::cerr); };
  });
}

}  // namespace bpgn
