// bpgn standings: checks every match and builds the tournament table (docs/standings.md).
#include "cli/commands.h"
#include "record/visible_text.h"
#include "cli/errors.h"
#include "cli/option_checks.h"
#include "cli/exit_codes.h"
#include "cli/input_list.h"
#include "cli/output_file.h"
#include "cli/rule_flags.h"
#include "pipeline/game_stream.h"
#include "pipeline/input_lines.h"
#include "pipeline/check_game.h"
#include "record/reader.h"
#include "replay/replay.h"
#include "standings/standings.h"
#include "standings/standings_render.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <map>
#include <memory>

namespace bpgn {
namespace {

struct StandingsConfig {
  std::vector<std::string> files;
  InputOptions inputs;
  RuleOptions rule_options;
  std::string by = "player";
  std::string format = "text";
  std::string output;
  std::string alias;
  bool exclude_invalid = false;
  std::size_t max_columns = 40;
};

// One line of an alias file (the `n`th of `path`): `other spelling = name`, blank, or a `#` comment.
void add_alias(std::string& line, const std::string& path, std::size_t n, std::map<std::string, std::string>& aliases) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  const std::size_t start = line.find_first_not_of(" \t");
  if (start == std::string::npos || line[start] == '#') return;
  const std::size_t eq = line.find('=');
  if (eq == std::string::npos) {
    throw UsageError("standings: " + path + ":" + std::to_string(n) + ": not `other spelling = name`");
  }
  std::string name = line.substr(eq + 1);
  const std::size_t a = name.find_first_not_of(" \t"), b = name.find_last_not_of(" \t");
  name = a == std::string::npos ? std::string() : name.substr(a, b - a + 1);
  aliases[player_key(line.substr(0, eq))] = name;
}

// --alias FILE: lines `other spelling = name` (blank lines and `#` comments skipped).
std::map<std::string, std::string> read_aliases(const std::string& path) {
  std::map<std::string, std::string> aliases;
  if (path.empty()) return aliases;
  InputStreams input({path});
  std::string line;
  std::size_t n = 0;
  for (InputStreams::Step step; (step = input.next()) != InputStreams::Step::End;) {
    if (step == InputStreams::Step::Failure) throw IoError("standings: cannot read the alias file " + path);
    try {
      InputLines lines(input);
      while (lines.next(line) == InputLines::Got::Line) add_alias(line, path, ++n, aliases);
    } catch (const std::system_error&) {
      throw IoError("standings: cannot read the alias file " + path);
    }
  }
  return aliases;
}

// The first error of a game as the text report words it ("12:5 drop-not-in-holding: ...").
std::string first_error(const ReplayResult& r) {
  for (const Violation& v : r.violations) {
    if (v.severity == Severity::Error) {
      return std::to_string(v.pos.line) + ":" + std::to_string(v.pos.column) + " " + std::string(info(v.code).code) +
             ": " + v.message;
    }
  }
  return {};
}

int run_standings(const StandingsConfig& config, std::ostream& out, std::ostream& err) {
  RenderOptions render;
  if (config.by == "player") render.by = StandingsBy::Player;
  else if (config.by == "team") render.by = StandingsBy::Team;
  else throw UsageError("standings: --by is player or team");
  if (config.format == "text") render.format = StandingsFormat::Text;
  else if (config.format == "markdown") render.format = StandingsFormat::Markdown;
  else if (config.format == "csv") render.format = StandingsFormat::Csv;
  else if (config.format == "json") render.format = StandingsFormat::Json;
  else if (config.format == "html") render.format = StandingsFormat::Html;
  else throw UsageError("standings: --format is text, markdown, csv, json or html");
  const RuleChoice choice = rule_choice(config.rule_options);
  const auto aliases = read_aliases(config.alias);

  std::vector<std::string> files = config.files;
  std::vector<FailureAt> list_failures;
  if (files.empty() && config.inputs.files_from.empty()) {
    files.push_back("-");
    say_if_reading_a_terminal("standings", err);
  } else {
    InputList list = expand_inputs(files, config.inputs);
    list_failures = std::move(list.failures);
    for (const std::string& n : list.notes) err << n << '\n';
    files = std::move(list.files);
  }
  FileClaims claims;  // the table is never written onto an input, the list or the alias file
  claims.inputs(files);
  claims.input(config.inputs.files_from, "the --files-from list");
  claims.input(config.alias, "the --alias file");
  claims.output(config.output, "-o");
  OutputGroup outputs("standings", out);  // opened before a game is read: a folder missing is said at once
  RunOutput* output = outputs.open(config.output, err);
  if (!output) return kExitIo;
  render.inputs = files;

  std::vector<ScoredMatch> matches;
  bool inputs_ok = true, turkish = false, other = false;
  CheckedGame checked;  // refilled for every match
  const ReplayResult& result = checked.result;
  Game game;
  InputStreams inputs(files, std::move(list_failures));
  GameStream games(inputs);
  for (GameStream::Step step; (step = games.next(game)) != GameStream::Step::End;) {
    if (step == GameStream::Step::NoGames) {  // as check says it
      err << command_message("standings", input_label(games.file()) + ": no games") << '\n';
      continue;
    }
    if (step == GameStream::Step::Failure) {
      err << "bpgn standings: cannot read " << visible_text(games.failure().name()) << ": " << games.failure().reason
          << '\n';
      inputs_ok = false;
      continue;
    }
    ScoredMatch m;
    m.index = matches.size() + 1;
    m.file = game.file;
    m.line = game.start.line;
    const std::string* round = game.tag("Round");
    m.round = round && !round->empty() && *round != "?" && *round != "-" ? *round : std::to_string(m.index);
    check_game(game, choice, {}, checked);
    m.status = checked.status;
    m.first_error = first_error(result);
    const bool one_board = result.boards == 1;
    for (std::size_t s = 0; s < 4; ++s) {
      const std::string_view tag = one_board ? (s == 0 ? "White" : s == 1 ? "Black" : "") : seat_tag(Seat(s));
      const std::string* v = tag.empty() ? nullptr : game.tag(tag);
      std::string player = v ? *v : std::string();
      auto alias = aliases.find(player_key(player));
      if (alias != aliases.end()) player = alias->second;
      m.players[s] = player;
    }
    if (m.status != GameStatus::Unreadable) {
      score_match(result, m);
      (result.rules.scoring == Scoring::TurkishPoints ? turkish : other) = true;
    }
    matches.push_back(std::move(m));
  }
  render.scoring = turkish && other ? "Turkish and match scoring" : turkish ? "Turkish scoring" : "match scoring";
  StandingsOptions options;
  options.exclude_invalid = config.exclude_invalid;
  const Standings standings = build_standings(std::move(matches), options);
  render.max_columns = config.max_columns;
  output->stream() << render_standings(standings, render);
  if (!outputs.commit(err)) return kExitIo;
  err << "bpgn standings: " << standings.matches.size() << " match" << (standings.matches.size() == 1 ? "" : "es")
      << " read, " << standings.matches.size() - standings.excluded.size() << " scored, " << standings.excluded.size()
      << " left out; " << standings.players.size() << " players, " << standings.teams.size() << " teams\n";
  // CSV has no place for it; the other formats say it above the table (JSON leaves nothing out).
  if (render.format == StandingsFormat::Csv) {
    if (const std::string left_out = columns_left_out(standings, render); !left_out.empty())
      err << "bpgn standings: " << left_out << '\n';
  }
  if (!inputs_ok) return kExitIo;
  if (fails_for_no_games("standings", standings.matches.size(), config.inputs.allow_empty, err)) return kExitInvalid;
  return kExitClean;
}

}  // namespace

