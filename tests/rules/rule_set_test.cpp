// The presets against rules.md, field by field; overrides and their messages; describe().
#include "rules/rule_set.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace bpgn {
namespace {

// Relative ranks as the bit set RuleSet uses (bit r-1 = rank r), written out for the reader.
constexpr std::uint8_t kRanks2To7 = 0b0111'1110;
constexpr std::uint8_t kRanks2To6 = 0b0011'1110;
constexpr std::uint8_t kRanks2To8 = 0b1111'1110;

// Each expectation below is the sentence of rules.md quoted above it.
TEST(Presets, Bughouse) {
  // "boards 2; pawn_drop_ranks 2–7; drop_check allowed; drop_mate allowed; promotion choice
  // (Q, R, B or N); promoted_reverts yes; mate bughouse"
  const RuleSet r = bughouse_rules();
  EXPECT_EQ(r.name, "bughouse");
  EXPECT_EQ(r.boards, 2);
  EXPECT_TRUE(r.drops);
  EXPECT_EQ(r.pawn_drop_ranks, kRanks2To7);
  EXPECT_TRUE(r.drop_check);
  EXPECT_EQ(r.drop_mate, DropMate::Allowed);
  EXPECT_EQ(r.promotion, Promotion::Choice);
  EXPECT_TRUE(r.promoted_reverts);
  EXPECT_EQ(r.mate, MateRule::Bughouse);
  EXPECT_FALSE(r.illegal_action_loses);
  EXPECT_EQ(r.scoring, Scoring::Match);
}

TEST(Presets, Swedish) {
  // "As bughouse" with "with mate" / "pawns on the 7th" switches (default: as bughouse), Gambler
  // promotion (steal_from_partner_board), "promoted_reverts: no".
  RuleSet expected = bughouse_rules();
  expected.name = "swedish";
  expected.promotion = Promotion::StealFromPartnerBoard;
  expected.promoted_reverts = false;
  EXPECT_EQ(swedish_rules(), expected);
  // The Russian original: the partner takes "любую фигуру" (any piece) of their opponent, with no
  // word about the kings: a steal may expose one (bughouse.pro forbids it; that is its own option).
  EXPECT_TRUE(swedish_rules().steal_exposes_king);
}

TEST(Presets, Turkish) {
  // boards 2; "drop_check forbidden and drop_mate forbidden"; pawns "relative ranks 2–8";
  // promotion from_holding; the placed piece is ordinary (no revert); "illegal_action_loses yes";
  // "Mate means there is no defence against the check (mate bughouse)"; tournament scoring.
  const RuleSet r = turkish_rules();
  EXPECT_EQ(r.name, "turkish");
  EXPECT_EQ(r.boards, 2);
  EXPECT_TRUE(r.drops);
  EXPECT_EQ(r.pawn_drop_ranks, kRanks2To8);
  EXPECT_FALSE(r.drop_check);
  EXPECT_EQ(r.drop_mate, DropMate::Forbidden);
  EXPECT_EQ(r.promotion, Promotion::FromHolding);
  EXPECT_FALSE(r.promoted_reverts);
  EXPECT_EQ(r.mate, MateRule::Bughouse);
  EXPECT_TRUE(r.illegal_action_loses);
  EXPECT_EQ(r.illegal_action, IllegalAction::Claimed);  // "the opponent only has to register the fact"
  EXPECT_EQ(r.scoring, Scoring::TurkishPoints);
}

TEST(Presets, Crazyhouse) {
  // "boards 1; ... pawn_drop_ranks 2–7; drop_check and drop_mate allowed; promotion choice;
  // promoted_reverts yes; mate classic"
  const RuleSet r = crazyhouse_rules();
  EXPECT_EQ(r.name, "crazyhouse");
  EXPECT_EQ(r.boards, 1);
  EXPECT_TRUE(r.drops);
  EXPECT_EQ(r.pawn_drop_ranks, kRanks2To7);
  EXPECT_TRUE(r.drop_check);
  EXPECT_EQ(r.drop_mate, DropMate::Allowed);
  EXPECT_EQ(r.promotion, Promotion::Choice);
  EXPECT_TRUE(r.promoted_reverts);
  EXPECT_EQ(r.mate, MateRule::Classic);
  EXPECT_FALSE(r.illegal_action_loses);
  EXPECT_EQ(r.scoring, Scoring::Match);
}

TEST(Presets, Boltchess) {
  // "As crazyhouse, but drop_mate forbidden; pawn_drop_ranks 2–6 (no pawns on the 7th);
  // promoted_reverts no."
  RuleSet expected = crazyhouse_rules();
  expected.name = "boltchess";
  expected.drop_mate = DropMate::Forbidden;
  expected.pawn_drop_ranks = kRanks2To6;
  expected.promoted_reverts = false;
  EXPECT_EQ(boltchess_rules(), expected);
}

TEST(Presets, Chess) {
  // "Standard chess, no holdings": one board, no drops, classic mate, free promotion.
  const RuleSet r = chess_rules();
  EXPECT_EQ(r.name, "chess");
  EXPECT_EQ(r.boards, 1);
  EXPECT_FALSE(r.drops);
  EXPECT_EQ(r.promotion, Promotion::Choice);
  EXPECT_EQ(r.mate, MateRule::Classic);
}

// RuleSet's defaults are the bughouse preset (bughouse_rules() returns them; the test above holds
// them against rules.md), so a RuleSet no preset was asked for plays international rules.
TEST(Presets, DefaultRuleSetIsBughouse) {
  EXPECT_EQ(RuleSet{}, bughouse_rules());
  EXPECT_EQ(RuleSet{}, *rules_by_name("bughouse"));
}

// Each name gives its own preset, not only one of that name.
TEST(Presets, EachNameGivesItsPreset) {
  EXPECT_EQ(*rules_by_name("bughouse"), bughouse_rules());
  EXPECT_EQ(*rules_by_name("swedish"), swedish_rules());
  EXPECT_EQ(*rules_by_name("turkish"), turkish_rules());
  EXPECT_EQ(*rules_by_name("crazyhouse"), crazyhouse_rules());
  EXPECT_EQ(*rules_by_name("boltchess"), boltchess_rules());
  EXPECT_EQ(*rules_by_name("chess"), chess_rules());
  EXPECT_EQ(*rules_by_name("Chess"), chess_rules());
}

TEST(Presets, ByName) {
  const std::vector<std::string_view> expected = {"bughouse", "swedish", "turkish", "crazyhouse", "boltchess", "chess"};
  EXPECT_EQ(rule_set_names(), expected);
  for (auto name : rule_set_names()) {
    const auto r = rules_by_name(name);
    ASSERT_TRUE(r) << name;
    EXPECT_EQ(r->name, name);
  }
  EXPECT_FALSE(rules_by_name("atomic"));
  ASSERT_TRUE(rules_by_name("Bughouse"));  // case is ignored, as in the Variant tag
  EXPECT_EQ(rules_by_name("TURKISH")->name, "turkish");
  EXPECT_TRUE(bughouse_rules().pawn_drop_allowed_on(7));
  EXPECT_FALSE(bughouse_rules().pawn_drop_allowed_on(8));
  EXPECT_FALSE(bughouse_rules().pawn_drop_allowed_on(1));
}

TEST(Overrides, EveryKey) {
  RuleSet r = bughouse_rules();
  EXPECT_FALSE(apply_override(r, "pawn_drop_ranks=2-6"));
  EXPECT_EQ(r.pawn_drop_ranks, kRanks2To6);
  EXPECT_FALSE(apply_override(r, "pawn_drop_ranks=2,3,4"));
  EXPECT_EQ(r.pawn_drop_ranks, 0b0000'1110);
  EXPECT_FALSE(apply_override(r, "pawn_drop_ranks=2-6,8"));
  EXPECT_EQ(r.pawn_drop_ranks, 0b1011'1110);
  EXPECT_FALSE(apply_override(r, "pawn_drop_ranks=none"));
  EXPECT_EQ(r.pawn_drop_ranks, 0);
  EXPECT_FALSE(apply_override(r, "drop_mate=forbidden"));
  EXPECT_EQ(r.drop_mate, DropMate::Forbidden);
  EXPECT_FALSE(apply_override(r, "drop_check=forbidden"));
  EXPECT_FALSE(r.drop_check);
  EXPECT_FALSE(apply_override(r, "drop_check=allowed"));
  EXPECT_TRUE(r.drop_check);
  EXPECT_FALSE(apply_override(r, "drop_mate=yes"));
  EXPECT_EQ(r.drop_mate, DropMate::Allowed);
  EXPECT_FALSE(apply_override(r, "promotion=from_holding"));
  EXPECT_EQ(r.promotion, Promotion::FromHolding);
  EXPECT_FALSE(apply_override(r, "promotion=steal-from-partner-board"));
  EXPECT_EQ(r.promotion, Promotion::StealFromPartnerBoard);
  EXPECT_FALSE(apply_override(r, "promotion=choice"));
  EXPECT_EQ(r.promotion, Promotion::Choice);
  EXPECT_FALSE(apply_override(r, "steal_exposes_king=forbidden"));
  EXPECT_FALSE(r.steal_exposes_king);
  EXPECT_FALSE(apply_override(r, "Steal-Exposes-King=allowed"));
  EXPECT_TRUE(r.steal_exposes_king);
  EXPECT_FALSE(apply_override(r, "promoted_reverts=no"));
  EXPECT_FALSE(r.promoted_reverts);
  EXPECT_FALSE(apply_override(r, "mate=classic"));
  EXPECT_EQ(r.mate, MateRule::Classic);
  EXPECT_FALSE(apply_override(r, "illegal_action_loses=yes"));
  EXPECT_TRUE(r.illegal_action_loses);
  EXPECT_EQ(r.illegal_action, IllegalAction::Automatic);
  EXPECT_FALSE(apply_override(r, "Illegal-Action=Claimed"));
  EXPECT_EQ(r.illegal_action, IllegalAction::Claimed);
  EXPECT_FALSE(apply_override(r, "boards=1"));
  EXPECT_EQ(r.boards, 1);
  EXPECT_FALSE(apply_override(r, "drops=no"));
  EXPECT_FALSE(r.drops);
  EXPECT_FALSE(apply_override(r, "scoring=turkish"));
  EXPECT_EQ(r.scoring, Scoring::TurkishPoints);
  EXPECT_FALSE(apply_override(r, " Drop-Mate = Forbidden "));  // case, '-' for '_', spaces
  EXPECT_EQ(r.drop_mate, DropMate::Forbidden);
  EXPECT_EQ(r.name, "bughouse");  // an override changes fields, not the preset it started from
}

TEST(Overrides, ErrorsNameTheKeyAndTheAcceptedValues) {
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"drop_mate", "expected KEY=VALUE, e.g. pawn_drop_ranks=2-6 (keys: boards, drops, pawn_drop_ranks, drop_check, "
                    "drop_mate, promotion, steal_exposes_king, promoted_reverts, mate, illegal_action_loses, illegal_action, scoring)"},
      {"colour=red", "unknown rule option 'colour' (keys: boards, drops, pawn_drop_ranks, drop_check, drop_mate, "
                     "promotion, steal_exposes_king, promoted_reverts, mate, illegal_action_loses, illegal_action, scoring)"},
      {"steal_exposes_king=never", "steal_exposes_king: 'never' is not one of: allowed, forbidden (or yes, no)"},
      {"boards=3", "boards: '3' is not one of: 1, 2"},
      {"drops=maybe", "drops: 'maybe' is not one of: yes, no"},
      {"drop_check=sometimes", "drop_check: 'sometimes' is not one of: allowed, forbidden (or yes, no)"},
      {"drop_mate=", "drop_mate: missing value"},
      {"promotion=king", "promotion: 'king' is not one of: choice, from_holding, steal_from_partner_board, discard"},
      {"promoted_reverts=2", "promoted_reverts: '2' is not one of: yes, no"},
      {"mate=stalemate", "mate: 'stalemate' is not one of: classic, bughouse"},
      {"illegal_action_loses=x", "illegal_action_loses: 'x' is not one of: yes, no"},
      {"illegal_action=later", "illegal_action: 'later' is not one of: automatic, claimed"},
      {"scoring=elo", "scoring: 'elo' is not one of: match, turkish"},
      {"pawn_drop_ranks=0-9", "pawn_drop_ranks: '0-9' is not a set of relative ranks 1-8; write ranges or lists, e.g. "
                              "2-7, 2,3,4, 2-6,8 or none"},
      {"pawn_drop_ranks=7-2", "pawn_drop_ranks: '7-2' is not a set of relative ranks 1-8; write ranges or lists, e.g. "
                              "2-7, 2,3,4, 2-6,8 or none"},
      {"pawn_drop_ranks=2,,3", "pawn_drop_ranks: '2,,3' is not a set of relative ranks 1-8; write ranges or lists, e.g. "
                               "2-7, 2,3,4, 2-6,8 or none"},
  };
  for (const Case& c : cases) {
    RuleSet r = bughouse_rules();
    const auto error = apply_override(r, c.text);
    ASSERT_TRUE(error) << c.text;
    EXPECT_EQ(*error, c.message) << c.text;
    EXPECT_EQ(r, bughouse_rules()) << c.text << " changed the rule set although it failed";
  }
}

TEST(Describe, FixedOrderAndValues) {
  const std::vector<std::string> bughouse = {"boards=2",       "drops=yes",           "pawn_drop_ranks=2-7",
                                             "drop_check=allowed", "drop_mate=allowed", "promotion=choice",
                                             "steal_exposes_king=allowed", "promoted_reverts=yes", "mate=bughouse",   "illegal_action_loses=no",
                                             "illegal_action=automatic", "scoring=match"};
  EXPECT_EQ(describe(bughouse_rules()), bughouse);
  const std::vector<std::string> turkish = {"boards=2",           "drops=yes",          "pawn_drop_ranks=2-8",
                                            "drop_check=forbidden", "drop_mate=forbidden", "promotion=from_holding",
                                            "steal_exposes_king=allowed", "promoted_reverts=no", "mate=bughouse",      "illegal_action_loses=yes",
                                            "illegal_action=claimed", "scoring=turkish"};
  EXPECT_EQ(describe(turkish_rules()), turkish);
  RuleSet odd = bughouse_rules();
  ASSERT_FALSE(apply_override(odd, "pawn_drop_ranks=2,4-5,8"));
  EXPECT_EQ(describe(odd)[2], "pawn_drop_ranks=2,4-5,8");
}

// describe() is the inverse of apply_override: applying a preset's description to any other preset
// yields that preset (apart from the name).
TEST(Describe, RoundTripsThroughOverrides) {
  for (auto name : rule_set_names()) {
    const RuleSet target = *rules_by_name(name);
    RuleSet r = chess_rules();
    for (const std::string& kv : describe(target)) ASSERT_FALSE(apply_override(r, kv)) << kv;
    r.name = target.name;
    EXPECT_EQ(r, target) << name;
  }
  RuleSet strict = swedish_rules();  // bughouse.pro's Steal
  strict.steal_exposes_king = false;
  RuleSet r = swedish_rules();
  for (const std::string& kv : describe(strict)) ASSERT_FALSE(apply_override(r, kv)) << kv;
  EXPECT_EQ(r, strict);
}

}  // namespace
}  // namespace bpgn
