// bpgn show: the command line over the reader, the replay, moment_of and the board view.
#include "cli/show_command.h"
#include "cli/command_app.h"
#include "text/visible_text.h"

#include "cli/commands.h"
#include "cli/game_target.h"
#include "cli/option_checks.h"
#include "cli/errors.h"
#include "pipeline/run/exit_codes.h"
#include "output/board_view.h"
#include "output/report_text.h"
#include "pipeline/run/check_game.h"
#include "pipeline/commands/find_game.h"
#include "pipeline/input/input_paths.h"
#include "record/reader.h"
#include "replay/moment.h"
#include "replay/moment_place.h"
#include "replay/replay.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <unistd.h>

namespace bpgn {

int run_show(const ShowConfig& config, std::ostream& out, std::ostream& err) {
  const RuleChoice choice = rule_choice(config.rule_options);
  GameTarget target = game_target(config.files, config.game, config.index);
  InputStreams inputs(std::move(target.files), std::move(target.failures));
  Game game;
  const FoundGame found = find_game(inputs, target.wanted, game);
  if (found.outcome == FoundGame::Outcome::Failure) {
    throw IoError(fmt::format("{}: {}", shown_path(inputs.failure().file), inputs.failure().reason));
  }
  if (found.outcome == FoundGame::Outcome::Absent) throw UsageError(found.why);
  const std::string which = target.wanted.by == GameWanted::By::Number && target.wanted.stream.empty()
                                ? fmt::format("game {} of {}", target.wanted.number, visible_text(config.files[0]))
                                : fmt::format("game {} of {}", game.file_index, visible_text(game.file));
  game.index = game.file_index;  // the board view numbers a game within its file
  if (game.error && game.plies.empty()) {
    write_unreadable(err, game);
    fmt::print(err, "bpgn show: {} cannot be read: nothing to show\n", which);
    return kExitInvalid;
  }

  const CheckedGame checked = check_game(game, with_tolerance(choice, config.tolerance));
  const ReplayResult& result = checked.result;

  MomentAt at = default_moment(result);
  // FILE:LINE[:COLUMN]: the moment of the diagnostic or move there; a place before the moves (a
  // report's game line) keeps the default.
  if (target.line && config.at.empty()) {
    const PlaceMoment place = moment_at_place(game, result, *target.line, target.column);
    if (place.by != PlaceMoment::By::BeforeMoves) at = place.at;
  }
  if (!config.at.empty()) {
    auto found_at = find_moment(game, result, config.at, checked.replay.tolerance_seconds);
    if (auto* message = std::get_if<std::string>(&found_at)) throw UsageError("--at " + *message);
    at = std::get<MomentAt>(found_at);
  }
  const Moment moment = moment_of(game, result.rules, checked.replay, result, at);
  BoardViewOptions view;
  view.ascii = config.ascii;
  view.color = config.color == "always" || (config.color == "auto" && config.stdout_is_terminal);
  out << board_view(game, result, moment, view);
  if (game.error) write_unreadable(err, game);  // the record broke off after the moves shown
  return result.has_error() || game.error ? kExitInvalid : kExitClean;
}

void add_show_command(CommandApp* cmd, CommandAction& action) {
  auto config = std::make_shared<ShowConfig>();
  cmd->add_option("file", config->files,
                  "Record file (- for standard input), FILE:LINE for the game at that line; with --index, "
                  "several files or folders")
      ->required();
  cmd->add_option("--game", config->game, "Which game of the file, counted from 1 (default 1)")
      ->check(at_least(1, "the game's number (counted from 1)"));
  cmd->add_option("--index", config->index, "Which game of the run over all the files, counted from 1 (check's index)")
      ->check(at_least(1, "the game's index (counted from 1)"));
  cmd->add_option("--at", config->at,
                  "A move as written (23a, 14B; one board: 23 or 23...), first-error, start, end, or a match time "
                  "(3:01, 181.5s) (default: the first error on a move, else the end)")
      ->check(word("a move (23a), first-error, start, end or a match time (3:01)"));
  add_rule_options(*cmd, config->rule_options);
  cmd->add_option("--tolerance", config->tolerance, "Lag allowed in clock comparisons, seconds (as for check)")
      ->check(real_at_least(0, "the tolerance in seconds"));
  cmd->add_flag("--ascii", config->ascii, "Pieces as letters (KQRBNP white, kqrbnp black)");
  cmd->add_option("--color", config->color, "Colour: auto (a terminal without NO_COLOR), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->callback([config, &action] {
    action = [config] {
      const char* no_color = std::getenv("NO_COLOR");
      config->stdout_is_terminal = ::isatty(STDOUT_FILENO) == 1 && !(no_color && *no_color);
      return run_show(*config, std::cout, std::cerr);
    };
  });
}

}  // namespace bpgn
