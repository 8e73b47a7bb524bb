// Which rule set applies to a record: the caller's base (command line or the record's default
// preset), the record's own rule tags, then the command line's --set overrides (which win). Also
// what bpgn cannot check at all: a Variant that is not chess.
#include "replay/replay.h"

#include "core/ascii.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace bpgn {
namespace {

// Lower case without spaces, '-' and '_': "Bughouse Chess960" -> "bughousechess960".
std::string squeezed(std::string_view s) {
  std::string v = ascii_lower(s);
  std::erase_if(v, [](char c) { return c == ' ' || c == '-' || c == '_' || c == '\t'; });
  return v;
}

// Record tags that take the option's own values (yes/no, allowed/forbidden, "2-7", ...) are the
// `tag` column of the option table (rules/rule_options.cpp). Here: tags whose values are a server's
// own words, each word standing for one or more options (bughouse.pro's Promotion and
// DropAggression, docs/rules.md). A tag may have both (Promotion "Steal" or "steal_from_partner_board").
struct TagWord {
  std::string_view word;                       // as the server writes it (compared case-insensitively)
  std::array<std::string_view, 3> overrides;   // "key=value"; empty entries unused
};
struct WordTag {
  std::string_view tag;
  std::array<TagWord, 4> words{};
};
constexpr std::array<WordTag, 2> kWordTags{{
    {"Promotion",
     {{{"Upgrade", {"promotion=choice", "promoted_reverts=yes", ""}},
       {"Steal", {"promotion=steal_from_partner_board", "promoted_reverts=no", "steal_exposes_king=forbidden"}},
       {"Discard", {"promotion=discard", "", ""}}}}},
    {"DropAggression",
     {{{"Mate allowed", {"drop_check=allowed", "drop_mate=allowed", ""}},
       {"No bughouse mate", {"drop_check=allowed", "drop_mate=forbidden", ""}},
       {"No chess mate", {"drop_check=allowed", "drop_mate=forbidden_board_mate", ""}},
       {"No check", {"drop_check=forbidden", "drop_mate=forbidden", ""}}}}},
}};

// What a record tag may say about the rules: its words, its option, or both (nullptr: not a rule tag).
struct RuleTag {
  const WordTag* words = nullptr;
  const RuleOption* option = nullptr;
  explicit operator bool() const { return words || option; }
};

RuleTag rule_tag_named(std::string_view name) {
  RuleTag t;
  for (const WordTag& w : kWordTags) {
    if (w.tag == name) t.words = &w;
  }
  t.option = rule_option_of_tag(name);
  return t;
}

// Applies one rule tag's value; false (and `rules` unchanged) when the value is not known.
bool apply_rule_tag(const RuleTag& t, std::string_view value, RuleSet& rules) {
  if (t.words) {
    const std::string v = squeezed(value);
    for (const TagWord& w : t.words->words) {
      if (w.word.empty() || squeezed(w.word) != v) continue;
      RuleSet attempt = rules;
      for (std::string_view o : w.overrides) {
        if (!o.empty() && apply_override(attempt, o)) return false;
      }
      rules = attempt;
      return true;
    }
  }
  if (!t.option) return false;
  RuleSet attempt = rules;
  if (!t.option->parse(attempt, value)) return false;
  rules = attempt;
  return true;
}

bool has_drop(const Game& game) {
  for (const Ply& p : game.plies) {
    for (const char c : p.san)
      if (c == '@' || c == '*') return true;
  }
  return false;
}

// Whole Variant values (squeezed) that name what bpgn checks.
constexpr std::array<std::string_view, 14> kKnownVariants{
    "bughouse",      "swedish",       "turkish",          "crazyhouse",    "boltchess",
    "standard",      "chess",         "fromposition",     "chess960",      "fischerandom",
    "fischerrandom", "bughousechess960", "crazyhouse960", "bughouse960"};
// Words of a composed Variant value (bughouse.pro: "Bughouse Chess960") that change nothing bpgn
// cannot follow: the preset word and the starting position.
constexpr std::array<std::string_view, 7> kKnownVariantWords{"bughouse", "crazyhouse", "chess",        "standard",
                                                              "chess960", "fischerandom", "fischerrandom"};

template <std::size_t N>
bool among(const std::array<std::string_view, N>& list, std::string_view v) {
  for (std::string_view x : list) {
    if (x == v) return true;
  }
  return false;
}

// Preset named by a Variant tag ("Bughouse", "Crazyhouse", "Standard", ...), if any. bughouse.pro's
// "Bughouse Chess960" is bughouse from the FEN tag's positions.
std::optional<RuleSet> preset_of_variant(const Game& game) {
  const std::string* variant = game.tag("Variant");
  if (!variant) return std::nullopt;
  std::string v = squeezed(*variant);
  // Chess960 is a way to set up the pieces, not a rule set: "Bughouse Chess960" (bughouse.pro),
  // "Crazyhouse960" and "Chess960" name the preset of what stands before it (the FEN tag gives the
  // position, and castling follows the Chess960 rules under every preset).
  for (std::string_view suffix : {"chess960", "960"}) {
    if (v.size() >= suffix.size() && v.compare(v.size() - suffix.size(), suffix.size(), suffix) == 0) {
      v.resize(v.size() - suffix.size());
      break;
    }
  }
  if (v.empty() || v == "standard" || v == "chess" || v == "fromposition" || v == "fischerandom" ||
      v == "fischerrandom") {
    return chess_rules();
  }
  return rules_by_name(v);
}

}  // namespace

