#include "replay/check_summary.h"

#include "rules/rule_options.h"

#include <algorithm>

namespace bpgn {

void CheckSummary::add(GameStatus status, const ReplayResult& result) {
  ++games;
  if (status != GameStatus::Unreadable) {
    if (!last_rules || !(*last_rules == result.rules)) {
      last_rules = result.rules;
      last_label = rules_label(result.rules);
    }
    ++rule_sets[last_label];
  }
  switch (status) {
    case GameStatus::Valid: ++valid; break;
    case GameStatus::Invalid: ++invalid; break;
    case GameStatus::Unreadable: ++unreadable; break;
  }
  if (status == GameStatus::Invalid &&
      std::none_of(result.violations.begin(), result.violations.end(),
                   [](const Violation& v) { return v.severity == Severity::Error; })) {
    ++invalid_by_warnings;
  }
  for (const Violation& v : result.violations) {
    ++per_code[std::size_t(v.code)];
    ++(v.severity == Severity::Error ? errors : v.severity == Severity::Warning ? warnings : notes);
  }
}

void CheckSummary::merge(const CheckSummary& other) {
  games += other.games;
  valid += other.valid;
  invalid += other.invalid;
  unreadable += other.unreadable;
  invalid_by_warnings += other.invalid_by_warnings;
  errors += other.errors;
  warnings += other.warnings;
  notes += other.notes;
  for (std::size_t i = 0; i < per_code.size(); ++i) per_code[i] += other.per_code[i];
  for (const auto& [label, count] : other.rule_sets) rule_sets[label] += count;
  if (other.filtered) filtered = filtered.value_or(0) + *other.filtered;
  if (other.duplicates) duplicates = duplicates.value_or(0) + *other.duplicates;
  input_failures.insert(input_failures.end(), other.input_failures.begin(), other.input_failures.end());
}

}  // namespace bpgn
