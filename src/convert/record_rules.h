// The rule choice of fmt and convert (choose_rules' arguments and check's --tolerance): the --rules
// preset (or the record's default preset), the record's rule tags, then the --set overrides.
#pragma once

#include "record/game.h"
#include "replay/replay.h"
#include "rules/rule_set.h"

#include <optional>
#include <string>
#include <vector>

namespace bpgn {

struct RuleChoice {
  std::optional<RuleSet> preset;  // from --rules (with nothing else applied); nullopt: the record's default
  RuleOverrides overrides;         // the --set values
  std::optional<double>
      tolerance;  // check's --tolerance; nullopt: default_tolerance() of each record, as check
};

// Replays a record for writing it: positions kept (move numbers) and canonical SAN filled.
ReplayResult replay_for_output(const Game& game, const RuleChoice& choice);

}  // namespace bpgn
