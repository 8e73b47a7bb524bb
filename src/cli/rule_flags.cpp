#include "cli/rule_flags.h"
#include "cli/command_app.h"

#include "cli/errors.h"
#include "cli/option_checks.h"

#include <CLI/CLI.hpp>

namespace bpgn {

void add_rule_options(CommandApp& command, RuleOptions& options) {
  std::string names;
  for (auto n : rule_set_names()) names += (names.empty() ? "" : ", ") + std::string(n);
  command.add_option("--rules", options.rules, "Rule set: " + names)->check(word("a rule set's name"));
  command.add_option("--set", options.sets, "Override one rule option, KEY=VALUE (repeatable)")
      ->take_all()
      ->allow_extra_args(false)
      ->check(word("KEY=VALUE"));
}

RuleChoice rule_choice(const RuleOptions& options) {
  // Every override is read now, so that a bad --set is a usage error before any output.
  auto choice = read_rule_choice(options.rules, options.sets, "--set ");
  if (auto* error = std::get_if<std::string>(&choice)) throw UsageError(*error);
  // choice.tolerance stays unset: each record gets check's default allowance, so that check says
  // the same of fmt's output as of its input (a move-after-end decision depends on it).
  return std::get<RuleChoice>(std::move(choice));
}

RuleSet resolve_rules(const RuleOptions& options, const RuleSet& fallback) {
  const RuleChoice choice = rule_choice(options);
  RuleSet rules = choice.preset.value_or(fallback);
  choice.overrides.apply(rules);
  return rules;
}

}  // namespace bpgn
