// The presets of rules.md, each built from another by changing the fields that differ.
#include "rules/rule_set.h"

namespace bpgn {

// Relative ranks as a RuleSet::pawn_drop_ranks bit set (bit r-1 = rank r).
static constexpr std::uint8_t ranks(int first, int last) {
  std::uint8_t bits = 0;
  for (int r = first; r <= last; ++r) bits = std::uint8_t(bits | (1u << (r - 1)));
  return bits;
}

// International rules (FICS, chess.com): RuleSet's defaults are this preset, and the others are
// built from it.
RuleSet bughouse_rules() { return RuleSet{}; }

// Gambler club conventions: "with mate" and "pawns on the 7th" default to yes (as bughouse) and are
// switched per game with drop_mate / pawn_drop_ranks; the Gambler promotion takes a real piece from
// the other board, so it never reverts. The club's rule lets the partner take "any piece" of their
// opponent, so a steal may expose a king (steal_exposes_king stays allowed).
RuleSet swedish_rules() {
  RuleSet r = bughouse_rules();
  r.name = "swedish";
  r.promotion = Promotion::StealFromPartnerBoard;
  r.steal_exposes_king = true;
  r.promoted_reverts = false;
  return r;
}

// Over-the-board "турки": no drop may check (hence none may mate), pawns may be dropped up to the
// last rank and promote from the own holding, any impossible action loses when the opponent claims it, tournament points.
RuleSet turkish_rules() {
  RuleSet r = bughouse_rules();
  r.name = "turkish";
  r.pawn_drop_ranks = ranks(2, 8);
  r.drop_check = false;
  r.drop_mate = DropMate::Forbidden;
  r.promotion = Promotion::FromHolding;
  r.promoted_reverts = false;  // the placed piece is an ordinary piece
  r.illegal_action_loses = true;
  r.illegal_action = IllegalAction::Claimed;  // "the opponent only has to register the fact"
  r.scoring = Scoring::TurkishPoints;
  return r;
}

// Two players, captures go to the capturer's own holding, no partner to wait for.
RuleSet crazyhouse_rules() {
  RuleSet r = bughouse_rules();
  r.name = "crazyhouse";
  r.boards = 1;
  r.mate = MateRule::Classic;
  return r;
}

// Gambler's crazyhouse.
RuleSet boltchess_rules() {
  RuleSet r = crazyhouse_rules();
  r.name = "boltchess";
  r.drop_mate = DropMate::Forbidden;
  r.pawn_drop_ranks = ranks(2, 6);
  r.promoted_reverts = false;
  return r;
}

// Ordinary chess: one board and no holdings. The drop fields keep crazyhouse's values; they are
// never consulted while drops is false.
RuleSet chess_rules() {
  RuleSet r = crazyhouse_rules();
  r.name = "chess";
  r.drops = false;
  return r;
}

namespace {

// Every preset once, in documentation order: its name (as rules_by_name reads it) and its function.
struct Preset {
  std::string_view name;
  RuleSet (*rules)();
};
constexpr Preset kPresets[] = {
    {"bughouse", bughouse_rules},     {"swedish", swedish_rules},     {"turkish", turkish_rules},
    {"crazyhouse", crazyhouse_rules}, {"boltchess", boltchess_rules}, {"chess", chess_rules},
};

}  // namespace

std::optional<RuleSet> rules_by_name(std::string_view written) {
  // Case is ignored, as in the Variant tag ("Bughouse").
  std::string name(written);
  for (char& c : name) c = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  for (const Preset& p : kPresets) {
    if (p.name == name) return p.rules();
  }
  return std::nullopt;
}

const std::vector<std::string_view>& rule_set_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const Preset& p : kPresets) out.push_back(p.name);
    return out;
  }();
  return names;
}

}  // namespace bpgn
