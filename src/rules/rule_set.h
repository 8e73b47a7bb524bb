// A rule set is data: one field per option of rules.md. Presets are built by changing fields of
// another preset. The engine and the replay ask the fields, never the preset's name.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

enum class Promotion : std::uint8_t {
  Choice,                  // Q, R, B or N, chosen freely
  FromHolding,             // turkish: only a piece from the own holding; the pawn may stay on the last rank
  StealFromPartnerBoard,   // swedish (Gambler): the piece is taken off the partner's opponent's board
  Discard,                 // bughouse.pro "Discard": the pawn leaves the board (`e8=.`) and goes to the
                           // holding of the partner's opponent (one board: of the opponent)
};

// Which mating drops are forbidden.
enum class DropMate : std::uint8_t {
  Allowed,
  Forbidden,           // no drop may give mate as the rule set's `mate` option defines it
  ForbiddenBoardMate,  // no drop may give a check that no move of a piece on the board answers, even
                       // if a drop from the holding could block it (bughouse.pro's "No chess mate")
};

enum class MateRule : std::uint8_t {
  Classic,   // no legal reply with the material in hand
  Bughouse,  // a check that a drop of any piece could block is not mate
};

// Under illegal_action_loses, when an illegal action decides the match (docs/rules.md).
enum class IllegalAction : std::uint8_t {
  Automatic,  // always: the first illegal action loses
  Claimed,    // only when claimed: the record ends at it, or its termination text names an illegal
              // action; otherwise play went on and the result stands as played
};

enum class Scoring : std::uint8_t {
  Match,            // winning team / colour
  TurkishPoints,    // rules.md's Turkish tournament table (points per seat)
};

struct RuleSet {
  std::string name = "bughouse";     // the preset it started from (for reports only)
  int boards = 2;                    // 1: crazyhouse-like or chess; 2: bughouse
  bool drops = true;                 // false: no holdings at all (chess)
  std::uint8_t pawn_drop_ranks = 0b0111'1110;  // bit r-1 set: a pawn may be dropped on relative rank r
  bool drop_check = true;            // a drop may give check
  DropMate drop_mate = DropMate::Allowed;  // which mating drops are forbidden
  Promotion promotion = Promotion::Choice;
  // steal_from_partner_board only: may taking the piece off the other board expose a king there
  // (either colour's) to a piece that did not attack it before? Gambler's rule ("any piece") allows
  // it; bughouse.pro's `Steal` forbids it.
  bool steal_exposes_king = true;
  bool promoted_reverts = true;      // a captured promoted piece goes to the holding as a pawn
  MateRule mate = MateRule::Bughouse;
  bool illegal_action_loses = false; // an impossible move or forbidden drop loses the game
  IllegalAction illegal_action = IllegalAction::Automatic;  // ... at once, or when claimed
  Scoring scoring = Scoring::Match;

  bool pawn_drop_allowed_on(int relative_rank) const { return (pawn_drop_ranks >> (relative_rank - 1)) & 1; }
  friend bool operator==(const RuleSet&, const RuleSet&) = default;
};

// Presets of rules.md.
RuleSet bughouse_rules();
RuleSet swedish_rules();
RuleSet turkish_rules();
RuleSet crazyhouse_rules();
RuleSet boltchess_rules();
RuleSet chess_rules();

// The preset of that name ("bughouse", "swedish", ...; case ignored); nullopt for an unknown name.
std::optional<RuleSet> rules_by_name(std::string_view name);
// Names of every preset, in documentation order.
const std::vector<std::string_view>& rule_set_names();

// Applies "key=value" (the keys and values of the option table, rules/rule_options.h; rules.md).
// Returns an error message (naming the key and the accepted values) or nullopt on success, when
// `rules` is changed.
std::optional<std::string> apply_override(RuleSet& rules, std::string_view key_equals_value);

// A pawn_drop_ranks set as text, e.g. "2-7" or "2,4-6"; "none" when empty.
std::string format_pawn_drop_ranks(std::uint8_t bits);

// The option values as "key=value" strings in the option table's order, for reports.
std::vector<std::string> describe(const RuleSet& rules);

}  // namespace bpgn
