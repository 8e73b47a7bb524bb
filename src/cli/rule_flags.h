// The command line's rule flags, `--rules NAME` and repeatable `--set key=value`, shared by the
// subcommands. (The rule options these set, their keys and values: rules/rule_options.h.)
#pragma once

#include "replay/rule_choice.h"
#include "rules/rule_set.h"

#include <optional>
#include <string>
#include <vector>

namespace bpgn {

class CommandApp;  // cli/command_app.h

struct RuleOptions {
  std::string rules;              // empty: the default for the record (check/fmt decide)
  std::vector<std::string> sets;  // "key=value" overrides, in order
};

// Adds --rules and --set to a subcommand.
void add_rule_options(CommandApp& command, RuleOptions& options);

// The rule choice of the command line, as check, fmt and convert pass it to choose_rules() for
// every record: the --rules preset (nullopt: none named) and the --set overrides, each read once.
// Throws UsageError naming the bad name or override.
RuleChoice rule_choice(const RuleOptions& options);

// For a command without records (perft): the preset named (or `fallback` when none was named) with every override applied.
// Throws UsageError naming the bad name or override.
RuleSet resolve_rules(const RuleOptions& options, const RuleSet& fallback);

}  // namespace bpgn
