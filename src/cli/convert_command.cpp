// bpgn convert: BPGN <-> per-board PGN, the JSON form, chess.com board pairs -> BPGN. Every
// record goes through the same replay as fmt; see docs/convert.md.
#include "cli/convert_command.h"
#include "record/visible_text.h"
#include "record/names_format.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/input_list.h"
#include "cli/exit_codes.h"
#include "cli/fmt_command.h"
#include "cli/output_file.h"
#include "cli/progress.h"
#include "output/write_summary.h"
#include "pipeline/game_stream.h"
#include "pipeline/input_lines.h"
#include "convert/as_found.h"
#include "convert/board_join.h"
#include "convert/board_pgn.h"
#include "convert/chesscom_board.h"
#include "convert/chesscom_match.h"
#include "convert/json_record.h"
#include "pipeline/check_game.h"
#include "output/report_text.h"
#include "output/canonical_writer.h"
#include "output/summary_json.h"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <system_error>

namespace bpgn {
namespace {

enum class Target { Bpgn, Pgn, Json };

// Writes each finished record in the target format, with a blank line between records (none
// between JSON lines), and keeps the exit status.
class Emitter {
 public:
  Emitter(Target target, bool fen, RuleChoice choice, std::ostream& out, std::ostream& err)
      : target_(target), choice_(std::move(choice)), out_(out), err_(err) {
    json_.fen = fen;
  }

  // `joined`: the game is a match made of two per-board games read.
  void game(const Game& game, bool joined = false) {
    const ReplayResult result = replay_for_output(game, choice_);
    if (result.has_error()) {
      errors_ = true;
      write_errors(err_, game, result);
    }
    ++(joined ? counts_.joined : result.has_error() ? counts_.with_errors : counts_.valid);
    begin();
    if (target_ == Target::Json) {
      append_json_record(game, result, json_, text_);
    } else if (target_ == Target::Pgn && game.dialect == Dialect::Bpgn) {
      append_board_pgns(game, result, text_);
    } else {
      writer_.write(game, result, text_);
    }
    flush();
  }

  void unreadable(const Game& game, std::string_view raw) {
    errors_ = true;
    ++counts_.as_found;
    write_unreadable(err_, game);
    begin();
    if (target_ == Target::Json) {
      append_json_unreadable(game, raw, text_);
    } else {
      write_as_found(raw, text_);
    }
    flush();
  }

  // A game of a Variant bpgn cannot check: its one error reported, the record written as found.
  void unsupported(const Game& game, std::string_view raw) {
    errors_ = true;
    ++counts_.with_errors;
    const ReplayResult result = replay_for_output(game, choice_);
    write_errors(err_, game, result);
    begin();
    if (target_ == Target::Json) {
      append_json_unsupported(game, raw, result.violations.front(), text_);
    } else {
      write_as_found(raw, text_);
    }
    flush();
  }

  void error() { errors_ = true; }
  bool errors() const { return errors_; }
  // A game too long to be written as found was read: no output file is committed.
  void cut() { cut_ = true; }
  bool whole() const { return !cut_; }
  bool failed() const { return !out_; }
  // Games read count in `read` as the readers find them; the rest is counted as they are written.
  WriteCounts& counts() { return counts_; }

 private:
  void begin() {
    text_.clear();
    if (!first_ && target_ != Target::Json) text_ += '\n';
    first_ = false;
  }
  void flush() { out_.write(text_.data(), std::streamsize(text_.size())); }

  Target target_;
  RuleChoice choice_;
  std::ostream& out_;
  std::ostream& err_;
  JsonRecordOptions json_;
  CanonicalWriter writer_;
  std::string text_;
  bool first_ = true;
  bool errors_ = false;
  bool cut_ = false;
  WriteCounts counts_;
};

// Per-board games wait here for their partner (matched by [BughouseMatch], or the next game of
// the other board when they carry no id).
class BoardPairs {
 public:
  explicit BoardPairs(Emitter& emit, std::ostream& err) : emit_(emit), err_(err) {}

