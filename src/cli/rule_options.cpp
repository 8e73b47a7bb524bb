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

RuleSet resolve_rules(const RuleOptions& options, const RuleSet& fallback) {
  RuleSet rules = fallback;
  if (!options.rules.empty()) {
    auto named = rules_by_name(options.rules);
    if (!named) throw UsageError("unknown rule set '" + options.rules + "'");
    rules = *named;
  }
  for (const auto& s : options.sets) {
    if (auto error = apply_override(rules, s)) throw UsageError("--set " + s + ": " + *error);
  }
  return rules;
}

}  // namespace bpgn
