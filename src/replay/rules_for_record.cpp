// Which rule set applies to a record: the caller's base (command line or the record's default
// preset), the record's own rule tags, then the command line's --set overrides (which win).
#include "replay/replay.h"

#include <array>
#include <cctype>
#include <string_view>

namespace bpgn {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Third-party tags that state one rule option each (value as the tag writes it; apply_override
// accepts yes/no, allowed/forbidden and rank lists like "2-7").
struct RuleTag {
  std::string_view tag;
  std::string_view key;
};
constexpr std::array<RuleTag, 6> kRuleTags{{
    {"PawnDropRanks", "pawn_drop_ranks"},
    {"DropCheck", "drop_check"},
    {"DropMate", "drop_mate"},
    {"Promotion", "promotion"},
    {"PromotedReverts", "promoted_reverts"},
    {"IllegalActionLoses", "illegal_action_loses"},
}};

bool has_drop(const Game& game) {
  for (const Ply& p : game.plies) {
    for (const char c : p.san)
      if (c == '@' || c == '*') return true;
  }
  return false;
}

// Preset named by a Variant tag ("Bughouse", "Crazyhouse", "Standard", ...), if any.
std::optional<RuleSet> preset_of_variant(const Game& game) {
  const std::string* variant = game.tag("Variant");
  if (!variant) return std::nullopt;
  std::string v = lower(*variant);
  std::erase_if(v, [](char c) { return c == ' ' || c == '-' || c == '_'; });
  // Chess960 is a way to set up the pieces, not a rule set: "Bughouse Chess960" (bughouse.pro),
  // "Crazyhouse960" and "Chess960" name the preset of what stands before it (the FEN tag gives the
  // position, and castling follows the Chess960 rules under every preset).
  for (std::string_view suffix : {"chess960", "960"}) {
    if (v.size() >= suffix.size() && v.compare(v.size() - suffix.size(), suffix.size(), suffix) == 0) {
      v.resize(v.size() - suffix.size());
      break;
    }
  }
  if (v.empty() || v == "standard" || v == "chess" || v == "fromposition") return chess_rules();
  return rules_by_name(v);
}

}  // namespace

const std::vector<RuleTagName>& rule_tags() {
  static const std::vector<RuleTagName> names = [] {
    std::vector<RuleTagName> out;
    for (const RuleTag& t : kRuleTags) out.push_back({t.tag, t.key});
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

RuleSet rules_for_record(const Game& game, const RuleSet& base,
                         const std::vector<std::string>& command_line_overrides) {
  RuleSet rules = base;
  // The number of boards is the record's: a two-board preset on a one-board record keeps captures
  // on that board (the partner does not exist), and a one-board preset on a BPGN record replays the
  // two boards as two separate games. `--set boards=N` still wins below.
  rules.boards = record_boards(game);
  for (const RuleTag& t : kRuleTags) {
    const std::string* value = game.tag(t.tag);
    if (!value) continue;
    // A value the rule set cannot read leaves the option as it was (documented in docs/check.md).
    RuleSet attempt = rules;
    if (!apply_override(attempt, std::string(t.key) + "=" + *value)) rules = attempt;
  }
  for (const std::string& o : command_line_overrides) {
    RuleSet attempt = rules;
    if (!apply_override(attempt, o)) rules = attempt;
  }
  return rules;
}

}  // namespace bpgn
