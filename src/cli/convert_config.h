// What bpgn convert's options ask for (docs/convert.md), read from the command line by
// cli/convert_command.cpp and used by its run (cli/convert_steps.h).
#pragma once

#include "cli/thread_options.h"
#include "cli/rule_flags.h"
#include "pipeline/run/game_filter.h"

#include <optional>
#include <string>
#include <vector>

namespace bpgn {

struct ConvertConfig {
  std::vector<std::string> inputs;  // files (and, from chess.com, folders); none or "-": standard input
  std::string to;                   // bpgn | pgn | json | sqlite
  std::string from = "auto";        // auto | bpgn | pgn | chesscom | sqlite
  bool positions = false;           // sqlite: the positions table (the FEN after each ply)
  int archive_version = 0;          // sqlite: --archive-version, a new archive's layout
  bool archive_version_given = false;  // whether --archive-version was given (any value, 0 too)
  std::string where;                // --from sqlite: an SQL expression on the games table
  std::string output;               // -o FILE; empty: `out`
  bool fen = false;                 // json: the position after every ply
  std::string summary_json;         // --summary-json FILE: the counts as JSON
  bool allow_empty = false;         // --allow-empty: reading no game at all is no failure
  RuleOptions rule_options;
  FilterOptions filters;            // --player, --date-from, --has, ...: games left out are not converted
  bool quiet = false;               // -q: nothing said of a game on standard error, the summary only
  ThreadOptions threads;            // --jobs, --piece-bytes (records; chess.com boards: one thread)
};

// The layout --archive-version asks of a new archive; none given: this bpgn's own.
inline std::optional<int> archive_version(const ConvertConfig& config) {
  if (!config.archive_version_given) return std::nullopt;
  return config.archive_version;
}

}  // namespace bpgn
