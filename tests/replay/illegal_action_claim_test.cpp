// illegal_action=claimed (turkish's default) against automatic, on hand-made records: the
// violation is reported either way; it decides the match only when the record ends at it or its
// termination text names an illegal action (docs/rules.md, *Illegal actions: automatic or claimed*).
#include "replay/check_test_util.h"
#include "replay/outcome.h"

namespace bpgn::check_test::illegal_claim {
namespace {

using ClaimPoints = std::map<std::string, double>;

// Black B (bb) drops a pawn with check on f2 (forbidden in turkish); the pawn came from White A's
// capture on d5 (a captured piece goes to the capturer's partner, Black B).
const std::string kClaimDrop = "1A. e4 1a. d5 2A. exd5 1B. f4 1b. P@f2+";

Checked turkish_claim(const std::string& movetext, const std::string& result, const std::vector<std::string>& sets = {},
                const std::string& extra_tags = "") {
  return check_text(bpgn(movetext + " " + result, extra_tags, result), "turkish", sets);
}

TEST(IllegalActionClaim, TheRecordEndingAtItIsTheClaim) {
  for (const std::string mode : {"claimed", "automatic"}) {
    const Checked c = turkish_claim(kClaimDrop, "*", {"illegal_action=" + mode});
    ASSERT_EQ(with_code(c.result, ViolationCode::DropGivesCheck).size(), 1u) << mode;
    const Outcome& o = c.result.outcome;
    EXPECT_EQ(o.reason, EndReason::IllegalAction) << mode;
    EXPECT_EQ(o.winner, Winner::Team2) << mode;  // bb loses: ba and wb win
    EXPECT_EQ(o.source, OutcomeSource::Rules) << mode;
    EXPECT_FALSE(o.unclaimed_illegal_ply) << mode;
    ASSERT_TRUE(o.points) << mode;
    EXPECT_EQ(*o.points, (ClaimPoints{{"WhiteB", 2}, {"BlackA", 1.5}, {"WhiteA", 0.5}, {"BlackB", 0}})) << mode;
  }
}

TEST(IllegalActionClaim, PlayWentOnAndTheResultStandsAsPlayed) {
  // After the drop: two more moves and ba resigns. Claimed (the default): not claimed, the
  // resignation stands (team 1 wins on board A: wa 2, bb 1.5, wb 0.5, ba 0).
  const std::string moves = kClaimDrop + " 2B. Kxf2 2a. Qxd5 3A. Nc3 {ba resigns}";
  const Checked c = turkish_claim(moves, "1-0");
  ASSERT_EQ(with_code(c.result, ViolationCode::DropGivesCheck).size(), 1u);
  EXPECT_EQ(first_error(c.result)->code, ViolationCode::DropGivesCheck);
  const Outcome& o = c.result.outcome;
  EXPECT_EQ(o.reason, EndReason::Resignation);
  EXPECT_EQ(o.winner, Winner::Team1);
  EXPECT_EQ(o.board, Board::A);
  EXPECT_EQ(o.source, OutcomeSource::Record);
  ASSERT_TRUE(o.unclaimed_illegal_ply);
  EXPECT_EQ(*o.unclaimed_illegal_ply, 4u);  // the fifth ply: 1b. P@f2+
  ASSERT_TRUE(o.points);
  EXPECT_EQ(*o.points, (ClaimPoints{{"WhiteA", 2}, {"BlackB", 1.5}, {"WhiteB", 0.5}, {"BlackA", 0}}));
  EXPECT_TRUE(with_code(c.result, ViolationCode::ResultMismatch).empty());
  // Both boards are replayed to their end: the drop stood and 2B. Kxf2 answered it.
  EXPECT_TRUE(c.result.plies[7].replayed);  // 3A. Nc3
  EXPECT_TRUE(c.result.plies[5].replayed);  // 2B. Kxf2
  EXPECT_EQ(first_error(c.result)->fate, ActionFate::PlayedOn);

  // Automatic: the drop decides at once, and the written result contradicts it.
  const Checked a = turkish_claim(moves, "1-0", {"illegal_action=automatic"});
  EXPECT_EQ(a.result.outcome.reason, EndReason::IllegalAction);
  EXPECT_EQ(a.result.outcome.winner, Winner::Team2);
  EXPECT_FALSE(a.result.outcome.unclaimed_illegal_ply);
  EXPECT_EQ(with_code(a.result, ViolationCode::ResultMismatch).size(), 1u);
}

TEST(IllegalActionClaim, ATerminationTextNamingItIsTheClaim) {
  // Only board A plays after the drop: the offended player (wb) never moved again on board B.
  const std::string moves = kClaimDrop + " 2a. Qxd5 3A. Nc3";
  // The comment before the result names it ...
  Checked c = turkish_claim(moves + " {bb: illegal drop with check, claimed by wb}", "0-1");
  EXPECT_EQ(c.result.outcome.reason, EndReason::IllegalAction);
  EXPECT_EQ(c.result.outcome.winner, Winner::Team2);
  EXPECT_FALSE(c.result.outcome.unclaimed_illegal_ply);
  EXPECT_EQ(first_error(c.result)->fate, ActionFate::Claimed);
  // The match ended at the drop: the moves of board A recorded after it were not played.
  EXPECT_FALSE(c.result.plies[5].replayed);  // 2a. Qxd5
  // ... or the Termination tag does ("impossible" counts too, any case).
  c = turkish_claim(moves, "0-1", {}, "[Termination \"Impossible move\"]\n");
  EXPECT_EQ(c.result.outcome.reason, EndReason::IllegalAction);
  // A text that names no illegal action is no claim.
  c = turkish_claim(moves + " {wa resigns}", "0-1");
  EXPECT_EQ(c.result.outcome.reason, EndReason::Resignation);
  EXPECT_EQ(c.result.outcome.winner, Winner::Team2);
  EXPECT_TRUE(c.result.outcome.unclaimed_illegal_ply);
  EXPECT_EQ(first_error(c.result)->fate, ActionFate::PlayedOn);
}

TEST(IllegalActionClaim, AMoveOfTheOffendedPlayerAfterItMeansNoClaimWhateverTheTextSays) {
  // wb answered the check (2B. Kxf2): by that move the drop was not claimed, though the text says so.
  const Checked c = turkish_claim(kClaimDrop + " 2B. Kxf2 2a. Qxd5 {bb: illegal drop with check, claimed by wb}", "0-1");
  EXPECT_NE(c.result.outcome.reason, EndReason::IllegalAction);
  EXPECT_TRUE(c.result.outcome.unclaimed_illegal_ply);
  EXPECT_EQ(first_error(c.result)->fate, ActionFate::PlayedOn);
  EXPECT_TRUE(c.result.plies[5].replayed);
  // The arbiter is told that the text names a claim that the moves do not allow.
  const auto mismatch = with_code(c.result, ViolationCode::ResultMismatch);
  ASSERT_FALSE(mismatch.empty());
  EXPECT_NE(mismatch.back().message.find("none was claimed: play went on after 1b. P@f2+"), std::string::npos)
      << mismatch.back().message;
}

TEST(IllegalActionClaim, WithoutIllegalActionLosesTheOptionIsUnused) {
  // bughouse: illegal_action_loses=no; neither value decides anything, nothing is "not claimed".
  for (const std::string mode : {"claimed", "automatic"}) {
    const Checked c = check_text(bpgn(kClaimDrop + " *"), "bughouse", {"drop_check=forbidden", "illegal_action=" + mode});
    EXPECT_EQ(c.result.outcome.winner, Winner::None) << mode;
    EXPECT_FALSE(c.result.outcome.unclaimed_illegal_ply) << mode;
  }
}

}  // namespace
}  // namespace bpgn::check_test::illegal_claim
