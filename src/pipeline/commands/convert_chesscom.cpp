// convert_chesscom: chess.com board files read whole, paired by partnerGameId into matches.
#include "pipeline/commands/convert_inputs.h"

#include "convert/chesscom_board.h"
#include "convert/chesscom_match.h"
#include "pipeline/input/input_lines.h"
#include "pipeline/input/input_paths.h"
#include "pipeline/input/inputs.h"
#include "text/visible_text.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <filesystem>
#include <map>
#include <optional>
#include <system_error>

namespace bpgn {

namespace {

// A file whose text starts as a JSON object with a member does: `{`, then `"` (after blank space
// each). A record may start with `{` too, a comment (`{exported by X}`): not taken.
bool starts_as_json_object(const std::string& path) {
  InputStreams input({path});
  if (input.next() != InputStreams::Step::Stream) return false;
  char buffer[512];
  bool brace = false;
  try {
    while (const std::size_t n = input.read(buffer, sizeof buffer)) {
      for (std::size_t i = 0; i < n; ++i) {
        const char c = buffer[i];
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
        if (!brace && c == '{') {
          brace = true;
          continue;
        }
        return brace && c == '"';
      }
    }
  } catch (const std::system_error&) {  // reading it as a record says why
  }
  return false;
}

}  // namespace

bool looks_like_json(const std::string& path) {
  if (path == "-") return false;
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec)) return starts_as_json_object(path);
  // A folder of chess.com board files holds one at least (beside, perhaps, other JSON); a folder
  // of records holds none.
  for (const std::string& file : files_and_folder_files({path})) {
    if (file != path && starts_as_json_object(file)) return true;
  }
  return false;
}

bool convert_chesscom(const std::vector<std::string>& files, ConvertRun& run) {
  const bool quiet = run.convert.settings().quiet;
  std::ostream& err = run.err;
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
    bool unreadable = false;
    std::optional<ChessComBoard> board = parse_chesscom_board(text, file, why, &unreadable);
    if (!board && unreadable) {
      fmt::print(err, "bpgn convert: cannot read {}: {}\n", visible_text(file), visible_text(why));
      io_ok = false;
      continue;
    }
    if (!board) {
      if (!quiet) fmt::print(err, "bpgn convert: note: skipping {}: {}\n", visible_text(file), visible_text(why));
      continue;
    }
    if (boards.count(board->id)) {
      if (!quiet) {
        fmt::print(err, "bpgn convert: note: skipping {}: game {} was already read from {}\n", visible_text(file),
                   board->id, visible_text(boards[board->id].source));
      }
      continue;
    }
    boards.emplace(board->id, std::move(*board));
    ++run.output.counts().read;
    if (run.games_read) run.games_read(1);
  }
  if (boards.empty()) fmt::print(err, "bpgn convert: note: no chess.com board among the inputs\n");
  std::size_t index = 0;
  ConvertedGame converted;
  for (auto& [id, board] : boards) {
    if (board.partner_id != 0 && board.partner_id < id && boards.count(board.partner_id))
      continue;  // done with its partner
    auto partner = boards.find(board.partner_id);
    if (board.partner_id == 0 || partner == boards.end()) {
      if (!quiet) {
        fmt::print(err, "bpgn convert: {}: game {} has no partner board among the inputs (partnerGameId {})\n",
                   visible_text(board.source), id, board.partner_id);
      }
      run.output.error();
      ++run.output.counts().not_written;
      continue;
    }
    ChessComMatch match = chesscom_match(board, partner->second);
    GameToConvert what;
    what.joined = true;
    for (const std::string& p : match.problems) {
      what.notes += fmt::format("bpgn convert: {}\n", visible_text(p));
      what.notes_fail = true;
    }
    match.game.index = ++index;
    run.convert.convert(match.game, what, converted);
    run.write(match.game, run.convert.last_prepared().result, converted);
  }
  return io_ok;
}

}  // namespace bpgn
