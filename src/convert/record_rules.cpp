#include "convert/record_rules.h"

namespace bpgn {

ReplayResult replay_for_output(const Game& game, const RuleChoice& choice) {
  ReplayOptions options;
  options.keep_positions = true;
  options.canonical_san = true;
  options.tolerance_seconds = choice.tolerance ? *choice.tolerance : default_tolerance(game);
  return replay(game, choose_rules(game, choice.preset, choice.overrides), options);
}

}  // namespace bpgn
