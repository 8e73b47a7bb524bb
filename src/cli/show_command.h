// bpgn show: one moment of one match, both boards side by side, for an arbiter (docs/show.md).
#pragma once

#include "cli/rule_flags.h"

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace bpgn {

struct ShowConfig {
  // FILE ("-": standard input), FILE:LINE or FILE:LINE:COLUMN; with --index, several files or folders.
  std::vector<std::string> files;
  std::optional<std::size_t> game;    // --game N, 1-based in the file (default 1)
  std::optional<std::size_t> index;   // --index N, 1-based in the run over all the files, as check's
  std::string at;                     // --at MOVE or TIME; empty: the first error on a move, else the end
  RuleOptions rule_options;           // --rules, --set
  std::optional<double> tolerance;    // --tolerance SECONDS, as for check
  bool ascii = false;                 // --ascii
  std::string color = "auto";         // --color auto|always|never
  bool stdout_is_terminal = false;    // for --color auto (NO_COLOR is read by the caller too)
};

// Prints the view to `out`, messages to `err`. Exit codes as check's for the game shown (0 valid,
// 1 with an error or unreadable); 2 for a bad --at, a game the inputs do not hold, a line of no
// game, or ways of naming the game that conflict; 3 when an input cannot be read.
int run_show(const ShowConfig& config, std::ostream& out, std::ostream& err);

}  // namespace bpgn
