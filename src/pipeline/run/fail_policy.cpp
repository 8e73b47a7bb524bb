#include "pipeline/run/fail_policy.h"

namespace bpgn {

std::optional<FailOn> parse_fail_on(std::string_view word) {
  if (word == kFailOnWords[0]) return FailOn::Error;
  if (word == kFailOnWords[1]) return FailOn::Warning;
  if (word == kFailOnWords[2]) return FailOn::Never;
  return std::nullopt;
}

bool findings_fail(FailOn policy, const CheckSummary& s) {
  const bool bad_games = s.invalid + s.unreadable > 0;
  switch (policy) {
    case FailOn::Error: return bad_games;
    case FailOn::Warning: return bad_games || s.warnings > 0;
    case FailOn::Never: return false;
  }
  return bad_games;
}

}  // namespace bpgn
