// The one table of rule options: key, RuleSet member, parser, printer, JSON kind, record tag.
// `--set`, describe(), the record's rule tags, the JSON `rule_options` and the docs table
// (tests/rules/rule_docs_test.cpp) all read it.
#include "rules/rule_options.h"

#include <algorithm>
#include <locale>

namespace bpgn {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// `s` with A-Z made a-z, every other byte as it is: the "C" locale's tolower, whatever locale the
// program embedding the library has set (Python sets the user's).
std::string lower_case(std::string_view s) {
  std::string out(s);
  std::use_facet<std::ctype<char>>(std::locale::classic()).tolower(out.data(), out.data() + out.size());
  return out;
}

// Keys and symbolic values may be written with '-' for '_' (`from-holding`).
std::string normalise_word(std::string_view s) {
  std::string out = lower_case(trim(s));
  std::replace(out.begin(), out.end(), '-', '_');
  return out;
}

// "2-7", "2,3,4", "2-6,8", "none": relative ranks 1..8.
std::optional<std::uint8_t> parse_ranks(std::string_view text) {
  text = trim(text);
  if (text == "none" || text == "-") return std::uint8_t{0};
  std::uint8_t bits = 0;
  while (true) {
    const std::size_t comma = text.find(',');
    std::string_view item = trim(text.substr(0, comma));
    auto digit = [](std::string_view s) -> int {
      s = trim(s);
      return s.size() == 1 && s[0] >= '1' && s[0] <= '8' ? s[0] - '0' : 0;
    };
    int first = 0, last = 0;
    const std::size_t dash = item.find('-');
    if (dash == std::string_view::npos) {
      first = last = digit(item);
    } else {
      first = digit(item.substr(0, dash));
      last = digit(item.substr(dash + 1));
    }
    if (first == 0 || last == 0 || first > last) return std::nullopt;
    for (int r = first; r <= last; ++r) bits = std::uint8_t(bits | (1u << (r - 1)));
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return bits;
}

// A word a value is written as. `printed` is the one describe() writes; the others are accepted
// spellings (yes/no for allowed/forbidden, ...).
template <class T>
struct Word {
  std::string_view word;
  T value;
  bool printed = true;
};

// yes/no and its usual spellings.
constexpr Word<bool> kYesNo[] = {{"yes", true},      {"no", false},         {"true", true, false}, {"on", true, false},
                                 {"1", true, false}, {"false", false, false}, {"off", false, false}, {"0", false, false}};
// allowed/forbidden; yes/no are accepted as the same answer to "is it allowed?".
constexpr Word<bool> kAllowed[] = {{"allowed", true},      {"forbidden", false},  {"allow", true, false},
                                   {"forbid", false, false}, {"yes", true, false},  {"true", true, false},
                                   {"on", true, false},     {"1", true, false},     {"no", false, false},
                                   {"false", false, false}, {"off", false, false},  {"0", false, false}};
constexpr Word<int> kBoards[] = {{"1", 1}, {"2", 2}};
constexpr Word<DropMate> kDropMate[] = {
    {"allowed", DropMate::Allowed},        {"forbidden", DropMate::Forbidden},
    {"forbidden_board_mate", DropMate::ForbiddenBoardMate},
    {"allow", DropMate::Allowed, false},   {"forbid", DropMate::Forbidden, false},
    {"yes", DropMate::Allowed, false},     {"true", DropMate::Allowed, false},
    {"on", DropMate::Allowed, false},      {"1", DropMate::Allowed, false},
    {"no", DropMate::Forbidden, false},    {"false", DropMate::Forbidden, false},
    {"off", DropMate::Forbidden, false},   {"0", DropMate::Forbidden, false}};
constexpr Word<Promotion> kPromotion[] = {{"choice", Promotion::Choice},
                                          {"from_holding", Promotion::FromHolding},
                                          {"steal_from_partner_board", Promotion::StealFromPartnerBoard},
                                          {"discard", Promotion::Discard}};
constexpr Word<MateRule> kMate[] = {{"classic", MateRule::Classic}, {"bughouse", MateRule::Bughouse}};
constexpr Word<IllegalAction> kIllegalAction[] = {{"automatic", IllegalAction::Automatic},
                                                  {"claimed", IllegalAction::Claimed}};
constexpr Word<Scoring> kScoring[] = {{"match", Scoring::Match}, {"turkish", Scoring::TurkishPoints}};

// Parser and printer of a member whose values are words of a list.
template <auto Member, const auto& Words>
struct WordField {
  static bool parse(RuleSet& rules, std::string_view raw) {
    const std::string v = normalise_word(raw);
    for (const auto& w : Words) {
      if (w.word == v) {
        rules.*Member = w.value;
        return true;
      }
    }
    return false;
  }
  static std::string print(const RuleSet& rules) {
    for (const auto& w : Words) {
      if (w.printed && w.value == rules.*Member) return std::string(w.word);
    }
    return "?";
  }
  static void copy(RuleSet& to, const RuleSet& from) { to.*Member = from.*Member; }
};

struct RanksField {
  static bool parse(RuleSet& rules, std::string_view raw) {
    const auto r = parse_ranks(lower_case(raw));
    if (r) rules.pawn_drop_ranks = *r;
    return r.has_value();
  }
  static std::string print(const RuleSet& rules) { return format_pawn_drop_ranks(rules.pawn_drop_ranks); }
  static void copy(RuleSet& to, const RuleSet& from) { to.pawn_drop_ranks = from.pawn_drop_ranks; }
};

template <class F>
constexpr RuleOption option(std::string_view key, std::string_view values, JsonKind json, std::string_view tag) {
  return RuleOption{key, values, json, tag, &F::parse, &F::print, &F::copy};
}

// One line per option, in describe() and documentation order. `values` is what --set's error
// message lists and what docs/rules.md's option table says (a test compares them).
constexpr std::array<RuleOption, kRuleOptionCount> kOptions{{
    option<WordField<&RuleSet::boards, kBoards>>("boards", "1, 2", JsonKind::Number, ""),
    option<WordField<&RuleSet::drops, kYesNo>>("drops", "yes, no", JsonKind::Boolean, ""),
    option<RanksField>("pawn_drop_ranks", "ranks 1-8 as ranges and lists: 2-7, 2,3,4, 2-6,8, none", JsonKind::String,
                       "PawnDropRanks"),
    option<WordField<&RuleSet::drop_check, kAllowed>>("drop_check", "allowed, forbidden (or yes, no)", JsonKind::String,
                                                      "DropCheck"),
    option<WordField<&RuleSet::drop_mate, kDropMate>>(
        "drop_mate", "allowed, forbidden, forbidden_board_mate (or yes, no)", JsonKind::String, "DropMate"),
    option<WordField<&RuleSet::promotion, kPromotion>>(
        "promotion", "choice, from_holding, steal_from_partner_board, discard", JsonKind::String, "Promotion"),
    option<WordField<&RuleSet::steal_exposes_king, kAllowed>>("steal_exposes_king", "allowed, forbidden (or yes, no)",
                                                              JsonKind::String, ""),
    option<WordField<&RuleSet::promoted_reverts, kYesNo>>("promoted_reverts", "yes, no", JsonKind::Boolean,
                                                          "PromotedReverts"),
    option<WordField<&RuleSet::mate, kMate>>("mate", "classic, bughouse", JsonKind::String, ""),
    option<WordField<&RuleSet::illegal_action_loses, kYesNo>>("illegal_action_loses", "yes, no", JsonKind::Boolean,
                                                              "IllegalActionLoses"),
    option<WordField<&RuleSet::illegal_action, kIllegalAction>>("illegal_action", "automatic, claimed",
                                                                JsonKind::String, ""),
    option<WordField<&RuleSet::scoring, kScoring>>("scoring", "match, turkish", JsonKind::String, ""),
}};

std::string all_keys() {
  std::string out;
  for (const RuleOption& o : kOptions) out += (out.empty() ? "" : ", ") + std::string(o.key);
  return out;
}

std::optional<std::size_t> index_of(std::string_view normalised_key) {
  for (std::size_t i = 0; i < kOptions.size(); ++i) {
    if (kOptions[i].key == normalised_key) return i;
  }
  return std::nullopt;
}

// Parses "key=value" into `rules`; on success the option's index.
std::optional<std::size_t> parse_override(RuleSet& rules, std::string_view key_equals_value, std::string& error) {
  const std::size_t eq = key_equals_value.find('=');
  if (eq == std::string_view::npos) {
    error = "expected KEY=VALUE, e.g. pawn_drop_ranks=2-6 (keys: " + all_keys() + ")";
    return std::nullopt;
  }
  const std::string key = normalise_word(key_equals_value.substr(0, eq));
  const std::string_view raw = trim(key_equals_value.substr(eq + 1));
  if (normalise_word(raw).empty()) {
    error = key + ": missing value";
    return std::nullopt;
  }
  const auto index = index_of(key);
  if (!index) {
    error = "unknown rule option '" + std::string(trim(key_equals_value.substr(0, eq))) + "' (keys: " + all_keys() + ")";
    return std::nullopt;
  }
  const RuleOption& o = kOptions[*index];
  if (!o.parse(rules, raw)) {
    if (o.key == "pawn_drop_ranks") {
      error = "pawn_drop_ranks: '" + std::string(raw) +
              "' is not a set of relative ranks 1-8; write ranges or lists, e.g. 2-7, 2,3,4, 2-6,8 or none";
    } else {
      error = key + ": '" + std::string(raw) + "' is not one of: " + std::string(o.values);
    }
    return std::nullopt;
  }
  return index;
}

}  // namespace

const std::array<RuleOption, kRuleOptionCount>& rule_options() { return kOptions; }

const RuleOption* rule_option(std::string_view key) {
  const auto i = index_of(key);
  return i ? &kOptions[*i] : nullptr;
}

const RuleOption* rule_option_of_tag(std::string_view tag) {
  for (const RuleOption& o : kOptions) {
    if (!o.tag.empty() && o.tag == tag) return &o;
  }
  return nullptr;
}

std::optional<std::string> apply_override(RuleSet& rules, std::string_view key_equals_value) {
  std::string error;
  RuleSet attempt = rules;
  if (!parse_override(attempt, key_equals_value, error)) return error;
  rules = attempt;
  return std::nullopt;
}

std::optional<std::string> RuleOverrides::add(std::string_view key_equals_value) {
  std::string error;
  const auto index = parse_override(values_, key_equals_value, error);
  if (!index) return error;
  set_ |= 1u << *index;
  return std::nullopt;
}

void RuleOverrides::apply(RuleSet& rules) const {
  if (set_ == 0) return;
  for (std::size_t i = 0; i < kOptions.size(); ++i) {
    if (set_ >> i & 1) kOptions[i].copy(rules, values_);
  }
}

RuleOverrides RuleOverrides::valid_of(const std::vector<std::string>& key_equals_values) {
  RuleOverrides out;
  for (const std::string& kv : key_equals_values) (void)out.add(kv);
  return out;
}

std::vector<std::string> describe(const RuleSet& rules) {
  std::vector<std::string> out;
  out.reserve(kOptions.size());
  for (const RuleOption& o : kOptions) out.push_back(std::string(o.key) + "=" + o.print(rules));
  return out;
}

std::string changed_options(const RuleSet& rules, std::string_view separator) {
  std::string out;
  const std::optional<RuleSet> preset = rules_by_name(rules.name);
  for (const RuleOption& o : kOptions) {
    const std::string value = o.print(rules);
    if (preset && o.print(*preset) == value) continue;
    if (!out.empty()) out += separator;
    out += std::string(o.key) + "=" + value;
  }
  return out;
}

std::string rules_label(const RuleSet& rules) {
  const std::string changed = changed_options(rules, " ");
  return changed.empty() ? rules.name : rules.name + " " + changed;
}

std::string rules_name_with_overrides(const RuleSet& rules) {
  const std::string changed = changed_options(rules, ", ");
  return changed.empty() ? rules.name : rules.name + " with " + changed;
}

std::string format_pawn_drop_ranks(std::uint8_t bits) {
  std::string out;
  for (int r = 1; r <= 8; ++r) {
    if (!(bits >> (r - 1) & 1)) continue;
    int last = r;
    while (last < 8 && (bits >> last & 1)) ++last;
    if (!out.empty()) out += ',';
    out += char('0' + r);
    if (last > r) {
      out += '-';
      out += char('0' + last);
    }
    r = last;
  }
  return out.empty() ? "none" : out;
}

}  // namespace bpgn
