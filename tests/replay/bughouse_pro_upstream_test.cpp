// Records written by the bughouse.pro server itself (corpus/bughouse-pro-upstream/, from the test
// suite of its open-source code): three real matches and the exporter's golden output. The oracle
// is the server: its `Outcome` tag names the winning pair and its `Result` tag gives team 1's view,
// so the replay must find every move legal and the same winner without being told the rules.
#include "replay/check_test_util.h"

#include <regex>

namespace bpgn::check_test {
namespace {

std::string upstream(const std::string& name) { return corpus("bughouse-pro-upstream/" + name); }

// The team the Outcome tag's "X & Y won" names, found from the seat tags (team 1 = WhiteA + BlackB).
Winner team_named_by_outcome(const Game& g) {
  const std::string* outcome = g.tag("Outcome");
  EXPECT_NE(outcome, nullptr);
  if (!outcome) return Winner::None;
  const std::string first = outcome->substr(0, outcome->find(" & "));
  for (const char* seat : {"WhiteA", "BlackB"}) {
    if (g.tag(seat) && *g.tag(seat) == first) return Winner::Team1;
  }
  for (const char* seat : {"BlackA", "WhiteB"}) {
    if (g.tag(seat) && *g.tag(seat) == first) return Winner::Team2;
  }
  ADD_FAILURE() << "no seat holds " << first;
  return Winner::None;
}

// Pawn captures written without the pawn's file (`3B. xe6`), counted in the record text.
std::size_t fileless_captures(const std::string& text) {
  static const std::regex token(R"((^|\s)\d+[AaBb]\. x[a-h][1-8])");
  return std::size_t(std::distance(std::sregex_iterator(text.begin(), text.end(), token), std::sregex_iterator()));
}

class UpstreamRecord : public ::testing::TestWithParam<const char*> {};

TEST_P(UpstreamRecord, ReplaysLegallyAndAgreesWithTheServersVerdict) {
  const std::string text = upstream(GetParam());
  const Checked c = check_text(text, "", {}, std::nullopt);
  EXPECT_FALSE(c.result.has_error()) << codes_of(c.result);
  for (std::size_t i = 0; i < c.result.plies.size(); ++i) EXPECT_TRUE(c.result.plies[i].replayed) << i;
  const Winner named = team_named_by_outcome(c.game);
  EXPECT_NE(named, Winner::None);
  EXPECT_EQ(c.result.outcome.winner, named);
  EXPECT_EQ(c.result.outcome.reason, EndReason::Checkmate);  // each of these ends in a mate
  EXPECT_EQ(c.result.outcome.computed, *c.game.tag("Result"));
  EXPECT_TRUE(with_code(c.result, ViolationCode::ResultMismatch).empty());
  // Every fileless capture is read (one warning each, pointing at the token), and nothing else warns
  // but the one note for the checks the server never marks.
  const auto fileless = with_code(c.result, ViolationCode::NonstandardSan);
  EXPECT_EQ(fileless.size(), fileless_captures(text));
  for (const Violation& v : fileless) EXPECT_EQ(v.move.front(), 'x') << v.move;
  EXPECT_EQ(with_code(c.result, ViolationCode::CheckSuffixConvention).size(), 1u);
  EXPECT_EQ(c.result.violations.size(), fileless.size() + 1) << codes_of(c.result);
}

INSTANTIATE_TEST_SUITE_P(BughousePro, UpstreamRecord,
                         ::testing::Values("golden-export.bpgn", "chess960-old-format.bpgn", "chess960-steal.bpgn"),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (char& ch : n) {
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           }
                           return n;
                         });

// The rules come from the tags: the Steal match is checked under the Gambler promotion with
// bughouse.pro's king rule, pawns on ranks 2-6 and no "chess mate" by a drop.
TEST(UpstreamRecord, RulesComeFromTheTags) {
  const Checked c = check_text(upstream("chess960-steal.bpgn"), "", {}, std::nullopt);
  EXPECT_EQ(c.result.rules.promotion, Promotion::StealFromPartnerBoard);
  EXPECT_FALSE(c.result.rules.steal_exposes_king);
  EXPECT_EQ(c.result.rules.drop_mate, DropMate::ForbiddenBoardMate);
  EXPECT_EQ(format_pawn_drop_ranks(c.result.rules.pawn_drop_ranks), "2-6");
}

// A fairy variant (Accolade pieces and a duck) is reported once, whatever its moves look like.
TEST(UpstreamRecord, FairyVariantIsReportedOnce) {
  const Checked c = check_text(upstream("accolade-duck.bpgn"), "", {}, std::nullopt);
  ASSERT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  EXPECT_EQ(c.result.violations[0].code, ViolationCode::UnsupportedVariant);
  EXPECT_NE(c.result.violations[0].message.find("DuckChess"), std::string::npos);
}

}  // namespace
}  // namespace bpgn::check_test
