// bpgn convert: BPGN <-> per-board PGN, the JSON form, chess.com board pairs -> BPGN. Every
// record goes through the same replay as fmt (pipeline/convert_game.h); see docs/convert.md.
#include "cli/convert_command.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "pipeline/exit_codes.h"
#include "cli/filter_options.h"
#include "cli/input_list.h"
#include "pipeline/file_claims.h"
#include "pipeline/run_outputs.h"
#include "cli/progress.h"
#include "output/summary_json.h"
#include "output/write_summary.h"
#include "pipeline/convert_inputs.h"
#include "pipeline/input_paths.h"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <CLI/CLI.hpp>

#include <unistd.h>

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
  const std::optional<ConvertTarget> target = convert_target(config.to);
  if (!target) {
    throw UsageError("convert: --to must be bpgn, pgn or json" +
                     (config.to.empty() ? std::string(" (missing)") : ", not '" + config.to + "'"));
  }
  if (config.from != "auto" && config.from != "bpgn" && config.from != "pgn" && config.from != "chesscom") {
    throw UsageError("convert: --from must be auto, bpgn, pgn or chesscom, not '" + config.from + "'");
  }
  std::vector<std::string> inputs = config.inputs;
  if (inputs.empty()) {
    inputs.push_back("-");
    say_if_reading_a_terminal("convert", err);
  }
  const bool chesscom = reads_chesscom(config, inputs);
  ConvertSettings settings;
  settings.target = *target;
  settings.fen = config.fen;
  settings.choice = rule_choice(config.rule_options);
  settings.quiet = config.quiet;
  const std::optional<GameFilter> filter = game_filter(config.filters);
  settings.filter = filter ? &*filter : nullptr;

  // The chess.com folders are listed before the output file is created, so that its temporary
  // file is never taken for a board.
  const std::vector<std::string> files = chesscom ? files_and_folder_files(inputs) : inputs;
  FileClaims claims;  // every output once, never onto an input (for chess.com, the files of its folders too)
  claims.inputs(inputs);
  claims.inputs(files);
  claims.output(config.output, "-o");
  claims.output(config.summary_json, "--summary-json");

  // The output and the summary are committed together, or neither (docs/check.md, *Output files*).
  OutputGroup outputs("convert", out);
  RunOutput* output = outputs.open(config.output, err);
  if (!output) return kExitIo;
  RunOutput* summary_file = nullptr;
  if (!config.summary_json.empty() && !(summary_file = outputs.open(config.summary_json, err))) return kExitIo;
  GameConverter converter(settings);
  ConvertOutput written(*target, filter.has_value(), output->stream(), err);
  ConvertRun convert{converter, written, err, [](std::size_t n) { Progress::add_games(n); }, config.threads.threads(files),
                     config.threads.piece_bytes};
  std::optional<Progress> progress;  // on a terminal, while the output goes to a file
  progress.emplace(!config.quiet && (!config.output.empty() || !::isatty(STDOUT_FILENO)),
                   chesscom ? 0 : total_input_bytes(files));
  const bool inputs_ok = chesscom ? convert_chesscom(files, convert) : convert_records(files, convert);
  progress.reset();
  if (summary_file) summary_file->stream() << write_summary_json("convert", files.size(), written.counts());
  const bool committed = outputs.commit(err, written.whole());
  if (!output->written()) written.counts().drop_all();
  fmt::print(err, "{}; {} input{}\n", write_summary("convert", written.counts()), files.size(),
             files.size() == 1 ? "" : "s");
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
                  "Inputs (chess.com: board files or folders); none or '-': standard input");
  // The value lists as type names (shown in --help, completed by `bpgn completion`); run() checks them.
  cmd->add_option("--to", config->to, "Output format: bpgn, pgn (one game per board) or json")
      ->required()
      ->type_name("TEXT:{bpgn,pgn,json}");
  cmd->add_option("--from", config->from, "Input format: auto (default), bpgn, pgn or chesscom")
      ->type_name("TEXT:{auto,bpgn,pgn,chesscom}");
  cmd->add_option("-o,--output", config->output, "Write to FILE instead of standard output");
  cmd->add_option("--summary-json", config->summary_json, "Also write the summary's counts as JSON to FILE");
  cmd->add_flag("--fen", config->fen, "json: add the position after every ply");
  add_allow_empty_option(*cmd, config->allow_empty);
  add_rule_options(*cmd, config->rule_options);
  add_filter_options(*cmd, config->filters);
  cmd->add_flag("-q,--quiet", config->quiet, "Say nothing of a game on standard error: only the summary");
  add_thread_options(*cmd, config->threads, "Convert games", "chess.com boards: one");
  cmd->callback(
      [config, &action] { action = [config] { return run_convert(*config, std::cout, std::cerr); }; });
}

}  // namespace bpgn
