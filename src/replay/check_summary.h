// The totals of a check run (every report's summary): games by status, violations by severity and
// code, rule sets applied, games left out or repeated, inputs that could not be read.
#pragma once

#include "replay/checked_game.h"
#include "replay/replay.h"
#include "replay/violation.h"
#include "rules/rule_set.h"

#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bpgn {

struct CheckSummary {
  std::size_t games = 0, valid = 0, invalid = 0, unreadable = 0;  // games == valid + invalid + unreadable
  std::size_t invalid_by_warnings = 0;  // of `invalid`: no error, only warnings (--strict)
  std::size_t errors = 0, warnings = 0, notes = 0;
  std::array<std::size_t, std::size_t(ViolationCode::Count_)> per_code{};
  std::map<std::string, std::size_t> rule_sets;  // rules_label -> games checked under it
  // check's filters: games read but left out (not among `games`); unset when no filter is given.
  std::optional<std::size_t> filtered;
  // check --duplicates: games of `games` that repeat an earlier one; unset when not looked for.
  std::optional<std::size_t> duplicates;
  // Inputs that could not be opened or read on, in input order: the name and why.
  struct InputFailure {
    std::string file, message;
  };
  std::vector<InputFailure> input_failures;

  void add(GameStatus status, const ReplayResult& result);
  // The last rule set counted and its label (most runs apply one or two rule sets to every game;
  // rules_label, rules/rule_options.h, costs more than the rest of add).
  std::optional<RuleSet> last_rules;
  std::string last_label;

  // Adds the totals of another part of the run (check --jobs sums its batches' totals).
  void merge(const CheckSummary& other);
};

}  // namespace bpgn