const std::vector<RuleTagName>& rule_tags() {
  static const std::vector<RuleTagName> names = [] {
    std::vector<RuleTagName> out;
    for (const RuleOption& o : rule_options()) {
      if (!o.tag.empty()) out.push_back({o.tag, o.key});
    }
    for (const WordTag& w : kWordTags) {
      if (!rule_option_of_tag(w.tag)) out.push_back({w.tag, ""});
    }
    return out;
  }();
  return names;
}

int record_boards(const Game& game) {
  if (game.dialect == Dialect::Bpgn) return 2;
  if (const std::string* fen = game.tag("FEN"); fen && fen->find('|') != std::string::npos) return 2;
  for (const Ply& p : game.plies) {
    if (p.board == Board::B) return 2;
  }
  return 1;
}

RuleSet default_rules_for_record(const Game& game) {
  const int boards = record_boards(game);
  if (auto preset = preset_of_variant(game); preset && preset->boards == boards) return *preset;
  if (boards == 2) return bughouse_rules();
  return has_drop(game) ? crazyhouse_rules() : chess_rules();
}

RuleSet rules_for_record(const Game& game, const RuleSet& base, const RuleOverrides& command_line_overrides) {
  RuleSet rules = base;
  // The number of boards is the record's: a two-board preset on a one-board record keeps captures
  // on that board (the partner does not exist), and a one-board preset on a BPGN record replays the
  // two boards as two separate games. `--set boards=N` still wins below.
  rules.boards = record_boards(game);
  for (const Tag& tag : game.tags) {
    // A value the rule set cannot read leaves the options as they were (a `rule-tag` warning, see
    // rule_tag_warnings).
    if (const RuleTag t = rule_tag_named(tag.name)) apply_rule_tag(t, tag.value, rules);
  }
  command_line_overrides.apply(rules);
  return rules;
}

RuleSet rules_for_record(const Game& game, const RuleSet& base, const std::vector<std::string>& command_line_overrides) {
  return rules_for_record(game, base, RuleOverrides::valid_of(command_line_overrides));
}

RuleSet choose_rules(const Game& game, const std::optional<RuleSet>& command_line_preset,
                     const RuleOverrides& command_line_overrides) {
  if (!command_line_preset) return rules_for_record(game, default_rules_for_record(game), command_line_overrides);
  // --rules names the whole rule set: the record's rule tags are not read.
  RuleSet rules = *command_line_preset;
  rules.boards = record_boards(game);
  command_line_overrides.apply(rules);
  return rules;
}

RuleSet choose_rules(const Game& game, const std::optional<RuleSet>& command_line_preset,
                     const std::vector<std::string>& command_line_overrides) {
  return choose_rules(game, command_line_preset, RuleOverrides::valid_of(command_line_overrides));
}

std::vector<const Tag*> unknown_rule_tags(const Game& game) {
  std::vector<const Tag*> out;
  for (const Tag& tag : game.tags) {
    const RuleTag t = rule_tag_named(tag.name);
    RuleSet probe = bughouse_rules();
    if (t && !apply_rule_tag(t, tag.value, probe)) out.push_back(&tag);
  }
  return out;
}

std::string rule_tag_values(std::string_view tag) {
  const RuleTag t = rule_tag_named(tag);
  std::string out;
  if (t.words) {
    for (const TagWord& w : t.words->words) {
      if (w.word.empty()) continue;
      if (!out.empty()) out += ", ";
      out += '"' + std::string(w.word) + '"';
    }
  }
  if (t.option) {
    out += out.empty() ? "" : ", or ";
    out += t.option->key == "pawn_drop_ranks" ? std::string("relative ranks such as \"2-7\"")
                                              : "a value of the option " + std::string(t.option->key);
  }
  return out;
}

std::vector<std::string_view> rule_tag_options(std::string_view tag) {
  std::vector<std::string_view> keys;
  const RuleTag t = rule_tag_named(tag);
  auto add = [&keys](std::string_view k) {
    if (!k.empty() && std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  };
  if (t.option) add(t.option->key);
  if (t.words) {
    for (const TagWord& w : t.words->words) {
      for (std::string_view o : w.overrides) add(o.substr(0, o.find('=')));
    }
  }
  return keys;
}

std::optional<std::string> unsupported_variant(const Game& game) {
  const std::string* variant = game.tag("Variant");
  if (!variant) return std::nullopt;
  const std::string whole = squeezed(*variant);
  if (whole.empty() || among(kKnownVariants, whole)) return std::nullopt;
  // A composed value: every word must be one bpgn follows ("Bughouse Chess960"); name the others.
  std::string others;
  bool any_known = false;
  std::string_view rest = *variant;
  while (!rest.empty()) {
    const std::size_t start = rest.find_first_not_of(" \t");
    if (start == std::string_view::npos) break;
    rest.remove_prefix(start);
    const std::size_t end = std::min(rest.find_first_of(" \t"), rest.size());
    const std::string_view word = rest.substr(0, end);
    rest.remove_prefix(end);
    if (!among(kKnownVariantWords, squeezed(word))) {
      others += (others.empty() ? "" : ", ") + std::string(word);
    } else {
      any_known = true;
    }
  }
  if (others.empty()) return std::nullopt;
  // No word of it is known ("King of the Hill"): the variant is its whole name.
  if (!any_known) {
    const std::size_t first = variant->find_first_not_of(" \t"), last = variant->find_last_not_of(" \t");
    return variant->substr(first, last - first + 1);
  }
  return others;
}

}  // namespace bpgn
