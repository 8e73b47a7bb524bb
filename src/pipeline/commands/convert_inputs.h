// bpgn convert over its inputs (docs/convert.md): the game records (per-board PGN games joined
// into their match first) or the chess.com board files (paired by partnerGameId), each game made
// by GameConverter and written by ConvertOutput in input order. What cannot be read is said on
// `err` ("bpgn convert: cannot read NAME: WHY").
#pragma once

#include "pipeline/commands/convert_game.h"
#include "pipeline/commands/table_rows.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace bpgn {

struct ConvertRun {
  GameConverter& convert;
  ConvertOutput& output;
  std::ostream& err;
  std::function<void(std::size_t)> games_read;  // told of every game (board) read: the progress meter
  unsigned jobs = 1;  // records: read and replayed in N threads (pipeline/run/ordered_driver.h), written in order
  std::size_t piece_bytes = std::size_t{64} << 10;  // what --jobs N cuts the inputs at
  // Told of every game written, before `output` (--to sqlite; needs ConvertSettings::keep_replay).
  TableRows* rows = nullptr;

  // A game converted (`result`: its replay, when kept): its rows when asked, then its output.
  void write(const Game& game, const std::optional<ReplayResult>& result, const ConvertedGame& converted) {
    if (rows && converted.as != ConvertedAs::LeftOut) rows->game(game, result ? &*result : nullptr, converted);
    output.write(converted);
  }
};

// BPGN / PGN records. False when some input could not be read through.
bool convert_records(const std::vector<std::string>& inputs, ConvertRun& run);

// chess.com board files. False when some input could not be read.
bool convert_chesscom(const std::vector<std::string>& files, ConvertRun& run);

// Whether an input is chess.com JSON: a file (compressed or not) whose text starts as a JSON
// object with a member (`{` then `"`, past blank space: a record starting with a `{comment}` is
// not), or a folder holding such a file among its own files.
bool looks_like_json(const std::string& path);

}  // namespace bpgn
