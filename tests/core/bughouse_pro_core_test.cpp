// The chess core under bughouse.pro's rules: `xe6` pawn captures, the discard promotion `e8=.`,
// drop_mate=forbidden_board_mate, and pawns standing on their own first rank. Every expected count
// is derived by hand in the comment above it.
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

// --- xe6 --------------------------------------------------------------------------------------

// White pawns d5 and f5, Black pawn e6 (and e5 empty): `xe6` fits both; with f5 gone only d5.
TEST(BughouseProSan, FilelessPawnCapture) {
  const Position two = from_fen("4k3/8/4p3/3P1P2/8/8/8/4K3 w - - 0 1");
  SanResult r = parse_san(two, bughouse_rules(), "xe6");
  EXPECT_EQ(r.error, SanError::Ambiguous);
  EXPECT_EQ(r.candidates, bb(sq("d5")) | bb(sq("f5")));
  const Position one = from_fen("4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1");
  r = parse_san(one, bughouse_rules(), "xe6");
  EXPECT_EQ(r.error, SanError::None);
  EXPECT_EQ(r.move, (Move{sq("d5"), sq("e6"), MoveKind::Normal, Pawn}));
  EXPECT_TRUE(r.notes & NoteFilelessPawnCapture);
  EXPECT_EQ(to_san(one, bughouse_rules(), r.move), "dxe6");
  // `dxe6` carries no note; `xe5` onto an empty square (no en passant) is no move; `xe6+` reads the suffix.
  EXPECT_FALSE(parse_san(one, bughouse_rules(), "dxe6").notes & NoteFilelessPawnCapture);
  EXPECT_EQ(parse_san(one, bughouse_rules(), "xe5").error, SanError::IllegalMove);
  EXPECT_EQ(parse_san(one, bughouse_rules(), "xe6+").written_suffix, CheckSuffix::Check);
  EXPECT_EQ(parse_san(one, bughouse_rules(), "x").error, SanError::Malformed);
  EXPECT_EQ(parse_san(one, bughouse_rules(), "xe9").error, SanError::Malformed);
}

// En passant: Black just played d7-d5 beside White's e5 pawn; c5 is empty, so only e5 takes on d6.
TEST(BughouseProSan, FilelessEnPassant) {
  const Position pos = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  const SanResult r = parse_san(pos, bughouse_rules(), "xd6");
  EXPECT_EQ(r.error, SanError::None);
  EXPECT_EQ(r.move.kind, MoveKind::EnPassant);
  EXPECT_EQ(r.move.from, sq("e5"));
  EXPECT_EQ(to_san(pos, bughouse_rules(), r.move), "exd6");
}

// --- discard ----------------------------------------------------------------------------------

