// Castling by the Chess960 rules in the generator, Position::play and SAN: the king goes to g/c,
// the rook to f/d, the squares both cross or land on are empty but for those two, and the king is
// not in check, crosses no attacked square and does not land on one. Each position below was set
// up by hand for one rule; the expected boards follow from the rule, not from the program.
#include "core/fen.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/san.h"
#include "rules/rule_set.h"
#include "support/positions.h"

#include <gtest/gtest.h>

#include <string>

namespace bpgn {
namespace {

using test::from_fen;
using test::sq;

// The castling moves the generator lists, as "O-O" / "O-O-O" joined by spaces.
std::string castles(const Position& pos, const RuleSet& rules = chess_rules()) {
  MoveList list;
  generate_legal(pos, rules, list);
  std::string out;
  for (const Move& m : list) {
    if (m.kind != MoveKind::Castle) continue;
    if (!out.empty()) out += ' ';
    out += file_of(m.to) == 6 ? "O-O" : "O-O-O";
  }
  return out;
}

// Plays SAN text that must be legal and returns the position after it.
Position play_san(const Position& pos, const std::string& san, const RuleSet& rules = chess_rules()) {
  const SanResult r = parse_san(pos, rules, san);
  EXPECT_EQ(r.error, SanError::None) << san << " in " << to_fen(pos);
  Position next = pos;
  next.play(r.move, rules);
  EXPECT_EQ(next.broken_invariant(), nullptr) << san;
  return next;
}

TEST(Chess960Castling, KingAlreadyOnG1OnlyTheRookMoves) {
  const Position pos = from_fen("4k3/8/8/8/8/8/8/6KR w H - 0 1");
  EXPECT_EQ(castles(pos), "O-O");
  const SanResult r = parse_san(pos, chess_rules(), "O-O");
  ASSERT_EQ(r.error, SanError::None);
  EXPECT_EQ(r.move, (Move{sq("g1"), sq("g1"), MoveKind::Castle, King}));
  EXPECT_EQ(to_san(pos, chess_rules(), r.move), "O-O");
  const Position after = play_san(pos, "O-O");
  EXPECT_EQ(to_fen(after, false), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST(Chess960Castling, RookAlreadyOnF1OnlyTheKingMoves) {
  const Position pos = from_fen("4k3/8/8/8/8/8/8/4KR2 w F - 0 1");
  EXPECT_EQ(castles(pos), "O-O");
  EXPECT_EQ(to_fen(play_san(pos, "O-O"), false), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
  // The king crosses f1, where its own rook stands: an enemy rook on the f-file attacks that square.
  const Position through = from_fen("5r1k/8/8/8/8/8/8/4KR2 w F - 0 1");
  EXPECT_EQ(castles(through), "");
  EXPECT_EQ(parse_san(through, chess_rules(), "O-O").error, SanError::KingLeftInCheck);
}

TEST(Chess960Castling, KingAndRookChangePlaces) {
  // King d1, queen-side rook c1: the king goes to c1, the rook to d1.
  // (Pawns on c and d keep the rooks' files closed.)
  const Position pos = from_fen("2rk4/2pp4/8/8/8/8/2PP4/2RK4 w Cc - 0 1");
  EXPECT_EQ(castles(pos), "O-O-O");
  const Position after = play_san(pos, "O-O-O");
  EXPECT_EQ(to_fen(after, false), "2rk4/2pp4/8/8/8/8/2PP4/2KR4 b c - 1 1");
  EXPECT_EQ(to_fen(play_san(after, "0-0-0"), false), "2kr4/2pp4/8/8/8/8/2PP4/2KR4 w - - 2 2");
}

TEST(Chess960Castling, RookBetweenKingAndItsDestination) {
  // King b1, king-side rook c1: the king walks over c1 to g1, the rook goes to f1.
  const Position pos = from_fen("4k3/8/8/8/8/8/8/1KR5 w C - 0 1");
  EXPECT_EQ(castles(pos), "O-O");
  EXPECT_EQ(to_fen(play_san(pos, "O-O"), false), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
  // Any other piece on the way blocks it: on the king's path (e1) or on the rook's (also e1 here).
  const Position blocked = from_fen("4k3/8/8/8/8/8/8/1KR1B3 w C - 0 1");
  EXPECT_EQ(castles(blocked), "");
  EXPECT_EQ(parse_san(blocked, chess_rules(), "O-O").error, SanError::IllegalMove);
}

TEST(Chess960Castling, EverySquareOfBothPathsMustBeEmpty) {
  // King f1, queen-side rook a1: the king crosses e1 and d1 to c1, the rook b1 c1 to d1.
  const Position open = from_fen("4k3/8/8/8/8/8/8/R4K2 w A - 0 1");
  EXPECT_EQ(castles(open), "O-O-O");
  EXPECT_EQ(to_fen(play_san(open, "O-O-O"), false), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
  for (const char* blocker : {"b1", "c1", "d1", "e1"}) {
    Position pos = open;
    pos.put(sq(blocker), Piece{White, Knight});
    EXPECT_EQ(castles(pos), "") << blocker;
    EXPECT_EQ(parse_san(pos, chess_rules(), "O-O-O").error, SanError::IllegalMove) << blocker;
  }
  // g1 and h1 are neither crossed nor reached: a piece there does not matter.
  Position far = open;
  far.put(sq("h1"), Piece{White, Knight});
  EXPECT_EQ(castles(far), "O-O-O");
}

TEST(Chess960Castling, KingMayNotStartInCrossOrLandOnCheck) {
  // King b1, rook h1 (king side): the king crosses c1..f1 and lands on g1.
  EXPECT_EQ(castles(from_fen("6k1/8/8/8/8/8/8/1K5R w H - 0 1")), "O-O");
  EXPECT_EQ(castles(from_fen("1r4k1/8/8/8/8/8/8/1K5R w H - 0 1")), "");  // in check
  EXPECT_EQ(castles(from_fen("4r1k1/8/8/8/8/8/8/1K5R w H - 0 1")), "");  // crosses e1
  EXPECT_EQ(castles(from_fen("5kr1/8/8/8/8/8/8/1K5R w H - 0 1")), "");   // lands on g1
  // The rook's own path may be attacked: only the king's squares count.
  EXPECT_EQ(castles(from_fen("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1")), "");  // h1 rook attacks e1: in check
  EXPECT_EQ(castles(from_fen("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1")), "O-O-O");  // b1 attacked, crossed by the rook only
  EXPECT_EQ(parse_san(from_fen("4r1k1/8/8/8/8/8/8/1K5R w H - 0 1"), chess_rules(), "O-O").error,
            SanError::KingLeftInCheck);
}

TEST(Chess960Castling, CastlingRookNoLongerShieldsTheKingsSquare) {
  // Black's rook on a1 is held off c1 by White's rook on b1 only while that rook stays there.
  const Position pos = from_fen("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1");
  EXPECT_EQ(castles(pos), "");
  EXPECT_EQ(parse_san(pos, chess_rules(), "O-O-O").error, SanError::KingLeftInCheck);
}

TEST(Chess960Castling, KingMoveAndCastlingAreDifferentMoves) {
  // King f1, rook h1: Kg1 leaves the rook on h1 and loses the right; O-O puts it on f1.
  const Position pos = from_fen("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
  EXPECT_EQ(to_fen(play_san(pos, "Kg1"), false), "4k3/8/8/8/8/8/8/6KR b - - 1 1");
  EXPECT_EQ(to_fen(play_san(pos, "O-O"), false), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

TEST(Chess960Castling, RightsGoWithTheKingOrTheirRook) {
  const RuleSet zh = crazyhouse_rules();
  const Position start = from_fen("nrbbnqkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBNQKR[] w BHbh - 0 1");
  // The king-side rook on h1 leaves its square: only H goes.
  Position pos = start;
  pos.remove(sq("h2"));
  pos.play(Move{sq("h1"), sq("h5"), MoveKind::Normal, Rook}, zh);
  EXPECT_EQ(pos.castling(), WhiteQueenSide | BlackKingSide | BlackQueenSide);
  // The rook is captured on its square (b8): b goes, and dropping a rook back there restores nothing.
  Position cap = from_fen("nrbbnqkr/pppppppp/8/8/8/8/1PPPPPPP/NRBBNQKR[] w BHbh - 0 1");
  cap.remove(sq("a7"));
  cap.play(Move{sq("b1"), sq("b8"), MoveKind::Normal, Rook}, zh);  // the b-file is open: b2 and b7 empty
  EXPECT_EQ(cap.castling(), WhiteKingSide | BlackKingSide);
  // The king moves (g1 to f1 is blocked by the queen here, so take a board where it is free).
  Position king = from_fen("nrbbnqkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBN1KR[] w BHbh - 0 1");
  king.play(Move{sq("g1"), sq("f1"), MoveKind::Normal, King}, zh);
  EXPECT_EQ(king.castling(), BlackKingSide | BlackQueenSide);
  king.play(Move{kNoSquare, sq("e6"), MoveKind::Drop, Pawn}, zh);  // any reply; rights stay as they were
  EXPECT_EQ(king.castling(), BlackKingSide | BlackQueenSide);
  EXPECT_EQ(king.castling_rook(BlackQueenSide), sq("b8"));
}

TEST(Chess960Castling, DroppedRookDoesNotRestoreTheRight) {
  const RuleSet zh = crazyhouse_rules();
  Position pos = from_fen("1r2k2r/8/8/8/8/8/8/1R2K2R[R] b Hbh - 0 1");
  pos.play(Move{sq("b8"), sq("b1"), MoveKind::Normal, Rook}, zh);  // takes b1 (White has no B right anyway)
  pos.play(Move{sq("e1"), sq("e2"), MoveKind::Normal, King}, zh);
  EXPECT_EQ(pos.castling(), BlackKingSide);  // the b8 rook left: b gone; White's king moved: H gone
  pos.play(Move{kNoSquare, sq("b8"), MoveKind::Drop, Rook}, zh);
  EXPECT_EQ(pos.castling(), BlackKingSide);
  EXPECT_EQ(castles(pos, zh), "");  // White's king is on e2
}

TEST(Chess960Castling, LoseCastlingRightsAtClearsOnlyThatRooksRight) {
  Position pos = from_fen("nrbbnqkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBNQKR w BHbh - 0 1");
  pos.lose_castling_rights_at(sq("b1"));
  EXPECT_EQ(pos.castling(), WhiteKingSide | BlackKingSide | BlackQueenSide);
  EXPECT_EQ(pos.castling_rook(WhiteQueenSide), kNoSquare);
  pos.lose_castling_rights_at(sq("a1"));  // no right's rook starts there
  EXPECT_EQ(pos.castling(), WhiteKingSide | BlackKingSide | BlackQueenSide);
  pos.remove(sq("h8"));
  pos.lose_castling_rights_at(sq("h8"));
  EXPECT_EQ(pos.castling(), WhiteKingSide | BlackQueenSide);
  EXPECT_EQ(pos.broken_invariant(), nullptr);
  EXPECT_EQ(to_fen(pos, false), "nrbbnqk1/pppppppp/8/8/8/8/PPPPPPPP/NRBBNQKR w Hb - 0 1");
}

TEST(Chess960Castling, StandardCastlingIsTheSpecialCase) {
  const Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(castles(pos), "O-O O-O-O");
  // b1 is crossed by the rook only: an attack on it does not matter; one on d1 does.
  EXPECT_EQ(castles(from_fen("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")), "O-O O-O-O");
  EXPECT_EQ(castles(from_fen("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1")), "O-O");
}

}  // namespace
}  // namespace bpgn
