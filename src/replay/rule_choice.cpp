#include "replay/rule_choice.h"

namespace bpgn {

std::variant<RuleChoice, std::string> read_rule_choice(std::string_view rules, const std::vector<std::string>& sets,
                                                       std::string_view set_label) {
  RuleChoice choice;
  if (!rules.empty()) {
    auto preset = rules_by_name(rules);
    if (!preset) {
      std::string names;
      for (auto n : rule_set_names()) names += (names.empty() ? "" : ", ") + std::string(n);
      return "unknown rule set '" + std::string(rules) + "' (the rule sets: " + names + "; case is ignored)";
    }
    choice.preset = *preset;
  }
  for (const std::string& s : sets) {
    if (auto error = choice.overrides.add(s)) return std::string(set_label) + s + ": " + *error;
  }
  return choice;
}

void replay_checked(const Game& game, const RuleChoice& choice, ReplayOptions& options, ReplayResult& out) {
  options.tolerance_seconds = choice.tolerance.value_or(default_tolerance(game));
  replay(game, choose_rules(game, choice.preset, choice.overrides), options, out);
}

}  // namespace bpgn
