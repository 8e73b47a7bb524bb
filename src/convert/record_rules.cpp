#include "convert/record_rules.h"

namespace bpgn {

RuleSet rules_for(const Game& game, const RuleChoice& choice) {
  return rules_for_record(game, choice.preset ? *choice.preset : default_rules_for_record(game),
                          choice.overrides);
}

ReplayResult replay_for_output(const Game& game, const RuleChoice& choice) {
  ReplayOptions options;
  options.keep_positions = true;
  options.canonical_san = true;
  options.tolerance_seconds = choice.tolerance ? *choice.tolerance : default_tolerance(game);
  return replay(game, rules_for(game, choice), options);
}

}  // namespace bpgn
