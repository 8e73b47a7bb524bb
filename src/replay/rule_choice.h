// A rule choice: the rules a record is replayed under, as every command and the facade take them
// (--rules, --set, check's --tolerance): the preset named (or the record's default preset), the
// record's rule tags, then the overrides (choose_rules' arguments, replay.h).
#pragma once

#include "record/game.h"
#include "replay/replay.h"
#include "rules/rule_set.h"

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace bpgn {

struct RuleChoice {
  std::optional<RuleSet> preset;  // from --rules (with nothing else applied); nullopt: the record's default
  RuleOverrides overrides;        // the --set values
  std::optional<double> tolerance;  // check's --tolerance; nullopt: default_tolerance() of each record
};

// The preset named (case ignored; empty: none) and the overrides ("key=value"), each read once,
// or why not: "unknown rule set 'x' (the rule sets: ...; case is ignored)" or
// "<set_label>key=value: why" (the command line's label is "--set ").
std::variant<RuleChoice, std::string> read_rule_choice(std::string_view rules, const std::vector<std::string>& sets,
                                                       std::string_view set_label);

// `choice` with check's --tolerance (nullopt: each record's default).
inline RuleChoice with_tolerance(RuleChoice choice, std::optional<double> tolerance) {
  choice.tolerance = tolerance;
  return choice;
}

// Replays a record under the rules choose_rules picks for it, with the clock tolerance
// choice.tolerance, else the record's own (default_tolerance), written into `options`; `options`'
// other fields as the caller set them. `out.rules`: the rules applied. (pipeline/run/check_game.h is
// what the commands call: this and the game's status.)
void replay_checked(const Game& game, const RuleChoice& choice, ReplayOptions& options, ReplayResult& out);

}  // namespace bpgn
