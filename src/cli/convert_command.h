// bpgn convert: records between formats (docs/convert.md).
#pragma once

#include "cli/convert_config.h"

#include <ostream>

namespace bpgn {

// Exit codes as in docs/check.md: 0 every game valid, 1 a game with errors (or unreadable, or a
// board without its partner), 2 bad options, 3 an input or output failed.
int run_convert(const ConvertConfig& config, std::ostream& out, std::ostream& err);

}  // namespace bpgn
