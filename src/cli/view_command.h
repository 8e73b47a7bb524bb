// bpgn view: the match viewer, one self-contained HTML page to step or play through matches in a
// browser (docs/view.md).
#pragma once

#include "cli/rule_flags.h"

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace bpgn {

struct ViewConfig {
  // Files or folders (every game of them), or one FILE:LINE / FILE with --game, or --index N.
  std::vector<std::string> files;
  std::optional<std::size_t> game;   // --game N of the one FILE
  std::optional<std::size_t> index;  // --index N over all the files, as check's index
  std::string output;                // -o FILE; empty: standard output
  RuleOptions rule_options;          // --rules, --set
  std::optional<double> tolerance;   // --tolerance SECONDS, as for check
  std::string adjudications;         // --adjudications FILE (docs/adjudications.md); empty: none
  std::string at;                    // --at: the moment the page opens at (show's --at); empty: the start
  bool sheet = false;                // --sheet: the one game's decision sheet instead of the viewer
};

// Writes the page to `-o` (or `out`), messages to `err`. Exit codes as check's: 0 every game shown
// valid, 1 a game with an error or unreadable (or no game at all), 2 a bad command line (as show's:
// a game the inputs do not hold, ways of naming it that conflict), 3 an input could not be read or
// the page could not be written.
int run_view(const ViewConfig& config, std::ostream& out, std::ostream& err);

}  // namespace bpgn
