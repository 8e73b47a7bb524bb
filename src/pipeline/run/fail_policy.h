// check --fail-on: which findings make the exit code 1 (docs/check.md, *Exit codes*). An input or
// output that failed (exit 3) and a bad command line (exit 2) are not findings: they always stand.
#pragma once

#include "replay/check_summary.h"

#include <optional>
#include <string_view>

namespace bpgn {

enum class FailOn {
  Error,    // an invalid or unreadable game (with --strict, warnings made games invalid: those too)
  Warning,  // that, or any warning in any game, whatever its status
  Never,    // no finding: exit 0 unless an input or output failed (or no game was read)
};

// The option's words, in this order: "error", "warning", "never".
inline constexpr std::string_view kFailOnWords[] = {"error", "warning", "never"};

// The policy of an --fail-on word; nullopt for any other word.
std::optional<FailOn> parse_fail_on(std::string_view word);

// Whether the findings of a run make it fail (exit 1) under `policy`. Notes never do.
bool findings_fail(FailOn policy, const CheckSummary& summary);

}  // namespace bpgn
