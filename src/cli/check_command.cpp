// bpgn check: the command line over the check of the games (pipeline/commands/check_run.h) and the reports.
#include "cli/check_command.h"
#include "cli/command_app.h"

#include "cli/check_steps.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/option_checks.h"
#include "output/report_formats.h"
#include "pipeline/run/exit_codes.h"
#include "pipeline/run/fail_policy.h"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <vector>

namespace bpgn {

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
  CommandPlan plan;
  plan.command = "check";
  plan.names = config.files;
  plan.inputs = config.inputs;
  try {
    const RunFiles files = expand_run_files(plan, err);
    plan.expand = CommandPlan::Expand::AsGiven;
    plan.names = files.files;
    plan.failures = files.failures;  // reported in their place, as unreadable files
    if (files.standard_input) return run_check_files(config, *format, std::move(plan), out, err);
    CheckConfig expanded = config;
    expanded.files = files.files;
    expanded.list_failures = files.failures;
    expanded.files_expanded = true;
    return run_check_files(expanded, *format, std::move(plan), out, err);
  } catch (const CommandError& e) {
    return report_error("check", e, err);
  }
}

namespace {

// --format, its values and their descriptions from the one table of formats (the shell
// completions read the values from it too).
void add_format_option(CommandApp& cmd, std::string& format) {
  std::string help = "Report format (default " + std::string(report_formats().front().name) + "): ";
  std::vector<std::string> names;
  for (const ReportFormat& f : report_formats()) {
    help += (names.empty() ? "" : ", ") + std::string(f.name) + " (" + std::string(f.description) + ")";
    names.emplace_back(f.name);
  }
  cmd.add_option("--format", format, help)->check(CLI::IsMember(names));
}

}  // namespace

void add_check_command(CommandApp* cmd, CommandAction& action) {
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
