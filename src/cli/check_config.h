// What bpgn check's options ask for (docs/check.md), read from the command line by
// cli/check_command.cpp and used by the check's run (cli/check_plan.h, cli/check_steps.h).
#pragma once

#include "cli/filter_options.h"
#include "cli/thread_options.h"
#include "cli/input_list.h"
#include "cli/rule_flags.h"
#include "replay/rule_choice.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bpgn {

struct CheckConfig {
  std::vector<std::string> files;        // none or "-": standard input (folders: see `inputs`)
  InputOptions inputs;                   // --include, --files-from
  // Set once folders and lists are expanded into `files`: an empty list then means no input at all,
  // not standard input.
  bool files_expanded = false;
  // --files-from lists that could not be read: input failures among `files` (set with them).
  std::vector<FailureAt> list_failures;
  RuleOptions rule_options;              // --rules, --set
  std::string format = "text";           // --format: a name of the table in output/report_formats.h
  std::string output;                    // -o FILE; empty: `out`
  // --valid-out / --invalid-out / --unreadable-out FILE: each game's text, byte for byte as found,
  // written to the file of its status (empty: not written).
  std::string valid_out, invalid_out, unreadable_out;
  // --duplicates-out FILE: the games that repeat an earlier one go there instead (implies duplicates).
  std::string duplicates_out;
  // --duplicates: look for games that repeat an earlier one of the run (duplicate-game notes).
  bool duplicates = false;
  // --canonical: the sorted outputs get canonical BPGN/PGN instead of the text as found.
  bool canonical = false;
  FilterOptions filters;                 // --player, --date-from, --has, ...
  std::string summary_json;              // --summary-json FILE: the run's counts as JSON
  bool quiet = false;                    // text: summary only
  bool all = false;                      // html: draw every game, not only those with a violation
  // text: each game's outcome after its diagnostics (`file:line:col: outcome: ...`); without it,
  // the outcome is written only when the input holds one game.
  bool verbose = false;
  std::optional<std::size_t> max_errors; // list at most N violations per game (all are counted)
  bool strict = false;                   // warnings count as errors
  std::size_t max_annotations = 50;      // github: the violations annotated in the whole run
  // github: the file the run's Markdown summary is appended to (GITHUB_STEP_SUMMARY; empty: none).
  std::string step_summary;
  std::string junit_case = "game";        // junit: one testcase per game or per file
  std::string fail_on = "error";         // --fail-on: which findings make exit 1 (pipeline/run/fail_policy.h)
  // --tolerance SECONDS: lag allowed on top of the Lag tag when clocks are compared (clock-order,
  // move-after-end); unset: default_tolerance() of each record (replay.h, docs/check.md).
  std::optional<double> tolerance;
  ThreadOptions threads;  // --jobs, --piece-bytes
  std::string adjudications;  // --adjudications FILE: the arbiter's decisions (docs/adjudications.md)
};

// The rules the sorted outputs are written under with --canonical: --rules, --set and --tolerance.
RuleChoice output_rule_choice(const CheckConfig& config);

}  // namespace bpgn
