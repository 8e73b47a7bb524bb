// bpgn convert: BPGN <-> per-board PGN, the JSON form, chess.com board pairs -> BPGN. Every
// record goes through the same replay as fmt (pipeline/commands/convert_game.h); see docs/convert.md.
#include "cli/convert_command.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "pipeline/run/exit_codes.h"
#include "cli/filter_options.h"
#include "cli/input_list.h"
#include "cli/option_checks.h"
#include "pipeline/output/file_claims.h"
#include "pipeline/output/run_outputs.h"
#include "cli/progress.h"
#include "output/summary_json.h"
#include "output/write_summary.h"
#include "pipeline/commands/convert_inputs.h"
#include "pipeline/commands/convert_csv.h"
#include "pipeline/commands/convert_sqlite.h"
#include "pipeline/input/input_paths.h"
#include "text/visible_text.h"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
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

// A text stream that keeps nothing: the records of --to sqlite go to the archive instead.
class Discard : public std::streambuf {
 protected:
  int overflow(int c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

std::optional<int> archive_version(const ConvertConfig& config) {
  if (!config.archive_version_given) return std::nullopt;
  return config.archive_version;
}

// --from sqlite --to sqlite: the archive copied into a new one of this bpgn's layout (or the one
// --archive-version names), every game with its id and rows.
int copy_archive(const ConvertConfig& config, std::ostream& err) {
  if (!config.where.empty()) throw UsageError("convert: --where goes with --from sqlite --to bpgn (a copy takes every game)");
  if (config.output.empty() || config.output == "-")
    throw UsageError("convert: --from sqlite --to sqlite needs -o NEW.db (a new file)");
  const std::string& source = config.inputs.front();
  FileClaims claims;
  claims.inputs(config.inputs);
  claims.output(config.output, "-o");
  std::error_code ec;
  if (std::filesystem::exists(config.output, ec) &&
      !(std::filesystem::is_regular_file(config.output, ec) && std::filesystem::file_size(config.output, ec) == 0))
    throw UsageError("convert: --from sqlite --to sqlite writes a new archive, and " + shown_path(config.output) +
                     " exists: nothing was done");
  std::size_t games = 0;
  int version = 0;
  try {
    db::SqliteWriter archive(config.output, archive_version(config));
    version = archive.version();
    games = archive.copy_from(source);
    archive.commit();
  } catch (const db::ArchiveError& e) {
    if (e.exit_code == kExitUsage) throw UsageError(std::string("convert: ") + e.what());
    fmt::print(err, "bpgn convert: {}\n", visible_text(e.what()));
    fmt::print(err, "bpgn convert: no archive was written\n");
    return kExitIo;
  }
  fmt::print(err, "bpgn convert: {} game{} copied from {} to {} (schema version {})\n", games, games == 1 ? "" : "s",
             shown_path(source), shown_path(config.output), version);
  return kExitClean;
}

// --from sqlite: the archive's records, in id order, of the games --where selects.
int run_from_archive(const ConvertConfig& config, std::ostream& out, std::ostream& err) {
  if (config.to != "bpgn" && config.to != "sqlite")
    throw UsageError("convert: --from sqlite writes --to bpgn (the archive keeps the canonical BPGN records) or --to "
                     "sqlite (a copy of the archive)");
  if (config.inputs.size() != 1 || config.inputs.front() == "-")
    throw UsageError("convert: --from sqlite reads one archive file");
  if (config.to == "sqlite") return copy_archive(config, err);
  if (config.archive_version_given) throw UsageError("convert: --archive-version goes with --to sqlite");
  const std::string& archive = config.inputs.front();
  FileClaims claims;
  claims.inputs(config.inputs);
  claims.output(config.output, "-o");
  OutputGroup outputs("convert", out);
  RunOutput* output = outputs.open(config.output, err);
  if (!output) return kExitIo;
  std::size_t n = 0;
  try {
    n = db::read_archive_records(archive, config.where, [&](std::string_view record) {
      std::ostream& o = output->stream();
      if (n++) o << record_separator(ConvertTarget::Bpgn);
      o.write(record.data(), std::streamsize(record.size()));
    });
  } catch (const db::ArchiveError& e) {
    if (e.exit_code == kExitUsage) throw UsageError(std::string("convert: ") + e.what());
    fmt::print(err, "bpgn convert: {}\n", visible_text(e.what()));
    return kExitIo;
  }
  if (!outputs.commit(err, true)) return kExitIo;
  fmt::print(err, "bpgn convert: {} game{} written from {}\n", n, n == 1 ? "" : "s", shown_path(archive));
  if (fails_for_no_games("convert", n, config.allow_empty, err)) return kExitInvalid;
  return kExitClean;
}

int run(const ConvertConfig& config, std::ostream& out, std::ostream& err) {
  if (config.from == "sqlite") return run_from_archive(config, out, err);
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
  const bool chesscom = reads_chesscom(config, inputs);
  ConvertSettings settings;
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
  std::vector<std::string> files;
  if (chesscom) {
    files = files_and_folder_files(inputs);
  } else {
    InputList list = expand_inputs(inputs, InputOptions{});
    for (const std::string& n : list.notes) fmt::print(err, "{}\n", n);
    files = std::move(list.files);
  }
  FileClaims claims;  // every output once, never onto an input (for chess.com, the files of its folders too)
  claims.inputs(inputs);
  claims.inputs(files);
  claims.output(config.output, "-o");
  if (to_csv) {  // the folder's files too: none may be an input, however spelled
    for (const std::string& name : csv_folder_files()) claims.output(config.output + "/" + name, "-o");
  }
  claims.output(config.summary_json, "--summary-json");

  // The output and the summary are committed together, or neither (docs/check.md, *Output files*).
  OutputGroup outputs("convert", out);
  RunOutput* output = to_tables ? nullptr : outputs.open(config.output, err);
  if (!output && !to_tables) return kExitIo;
  RunOutput* summary_file = nullptr;
  if (!config.summary_json.empty() && !(summary_file = outputs.open(config.summary_json, err))) return kExitIo;
  std::optional<db::SqliteWriter> archive;
  std::optional<ArchiveRows> rows;
  if (to_sqlite) {
    try {
      archive.emplace(config.output, archive_version(config));
    } catch (const db::ArchiveError& e) {
      if (e.exit_code == kExitUsage) throw UsageError(std::string("convert: ") + e.what());
      fmt::print(err, "bpgn convert: {}\n", visible_text(e.what()));
      return kExitIo;
    }
    db::GameRowsOptions row_options;
    row_options.positions = config.positions;
    rows.emplace(*archive, settings.choice, row_options);
  }
  std::optional<CsvFolder> folder;
  std::optional<CsvRows> csv_rows;
  if (to_csv) {
    folder.emplace(config.output);
    if (!folder->opened()) {
      fmt::print(err, "bpgn convert: {}\n", visible_text(folder->error()));
      return kExitIo;
    }
    db::GameRowsOptions row_options;
    row_options.positions = config.positions;
    csv_rows.emplace(folder->sink(), settings.choice, row_options);
  }
  Discard discard;
  std::ostream discarded(&discard);
  GameConverter converter(settings);
  ConvertOutput written(*target, filter.has_value(), output ? output->stream() : discarded, err);
  ConvertRun convert{converter, written, err, [](std::size_t n) { Progress::add_games(n); }, config.threads.threads(files),
                     config.threads.piece_bytes};
  TableRows* table_rows = rows ? static_cast<TableRows*>(&*rows) : csv_rows ? &*csv_rows : nullptr;
  convert.rows = table_rows;
  std::optional<Progress> progress;  // on a terminal, while the output goes to a file
  progress.emplace(!config.quiet && (!config.output.empty() || !::isatty(STDOUT_FILENO)),
                   chesscom ? 0 : total_input_bytes(files));
  bool inputs_ok = true;
  try {
    inputs_ok = chesscom ? convert_chesscom(files, convert) : convert_records(files, convert);
    if (table_rows && table_rows->failure()) throw *table_rows->failure();
    // An input that could not be read through fails the run, as it fails other outputs: the
    // archive stays as it was (a new one is not created).
    // Nothing is made when the run read no game: a new archive is not created (docs/robustness.md,
    // "Gates"); an existing one is as it was.
    if (archive && inputs_ok && written.whole() && (archive->appending() || written.counts().read > 0))
      archive->commit();
  } catch (const db::ArchiveError& e) {
    progress.reset();
    fmt::print(err, "bpgn convert: {}\n", visible_text(e.what()));
    if (archive && archive->appending()) {
      const std::size_t kept = archive->committed_games();
      if (kept)
        fmt::print(err, "bpgn convert: {} keeps the {} game{} added before the failure (batches of {} are committed "
                   "whole); the same command again adds the rest\n", shown_path(config.output), kept,
                   kept == 1 ? "" : "s", db::SqliteWriter::kBatchGames);
      else
        fmt::print(err, "bpgn convert: {} is as it was (no batch of this run was committed)\n", shown_path(config.output));
    } else if (archive) {
      fmt::print(err, "bpgn convert: no archive was written\n");
    }
    written.counts().drop_all();
    fmt::print(err, "{}; {} input{}\n", write_summary("convert", written.counts()), files.size(),
               files.size() == 1 ? "" : "s");
    return kExitIo;
  }
  progress.reset();
  // The folder first: when it cannot be made whole, the summary is not written either.
  bool folder_made = false;
  const bool nothing_read = written.counts().read == 0;
  if (folder && inputs_ok && written.whole() && !nothing_read) {
    folder_made = folder->commit();
    if (!folder_made) {
      fmt::print(err, "bpgn convert: {}\n", visible_text(folder->error()));
      outputs.discard();
      written.counts().drop_all();
      fmt::print(err, "{}; {} input{}\n", write_summary("convert", written.counts()), files.size(),
                 files.size() == 1 ? "" : "s");
      return kExitIo;
    }
  }
  if (summary_file) summary_file->stream() << write_summary_json("convert", files.size(), written.counts());
  const bool committed = outputs.commit(err, written.whole());
  if (output ? !output->written() : !(inputs_ok && written.whole())) written.counts().drop_all();
  fmt::print(err, "{}; {} input{}\n", write_summary("convert", written.counts()), files.size(),
             files.size() == 1 ? "" : "s");
  if (csv_rows && folder_made)
    fmt::print(err, "bpgn convert: {} game{} written to {}, {} repeated in the run (not written again)\n",
               csv_rows->added(), csv_rows->added() == 1 ? "" : "s", shown_path(config.output), csv_rows->skipped());
  if ((folder || (archive && !archive->appending())) && inputs_ok && written.whole() && nothing_read)
    fmt::print(err, "bpgn convert: no game read, so {} was not made\n", shown_path(config.output));
  else if (rows && inputs_ok && written.whole())
    fmt::print(err, "bpgn convert: {} game{} added to {}, {} already there (not added again)\n", rows->added(),
               rows->added() == 1 ? "" : "s", shown_path(config.output), rows->skipped());
  if (!committed || !inputs_ok) return kExitIo;
  if (fails_for_no_games("convert", written.counts().read, config.allow_empty, err)) return kExitInvalid;
  return written.errors() ? kExitInvalid : kExitClean;
}

}  // namespace

int run_convert(const ConvertConfig& config, std::ostream& out, std::ostream& err) {
  try {
    return run(config, out, err);
  } catch (const CommandError& e) {
    return report_error("convert", e, err);
  }
}

void add_convert_command(CLI::App* cmd, CommandAction& action) {
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
