// bpgn check: parse and replay every game, report every violation (docs/check.md).
#pragma once

#include "cli/check_config.h"

#include <ostream>

namespace bpgn {

// Runs the check; the report goes to `out` (or config.output), messages and the text summary to
// `err`. Returns the exit code (exit_codes.h); never throws for bad input or options.
int run_check(const CheckConfig& config, std::ostream& out, std::ostream& err);

}  // namespace bpgn
