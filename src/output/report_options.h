// How check's reports list a game: shared by every report format.
#pragma once

#include <cstddef>
#include <optional>

namespace bpgn {

struct ReportOptions {
  bool strict = false;                    // warnings count as errors for the status
  std::optional<std::size_t> max_errors;  // list at most this many violations per game (all are counted)
};

}  // namespace bpgn
