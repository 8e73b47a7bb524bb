// The rules the HTML report quotes: taken from docs/rules.md as built into the program, one for
// every code that a rule (not the record's form) decides, under every preset.
#include "output/rule_quotes.h"
#include "replay/check_test_util.h"
#include "rules/rule_set.h"

#include <fstream>
#include <sstream>

namespace bpgn {
namespace {

std::string docs_rules_md() {
  std::ifstream in(std::string(BPGN_CORPUS_DIR) + "/../docs/rules.md", std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// docs/rules.md with its Markdown undone as the quotes are (markdown_plain) and its lines joined,
// list markers and indentation left out.
std::string plain_doc(const std::string& md) {
  const std::string text = markdown_plain(md);
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      out += ' ';
      while (i + 1 < text.size() && (text[i + 1] == ' ' || text[i + 1] == '-')) ++i;
      continue;
    }
    out += text[i];
  }
  return out;
}

std::string squeeze(std::string s) {
  std::string out;
  for (char c : s) {
    if (c == ' ' && !out.empty() && out.back() == ' ') continue;
    out += c;
  }
  return out;
}

Violation at_ply(ViolationCode code) {
  Violation v;
  v.code = code;
  return v;
}

TEST(RuleQuotes, TheBuiltInDocumentIsDocsRulesMd) {
  // A stale build would quote rules the docs no longer say.
  EXPECT_EQ(std::string(rules_document()), docs_rules_md());
}

TEST(RuleQuotes, EveryRuleCodeHasAQuoteUnderEveryPreset) {
  const ViolationCode rule_codes[] = {
      ViolationCode::IllegalMove,     ViolationCode::AmbiguousMove,    ViolationCode::KingLeftInCheck,
      ViolationCode::WrongTurn,       ViolationCode::DropNotInHolding, ViolationCode::DropOnOccupied,
      ViolationCode::PawnDropRank,    ViolationCode::DropGivesCheck,   ViolationCode::DropGivesMate,
      ViolationCode::PromotionInvalid, ViolationCode::PromotionMissing, ViolationCode::MoveAfterEnd,
  };
  const Game game;
  for (const char* name : {"bughouse", "swedish", "turkish", "crazyhouse", "boltchess", "chess"}) {
    const RuleSet rules = *rules_by_name(name);
    for (ViolationCode code : rule_codes) {
      const auto q = rule_quote(at_ply(code), game, rules);
      ASSERT_TRUE(q) << info(code).code << " under " << name;
      EXPECT_GT(q->text.size(), 40u) << info(code).code;
      EXPECT_FALSE(q->section.empty());
    }
  }
  // Codes about the record's form quote no rule (the report shows the code's meaning instead).
  for (ViolationCode code : {ViolationCode::Syntax, ViolationCode::MissingTag, ViolationCode::StrayText,
                             ViolationCode::ClockOrder, ViolationCode::CheckSuffix}) {
    EXPECT_FALSE(rule_quote(at_ply(code), game, *rules_by_name("bughouse"))) << info(code).code;
  }
}

TEST(RuleQuotes, EachQuoteStandsInTheDocsWordForWord) {
  const std::string doc = squeeze(plain_doc(docs_rules_md()));
  const auto all = all_rule_quotes();
  EXPECT_GE(all.size(), 20u);
  for (const auto& [key, quote] : all) {
    const std::string code = key.substr(0, key.find(':'));
    EXPECT_TRUE(violation_code_from_name(code)) << "marker names no code: " << key;
    EXPECT_NE(doc.find(squeeze(quote.text)), std::string::npos) << key << ": " << quote.text;
    EXPECT_EQ(quote.text.find('`'), std::string::npos) << key;
    EXPECT_EQ(quote.text.find("**"), std::string::npos) << key;
    EXPECT_EQ(quote.text.find("-->"), std::string::npos) << key;
  }
}

TEST(RuleQuotes, TheRuleSetAndTheMoveChooseTheQuote) {
  Game game;
  Ply castle;
  castle.san = "O-O-O";
  Ply drop;
  drop.san = "N@f3";
  Ply pawn;
  pawn.san = "e5";
  game.plies = {castle, drop, pawn};
  auto quote = [&](ViolationCode code, const char* preset, std::optional<std::size_t> ply = std::nullopt,
                   const std::vector<std::string>& sets = {}) {
    Violation v = at_ply(code);
    v.ply = ply;
    RuleSet rules = *rules_by_name(preset);
    RuleOverrides::valid_of(sets).apply(rules);
    const auto q = rule_quote(v, game, rules);
    return q ? q->text : std::string("(none)");
  };
  EXPECT_TRUE(quote(ViolationCode::PromotionInvalid, "bughouse").starts_with("choice: a pawn reaching its last rank"));
  EXPECT_TRUE(quote(ViolationCode::PromotionInvalid, "turkish").starts_with("Only pieces actually in the holding"));
  EXPECT_TRUE(quote(ViolationCode::PromotionInvalid, "swedish").starts_with("steal_from_partner_board (swedish"));
  EXPECT_TRUE(quote(ViolationCode::PromotionInvalid, "bughouse", std::nullopt, {"promotion=discard"})
                  .starts_with("discard (bughouse.pro's"));
  EXPECT_TRUE(quote(ViolationCode::DropGivesMate, "bughouse", std::nullopt, {"drop_mate=forbidden"})
                  .starts_with("drop_mate=forbidden: no drop may give mate"));
  EXPECT_TRUE(quote(ViolationCode::DropGivesMate, "bughouse", std::nullopt, {"drop_mate=forbidden_board_mate"})
                  .starts_with("drop_mate=forbidden_board_mate: no drop may give a board mate"));
  EXPECT_TRUE(quote(ViolationCode::DropGivesCheck, "turkish").starts_with("drop_check=forbidden: no drop may give check."));
  EXPECT_TRUE(quote(ViolationCode::IllegalMove, "bughouse", 0).starts_with("For castling:"));
  EXPECT_TRUE(quote(ViolationCode::KingLeftInCheck, "bughouse", 1).starts_with("For drops:"));
  EXPECT_TRUE(quote(ViolationCode::IllegalMove, "bughouse", 2).starts_with("For piece and pawn moves:"));
  EXPECT_TRUE(quote(ViolationCode::PawnDropRank, "bughouse").starts_with("pawn_drop_ranks: a pawn may be dropped only"));
  EXPECT_TRUE(quote(ViolationCode::WrongTurn, "bughouse").starts_with("On each board White moves first"));
  // A quote ends where its paragraph or list item ends.
  EXPECT_EQ(quote(ViolationCode::DropGivesCheck, "turkish").find("drop_mate"), std::string::npos);
  EXPECT_EQ(quote(ViolationCode::IllegalMove, "bughouse", 2).find("5. Then the promotion"), std::string::npos);
}

}  // namespace
}  // namespace bpgn
