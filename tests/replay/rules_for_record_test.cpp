// Which rule set a record gets: default preset, the record's rule tags, --set overrides.
#include "replay/check_test_util.h"

namespace bpgn::check_test {
namespace {

Game game_of(const std::string& text) { return read_games(text).at(0); }

// Bit r-1 per relative rank r.
TEST(RulesForRecord, DefaultPresets) {
  EXPECT_EQ(default_rules_for_record(game_of(bpgn("1A. e4"))).name, "bughouse");
  EXPECT_EQ(default_rules_for_record(game_of(pgn("1. e4 e5"))).name, "chess");
  EXPECT_EQ(default_rules_for_record(game_of(pgn("1. e4 d5 2. exd5 P@e4"))).name, "crazyhouse");
  EXPECT_EQ(default_rules_for_record(game_of(pgn("1. e4 e5", "[Variant \"Crazyhouse\"]\n"))).name, "crazyhouse");
  EXPECT_EQ(default_rules_for_record(game_of(bpgn("1A. e4", "[Variant \"Swedish\"]\n"))).name, "swedish");
  EXPECT_EQ(default_rules_for_record(game_of(bpgn("1A. e4", "[Variant \"Bughouse\"]\n"))).name, "bughouse");
  // A one-board variant on a two-board record is not taken.
  EXPECT_EQ(default_rules_for_record(game_of(bpgn("1A. e4", "[Variant \"Crazyhouse\"]\n"))).name, "bughouse");
}

// Chess960 names a starting position: the preset is that of the rest of the Variant tag.
TEST(RulesForRecord, Chess960VariantsNameThePresetOfTheRest) {
  EXPECT_EQ(default_rules_for_record(game_of(pgn("1. e4 e5", "[Variant \"Chess960\"]\n"))).name, "chess");
  EXPECT_EQ(default_rules_for_record(game_of(pgn("1. e4 e5", "[Variant \"Crazyhouse960\"]\n"))).name, "crazyhouse");
  EXPECT_EQ(default_rules_for_record(game_of(pgn("1. e4 e5", "[Variant \"Crazyhouse 960\"]\n"))).name, "crazyhouse");
  EXPECT_EQ(default_rules_for_record(game_of(bpgn("1A. e4", "[Variant \"Bughouse Chess960\"]\n"))).name, "bughouse");
  // A one-board record whose Variant names a two-board preset keeps its own default.
  EXPECT_EQ(default_rules_for_record(game_of(pgn("1. e4 e5", "[Variant \"Bughouse Chess960\"]\n"))).name, "chess");
}

TEST(RulesForRecord, RecordBoards) {
  EXPECT_EQ(record_boards(game_of(bpgn("1A. e4"))), 2);
  EXPECT_EQ(record_boards(game_of(pgn("1. e4"))), 1);
  // A one-board preset on a BPGN record gets the record's two boards.
  EXPECT_EQ(rules_for_record(game_of(bpgn("1A. e4")), crazyhouse_rules(), RuleOverrides{}).boards, 2);
  EXPECT_EQ(rules_for_record(game_of(bpgn("1A. e4")), crazyhouse_rules(), {"boards=1"}).boards, 1);
}

TEST(RulesForRecord, TagsThenCommandLine) {
  const Game g = game_of(bpgn("1A. e4", "[PawnDropRanks \"2-6\"][DropMate \"no\"][DropCheck \"forbidden\"]\n"));
  RuleSet r = rules_for_record(g, bughouse_rules(), RuleOverrides{});
  EXPECT_EQ(r.pawn_drop_ranks, ranks(2, 6));
  EXPECT_EQ(r.drop_mate, DropMate::Forbidden);
  EXPECT_FALSE(r.drop_check);
  RuleSet overridden = rules_for_record(g, bughouse_rules(), {"pawn_drop_ranks=2-7", "drop_mate=allowed"});
  EXPECT_EQ(overridden.pawn_drop_ranks, ranks(2, 7));
  EXPECT_EQ(overridden.drop_mate, DropMate::Allowed);
  EXPECT_FALSE(overridden.drop_check);  // not overridden: the tag stands
}

TEST(RulesForRecord, UnreadableTagValueIsIgnored) {
  const Game g = game_of(bpgn("1A. e4", "[PawnDropRanks \"sometimes\"]\n"));
  EXPECT_EQ(rules_for_record(g, bughouse_rules(), RuleOverrides{}).pawn_drop_ranks, bughouse_rules().pawn_drop_ranks);
}

TEST(RulesForRecord, EveryRuleTagNamesAKnownOption) {
  for (const RuleTagName& t : rule_tags()) {
    if (t.key.empty()) continue;  // a tag of a server's own words only (DropAggression): tested below
    RuleSet probe = bughouse_rules();
    // Each key is accepted by the rule set with a value of its kind.
    const std::string value = t.key == "pawn_drop_ranks" ? "2-6"
                              : t.key == "promotion"     ? "choice"
                                                         : "no";
    EXPECT_FALSE(apply_override(probe, std::string(t.key) + "=" + value).has_value()) << t.key;
  }
}

}  // namespace
}  // namespace bpgn::check_test

namespace bpgn::check_test {
namespace {

// A message that names the rule set names it with what --set (or a rule tag) changed: the reader
// learns which ranks are in force and why, not just the preset's name.
TEST(RulesForRecord, MessagesNameTheRuleSetWithItsOverrides) {
  // White drops a pawn on e6, its relative rank 6 (whether White holds one is another question).
  const Game g = game_of(bpgn("1A. e4 1a. d5 2A. exd5 2a. Nf6 3A. P@e6"));
  const ReplayResult r = replay(g, choose_rules(g, std::nullopt, {"pawn_drop_ranks=2-5"}), ReplayOptions{});
  const std::vector<Violation> v = with_code(r, ViolationCode::PawnDropRank);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NE(v[0].message.find("its rank 6; bughouse with pawn_drop_ranks=2-5 allows pawn drops on ranks 2-5"),
            std::string::npos)
      << v[0].message;
  // Without the override rank 6 is one the preset allows.
  EXPECT_TRUE(with_code(replay(g, choose_rules(g, std::nullopt, RuleOverrides{}), ReplayOptions{}),
                        ViolationCode::PawnDropRank)
                  .empty());
}

}  // namespace
}  // namespace bpgn::check_test
