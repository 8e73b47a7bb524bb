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

// docs/rules.md with its Markdown undone as the quotes are: lines joined, `code`, ** and links gone.
std::string plain_doc(const std::string& md) {
  std::string out;
  bool in_code = false;
  for (std::size_t i = 0; i < md.size(); ++i) {
    const char c = md[i];
    if (c == '`') {
      in_code = !in_code;
      continue;
    }
    if (c == '*' && !in_code) continue;
    if (c == '[') {  // a link [text](target) keeps its text
      const std::size_t close = md.find(']', i);
      if (close != std::string::npos && md.compare(close, 2, "](") == 0) continue;
    }
    if (c == ']' && md.compare(i, 2, "](") == 0) {
      i = md.find(')', i);
      continue;
    }
    if (c == '\n') {
      out += ' ';
      while (i + 1 < md.size() && (md[i + 1] == ' ' || md[i + 1] == '-')) ++i;
      continue;
    }
    out += c;
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
