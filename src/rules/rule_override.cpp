// `key=value` overrides of single rule-set fields and the inverse, describe().
#include "rules/rule_set.h"

#include <algorithm>
#include <array>

namespace bpgn {
namespace {

constexpr std::string_view kKeys =
    "boards, drops, pawn_drop_ranks, drop_check, drop_mate, promotion, steal_exposes_king, promoted_reverts, "
    "mate, illegal_action_loses, scoring";

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  }
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Keys and symbolic values may be written with '-' for '_' (`from-holding`).
std::string normalise_word(std::string_view s) {
  std::string out = lower(trim(s));
  std::replace(out.begin(), out.end(), '-', '_');
  return out;
}

std::string bad_value(std::string_view key, std::string_view value, std::string_view accepted) {
  return std::string(key) + ": '" + std::string(value) + "' is not one of: " + std::string(accepted);
}

// yes/no and its usual spellings.
std::optional<bool> parse_yes_no(const std::string& v) {
  if (v == "yes" || v == "true" || v == "on" || v == "1") return true;
  if (v == "no" || v == "false" || v == "off" || v == "0") return false;
  return std::nullopt;
}

// allowed/forbidden; yes/no are accepted as the same answer to "is it allowed?".
std::optional<bool> parse_allowed(const std::string& v) {
  if (v == "allowed" || v == "allow") return true;
  if (v == "forbidden" || v == "forbid") return false;
  return parse_yes_no(v);
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


std::string_view yes_no(bool b) { return b ? "yes" : "no"; }
std::string_view allowed(bool b) { return b ? "allowed" : "forbidden"; }

std::string_view promotion_name(Promotion p) {
  switch (p) {
    case Promotion::Choice: return "choice";
    case Promotion::FromHolding: return "from_holding";
    case Promotion::StealFromPartnerBoard: return "steal_from_partner_board";
    case Promotion::Discard: return "discard";
  }
  return "?";
}

std::string_view drop_mate_name(DropMate d) {
  switch (d) {
    case DropMate::Allowed: return "allowed";
    case DropMate::Forbidden: return "forbidden";
    case DropMate::ForbiddenBoardMate: return "forbidden_board_mate";
  }
  return "?";
}

std::string_view mate_name(MateRule m) {
  switch (m) {
    case MateRule::Classic: return "classic";
    case MateRule::Bughouse: return "bughouse";
  }
  return "?";
}

std::string_view scoring_name(Scoring s) {
  switch (s) {
    case Scoring::Match: return "match";
    case Scoring::TurkishPoints: return "turkish";
  }
  return "?";
}

}  // namespace

std::optional<std::string> apply_override(RuleSet& rules, std::string_view key_equals_value) {
  const std::size_t eq = key_equals_value.find('=');
  if (eq == std::string_view::npos) {
    return "expected KEY=VALUE, e.g. pawn_drop_ranks=2-6 (keys: " + std::string(kKeys) + ")";
  }
  const std::string key = normalise_word(key_equals_value.substr(0, eq));
  const std::string_view raw = trim(key_equals_value.substr(eq + 1));
  const std::string value = normalise_word(raw);
  if (value.empty()) return key + ": missing value";

  if (key == "boards") {
    if (value == "1") rules.boards = 1;
    else if (value == "2") rules.boards = 2;
    else return bad_value(key, raw, "1, 2");
  } else if (key == "drops") {
    auto b = parse_yes_no(value);
    if (!b) return bad_value(key, raw, "yes, no");
    rules.drops = *b;
  } else if (key == "pawn_drop_ranks") {
    auto r = parse_ranks(lower(raw));
    if (!r) {
      return "pawn_drop_ranks: '" + std::string(raw) +
             "' is not a set of relative ranks 1-8; write ranges or lists, e.g. 2-7, 2,3,4, 2-6,8 or none";
    }
    rules.pawn_drop_ranks = *r;
  } else if (key == "drop_check" || key == "steal_exposes_king") {
    auto b = parse_allowed(value);
    if (!b) return bad_value(key, raw, "allowed, forbidden (or yes, no)");
    (key == "drop_check" ? rules.drop_check : rules.steal_exposes_king) = *b;
  } else if (key == "drop_mate") {
    if (value == "forbidden_board_mate") {
      rules.drop_mate = DropMate::ForbiddenBoardMate;
    } else {
      auto b = parse_allowed(value);
      if (!b) return bad_value(key, raw, "allowed, forbidden, forbidden_board_mate (or yes, no)");
      rules.drop_mate = *b ? DropMate::Allowed : DropMate::Forbidden;
    }
  } else if (key == "promotion") {
    if (value == "choice") rules.promotion = Promotion::Choice;
    else if (value == "from_holding") rules.promotion = Promotion::FromHolding;
    else if (value == "steal_from_partner_board") rules.promotion = Promotion::StealFromPartnerBoard;
    else if (value == "discard") rules.promotion = Promotion::Discard;
    else return bad_value(key, raw, "choice, from_holding, steal_from_partner_board, discard");
  } else if (key == "promoted_reverts" || key == "illegal_action_loses") {
    auto b = parse_yes_no(value);
    if (!b) return bad_value(key, raw, "yes, no");
    (key == "promoted_reverts" ? rules.promoted_reverts : rules.illegal_action_loses) = *b;
  } else if (key == "mate") {
    if (value == "classic") rules.mate = MateRule::Classic;
    else if (value == "bughouse") rules.mate = MateRule::Bughouse;
    else return bad_value(key, raw, "classic, bughouse");
  } else if (key == "scoring") {
    if (value == "match") rules.scoring = Scoring::Match;
    else if (value == "turkish") rules.scoring = Scoring::TurkishPoints;
    else return bad_value(key, raw, "match, turkish");
  } else {
    return "unknown rule option '" + std::string(trim(key_equals_value.substr(0, eq))) + "' (keys: " +
           std::string(kKeys) + ")";
  }
  return std::nullopt;
}

std::vector<std::string> describe(const RuleSet& rules) {
  std::vector<std::string> out;
  auto add = [&out](std::string_view key, std::string_view value) {
    out.push_back(std::string(key) + "=" + std::string(value));
  };
  add("boards", rules.boards == 1 ? "1" : "2");
  add("drops", yes_no(rules.drops));
  add("pawn_drop_ranks", format_pawn_drop_ranks(rules.pawn_drop_ranks));
  add("drop_check", allowed(rules.drop_check));
  add("drop_mate", drop_mate_name(rules.drop_mate));
  add("promotion", promotion_name(rules.promotion));
  add("steal_exposes_king", allowed(rules.steal_exposes_king));
  add("promoted_reverts", yes_no(rules.promoted_reverts));
  add("mate", mate_name(rules.mate));
  add("illegal_action_loses", yes_no(rules.illegal_action_loses));
  add("scoring", scoring_name(rules.scoring));
  return out;
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
