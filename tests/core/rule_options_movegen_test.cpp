// Move generation under each single-board rule option, on positions built for the purpose. Every
// expected count is derived by hand in the comment above it.
#include "core/fen.h"
#include "core/movegen.h"
#include "core/san.h"
#include "rules/rule_set.h"
#include "support/positions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace bpgn {
namespace {

using test::from_fen;
using test::with;
using test::moves_from;
using test::sq;

std::uint64_t legal_move_count(const std::string& fen, const RuleSet& rules) { return perft(from_fen(fen), rules, 1); }

// --- pawn_drop_ranks ------------------------------------------------------------------------
// White Ka1, black Ka8, White holds one pawn. King: a2, b1, b2 (the black king is far) = 3.
// Pawn drops, by allowed relative rank (all squares there are empty except a8):
//   2-6: 5 ranks x 8 = 40;  2-7: 48;  2-8: 48 + 7 (rank 8 without a8) = 55.
// A pawn on b7 checks a8; crazyhouse allows that.
TEST(PawnDropRanks, WhiteRanks2To6Vs2To7Vs2To8) {
  const std::string fen = "k7/8/8/8/8/8/8/K7[P] w - - 0 1";
  EXPECT_EQ(legal_move_count(fen, with(crazyhouse_rules(), {"pawn_drop_ranks=2-6"})), 3u + 40u);
  EXPECT_EQ(legal_move_count(fen, with(crazyhouse_rules(), {"pawn_drop_ranks=2-7"})), 3u + 48u);
  EXPECT_EQ(legal_move_count(fen, with(crazyhouse_rules(), {"pawn_drop_ranks=2-8"})), 3u + 55u);
  EXPECT_EQ(legal_move_count(fen, boltchess_rules()), 3u + 40u);   // boltchess: 2-6
  EXPECT_EQ(legal_move_count(fen, crazyhouse_rules()), 3u + 48u);  // crazyhouse: 2-7
  // turkish: 2-8, but no drop may check: b7 is out, 55 - 1 = 54.
  EXPECT_EQ(legal_move_count(fen, turkish_rules()), 3u + 54u);
}

// The mirror image for Black: relative rank r is absolute rank 9 - r. Black king a8: a7, b7, b8 = 3;
// drops 40 / 48 / 55 as above (absolute ranks 7..3, 7..2, 7..1 without a1); b2 checks a1.
TEST(PawnDropRanks, BlackCountsFromItsOwnSide) {
  const std::string fen = "k7/8/8/8/8/8/8/K7[p] b - - 0 1";
  EXPECT_EQ(legal_move_count(fen, with(crazyhouse_rules(), {"pawn_drop_ranks=2-6"})), 3u + 40u);
  EXPECT_EQ(legal_move_count(fen, with(crazyhouse_rules(), {"pawn_drop_ranks=2-7"})), 3u + 48u);
  EXPECT_EQ(legal_move_count(fen, with(crazyhouse_rules(), {"pawn_drop_ranks=2-8"})), 3u + 55u);
  EXPECT_EQ(legal_move_count(fen, turkish_rules()), 3u + 54u);
  // Only rank 2 (absolute rank 7 for Black): 8 squares.
  EXPECT_EQ(legal_move_count(fen, with(crazyhouse_rules(), {"pawn_drop_ranks=2"})), 3u + 8u);
  // The counts are symmetric, so also name squares: under 2-6 Black may drop on e7 (its rank 2)
  // and e3 (its rank 6) but not on e2 (its rank 7); White the other way round.
  const RuleSet two_six = with(crazyhouse_rules(), {"pawn_drop_ranks=2-6"});
  const Position black = from_fen(fen);
  EXPECT_EQ(parse_san(black, two_six, "P@e7").error, SanError::None);
  EXPECT_EQ(parse_san(black, two_six, "P@e3").error, SanError::None);
  EXPECT_EQ(parse_san(black, two_six, "P@e2").error, SanError::PawnDropRank);
  const Position white = from_fen("k7/8/8/8/8/8/8/K7[P] w - - 0 1");
  EXPECT_EQ(parse_san(white, two_six, "P@e2").error, SanError::None);
  EXPECT_EQ(parse_san(white, two_six, "P@e7").error, SanError::PawnDropRank);
  EXPECT_EQ(moves_from(black, two_six, kNoSquare).size(), 40u);
}

// --- drop_check / drop_mate --------------------------------------------------------------------
// White Ka1 with a rook in hand; Black Kh8, pawns g7 h7. King: 3 moves. Empty squares: 60.
// A rook checks h8 from a8..g8 (7 squares; the h-file is shut by h7). From a8..f8 it mates (g8 is
// covered by the rook, g7 h7 are Black's own, nothing can capture or block, Black holds nothing);
// on g8 the king takes it. So 6 mating drops, 7 checking drops.
TEST(DropRules, RookOnTheBackRank) {
  const std::string fen = "7k/6pp/8/8/8/8/8/K7[R] w - - 0 1";
  EXPECT_EQ(legal_move_count(fen, crazyhouse_rules()), 3u + 60u);
  EXPECT_EQ(legal_move_count(fen, boltchess_rules()), 3u + 60u - 6u);  // drop_mate forbidden, classic mate
  EXPECT_EQ(legal_move_count(fen, with(crazyhouse_rules(), {"drop_check=forbidden"})), 3u + 60u - 7u);
  // Under the bughouse mate rule a distant rook check is never mate (Black could wait for a piece to
  // put between), so forbidding drop mates forbids none of these.
  EXPECT_EQ(legal_move_count(fen, with(crazyhouse_rules(), {"mate=bughouse", "drop_mate=forbidden"})), 3u + 60u);
}

// White Ka1, pawn f6, a queen in hand; Black Kh8, pawn h7. White: king 3, f6-f7 1, queen drops on
// the 60 empty squares. A queen checks h8 from a8..g8 (7) and from g7 (the diagonal stops at f6).
// Black's flight squares: g8 and g7 (g7 is always covered by the f6 pawn), h7 is its own pawn.
//   Qa8..Qf8: mate (classic); distant, so not mate under the bughouse rule.
//   Qg8: the king takes it (g8 is unprotected) - not mate.
//   Qg7: contact check protected by f6 - mate under both rules.
TEST(DropRules, QueenContactMateIsMateUnderBothRules) {
  const std::string fen = "7k/7p/5P2/8/8/8/8/K7[Q] w - - 0 1";
  EXPECT_EQ(legal_move_count(fen, crazyhouse_rules()), 3u + 1u + 60u);
  EXPECT_EQ(legal_move_count(fen, boltchess_rules()), 3u + 1u + 60u - 7u);
  EXPECT_EQ(legal_move_count(fen, with(crazyhouse_rules(), {"mate=bughouse", "drop_mate=forbidden"})), 3u + 1u + 60u - 1u);
  EXPECT_EQ(legal_move_count(fen, with(crazyhouse_rules(), {"drop_check=forbidden"})), 3u + 1u + 60u - 8u);
  const Position pos = from_fen(fen);
  EXPECT_EQ(parse_san(pos, boltchess_rules(), "Q@g7").error, SanError::DropGivesMate);
  EXPECT_EQ(parse_san(pos, boltchess_rules(), "Q@a8").error, SanError::DropGivesMate);
  EXPECT_EQ(parse_san(pos, boltchess_rules(), "Q@g8").error, SanError::None);
  EXPECT_EQ(parse_san(pos, turkish_rules(), "Q@g8").error, SanError::DropGivesCheck);
  EXPECT_EQ(parse_san(pos, turkish_rules(), "Q@g7").error, SanError::DropGivesMate);  // the more specific
}

// A drop may block a check. White Ke1 checked by Re8, a knight in hand: king d1 d2 f1 f2 (e2 stays on
// the file) = 4; knight drops only between, e2..e7 = 6.
TEST(DropRules, DropsBlockAChecker) {
  EXPECT_EQ(legal_move_count("4r2k/8/8/8/8/8/8/4K3[N] w - - 0 1", crazyhouse_rules()), 4u + 6u);
  // Double check (rook e8 and knight d3): only the king moves: d1, d2, f1 (e2 on the file, f2 hit
  // by the knight) = 3, no drop.
  EXPECT_EQ(legal_move_count("4r2k/8/8/8/8/3n4/8/4K3[N] w - - 0 1", crazyhouse_rules()), 3u);
  // A knight check (Nd3) leaves no square between, so no drop helps; the king steps to d1 d2 e2 f1
  // (f2 is hit by the knight too) = 4.
  EXPECT_EQ(legal_move_count("7k/8/8/8/8/3n4/8/4K3[N] w - - 0 1", crazyhouse_rules()), 4u);
}

// `drops` = no (chess): the holding in the FEN is ignored. White Ke1 vs Ke8, a queen in hand:
// king d1 d2 e2 f1 f2 = 5; crazyhouse adds 62 queen drops.
TEST(DropRules, NoDropsInChess) {
  const std::string fen = "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1";
  EXPECT_EQ(legal_move_count(fen, chess_rules()), 5u);
  EXPECT_EQ(legal_move_count(fen, crazyhouse_rules()), 5u + 62u);
  EXPECT_EQ(parse_san(from_fen(fen), chess_rules(), "Q@e4").error, SanError::DropsNotAllowed);
}

// --- promotion ------------------------------------------------------------------------------------
// White Ka1, pawn e7; Black Ka8. King: 3 moves; the pawn reaches e8.
TEST(Promotion, ChoiceOffersFourPieces) {
  const std::string fen = "k7/4P3/8/8/8/8/8/K7 w - - 0 1";
  EXPECT_EQ(legal_move_count(fen, crazyhouse_rules()), 3u + 4u);
  EXPECT_EQ(moves_from(from_fen(fen), crazyhouse_rules(), sq("e7")),
            (std::vector<std::string>{"e7e8b", "e7e8n", "e7e8q", "e7e8r"}));
  // steal_from_partner_board on one board: the same four (the other board decides which exists).
  EXPECT_EQ(legal_move_count(fen, swedish_rules()), 3u + 4u);
}

// from_holding with an empty holding: the pawn may only step onto e8 and stay a pawn.
TEST(Promotion, FromHoldingWithEmptyHandOnlyStays) {
  const std::string fen = "k7/4P3/8/8/8/8/8/K7 w - - 0 1";
  EXPECT_EQ(legal_move_count(fen, turkish_rules()), 3u + 1u);
  EXPECT_EQ(moves_from(from_fen(fen), turkish_rules(), sq("e7")), (std::vector<std::string>{"e7e8"}));
}

// from_holding with Q and N in hand: e8 (stay), e8=Q, e8=N (e8=Q checks a8 along rank 8: allowed,
// the promotion is made by the move itself). Drops (no check allowed): the queen checks a8 from
// b8..h8 (7), a7..a2 (6, a1 is White's king) and b7..h1 (7) = 20, so 61 - 20 = 41; the knight from
// b6 and c7, so 61 - 2 = 59. Total 3 + 3 + 41 + 59.
TEST(Promotion, FromHoldingOffersOnlyPiecesInHand) {
  const std::string fen = "k7/4P3/8/8/8/8/8/K7[QN] w - - 0 1";
  EXPECT_EQ(moves_from(from_fen(fen), turkish_rules(), sq("e7")), (std::vector<std::string>{"e7e8", "e7e8n", "e7e8q"}));
  EXPECT_EQ(legal_move_count(fen, turkish_rules()), 3u + 3u + 41u + 59u);
  const Position pos = from_fen(fen);
  EXPECT_EQ(parse_san(pos, turkish_rules(), "e8=Q+").error, SanError::None);
  EXPECT_EQ(parse_san(pos, turkish_rules(), "e8=R").error, SanError::PromotionInvalid);
  EXPECT_EQ(parse_san(pos, turkish_rules(), "e8").error, SanError::None);
  // Playing e8=Q takes the queen out of the hand and puts the pawn in; the queen is not marked `~`.
  Position next = pos;
  next.play(parse_san(pos, turkish_rules(), "e8=Q").move, turkish_rules());
  EXPECT_EQ(next.in_hand(White, Queen), 0);
  EXPECT_EQ(next.in_hand(White, Pawn), 1);
  EXPECT_EQ(next.in_hand(White, Knight), 1);
  EXPECT_EQ(next.promoted(), 0u);
  EXPECT_EQ(next.piece_on(sq("e8")), (Piece{White, Queen}));
}

// A pawn already on e8 (turkish). White Kh1, Black Kb6, a rook in hand. King g1 g2 h2 = 3; the pawn
// cannot move; promoting in place to the rook: the rook on e8 does not reach b6, so allowed = 1.
// Rook drops: 61 empty squares minus those that check b6: rank 6 (a6, c6..h6 = 7) and the b-file
// (b7 b8 b5..b1 = 7) = 47.
TEST(Promotion, PawnOnLastRankPromotesInPlace) {
  const std::string fen = "4P3/8/1k6/8/8/8/8/7K[R] w - - 0 1";
  const Position pos = from_fen(fen);
  EXPECT_EQ(legal_move_count(fen, turkish_rules()), 3u + 1u + 47u);
  EXPECT_EQ(moves_from(pos, turkish_rules(), sq("e8")), (std::vector<std::string>{"e8e8r"}));
  const SanResult r = parse_san(pos, turkish_rules(), "e8=R");
  EXPECT_EQ(r.error, SanError::None);
  EXPECT_EQ(r.move.kind, MoveKind::InPlacePromotion);
  Position next = pos;
  next.play(r.move, turkish_rules());
  EXPECT_EQ(next.piece_on(sq("e8")), (Piece{White, Rook}));
  EXPECT_EQ(next.in_hand(White, Rook), 0);
  EXPECT_EQ(next.in_hand(White, Pawn), 1);
  EXPECT_EQ(next.promoted(), 0u);
  EXPECT_EQ(next.broken_invariant(true), nullptr);
  // Only pieces in hand: there is no queen.
  EXPECT_EQ(parse_san(pos, turkish_rules(), "e8=Q").error, SanError::PromotionInvalid);
  EXPECT_EQ(parse_san(pos, turkish_rules(), "e8=K").error, SanError::PromotionInvalid);
  EXPECT_EQ(parse_san(pos, turkish_rules(), "e8=R/d1").error, SanError::PromotionInvalid);  // no stealing here
  // Not under other rules: a pawn cannot "move" to its own square.
  Position chess_like = pos;
  EXPECT_EQ(parse_san(chess_like, crazyhouse_rules(), "e8=R").error, SanError::IllegalMove);
}

// The mirror image for Black: Black Kh8 with a pawn on e1 and a rook in hand, White Kb3.
// King g8 g7 h7 = 3, in place 1, rook drops 61 - 14 (rank 3 and the b-file around b3) = 47.
TEST(Promotion, BlackPawnOnItsLastRank) {
  EXPECT_EQ(legal_move_count("7k/8/8/8/8/1K6/8/4p3[r] b - - 0 1", turkish_rules()), 3u + 1u + 47u);
}

// Knight in hand: in place to a knight (e8 knight hits c7 d6 f6 g7, not b6) = 1; knight drops: 61
// minus the 6 squares a knight checks b6 from (a8 c8 d7 d5 c4 a4) = 55. King 3.
TEST(Promotion, InPlaceOnlyToPiecesInHand) {
  const std::string fen = "4P3/8/1k6/8/8/8/8/7K[N] w - - 0 1";
  EXPECT_EQ(legal_move_count(fen, turkish_rules()), 3u + 1u + 55u);
  EXPECT_EQ(moves_from(from_fen(fen), turkish_rules(), sq("e8")), (std::vector<std::string>{"e8e8n"}));
}

// A later promotion that gives check is a placement and refused: Black Ke4, pawn e8, queen in hand.
// In place: the queen on e8 would check down the e-file: 0. King g1 g2 h2 = 3. Queen drops: 61
// minus the checking squares of e4: rank 4 (7), e5 e6 e7 (e8 is occupied) and e3 e2 e1 (6),
// diagonals f5 g6 h7 (3), d5 c6 b7 a8 (4), f3 g2 (h1 is White's king: 2), d3 c2 b1 (3) = 25 -> 36.
TEST(Promotion, LaterPromotionMayNotCheck) {
  const std::string fen = "4P3/8/8/8/4k3/8/8/7K[Q] w - - 0 1";
  EXPECT_EQ(legal_move_count(fen, turkish_rules()), 3u + 0u + 36u);
  EXPECT_EQ(parse_san(from_fen(fen), turkish_rules(), "e8=Q").error, SanError::DropGivesCheck);
  // With checking placements allowed, the in-place promotion comes back (Ke4 can step aside: no mate).
  const RuleSet loose = with(turkish_rules(), {"drop_check=allowed"});
  EXPECT_EQ(parse_san(from_fen(fen), loose, "e8=Q").error, SanError::None);
  EXPECT_EQ(moves_from(from_fen(fen), loose, sq("e8")), (std::vector<std::string>{"e8e8q"}));
}

// In check, an in-place promotion cannot help (the square stays occupied). White Kh1 is checked by
// a black rook on a1; White has a knight in hand and a pawn on e8. King: g2, h2 (g1 stays on the
// rank) = 2; knight drops between a1 and h1: b1..g1 = 6; in place: 0.
TEST(Promotion, InPlaceCannotAnswerACheck) {
  const std::string fen = "4P3/8/1k6/8/8/8/8/r6K[N] w - - 0 1";
  EXPECT_EQ(legal_move_count(fen, turkish_rules()), 2u + 6u);
  EXPECT_EQ(parse_san(from_fen(fen), turkish_rules(), "e8=N").error, SanError::KingLeftInCheck);
}

// --- promoted_reverts ----------------------------------------------------------------------------
// Black's rook takes a promoted queen on d5.
TEST(PromotedReverts, CapturedPromotedPieceComesBackAsAPawn) {
  const Position pos = from_fen("3rk3/8/8/3Q~4/8/8/8/4K3 b - - 0 1");
  const Move rxd5{sq("d8"), sq("d5"), MoveKind::Normal, Rook};
  ASSERT_TRUE(is_legal(pos, crazyhouse_rules(), rxd5));

  Position zh = pos;
  const Capture c = zh.play(rxd5, crazyhouse_rules());
  EXPECT_EQ(c.type, Queen);
  EXPECT_TRUE(c.promoted);
  EXPECT_EQ(zh.holding(Black), (Holding{1, 0, 0, 0, 0}));  // a pawn
  EXPECT_EQ(zh.promoted(), 0u);

  Position bolt = pos;
  bolt.play(rxd5, boltchess_rules());
  EXPECT_EQ(bolt.holding(Black), (Holding{0, 0, 0, 0, 1}));  // the queen itself

  // Two boards: nothing enters a holding here; the caller hands the capture to the partner.
  Position bug = pos;
  const Capture b = bug.play(rxd5, bughouse_rules());
  EXPECT_EQ(b.type, Queen);
  EXPECT_TRUE(b.promoted);
  EXPECT_EQ(bug.holding(Black), (Holding{0, 0, 0, 0, 0}));
}

// The `~` mark travels with the piece and is set only by a `choice` promotion.
TEST(PromotedReverts, MarkFollowsThePieceAndOnlyChoiceSetsIt) {
  Position pos = from_fen("3rk3/8/8/3Q~4/8/8/8/4K3 w - - 0 1");
  pos.play(Move{sq("d5"), sq("d4"), MoveKind::Normal, Queen}, crazyhouse_rules());
  EXPECT_EQ(pos.promoted(), bb(sq("d4")));

  const Position before = from_fen("k7/4P3/8/8/8/8/8/K7 w - - 0 1");
  const Move e8q{sq("e7"), sq("e8"), MoveKind::Normal, Pawn, Queen};
  Position zh = before;
  zh.play(e8q, crazyhouse_rules());
  EXPECT_EQ(zh.promoted(), bb(sq("e8")));
  Position sw = before;
  sw.play(e8q, swedish_rules());
  EXPECT_EQ(sw.promoted(), 0u);
}

// --- mate ------------------------------------------------------------------------------------------
struct MateCase {
  const char* what;
  const char* fen;
  bool classic;
  bool bughouse;
};

// Black to move in each position.
const MateCase kMates[] = {
    // Back rank: Ra8 checks h8 from afar, g7 h7 are Black's, Black holds nothing. No legal reply:
    // classic mate; under the bughouse rule b8..g8 could take a dropped piece: not mate.
    {"distant rook, empty hand", "R6k/6pp/8/8/8/8/8/K7 b - - 0 1", true, false},
    // The same with a knight in hand: it can be dropped on b8..g8, so no mate at all.
    {"distant rook, knight in hand", "R6k/6pp/8/8/8/8/8/K7[n] b - - 0 1", false, false},
    // Smothered: Nf7 checks h8 hemmed in by Rg8, g7, h7; nothing takes f7. Mate under both, even
    // with a queen in hand (a knight check cannot be blocked).
    {"smothered knight", "6rk/5Npp/8/8/8/8/8/K7[q] b - - 0 1", true, true},
    // Contact: Qg7 (protected by Kf6) checks h8; g8 and h7 are covered. Mate under both, with any hand.
    {"protected queen in contact", "7k/6Q1/5K2/8/8/8/8/8[qrbnp] b - - 0 1", true, true},
    // Double check: Re8 (through f8 g8) and Nf7; g8 is covered by the rook. Mate under both.
    {"double check", "4R2k/5Npp/8/8/8/8/8/K7[q] b - - 0 1", true, true},
    // Not in check at all.
    {"quiet", "7k/6pp/8/8/8/8/8/K7 b - - 0 1", false, false},
};

TEST(Mate, ClassicVersusBughouse) {
  for (const MateCase& c : kMates) {
    const Position pos = from_fen(c.fen);
    EXPECT_EQ(is_checkmate(pos, crazyhouse_rules()), c.classic) << c.what;
    EXPECT_EQ(is_checkmate(pos, bughouse_rules()), c.bughouse) << c.what;
    EXPECT_FALSE(is_stalemate(pos, crazyhouse_rules())) << c.what;
  }
  // A knight in hand gives exactly six blocking drops (b8..g8) and no other reply.
  EXPECT_EQ(legal_move_count("R6k/6pp/8/8/8/8/8/K7[n] b - - 0 1", crazyhouse_rules()), 6u);
}

// Stalemate: Black Ka8 with White Kb6 and Qc7... a8's flights a7 b7 b8 are covered (Qc7 covers b7,
// b8, a7? c7-b7-a7 along the rank: yes), not in check. With a pawn in hand Black could drop it.
TEST(Mate, Stalemate) {
  EXPECT_TRUE(is_stalemate(from_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"), crazyhouse_rules()));
  EXPECT_FALSE(is_stalemate(from_fen("k7/2Q5/1K6/8/8/8/8/8[p] b - - 0 1"), crazyhouse_rules()));
}

}  // namespace
}  // namespace bpgn
