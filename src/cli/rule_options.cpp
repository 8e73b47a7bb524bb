#include "cli/rule_options.h"

#include "cli/errors.h"

#include <CLI/CLI.hpp>

namespace bpgn {

void add_rule_options(CLI::App& command, RuleOptions& options) {
  std::string names;
  for (auto n : rule_set_names()) names += (names.empty() ? "" : ", ") + std::string(n);
  command.add_option("--rules", options.rules, "Rule set: " + names);
  command.add_option("--set", options.sets, "Override one rule option, KEY=VALUE (repeatable)")
      ->take_all()
      ->allow_extra_args(false);
}

RuleChoice rule_choice(const RuleOptions& options) {
  RuleChoice choice;
  if (!options.rules.empty()) {
    auto preset = rules_by_name(options.rules);
    if (!preset) {
      std::string names;
      for (auto n : rule_set_names()) names += (names.empty() ? "" : ", ") + std::string(n);
      throw UsageError("unknown rule set '" + options.rules + "' (the rule sets: " + names + "; case is ignored)");
    }
    choice.preset = *preset;
  }
  // Every override is read now, so that a bad --set is a usage error before any output.
  for (const std::string& s : options.sets) {
    if (auto error = choice.overrides.add(s)) throw UsageError("--set " + s + ": " + *error);
  }
  // choice.tolerance stays unset: each record gets check's default allowance, so that check says
  // the same of fmt's output as of its input (a move-after-end decision depends on it).
  return choice;
}

RuleSet resolve_rules(const RuleOptions& options, const RuleSet& fallback) {
  const RuleChoice choice = rule_choice(options);
  RuleSet rules = choice.preset.value_or(fallback);
  choice.overrides.apply(rules);
  return rules;
}

}  // namespace bpgn
