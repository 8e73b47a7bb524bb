// bpgn show: the command line over the reader, the replay, moment_of and the board view.
#include "cli/show_command.h"
#include "record/visible_text.h"

#include "cli/commands.h"
#include "cli/option_checks.h"
#include "cli/errors.h"
#include "pipeline/exit_codes.h"
#include "pipeline/game_stream.h"
#include "output/board_view.h"
#include "output/report_text.h"
#include "pipeline/check_game.h"
#include "record/reader.h"
#include "replay/moment.h"
#include "replay/replay.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cstdlib>
#include <memory>
#include <unistd.h>

namespace bpgn {

int run_show(const ShowConfig& config, std::ostream& out, std::ostream& err) {
  const RuleChoice choice = rule_choice(config.rule_options);
  Game game;
  bool found = false;
  // Games are counted through all members of an archive, as check counts them.
  InputStreams inputs({config.file});
  GameStream stream(inputs);
  for (GameStream::Step step; !found && (step = stream.next(game)) != GameStream::Step::End;) {
    if (step == GameStream::Step::Failure) {
      throw IoError(fmt::format("{}: {}", stream.failure().file, stream.failure().reason));
    }
    found = step == GameStream::Step::Game && game.index == config.game;
  }
  const std::size_t games = stream.games();
  game.index = game.file_index;  // the board view numbers a game within its file
  if (!found) {
    throw UsageError(fmt::format("{} holds {} game{}: there is no game {}", config.file, games,
                                 games == 1 ? "" : "s", config.game));
  }
  if (game.error && game.plies.empty()) {
    write_unreadable(err, game);
    fmt::print(err, "bpgn show: game {} of {} cannot be read: nothing to show\n", config.game, visible_text(config.file));
    return kExitInvalid;
  }

  const CheckedGame checked = check_game(game, with_tolerance(choice, config.tolerance));
  const ReplayResult& result = checked.result;

  MomentAt at = default_moment(result);
  if (!config.at.empty()) {
    auto found_at = find_moment(game, result, config.at);
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

void add_show_command(CLI::App& app, CommandAction& action) {
  auto config = std::make_shared<ShowConfig>();
  CLI::App* cmd = app.add_subcommand(
      "show", "Show one moment of a match: both boards, holdings, clocks, the moves before, the diagnosis");
  cmd->add_option("file", config->file, "Record file (- for standard input)")->required();
  cmd->add_option("--game", config->game, "Which game of the file, counted from 1 (default 1)")
      ->check(at_least(1, "the game's number (counted from 1)"));
  cmd->add_option("--at", config->at,
                  "A move as written (23a, 14B; one board: 23 or 23...), first-error, start or end "
                  "(default: the first error on a move, else the end)");
  add_rule_options(*cmd, config->rule_options);
  cmd->add_option("--tolerance", config->tolerance, "Lag allowed in clock comparisons, seconds (as for check)")
      ->check(at_least(0, "the tolerance in seconds"));
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
