// bpgn view: reads the games the command line names, checks each as check does, and writes the
// match viewer's page (output/viewer_page.h) with their replay.
#include "cli/view_command.h"
#include "cli/command_app.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/game_target.h"
#include "cli/input_list.h"
#include "cli/option_checks.h"
#include "cli/view_steps.h"
#include "pipeline/input/input_paths.h"
#include "pipeline/run/command_run.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

namespace bpgn {

int run_view(const ViewConfig& config, std::ostream& out, std::ostream& err) {
  const RuleChoice choice = with_tolerance(rule_choice(config.rule_options), config.tolerance);
  if (config.files.empty()) throw UsageError("a FILE is required");
  bool one = config.game || config.index;
  for (const std::string& f : config.files) one = one || names_a_place(f);

  std::vector<std::string> files;
  std::vector<FailureAt> failures;
  ViewWanted wanted;
  if (one) {
    GameTarget target = game_target(config.files, config.game, config.index);
    files = std::move(target.files);
    failures = std::move(target.failures);
    wanted.game = std::move(target.wanted);
    wanted.line = target.line;  // FILE:LINE[:COLUMN]: the moment to open at
    wanted.column = target.column;
  } else {
    InputList list = expand_inputs(config.files, InputOptions{});
    files = std::move(list.files);
    failures = std::move(list.failures);
    for (const std::string& n : list.notes) err << "bpgn view: " << n << '\n';
  }
  CommandPlan plan;
  plan.command = "view";
  plan.names = std::move(files);
  plan.failures = std::move(failures);
  plan.expand = CommandPlan::Expand::AsGiven;
  // The page is never written onto an input.
  plan.claims = {CommandPlan::output(config.output, "-o"),
                 CommandPlan::side_input(config.adjudications, "the --adjudications file")};
  plan.counts_games = false;  // view says it its own way
  return run_view_steps(plan, config, choice, wanted, out, err);
}

void add_view_command(CommandApp* cmd, CommandAction& action) {
  auto config = std::make_shared<ViewConfig>();
  cmd->add_option("files", config->files,
                  "Record files or folders (every game of them), or FILE:LINE for the game at that line")
      ->required();
  cmd->add_option("--game", config->game, "Only the file's Nth game, counted from 1")
      ->check(at_least(1, "the game's number (counted from 1)"));
  cmd->add_option("--index", config->index, "Only the run's Nth game over all the files, counted from 1 (check's index)")
      ->check(at_least(1, "the game's index (counted from 1)"));
  cmd->add_option("-o,--output", config->output, "Write the page to FILE instead of standard output");
  CLI::Option* at = cmd->add_option("--at", config->at,
                  "Open the page at a moment of its one game: a move (23a, 14B), first-error, start, end, or a "
                  "match time (3:01, 181.5s), as show --at takes it")
      ->check(word("a move (23a), first-error, start, end or a match time (3:01)"));
  add_rule_options(*cmd, config->rule_options);
  cmd->add_option("--tolerance", config->tolerance, "Lag allowed in clock comparisons, seconds (as for check)")
      ->check(real_at_least(0, "the tolerance in seconds"));
  cmd->add_option("--adjudications", config->adjudications,
                  "The arbiter's decisions (FILE): each decided game shows the decision and its reason beside the "
                  "outcome (docs/adjudications.md)")
      ->check(word("the decisions' FILE"));
  cmd->add_flag("--sheet", config->sheet,
                "Write the one game's decision sheet instead: a printable page for the arbiter's decision "
                "(docs/view.md, Decision sheet)")
      ->excludes(at);  // the sheet is drawn at the disputed place (FILE:LINE), not at an instant
  cmd->callback([config, &action] {
    action = [config] { return run_view(*config, std::cout, std::cerr); };
  });
}

}  // namespace bpgn