  void add(Game&& game, Board board) {
    const std::string id = match_id_of(game);
    for (auto it = waiting_.begin(); it != waiting_.end(); ++it) {
      if (it->id != id || it->board == board) continue;
      Game first = std::move(it->game);
      waiting_.erase(it);
      const Game& a = board == Board::A ? game : first;
      const Game& b = board == Board::A ? first : game;
      JoinedMatch joined = join_boards(a, b);
      for (const std::string& note : joined.notes)
        fmt::print(err_, "bpgn convert: {}: game {}: {}\n", visible_text(a.file), a.index, note);
      emit_.game(joined.match, true);
      return;
    }
    waiting_.push_back({id, board, std::move(game)});
  }

  // Boards whose partner never came: written as they are, and reported.
  void finish() {
    for (Waiting& w : waiting_) {
      fmt::print(err_, "bpgn convert: {}:{}: game {} (board {}{}) has no partner board among the inputs\n",
                 visible_text(w.game.file), w.game.start.line, w.game.index, w.board,
                 w.id.empty() ? std::string() : ", match " + w.id);
      emit_.error();
      emit_.game(w.game);
    }
    waiting_.clear();
  }

 private:
  struct Waiting {
    std::string id;
    Board board;
    Game game;
  };
  Emitter& emit_;
  std::ostream& err_;
  std::vector<Waiting> waiting_;
};

// Whether an input's text starts with '{' (past blank space): a chess.com board file, compressed
// or not; a folder is taken for a folder of them.
bool looks_like_json(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return true;
  if (path == "-") return false;
  InputStreams input({path});
  if (input.next() != InputStreams::Step::Stream) return false;
  char buffer[512];
  try {
    while (const std::size_t n = input.read(buffer, sizeof buffer)) {
      for (std::size_t i = 0; i < n; ++i) {
        const char c = buffer[i];
        if (c != ' ' && c != '\n' && c != '\r' && c != '\t') return c == '{';
      }
    }
  } catch (const std::system_error&) {  // reading it as a record says why
  }
  return false;
}

// chess.com board files, paired by partnerGameId.
bool convert_chesscom(const std::vector<std::string>& files, Emitter& emit, std::ostream& err) {
  bool io_ok = true;
  std::map<std::uint64_t, ChessComBoard> boards;
  InputStreams inputs(files);
  std::string text;
  for (InputStreams::Step step; (step = inputs.next()) != InputStreams::Step::End;) {
    text.clear();
    try {
      if (step == InputStreams::Step::Stream) read_stream_text(inputs, text);
    } catch (const std::system_error& e) {
      inputs.fail(e);
      step = InputStreams::Step::Failure;
    }
    if (step == InputStreams::Step::Failure) {
      fmt::print(err, "bpgn convert: cannot read {}: {}\n", visible_text(inputs.failure().file), inputs.failure().reason);
      io_ok = false;
      continue;
    }
    const std::string& file = inputs.file();
    std::string why;
    std::optional<ChessComBoard> board = parse_chesscom_board(text, file, why);
    if (!board) {
      fmt::print(err, "bpgn convert: note: skipping {}: {}\n", visible_text(file), visible_text(why));
      continue;
    }
    if (boards.count(board->id)) {
      fmt::print(err, "bpgn convert: note: skipping {}: game {} was already read from {}\n", visible_text(file), board->id,
                 visible_text(boards[board->id].source));
      continue;
    }
    boards.emplace(board->id, std::move(*board));
    ++emit.counts().read;
    Progress::add_games(1);
  }
  if (boards.empty()) fmt::print(err, "bpgn convert: note: no chess.com board among the inputs\n");
  std::size_t index = 0;
  for (auto& [id, board] : boards) {
    if (board.partner_id != 0 && board.partner_id < id && boards.count(board.partner_id))
      continue;  // done with its partner
    auto partner = boards.find(board.partner_id);
    if (board.partner_id == 0 || partner == boards.end()) {
      fmt::print(err, "bpgn convert: {}: game {} has no partner board among the inputs (partnerGameId {})\n",
                 visible_text(board.source), id, board.partner_id);
      emit.error();
      ++emit.counts().not_written;
      continue;
    }
    ChessComMatch match = chesscom_match(board, partner->second);
    for (const std::string& p : match.problems) {
      fmt::print(err, "bpgn convert: {}\n", visible_text(p));
      emit.error();
    }
    match.game.index = ++index;
    emit.game(match.game, true);
  }
  return io_ok;
}

// BPGN / PGN records; per-board PGN pairs are joined into their match first.
bool convert_records(const std::vector<std::string>& inputs, Emitter& emit, std::ostream& err) {
  bool io_ok = true;
  BoardPairs pairs(emit, err);
  InputStreams streams(inputs);
  GameStream games(streams, as_found_reader_options());
  Game game;
  for (GameStream::Step step; (step = games.next(game)) != GameStream::Step::End;) {
    if (step == GameStream::Step::NoGames) {
      fmt::print(err, "bpgn convert: {}: no games\n", input_name(games.file()));
      continue;
    }
    if (step == GameStream::Step::Failure) {
      fmt::print(err, "bpgn convert: cannot read {}: {}\n", input_name(games.failure().file), games.failure().reason);
      io_ok = false;
      continue;
    }
    game.index = game.file_index;  // convert numbers a game within its file
    if (game.raw_cut) {  // read, and never written: the reading of this input stops here
      ++emit.counts().read;
      ++emit.counts().not_written;
      emit.cut();
      try {
        require_whole_raw_text(game);
      } catch (const std::runtime_error& e) {
        fmt::print(err, "bpgn convert: cannot read {}: {}\n", input_name(game.file), e.what());
      }
      io_ok = false;
      games.leave_input();
      continue;
    }
    ++emit.counts().read;
    Progress::add_games(1);
    if (unsupported_variant(game)) {
      emit.unsupported(game, game.raw);
    } else if (game.error || !game.readable()) {
      emit.unreadable(game, game.raw);
    } else if (auto board = board_of_game(game); board && game.dialect == Dialect::Pgn) {
      pairs.add(std::move(game), *board);
      game = Game{};
    } else {
      emit.game(game);
    }
    if (emit.failed()) return io_ok;
  }
  pairs.finish();
  return io_ok;
}

int run(const ConvertConfig& config, std::ostream& out, std::ostream& err) {
  Target target;
  if (config.to == "bpgn") {
    target = Target::Bpgn;
  } else if (config.to == "pgn") {
    target = Target::Pgn;
  } else if (config.to == "json") {
    target = Target::Json;
  } else {
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
  const RuleChoice choice = rule_choice(config.rule_options);

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
  Emitter emit(target, config.fen, choice, output->stream(), err);
  std::optional<Progress> progress;  // on a terminal, while the output goes to a file
  progress.emplace(!config.output.empty() || !::isatty(STDOUT_FILENO), chesscom ? 0 : total_input_bytes(files));
  const bool inputs_ok = chesscom ? convert_chesscom(files, emit, err) : convert_records(files, emit, err);
  progress.reset();
  if (summary_file) summary_file->stream() << write_summary_json("convert", files.size(), emit.counts());
  const bool committed = outputs.commit(err, emit.whole());
  if (!output->written()) emit.counts().drop_all();
  fmt::print(err, "{}; {} input{}\n", write_summary("convert", emit.counts()), files.size(), files.size() == 1 ? "" : "s");
  if (!committed || !inputs_ok) return kExitIo;
  if (fails_for_no_games("convert", emit.counts().read, config.allow_empty, err)) return kExitInvalid;
  return emit.errors() ? kExitInvalid : kExitClean;
}

}  // namespace

int run_convert(const ConvertConfig& config, std::ostream& out, std::ostream& err) {
  try {
    return run(config, out, err);
  } catch (const CommandError& e) {
    return report_error("convert", e, err);
  }
}

void add_convert_command(CLI::App& app, CommandAction& action) {
  auto config = std::make_shared<ConvertConfig>();
  CLI::App* cmd =
      app.add_subcommand("convert", "Convert records: BPGN, per-board PGN, JSON; chess.com board pairs");
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
  cmd->callback(
      [config, &action] { action = [config] { return run_convert(*config, std::cout, std::cerr); }; });
}

}  // namespace bpgn
