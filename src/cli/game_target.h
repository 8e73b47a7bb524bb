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
};

// The inputs to read and the game wanted, or a UsageError when the ways of naming it conflict.
// Without --game, --index or a line: the first game of the one FILE.
GameTarget game_target(const std::vector<std::string>& files, std::optional<std::size_t> game,
                       std::optional<std::size_t> index);

// Whether `file` names a line (FILE:LINE, and no file of that whole name exists).
bool names_a_line(const std::string& file);

}  // namespace bpgn
