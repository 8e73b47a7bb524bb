// bpgn view: the match viewer, one self-contained HTML page to step or play through matches in a
// browser (docs/view.md).
#pragma once

#include "cli/view_config.h"

#include <ostream>

namespace bpgn {

// Writes the page to `-o` (or `out`), messages to `err`. Exit codes as check's: 0 every game shown
// valid, 1 a game with an error or unreadable (or no game at all), 2 a bad command line (as show's:
// a game the inputs do not hold, ways of naming it that conflict), 3 an input could not be read or
// the page could not be written.
int run_view(const ViewConfig& config, std::ostream& out, std::ostream& err);

}  // namespace bpgn