void add_standings_command(CLI::App& app, CommandAction& action) {
  auto config = std::make_shared<StandingsConfig>();
  CLI::App* cmd = app.add_subcommand("standings", "Tournament table from checked matches (players or teams)");
  cmd->add_option("files", config->files, "Input files or folders, as for check (none or '-': standard input)");
  add_input_options(*cmd, config->inputs);
  add_rule_options(*cmd, config->rule_options);
  cmd->add_option("--by", config->by, "One row per player (default) or per team (a crosstable)")
      ->check(CLI::IsMember({"player", "team"}));
  cmd->add_option("--format", config->format, "text (default), markdown, csv, json or html (a printable page)")
      ->check(CLI::IsMember({"text", "markdown", "csv", "json", "html"}));
  cmd->add_option("-o,--output", config->output, "Write the table to FILE instead of standard output");
  cmd->add_option("--alias", config->alias, "A file of `other spelling = name` lines: one player, one row");
  cmd->add_option("--max-columns", config->max_columns,
                  "Draw the points per round (by player) or the crosstable (by team) only when they need at most N "
                  "columns (default 40; --format json always has them)")
      ->type_name("N")
      ->check(at_least(0, "the number of columns"));
  cmd->add_flag("--exclude-invalid", config->exclude_invalid,
                "Leave invalid matches out of the table (default: they count as recorded, listed under it)");
  cmd->callback([config, &action] { action = [config] { return run_standings(*config, std::cout, std::cerr); }; });
}

}  // namespace bpgn
