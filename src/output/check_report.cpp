#include "output/check_report.h"

namespace bpgn {

std::string_view to_string(GameStatus s) {
  switch (s) {
    case GameStatus::Valid: return "valid";
    case GameStatus::Invalid: return "invalid";
    case GameStatus::Unreadable: return "unreadable";
  }
  return "invalid";
}

GameStatus status_of(const Game& game, const ReplayResult& result, const ReportOptions& options) {
  if (!game.readable()) return GameStatus::Unreadable;
  for (const Violation& v : result.violations) {
    if (v.severity == Severity::Error || options.strict) return GameStatus::Invalid;
  }
  return GameStatus::Valid;
}

std::string rules_label(const RuleSet& rules) {
  std::string label = rules.name;
  const std::optional<RuleSet> preset = rules_by_name(rules.name);
  const std::vector<std::string> applied = describe(rules);
  const std::vector<std::string> original = preset ? describe(*preset) : std::vector<std::string>{};
  for (std::size_t i = 0; i < applied.size(); ++i) {
    if (i >= original.size() || applied[i] != original[i]) label += " " + applied[i];
  }
  return label;
}

void CheckSummary::add(GameStatus status, const ReplayResult& result) {
  ++games;
  if (status != GameStatus::Unreadable) ++rule_sets[rules_label(result.rules)];
  switch (status) {
    case GameStatus::Valid: ++valid; break;
    case GameStatus::Invalid: ++invalid; break;
    case GameStatus::Unreadable: ++unreadable; break;
  }
  for (const Violation& v : result.violations) {
    ++per_code[std::size_t(v.code)];
    ++(v.severity == Severity::Error ? errors : warnings);
  }
}

}  // namespace bpgn
