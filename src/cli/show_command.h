// bpgn show: one moment of one match, both boards side by side, for an arbiter (docs/show.md).
#pragma once

#include "cli/rule_flags.h"

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>

namespace bpgn {

struct ShowConfig {
  std::string file;                   // "-": standard input
  std::size_t game = 1;               // --game N, 1-based in the file
  std::string at;                     // --at MOVE; empty: the first error on a move, else the end
  RuleOptions rule_options;           // --rules, --set
  std::optional<double> tolerance;    // --tolerance SECONDS, as for check
  bool ascii = false;                 // --ascii
  std::string color = "auto";         // --color auto|always|never
  bool stdout_is_terminal = false;    // for --color auto (NO_COLOR is read by the caller too)
};

// Prints the view to `out`, messages to `err`. Exit codes as check's for the game shown (0 valid,
// 1 with an error or unreadable); 2 for a bad --at or a game the file does not hold; 3 when the
// file cannot be read.
int run_show(const ShowConfig& config, std::ostream& out, std::ostream& err);

}  // namespace bpgn
