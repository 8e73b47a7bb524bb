// The game a command line names (bpgn show, bpgn view; docs/show.md, "Which game"): FILE,
// FILE --game N, FILE:LINE[:COLUMN], ARCHIVE:MEMBER:LINE, or --index N over several files.
#pragma once

#include "pipeline/find_game.h"
#include "pipeline/inputs.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bpgn {

struct GameTarget {
  std::vector<std::string> files;
  std::vector<FailureAt> failures;
  GameWanted wanted;
  // FILE:LINE[:COLUMN]: the place named, for the moment it names (the decision sheet's).
  std::optional<std::uint32_t> line, column;
};

// The inputs to read and the game wanted, or a UsageError when the ways of naming it conflict.
// Without --game, --index or a line: the first game of the one FILE.
GameTarget game_target(const std::vector<std::string>& files, std::optional<std::size_t> game,
                       std::optional<std::size_t> index);

// Whether `file` names a place rather than a file: no file of that whole name exists, and a part
// of it before a ':' does (FILE:LINE[:COLUMN], ARCHIVE:MEMBER[:LINE], or FILE:abc, which
// find_game refuses as no line number). A file whose name holds a ':' is a file.
bool names_a_place(const std::string& file);

}  // namespace bpgn
