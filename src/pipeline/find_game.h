// Finding the one game a command means (bpgn show, docs/show.md): the Nth game of an input, the
// Nth of a run over several inputs (check's `index`), or the game whose text holds a line of a
// file, as a diagnostic (`games.bpgn:120:5`) or a report (`file`, `line`) names it.
#pragma once

#include "pipeline/inputs.h"
#include "record/game.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace bpgn {

// A FILE, FILE:LINE or FILE:LINE:COLUMN argument, made the file to open, the stream meant and the
// line. A name that exists as it is names a file, even with ':' in it; else a trailing :LINE
// (:LINE:COLUMN) is taken off, and what is left is a file, or ARCHIVE:MEMBER when only a part of
// it before a ':' exists.
struct GameAddress {
  std::string open;    // what to read: a file, a folder, "-"
  std::string stream;  // whose games are meant (Game::file): `open`, or ARCHIVE:MEMBER
  std::optional<std::uint32_t> line;
  std::optional<std::uint32_t> column;  // FILE:LINE:COLUMN
};
// `exists` says whether a file or folder of that name exists ("-" is taken to). LINE and COLUMN are
// read strictly (core/whole_number.h: digits only): one past 4294967295, or a column of 0,
// throws UsageError naming the place; find_game says when what follows a plain file's name is no
// line number (`F:abc`, F no archive).
GameAddress parse_game_address(const std::string& arg, const std::function<bool(const std::string&)>& exists);

struct GameWanted {
  enum class By {
    Number,  // the `number`th game of `stream`, or of all the inputs (through an archive's members)
    Index,   // the `number`th game of the run, counted as check's `index` over all inputs
    Line,    // the game of `stream` whose text holds line `line`
  };
  By by = By::Number;
  std::size_t number = 1;
  std::uint32_t line = 0;
  std::string stream;  // Number, Line: only its games count (empty: every stream's)
  std::string name;    // the inputs as the messages name them (Number, Index)
};

struct FoundGame {
  enum class Outcome {
    Found,    // `game` holds it (its index and file_index set)
    Absent,   // no game is the one meant: `why` says so (a usage error, names escaped)
    Failure,  // an input could not be read before it was found: InputStreams::failure()
  };
  Outcome outcome = Outcome::Absent;
  std::string why;
};

// Reads `inputs` until the game wanted (and no further).
FoundGame find_game(InputStreams& inputs, const GameWanted& wanted, Game& game);

}  // namespace bpgn
