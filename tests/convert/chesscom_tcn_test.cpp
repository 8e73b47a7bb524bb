// TCN decoding, one case per kind of ply. The expected squares are worked out by hand from the
// alphabet in formats.md (a1 = 'a' = 0, ..., z = 25, A = 26, ..., Z = 51, 0 = 52, ..., 9 = 61,
// ! = 62, ? = 63).
#include "convert/chesscom_tcn.h"

#include "core/fen.h"

#include <gtest/gtest.h>

namespace bpgn {
namespace {

constexpr Square sq(char file, char rank) { return make_square(file - 'a', rank - '1'); }

Position from_fen(const char* fen) {
  Position pos;
  EXPECT_FALSE(parse_fen(fen, pos).has_value()) << fen;
  return pos;
}

Move decode_ok(const Position& pos, const char* code) {
  std::string error;
  auto m = decode_tcn(pos, code, error);
  EXPECT_TRUE(m.has_value()) << code << ": " << error;
  EXPECT_EQ(encode_tcn(m.value_or(Move{})), code) << "encode_tcn is not the inverse for " << code;
  return m.value_or(Move{});
}

TEST(ChessComTcn, SquareAlphabet) {
  EXPECT_EQ(tcn_square('a'), sq('a', '1'));
  EXPECT_EQ(tcn_square('h'), sq('h', '1'));
  EXPECT_EQ(tcn_square('i'), sq('a', '2'));
  EXPECT_EQ(tcn_square('C'), sq('e', '4'));
  EXPECT_EQ(tcn_square('0'), sq('e', '7'));
  EXPECT_EQ(tcn_square('!'), sq('g', '8'));
  EXPECT_EQ(tcn_square('?'), sq('h', '8'));
  EXPECT_EQ(tcn_square('&'), kNoSquare);
  EXPECT_EQ(tcn_square('{'), kNoSquare);
}

TEST(ChessComTcn, OrdinaryMove) {
  const Move m = decode_ok(Position::start(), "mC");  // e2 = 12 = 'm', e4 = 28 = 'C'
  EXPECT_EQ(m.from, sq('e', '2'));
  EXPECT_EQ(m.to, sq('e', '4'));
  EXPECT_EQ(m.kind, MoveKind::Normal);
  EXPECT_EQ(m.piece, Pawn);
  EXPECT_EQ(m.promotion, NoPieceType);
  const Move n = decode_ok(Position::start(), "gv");  // g1 = 6, f3 = 21 = 'v'
  EXPECT_EQ(n.piece, Knight);
  EXPECT_EQ(n.to, sq('f', '3'));
}

TEST(ChessComTcn, DropOfEachPiece) {
  const Position pos = Position::start();
  const struct {
    const char* code;
    PieceType piece;
  } cases[] = {{"&C", Queen}, {"-C", Knight}, {"*C", Rook}, {"+C", Bishop}, {"=C", Pawn}};
  for (const auto& c : cases) {
    const Move m = decode_ok(pos, c.code);
    EXPECT_EQ(m.kind, MoveKind::Drop) << c.code;
    EXPECT_EQ(m.piece, c.piece) << c.code;
    EXPECT_EQ(m.from, kNoSquare) << c.code;
    EXPECT_EQ(m.to, sq('e', '4')) << c.code;
  }
  EXPECT_EQ(decode_ok(pos, "=H").to, sq('b', '5'));  // from corpus/chesscom/158858846801.json
}

TEST(ChessComTcn, PromotionOfEachKindAndDirection) {
  // White pawn on b7 ('X' = 49) between a black rook on a8 and a black knight on c8.
  const Position white = from_fen("r1n1k3/1P6/8/8/8/8/1p6/R1N1K3 w - - 0 1");
  const struct {
    const char* code;
    PieceType piece;
    Square to;
  } cases[] = {
      {"X{", Queen, sq('a', '8')},  {"X~", Queen, sq('b', '8')},  {"X}", Queen, sq('c', '8')},
      {"X(", Knight, sq('a', '8')}, {"X^", Knight, sq('b', '8')}, {"X)", Knight, sq('c', '8')},
      {"X[", Rook, sq('a', '8')},   {"X_", Rook, sq('b', '8')},   {"X]", Rook, sq('c', '8')},
      {"X@", Bishop, sq('a', '8')}, {"X#", Bishop, sq('b', '8')}, {"X$", Bishop, sq('c', '8')},
  };
  for (const auto& c : cases) {
    const Move m = decode_ok(white, c.code);
    EXPECT_EQ(m.from, sq('b', '7')) << c.code;
    EXPECT_EQ(m.to, c.to) << c.code;
    EXPECT_EQ(m.piece, Pawn) << c.code;
    EXPECT_EQ(m.promotion, c.piece) << c.code;
  }
  // Black promotes downwards: b2 ('j' = 9) to a1, b1, c1.
  const Position black = from_fen("r1n1k3/1P6/8/8/8/8/1p6/R1N1K3 b - - 0 1");
  EXPECT_EQ(decode_ok(black, "j{").to, sq('a', '1'));
  EXPECT_EQ(decode_ok(black, "j^").to, sq('b', '1'));
  const Move right = decode_ok(black, "j$");
  EXPECT_EQ(right.to, sq('c', '1'));
  EXPECT_EQ(right.promotion, Bishop);
}

TEST(ChessComTcn, Castling) {
  const Position white = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Move short_castle = decode_ok(white, "eg");  // e1 -> g1
  EXPECT_EQ(short_castle.kind, MoveKind::Castle);
  EXPECT_EQ(short_castle.piece, King);
  EXPECT_EQ(short_castle.to, sq('g', '1'));
  EXPECT_EQ(decode_ok(white, "ec").kind, MoveKind::Castle);  // e1 -> c1
  EXPECT_EQ(decode_ok(white, "ef").kind, MoveKind::Normal);  // one step is not castling
  const Position black = from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  const Move long_castle = decode_ok(black, "86");  // e8 = 60 = '8', c8 = 58 = '6'
  EXPECT_EQ(long_castle.kind, MoveKind::Castle);
  EXPECT_EQ(long_castle.to, sq('c', '8'));
  EXPECT_EQ(decode_ok(black, "8!").to, sq('g', '8'));
}

TEST(ChessComTcn, EnPassant) {
  const Position pos = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  const Move m = decode_ok(pos, "KR");  // e5 = 36 = 'K', d6 = 43 = 'R'
  EXPECT_EQ(m.kind, MoveKind::EnPassant);
  EXPECT_EQ(m.from, sq('e', '5'));
  EXPECT_EQ(m.to, sq('d', '6'));
  // A pawn capturing onto an occupied square is an ordinary capture.
  const Position capture = from_fen("4k3/8/3n4/4P3/8/8/8/4K3 w - - 0 2");
  EXPECT_EQ(decode_ok(capture, "KR").kind, MoveKind::Normal);
}

TEST(ChessComTcn, Errors) {
  std::string error;
  EXPECT_FALSE(decode_tcn(Position::start(), "CK", error));  // nothing on e4
  EXPECT_EQ(error, "no piece stands on e4");
  EXPECT_FALSE(decode_tcn(Position::start(), "m%", error));
  EXPECT_EQ(error, "the second character '%' is not a square");
  EXPECT_FALSE(decode_tcn(Position::start(), "%m", error));
  EXPECT_EQ(error, "the first character '%' is neither a square nor a drop");
  EXPECT_FALSE(decode_tcn(Position::start(), "=%", error));
  EXPECT_FALSE(decode_tcn(Position::start(), "m{", error));  // a promotion code on e2
  EXPECT_EQ(error, "a promotion from e2 does not reach the last rank");
  EXPECT_FALSE(decode_tcn(Position::start(), "g{", error));  // on the knight of g1
  EXPECT_EQ(error, "a promotion code on a piece that is not a pawn (g1)");
  EXPECT_FALSE(decode_tcn(Position::start(), "m", error));
}

}  // namespace
}  // namespace bpgn
