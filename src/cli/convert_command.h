// bpgn convert: records between formats (docs/convert.md).
#pragma once

#include "cli/thread_options.h"
#include "cli/rule_flags.h"
#include "pipeline/run/game_filter.h"

#include <ostream>
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

// Exit codes as in docs/check.md: 0 every game valid, 1 a game with errors (or unreadable, or a
// board without its partner), 2 bad options, 3 an input or output failed.
int run_convert(const ConvertConfig& config, std::ostream& out, std::ostream& err);

}  // namespace bpgn
