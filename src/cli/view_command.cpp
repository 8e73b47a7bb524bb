// bpgn view: reads the games the command line names, checks each as check does, and writes the
// match viewer's page (output/viewer_page.h) with their replay.
#include "cli/view_command.h"

#include "cli/adjudication_file.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/game_target.h"
#include "cli/option_checks.h"
#include "output/report_text.h"
#include "output/viewer_page.h"
#include "pipeline/run/check_game.h"
#include "pipeline/run/exit_codes.h"
#include "pipeline/commands/find_game.h"
#include "pipeline/input/game_stream.h"
#include "pipeline/input/input_paths.h"
#include "pipeline/run/command_run.h"
#include "text/visible_text.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <iostream>
#include <memory>
#include <stdexcept>

namespace bpgn {

namespace {

// view's part of the one run (pipeline/run/command_run.h): each game read checked and drawn on the
// page, the page written once every game is.
class ViewSteps : public CommandSteps {
 public:
  ViewSteps(const ViewConfig& config, const RuleChoice& choice, const std::optional<GameWanted>& wanted)
      : config_(config), choice_(choice), wanted_(wanted) {}

  void prepare(const RunFiles&, std::ostream& err) override {
    adjudications_ = read_adjudications("view", config_.adjudications, err);
    if (!config_.adjudications.empty()) check_options_.adjudications = &adjudications_;
  }
  bool open(OutputGroup& outputs, std::ostream& err) override {
    if (!(output_ = outputs.open(config_.output, err))) return false;
    page_.emplace(config_.files);
    return true;
  }
  StreamResult stream(InputStreams& inputs, std::ostream& err) override {
    bool io_failed = false;
    Game game;
    if (wanted_) {
      const FoundGame found = find_game(inputs, *wanted_, game);
      if (found.outcome == FoundGame::Outcome::Failure) {
        throw IoError(fmt::format("{}: {}", visible_text(inputs.failure().file), inputs.failure().reason));
      }
      if (found.outcome == FoundGame::Outcome::Absent) throw UsageError(found.why);
      add(game, err);
    } else {
      GameStream stream(inputs);
      for (GameStream::Step step; (step = stream.next(game)) != GameStream::Step::End;) {
        if (step == GameStream::Step::Failure) {
          fmt::print(err, "bpgn view: {}: {}\n", visible_text(stream.failure().file), stream.failure().reason);
          io_failed = true;
        } else if (step == GameStream::Step::Game) {
          add(game, err);
        }
      }
    }
    return StreamResult::read(page_->games(), !io_failed);
  }
  // A decision that named no game of the page (or several) is an error, never ignored; with one
  // game asked for, only the decisions that name a game at all are held to it.
  bool hold(std::ostream& err) override { return wanted_ || adjudications_hold("view", adjudications_, err); }
  std::optional<int> before_commit(OutputGroup&, const StreamResult&, std::ostream&) override {
    try {
      page_->write(output_->stream());  // the games' data and charts copied from their temporary files
    } catch (const std::runtime_error& e) {
      throw IoError(e.what());
    }
    return {};
  }
  std::optional<int> after_commit(bool committed, const StreamResult& run, std::ostream& err) override {
    if (!committed || !run.inputs_ok) return kExitIo;
    if (page_->games() == 0) {
      err << "bpgn view: no game was read\n";
      return kExitInvalid;
    }
    return {};
  }
  int exit_code(const StreamResult&) const override { return invalid_ ? kExitInvalid : kExitClean; }

 private:
  void add(Game& game, std::ostream& err) {
    const CheckedGame checked = check_game(game, choice_, check_options_);
    if (game.error) write_unreadable(err, game);
    invalid_ = invalid_ || checked.status != GameStatus::Valid;
    try {
      page_->game(game, checked);
    } catch (const std::runtime_error& e) {  // its temporary files could not be written
      throw IoError(e.what());
    }
  }

  const ViewConfig& config_;
  const RuleChoice& choice_;
  const std::optional<GameWanted>& wanted_;
  Adjudications adjudications_;
  GameCheckOptions check_options_;
  RunOutput* output_ = nullptr;
  std::optional<ViewerPage> page_;  // made once the output is open
  bool invalid_ = false;
};

}  // namespace

int run_view(const ViewConfig& config, std::ostream& out, std::ostream& err) {
  const RuleChoice choice = with_tolerance(rule_choice(config.rule_options), config.tolerance);
  if (config.files.empty()) throw UsageError("a FILE is required");
  bool one = config.game || config.index;
  for (const std::string& f : config.files) one = one || names_a_place(f);

  std::vector<std::string> files;
  std::vector<FailureAt> failures;
  std::optional<GameWanted> wanted;
  if (one) {
    GameTarget target = game_target(config.files, config.game, config.index);
    files = std::move(target.files);
    failures = std::move(target.failures);
    wanted = std::move(target.wanted);
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
  ViewSteps steps(config, choice, wanted);
  return run_command(plan, steps, out, err);
}

void add_view_command(CLI::App* cmd, CommandAction& action) {
  auto config = std::make_shared<ViewConfig>();
  cmd->add_option("files", config->files,
                  "Record files or folders (every game of them), or FILE:LINE for the game at that line")
      ->required();
  cmd->add_option("--game", config->game, "Only the file's Nth game, counted from 1")
      ->check(at_least(1, "the game's number (counted from 1)"));
  cmd->add_option("--index", config->index, "Only the run's Nth game over all the files, counted from 1 (check's index)")
      ->check(at_least(1, "the game's index (counted from 1)"));
  cmd->add_option("-o,--output", config->output, "Write the page to FILE instead of standard output");
  add_rule_options(*cmd, config->rule_options);
  cmd->add_option("--tolerance", config->tolerance, "Lag allowed in clock comparisons, seconds (as for check)")
      ->check(real_at_least(0, "the tolerance in seconds"));
  cmd->add_option("--adjudications", config->adjudications,
                  "The arbiter's decisions (FILE): each decided game shows the decision and its reason beside the "
                  "outcome (docs/adjudications.md)")
      ->check(word("the decisions' FILE"));
  cmd->callback([config, &action] {
    action = [config] { return run_view(*config, std::cout, std::cerr); };
  });
}

}  // namespace bpgn
