#include "convert/record_rules.h"

namespace bpgn {

RuleSet rules_for(const Game& game, const RuleChoice& choice) {
  return choose_rules(game, choice.preset, choice.overrides);
}

ReplayResult replay_for_output(const Game& game, const RuleChoice& choice) {
  ReplayOptions options;
  options.keep_positions = true;
  options.canonical_san = true;
  options.tolerance_seconds = choice.tolerance ? *choice.tolerance : default_tolerance(game);
  return replay(game, rules_for(game, choice), options);
}

}  // namespace bpgn