// White pawn e7 (e8 empty), Black rook d8, kings a1/h8 apart. Under discard the pawn has two moves,
// e8=. and exd8=. (the four promotion choices of each become the one discard).
TEST(BughouseProDiscard, GeneratedParsedAndWritten) {
  const RuleSet discard = with(bughouse_rules(), {"promotion=discard"});
  const Position pos = from_fen("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
  EXPECT_EQ(moves_from(pos, discard, sq("e7")), (std::vector<std::string>{"e7d8p", "e7e8p"}));
  EXPECT_EQ(moves_from(pos, bughouse_rules(), sq("e7")).size(), 8u);  // Q R B N on e8 and d8
  SanResult r = parse_san(pos, discard, "e8=.");
  ASSERT_EQ(r.error, SanError::None);
  EXPECT_EQ(r.move.promotion, Pawn);
  EXPECT_EQ(to_san(pos, discard, r.move), "e8=.");
  r = parse_san(pos, discard, "exd8=.");
  ASSERT_EQ(r.error, SanError::None);
  EXPECT_EQ(to_san(pos, discard, r.move), "exd8=.");
  // The board after it: the pawn is gone, the rook captured; one board: the opponent gets the pawn
  // and the capturer the rook (crazyhouse bookkeeping).
  Position after = pos;
  const Capture cap = after.play(r.move, discard);
  EXPECT_EQ(cap.type, Rook);
  EXPECT_TRUE(after.empty(sq("d8")));
  EXPECT_TRUE(after.empty(sq("e7")));
  RuleSet one_board = with(crazyhouse_rules(), {"promotion=discard"});
  Position one = pos;
  one.play(r.move, one_board);
  EXPECT_EQ(to_fen(one, true), "7k/8/8/8/8/8/8/K7[Rp] b - - 0 1");
  // Other promotions under discard, and the discard under choice, are promotion-invalid; a bare e8
  // is promotion-missing; `=P` stays invalid.
  EXPECT_EQ(parse_san(pos, discard, "e8=Q").error, SanError::PromotionInvalid);
  EXPECT_EQ(parse_san(pos, bughouse_rules(), "e8=.").error, SanError::PromotionInvalid);
  EXPECT_EQ(parse_san(pos, discard, "e8").error, SanError::PromotionMissing);
  EXPECT_EQ(parse_san(pos, discard, "e8=P").error, SanError::PromotionInvalid);
  EXPECT_EQ(parse_san(pos, discard, "e8=./d1").error, SanError::Malformed);
}

// --- drop_mate=forbidden_board_mate -------------------------------------------------------------

// White Ka1, a rook in hand; Black Kh8, pawns g7 h7, a knight in Black's hand. King: 3 moves;
// empty squares: 60. R@a8..R@f8 check, and no move of a piece on the board answers (g8 covered,
// g7 h7 own pawns), though the knight in hand could be dropped between: 6 "board mates". R@g8: the
// king takes. Classic mate counts the knight in hand: none of the six is mate; bughouse mate: a
// distant rook is never mate.
TEST(BughouseProDropMate, BoardMateIgnoresTheHolding) {
  const std::string fen = "7k/6pp/8/8/8/8/8/K7[Rn] w - - 0 1";
  const Position pos = from_fen(fen);
  EXPECT_EQ(perft(pos, bughouse_rules(), 1), 3u + 60u);
  EXPECT_EQ(perft(pos, with(bughouse_rules(), {"drop_mate=forbidden"}), 1), 3u + 60u);
  EXPECT_EQ(perft(pos, with(bughouse_rules(), {"mate=classic", "drop_mate=forbidden"}), 1), 3u + 60u);
  const RuleSet board = with(bughouse_rules(), {"drop_mate=forbidden_board_mate"});
  EXPECT_EQ(perft(pos, board, 1), 3u + 60u - 6u);
  EXPECT_EQ(parse_san(pos, board, "R@a8").error, SanError::DropGivesMate);
  EXPECT_EQ(parse_san(pos, board, "R@g8").error, SanError::None);
  EXPECT_EQ(parse_san(pos, board, "R@b1").error, SanError::None);
  Position after = pos;
  after.play(Move{kNoSquare, sq("a8"), MoveKind::Drop, Rook}, board);
  EXPECT_TRUE(is_board_mate(after, board));
  EXPECT_FALSE(is_checkmate(after, with(bughouse_rules(), {"mate=classic"})));
}

// --- pawns on their own first rank --------------------------------------------------------------

// White pawn a1 (dropped there under pawn_drop_ranks=1-7), a2 and a3 empty: one step, or two as
// from the second rank (bughouse.pro's board.rs lets a pawn on its subjective rows 1 and 2 step
// two). Black pawn h8 likewise. Perft of the start position is unchanged by 1-7.
TEST(BughouseProRankOne, PawnStepsFromTheFirstRank) {
  const RuleSet r17 = with(bughouse_rules(), {"pawn_drop_ranks=1-7"});
  const Position white = from_fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
  Position pos = white;
  const SanResult drop = parse_san(pos, r17, "P@a1");
  ASSERT_EQ(drop.error, SanError::None);
  pos.play(drop.move, r17);
  EXPECT_EQ(pos.broken_invariant(false, true), nullptr);
  EXPECT_NE(pos.broken_invariant(), nullptr);  // the default still refuses it
  pos.set_side_to_move(White);
  EXPECT_EQ(moves_from(pos, r17, sq("a1")), (std::vector<std::string>{"a1a2", "a1a3"}));
  EXPECT_EQ(parse_san(pos, r17, "a2").error, SanError::None);
  EXPECT_EQ(parse_san(pos, r17, "a3").error, SanError::None);
  EXPECT_EQ(parse_san(pos, r17, "a4").error, SanError::IllegalMove);
  pos.put(sq("a2"), Piece{Black, Knight});  // blocked: neither step
  EXPECT_TRUE(moves_from(pos, r17, sq("a1")).empty());
  EXPECT_EQ(parse_san(pos, r17, "a3").error, SanError::IllegalMove);
  Position black = from_fen("4k3/8/8/8/8/8/8/4K3[p] b - - 0 1");
  black.play(parse_san(black, r17, "P@h8").move, r17);
  black.set_side_to_move(Black);
  EXPECT_EQ(moves_from(black, r17, sq("h8")), (std::vector<std::string>{"h8h6", "h8h7"}));
  EXPECT_EQ(perft(Position::start(), r17, 3), perft(Position::start(), bughouse_rules(), 3));
}

// a1-a3 passes a2 beside Black's b3 pawn: en passant on a2 takes the a3 pawn, as after a2-a4.
TEST(BughouseProRankOne, TwoStepsFromTheFirstRankAllowEnPassant) {
  const RuleSet r17 = with(bughouse_rules(), {"pawn_drop_ranks=1-7"});
  Position pos = from_fen("4k3/8/8/8/8/1p6/8/4K3 w - - 0 1");
  pos.put(sq("a1"), Piece{White, Pawn});
  pos.play(parse_san(pos, r17, "a3").move, r17);
  EXPECT_EQ(pos.en_passant(), sq("a2"));
  EXPECT_EQ(pos.broken_invariant(false, true), nullptr);
  const SanResult ep = parse_san(pos, r17, "bxa2");
  ASSERT_EQ(ep.error, SanError::None);
  EXPECT_EQ(ep.move.kind, MoveKind::EnPassant);
  pos.play(ep.move, r17);
  EXPECT_TRUE(pos.empty(sq("a3")));
  EXPECT_EQ(pos.piece_on(sq("a2")), (Piece{Black, Pawn}));
}

}  // namespace
}  // namespace bpgn
