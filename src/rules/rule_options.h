// The table of rule options (one line per RuleSet field: key, values, parser, printer, JSON kind,
// record tag) and what is built on it: `key=value` overrides, describe(), labels for reports.
#pragma once

#include "rules/rule_set.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

// How a value is written in JSON `rule_options`: a number (`"boards":2`), true/false for yes/no
// options, else the word describe() prints.
enum class JsonKind : std::uint8_t { Number, Boolean, String };

struct RuleOption {
  std::string_view key;     // as in rules.md and --set
  std::string_view values;  // the accepted values, for messages and the docs table
  JsonKind json;
  std::string_view tag;     // the record tag that takes this option's own values (bughouse.pro), or empty
  bool (*parse)(RuleSet&, std::string_view value);  // false (rules unchanged) for a value it does not know
  std::string (*print)(const RuleSet&);             // the value as describe() writes it; parse reads it back
  void (*copy)(RuleSet& to, const RuleSet& from);   // copies just this option's field
};

inline constexpr std::size_t kRuleOptionCount = 12;

// Every option, in describe() and documentation order.
const std::array<RuleOption, kRuleOptionCount>& rule_options();
// The option of that key (lower case, '_'), or nullptr.
const RuleOption* rule_option(std::string_view key);
// The option a record tag sets with the option's own values ("PawnDropRanks"), or nullptr.
const RuleOption* rule_option_of_tag(std::string_view tag);

// --set values, parsed once: apply() copies the fields they set (later ones win) without any
// string work, so it can run for every game.
class RuleOverrides {
 public:
  // Adds "key=value"; the error message (as apply_override's) when it cannot be read.
  std::optional<std::string> add(std::string_view key_equals_value);
  void apply(RuleSet& rules) const;
  bool empty() const { return set_ == 0; }
  // The readable ones of these values (tests; the command line checks them with add()).
  static RuleOverrides valid_of(const std::vector<std::string>& key_equals_values);

 private:
  RuleSet values_;
  std::uint32_t set_ = 0;  // bit i: option i of rule_options() is set
};

// The options that differ from the preset `rules.name` names, "key=value" joined by `separator`;
// every option when the name is no preset.
std::string changed_options(const RuleSet& rules, std::string_view separator);
// "bughouse" or "bughouse drop_mate=forbidden" (the summary's `rules` lines).
std::string rules_label(const RuleSet& rules);
// "bughouse" or "bughouse with pawn_drop_ranks=2-5, drop_check=forbidden" (messages).
std::string rules_name_with_overrides(const RuleSet& rules);

}  // namespace bpgn
