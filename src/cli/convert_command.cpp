// bpgn convert: BPGN <-> per-board PGN, the JSON form, chess.com board pairs -> BPGN. Every
// record goes through the same replay as fmt (pipeline/commands/convert_game.h); see docs/convert.md.
#include "cli/convert_command.h"
#include "cli/command_app.h"

#include "cli/commands.h"
#include "cli/convert_steps.h"
#include "cli/errors.h"
#include "cli/filter_options.h"
#include "cli/input_list.h"
#include "cli/option_checks.h"
#include "pipeline/commands/convert_csv.h"
#include "pipeline/commands/convert_inputs.h"
#include "pipeline/input/input_paths.h"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>

namespace bpgn {
namespace {

// Whether the inputs are chess.com board files (--from chesscom, or auto and they look so).
bool reads_chesscom(const ConvertConfig& config, const std::vector<std::string>& inputs) {
  bool chesscom = config.from == "chesscom";
  if (config.from == "auto") {
    const auto json_inputs = std::count_if(inputs.begin(), inputs.end(), looks_like_json);
    if (json_inputs > 0 && json_inputs < std::ptrdiff_t(inputs.size())) {
      throw UsageError("convert: chess.com JSON files and game records cannot be mixed in one run");
    }
    chesscom = json_inputs > 0;
  }
  if (chesscom) {
    for (const std::string& f : inputs) {
      if (f == "-")
        throw UsageError("convert: chess.com boards are read from files or folders, not standard input");
    }
  }
  return chesscom;
}

int run(const ConvertConfig& config, std::ostream& out, std::ostream& err) {
  if (config.from == "sqlite") return run_convert_archive(config, out, err);
  if (!config.where.empty()) throw UsageError("convert: --where goes with --from sqlite");
  const bool to_sqlite = config.to == "sqlite";
  const bool to_csv = config.to == "csv";
  const bool to_tables = to_sqlite || to_csv;  // the archive's rows (database/game_rows.h), not records
  const std::optional<ConvertTarget> target = to_tables ? ConvertTarget::Bpgn : convert_target(config.to);
  if (!target) {
    throw UsageError("convert: --to must be bpgn, pgn, json, sqlite or csv" +
                     (config.to.empty() ? std::string(" (missing)") : ", not '" + config.to + "'"));
  }
  if (config.from != "auto" && config.from != "bpgn" && config.from != "pgn" && config.from != "chesscom") {
    throw UsageError("convert: --from must be auto, bpgn, pgn, chesscom or sqlite, not '" + config.from + "'");
  }
  if (to_sqlite && (config.output.empty() || config.output == "-"))
    throw UsageError("convert: --to sqlite needs -o ARCHIVE.db (a file)");
  if (to_csv && (config.output.empty() || config.output == "-"))
    throw UsageError("convert: --to csv needs -o DIR (a new folder, or an empty one)");
  if (to_csv) {
    if (const std::string why = why_not_a_new_folder(config.output); !why.empty())
      throw UsageError("convert: --to csv writes a new folder: " + why + ", so nothing was done");
  }
  if (config.positions && !to_tables) throw UsageError("convert: --positions goes with --to sqlite or csv");
  if (config.archive_version_given && !to_sqlite) throw UsageError("convert: --archive-version goes with --to sqlite");
  std::vector<std::string> inputs = config.inputs;
  if (inputs.empty()) {
    inputs.push_back("-");
    say_if_reading_a_terminal("convert", err);
  }
  ConvertWork work;
  work.chesscom = reads_chesscom(config, inputs);
  work.to_sqlite = to_sqlite;
  work.to_csv = to_csv;
  ConvertSettings& settings = work.settings;
  settings.keep_replay = to_tables;
  settings.target = *target;
  settings.fen = config.fen;
  settings.choice = rule_choice(config.rule_options);
  settings.quiet = config.quiet;
  const std::optional<GameFilter> filter = game_filter(config.filters);
  settings.filter = filter ? &*filter : nullptr;

  // The folders are listed before the output file is created, so that its temporary file is never
  // taken for an input: chess.com folders by their own files, folders of records searched for
  // records as check and fmt search them.
  CommandPlan plan;
  plan.command = "convert";
  plan.inputs.allow_empty = config.allow_empty;
  plan.expand = CommandPlan::Expand::AsGiven;
  if (work.chesscom) {
    plan.names = files_and_folder_files(inputs);
  } else {
    InputList list = expand_inputs(inputs, InputOptions{});
    for (const std::string& n : list.notes) fmt::print(err, "{}\n", n);
    plan.names = std::move(list.files);
  }
  plan.given = inputs;  // every output once, never onto an input (for chess.com, the files of its folders too)
  plan.claims = {CommandPlan::output(config.output, "-o")};
  return run_convert_files(config, work, std::move(plan), out, err);
}

}  // namespace

int run_convert(const ConvertConfig& config, std::ostream& out, std::ostream& err) {
  try {
    return run(config, out, err);
  } catch (const CommandError& e) {
    return report_error("convert", e, err);
  }
}

void add_convert_command(CommandApp* cmd, CommandAction& action) {
  auto config = std::make_shared<ConvertConfig>();
  cmd->add_option("FILE", config->inputs,
                  "Inputs: record files or folders of them (searched as check does), or chess.com board files or folders; none or '-': standard input");
  // The value lists as type names (shown in --help, completed by `bpgn completion`); run() checks them.
  cmd->add_option("--to", config->to,
                  "Output format: bpgn, pgn (one game per board), json, or sqlite (an archive database, "
                  "with -o), or csv (its tables as CSV files in a new folder -o DIR, for PostgreSQL; docs/database.md)")
      ->required()
      ->type_name("TEXT:{bpgn,pgn,json,sqlite,csv}");
  cmd->add_option("--from", config->from,
                  "Input format: auto (default), bpgn, pgn, chesscom, or sqlite (an archive's records back as BPGN)")
      ->type_name("TEXT:{auto,bpgn,pgn,chesscom,sqlite}");
  cmd->add_flag("--positions", config->positions, "sqlite, csv: also the positions table (the FEN after every ply; big)");
  CLI::Option* version_option = cmd->add_option("--archive-version", config->archive_version,
                  "sqlite: a new archive's layout, 2 (the default: each game's plies in one row) or 1 (a row per "
                  "ply); an existing archive keeps its own")
      ->type_name("N")
      ->check(between(1, 2, "the archive's schema version"));
  cmd->add_option("--where", config->where,
                  "--from sqlite: only the games this SQL expression on the games table selects")
      ->type_name("SQL")
      // Empty or blank is no expression (it selected every game); the rest is
      // db::why_not_one_sql_expression's, before the archive is read.
      ->check(word("an SQL expression on the games table"));
  cmd->add_option("-o,--output", config->output, "Write to FILE instead of standard output");
  cmd->add_option("--summary-json", config->summary_json, "Also write the summary's counts as JSON to FILE");
  cmd->add_flag("--fen", config->fen, "json: add the position after every ply");
  add_allow_empty_option(*cmd, config->allow_empty);
  add_rule_options(*cmd, config->rule_options);
  add_filter_options(*cmd, config->filters);
  cmd->add_flag("-q,--quiet", config->quiet, "Say nothing of a game on standard error: only the summary");
  add_thread_options(*cmd, config->threads, "Convert games", "chess.com boards: one");
  cmd->callback([config, version_option, &action] {
    config->archive_version_given = version_option->count() > 0;
    action = [config] { return run_convert(*config, std::cout, std::cerr); };
  });
}

}  // namespace bpgn
