// fmt --in-place and fmt --check: each input formatted on its own, in one thread, and compared
// with what fmt writes of it as both go (docs/fmt.md).
#pragma once

#include "pipeline/commands/fmt_run.h"

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace bpgn {

// --in-place: each file rewritten atomically when its text changes, left as it was when it is
// already canonical or when it could not be read or written (counted in totals.files, rewritten,
// untouched, failed). The --files-from lists that could not be read are said in their place.
void rewrite_inputs(const std::vector<std::string>& inputs, const FmtSettings& settings,
                    const std::vector<FailureAt>& list_failures, FmtTotals& totals, std::ostream& err);

// --check: lists on `out` the inputs that would change and says the count on `err`; returns the
// games read.
std::size_t check_inputs(const std::vector<std::string>& inputs, const FmtSettings& settings,
                         const std::vector<FailureAt>& list_failures, FmtTotals& totals, std::ostream& out,
                         std::ostream& err);

}  // namespace bpgn
