// bpgn view: reads the games the command line names, checks each as check does, and writes the
// match viewer's page (output/viewer_page.h) with their replay.
#include "cli/view_command.h"

#include "cli/adjudication_file.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/game_target.h"
#include "cli/option_checks.h"
#include "cli/view_sheet.h"
#include "output/report_text.h"
#include "output/viewer_page.h"
#include "pipeline/run/check_game.h"
#include "pipeline/run/exit_codes.h"
#include "pipeline/output/file_claims.h"
#include "pipeline/commands/find_game.h"
#include "pipeline/input/game_stream.h"
#include "pipeline/input/input_paths.h"
#include "pipeline/output/run_outputs.h"
#include "text/visible_text.h"
#include "replay/moment_place.h"
#include "replay/moment.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <iostream>
#include <memory>
#include <stdexcept>

namespace bpgn {

int run_view(const ViewConfig& config, std::ostream& out, std::ostream& err) {
  const RuleChoice choice = with_tolerance(rule_choice(config.rule_options), config.tolerance);
  if (config.files.empty()) throw UsageError("a FILE is required");
  bool one = config.game || config.index;
  for (const std::string& f : config.files) one = one || names_a_place(f);

  std::vector<std::string> files;
  std::vector<FailureAt> failures;
  std::optional<GameWanted> wanted;
  std::optional<std::uint32_t> place_line, place_column;  // FILE:LINE[:COLUMN]: the moment to open at
  if (one) {
    GameTarget target = game_target(config.files, config.game, config.index);
    files = std::move(target.files);
    failures = std::move(target.failures);
    wanted = std::move(target.wanted);
    place_line = target.line;
    place_column = target.column;
  } else {
    InputList list = expand_inputs(config.files, InputOptions{});
    files = std::move(list.files);
    failures = std::move(list.failures);
    for (const std::string& n : list.notes) err << "bpgn view: " << n << '\n';
  }
  FileClaims claims;  // the page is never written onto an input
  claims.inputs(files);
  claims.output(config.output, "-o");
  claims.input(config.adjudications, "the --adjudications file");
  const Adjudications adjudications = read_adjudications("view", config.adjudications, err);
  GameCheckOptions check_options;
  if (!config.adjudications.empty()) check_options.adjudications = &adjudications;
  OutputGroup outputs("view", out);
  RunOutput* output = outputs.open(config.output, err);
  if (!output) return kExitIo;

  ViewerPage page(config.files);
  ViewSheet sheet(place_line, place_column);  // --sheet: the one game's decision sheet in place of the page
  bool invalid = false, io_failed = false;
  const auto add = [&](Game& game) {
    const CheckedGame checked = check_game(game, choice, check_options);
    if (game.error) write_unreadable(err, game);
    invalid = invalid || checked.status != GameStatus::Valid;
    if (config.sheet) return sheet.game(game, checked);
    std::optional<PlaceMoment> open;
    if (place_line) open = moment_at_place(game, checked.result, *place_line, place_column);
    // --at: the moment the page opens at, of its one game (as show reads it).
    std::optional<MomentAt> open_at;
    if (!config.at.empty()) {
      if (page.games() > 0) {
        throw UsageError("--at names a moment of one game, and the inputs hold several: name the game with --game N, "
                         "FILE:LINE or --index N");
      }
      auto found_at = find_moment(game, checked.result, config.at, checked.replay.tolerance_seconds);
      if (auto* message = std::get_if<std::string>(&found_at)) throw UsageError("--at " + *message);
      open_at = std::get<MomentAt>(found_at);
    }
    try {
      page.game(game, checked, open, open_at);
    } catch (const std::runtime_error& e) {  // its temporary files could not be written
      throw IoError(e.what());
    }
  };
  InputStreams inputs(std::move(files), std::move(failures));
  Game game;
  if (wanted) {
    const FoundGame found = find_game(inputs, *wanted, game);
    if (found.outcome == FoundGame::Outcome::Failure) {
      throw IoError(fmt::format("{}: {}", visible_text(inputs.failure().file), inputs.failure().reason));
    }
    if (found.outcome == FoundGame::Outcome::Absent) throw UsageError(found.why);
    add(game);
  } else {
    GameStream stream(inputs);
    for (GameStream::Step step; (step = stream.next(game)) != GameStream::Step::End;) {
      if (step == GameStream::Step::Failure) {
        fmt::print(err, "bpgn view: {}: {}\n", visible_text(stream.failure().file), stream.failure().reason);
        io_failed = true;
      } else if (step == GameStream::Step::Game) {
        add(game);
      }
    }
  }
  // A decision that named no game of the page (or several) is an error, never ignored; with one
  // game asked for, only the decisions that name a game at all are held to it.
  if (!wanted && !adjudications_hold("view", adjudications, err)) return kExitUsage;
  try {
    if (config.sheet) sheet.write(output->stream());
    else page.write(output->stream());  // the games' data and charts copied from their temporary files
  } catch (const std::runtime_error& e) {
    throw IoError(e.what());
  }
  if (!outputs.commit(err)) return kExitIo;
  if (io_failed) return kExitIo;
  if ((config.sheet ? sheet.games() : page.games()) == 0) {
    err << "bpgn view: no game was read\n";
    return kExitInvalid;
  }
  return invalid ? kExitInvalid : kExitClean;
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
