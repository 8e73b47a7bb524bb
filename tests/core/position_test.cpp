// Position::play bookkeeping (castling rights, en passant, counters, holdings) and the invariant
// checker.
#include "core/position.h"

#include "core/fen.h"
#include "rules/rule_set.h"
#include "support/positions.h"

#include <gtest/gtest.h>

#include <string>

namespace bpgn {
namespace {

using test::from_fen;
using test::sq;

Move normal(const char* from, const char* to, PieceType piece) { return Move{sq(from), sq(to), MoveKind::Normal, piece}; }

TEST(PositionPlay, CastlingMovesTheRookAndDropsRights) {
  Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 10");
  pos.play(Move{sq("e1"), sq("g1"), MoveKind::Castle, King}, crazyhouse_rules());
  EXPECT_EQ(pos.piece_on(sq("g1")), (Piece{White, King}));
  EXPECT_EQ(pos.piece_on(sq("f1")), (Piece{White, Rook}));
  EXPECT_TRUE(pos.empty(sq("h1")));
  EXPECT_TRUE(pos.empty(sq("e1")));
  EXPECT_EQ(pos.castling(), BlackKingSide | BlackQueenSide);
  EXPECT_EQ(pos.halfmove_clock(), 4);
  EXPECT_EQ(pos.fullmove_number(), 10);
  pos.play(Move{sq("e8"), sq("c8"), MoveKind::Castle, King}, crazyhouse_rules());
  EXPECT_EQ(pos.piece_on(sq("d8")), (Piece{Black, Rook}));
  EXPECT_EQ(pos.castling(), 0);
  EXPECT_EQ(pos.fullmove_number(), 11);
  EXPECT_EQ(pos.broken_invariant(), nullptr);
}

TEST(PositionPlay, RookMovesAndRookCapturesLoseTheirSide) {
  Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  pos.play(normal("h1", "h8", Rook), crazyhouse_rules());  // takes the h8 rook: both king sides go
  EXPECT_EQ(pos.castling(), WhiteQueenSide | BlackQueenSide);
  pos.play(normal("a8", "a1", Rook), crazyhouse_rules());  // takes a1: both queen sides go
  EXPECT_EQ(pos.castling(), 0);
  // Crazyhouse: each capture went into the capturer's own holding.
  EXPECT_EQ(pos.in_hand(White, Rook), 1);
  EXPECT_EQ(pos.in_hand(Black, Rook), 1);
}

// The Gambler steal takes a rook off its corner without a move: its right goes, the others stay,
// and putting a rook back does not restore it.
TEST(PositionEdit, LoseCastlingRightsAtARookCorner) {
  Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  pos.remove(sq("h8"));
  pos.lose_castling_rights_at(sq("h8"));
  EXPECT_EQ(pos.castling(), WhiteKingSide | WhiteQueenSide | BlackQueenSide);
  pos.put(sq("h8"), Piece{Black, Rook});
  EXPECT_EQ(pos.castling(), WhiteKingSide | WhiteQueenSide | BlackQueenSide);
  pos.lose_castling_rights_at(sq("a1"));
  EXPECT_EQ(pos.castling(), WhiteKingSide | BlackQueenSide);
  // Squares where no castling rook starts (the kings' own squares included) change nothing.
  for (const char* s : {"e1", "e8", "d1", "b8", "h7", "a2"}) {
    pos.lose_castling_rights_at(sq(s));
    EXPECT_EQ(pos.castling(), WhiteKingSide | BlackQueenSide) << s;
  }
  pos.lose_castling_rights_at(sq("h1"));
  pos.lose_castling_rights_at(sq("a8"));
  EXPECT_EQ(pos.castling(), 0);
}

TEST(PositionPlay, EnPassantSquareOnlyWhenACaptureIsPossible) {
  Position quiet = Position::start();
  quiet.play(normal("e2", "e4", Pawn), crazyhouse_rules());
  EXPECT_EQ(quiet.en_passant(), kNoSquare);  // no black pawn on d4 or f4
  Position ready = from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
  ready.play(normal("e2", "e4", Pawn), crazyhouse_rules());
  EXPECT_EQ(ready.en_passant(), sq("e3"));
  ready.play(Move{sq("d4"), sq("e3"), MoveKind::EnPassant, Pawn}, crazyhouse_rules());
  EXPECT_TRUE(ready.empty(sq("e4")));
  EXPECT_EQ(ready.piece_on(sq("e3")), (Piece{Black, Pawn}));
  EXPECT_EQ(ready.in_hand(Black, Pawn), 1);
  EXPECT_EQ(ready.en_passant(), kNoSquare);
}

TEST(PositionPlay, CountersAndDrops) {
  Position pos = from_fen("4k3/8/8/8/8/8/8/4K3[Nn] w - - 7 20");
  pos.play(normal("e1", "d1", King), crazyhouse_rules());
  EXPECT_EQ(pos.halfmove_clock(), 8);
  EXPECT_EQ(pos.fullmove_number(), 20);
  pos.play(Move{kNoSquare, sq("c6"), MoveKind::Drop, Knight}, crazyhouse_rules());  // a drop restarts the clock
  EXPECT_EQ(pos.halfmove_clock(), 0);
  EXPECT_EQ(pos.fullmove_number(), 21);
  EXPECT_EQ(pos.piece_on(sq("c6")), (Piece{Black, Knight}));
  EXPECT_EQ(pos.in_hand(Black, Knight), 0);
  EXPECT_EQ(pos.in_hand(White, Knight), 1);
  EXPECT_EQ(pos.side_to_move(), White);
}

TEST(PositionPlay, TwoBoardCaptureIsReturnedNotKept) {
  Position pos = from_fen("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
  const Capture c = pos.play(normal("e4", "d5", Pawn), bughouse_rules());
  EXPECT_EQ(c.type, Knight);
  EXPECT_FALSE(c.promoted);
  EXPECT_EQ(pos.holding(White), (Holding{}));
  Position zh = from_fen("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
  zh.play(normal("e4", "d5", Pawn), crazyhouse_rules());
  EXPECT_EQ(zh.in_hand(White, Knight), 1);
  Position chess = from_fen("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
  chess.play(normal("e4", "d5", Pawn), chess_rules());
  EXPECT_EQ(chess.holding(White), (Holding{}));
}

TEST(PositionHolding, AddAndRemove) {
  Position pos;
  EXPECT_FALSE(pos.remove_from_holding(White, Queen));
  pos.add_to_holding(White, Queen, 2);
  EXPECT_EQ(pos.in_hand(White, Queen), 2);
  EXPECT_TRUE(pos.remove_from_holding(White, Queen));
  EXPECT_EQ(pos.in_hand(White, Queen), 1);
  EXPECT_FALSE(pos.remove_from_holding(White, King));
  pos.add_to_holding(Black, Pawn, 300);
  EXPECT_EQ(pos.in_hand(Black, Pawn), 255);  // saturates instead of wrapping
  pos.clear_holdings();
  EXPECT_EQ(pos.holding(Black), (Holding{}));
}

TEST(PositionEdit, PutAndRemoveKeepTheMailboxInStep) {
  Position pos = from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  pos.put(sq("d4"), Piece{White, Queen}, true);
  EXPECT_EQ(pos.piece_on(sq("d4")), (Piece{White, Queen}));
  EXPECT_EQ(pos.promoted(), bb(sq("d4")));
  pos.put(sq("d4"), Piece{Black, Knight});  // replaces, and the mark goes with the old piece
  EXPECT_EQ(pos.piece_on(sq("d4")), (Piece{Black, Knight}));
  EXPECT_EQ(pos.promoted(), 0u);
  EXPECT_EQ(pos.broken_invariant(), nullptr);
  pos.remove(sq("d4"));
  EXPECT_TRUE(pos.empty(sq("d4")));
  EXPECT_EQ(pos.pieces(Black, Knight), 0u);
}

TEST(PositionInvariant, NamesTheFirstBrokenRule) {
  EXPECT_EQ(Position::start().broken_invariant(), nullptr);
  EXPECT_STREQ(Position().broken_invariant(), "a side does not have exactly one king");

  Position two_kings = Position::start();
  two_kings.put(sq("e4"), Piece{White, King});
  EXPECT_STREQ(two_kings.broken_invariant(), "a side does not have exactly one king");

  Position low_pawn = from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  low_pawn.put(sq("a1"), Piece{White, Pawn});
  EXPECT_STREQ(low_pawn.broken_invariant(), "a pawn stands on its own first rank");

  Position high_pawn = from_fen("P3k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_STREQ(high_pawn.broken_invariant(), "a pawn stands on its last rank");
  EXPECT_EQ(high_pawn.broken_invariant(true), nullptr);

  Position promoted_pawn = from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  promoted_pawn.put(sq("d4"), Piece{White, Pawn}, true);
  EXPECT_STREQ(promoted_pawn.broken_invariant(), "a king or pawn is marked promoted");

  Position no_rook = Position::start();
  no_rook.remove(sq("h1"));
  EXPECT_STREQ(no_rook.broken_invariant(), "a castling right without its rook on its square");

  // Chess960: a right whose king left rank 1, or whose king stands on the rook's other side.
  Position king_up = from_fen("4k3/8/8/8/8/8/8/1K5R w H - 0 1");
  EXPECT_EQ(king_up.broken_invariant(), nullptr);
  king_up.remove(sq("b1"));
  king_up.put(sq("h2"), Piece{White, King});
  EXPECT_STREQ(king_up.broken_invariant(), "a castling right without its king on the first rank");
  Position king_past_rook = from_fen("4k3/8/8/8/8/8/8/1R4K1 w B - 0 1");
  EXPECT_EQ(king_past_rook.broken_invariant(), nullptr);
  king_past_rook.remove(sq("g1"));
  king_past_rook.put(sq("a1"), Piece{White, King});
  EXPECT_STREQ(king_past_rook.broken_invariant(), "a castling rook on the wrong side of its king");

  Position bad_ep = from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
  bad_ep.set_en_passant(sq("e3"));
  EXPECT_STREQ(bad_ep.broken_invariant(), "en passant square without the pawn that passed it");
  Position blocked_ep = Position::start();  // e3 itself is empty, but e2 behind it is not
  blocked_ep.set_en_passant(sq("e3"));
  blocked_ep.set_side_to_move(Black);
  EXPECT_STREQ(blocked_ep.broken_invariant(), "en passant square or the square behind it is occupied");

  Position check = from_fen("4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
  check.set_side_to_move(White);  // Black's king on e8 is not attacked; now put it in the rook's line
  check.put(sq("a8"), Piece{White, Rook});
  EXPECT_STREQ(check.broken_invariant(), "the side not to move is in check");

  Position big = from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  big.add_to_holding(White, Pawn, 129);
  EXPECT_STREQ(big.broken_invariant(), "a holding count is impossibly large");
}

}  // namespace
}  // namespace bpgn
