// FEN with holdings: every accepted spelling, the errors with their offsets, round trips.
#include "core/fen.h"
#include "support/positions.h"

#include <gtest/gtest.h>

#include <string>

namespace bpgn {
namespace {

using test::sq;

Position must_parse(const std::string& fen) {
  Position pos;
  const auto error = parse_fen(fen, pos);
  EXPECT_FALSE(error) << fen << ": " << (error ? error->message : "");
  return pos;
}

const char* kBoard = "2k5/8/8/8/8/8/8/4K3";

// The holding [QNpp]: White a queen and a knight, Black two pawns.
void expect_qnpp(const Position& pos) {
  EXPECT_EQ(pos.holding(White), (Holding{0, 1, 0, 0, 1}));  // P N B R Q
  EXPECT_EQ(pos.holding(Black), (Holding{2, 0, 0, 0, 0}));
}

TEST(FenParse, HoldingSpellings) {
  expect_qnpp(must_parse(std::string(kBoard) + "[QNpp] w - - 0 1"));
  expect_qnpp(must_parse(std::string(kBoard) + "/QNpp w - - 0 1"));  // ninth slash field
  expect_qnpp(must_parse(std::string(kBoard) + "[pQpN] w - - 0 1"));  // any order on input
  for (const char* empty : {"[]", "[-]", "/", ""}) {
    const Position pos = must_parse(std::string(kBoard) + empty + " w - - 0 1");
    EXPECT_EQ(pos.holding(White), (Holding{})) << empty;
    EXPECT_EQ(pos.holding(Black), (Holding{})) << empty;
  }
  // The trailing slash without a space before the side (shakmaty's zh-promoted FEN).
  const Position promoted = must_parse("4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -");
  EXPECT_EQ(promoted.promoted(), bb(sq("b7")));
  EXPECT_EQ(promoted.side_to_move(), Black);
}

TEST(FenParse, PromotedMarkers) {
  const Position pos = must_parse("3q1bkr/2p1pBp1/q1n3p1/1N2p3/1Pp5/P4Q~2/BBPp1PPP/R2K2NR[RPPn] b - - 0 28");
  EXPECT_EQ(pos.promoted(), bb(sq("f3")));
  EXPECT_EQ(pos.piece_on(sq("f3")), (Piece{White, Queen}));
  EXPECT_EQ(pos.holding(White), (Holding{2, 0, 0, 1, 0}));
  EXPECT_EQ(pos.holding(Black), (Holding{0, 1, 0, 0, 0}));
  EXPECT_EQ(pos.fullmove_number(), 28);
  EXPECT_EQ(pos.side_to_move(), Black);
}

TEST(FenParse, MissingTrailingFieldsDefault) {
  for (const char* fen : {"4k3/8/8/8/8/8/8/4K3", "4k3/8/8/8/8/8/8/4K3[]", "4k3/8/8/8/8/8/8/4K3 w", "4k3/8/8/8/8/8/8/4K3 w -",
                          "4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - - 0"}) {
    const Position pos = must_parse(fen);
    EXPECT_EQ(pos.side_to_move(), White) << fen;
    EXPECT_EQ(pos.castling(), 0) << fen;
    EXPECT_EQ(pos.en_passant(), kNoSquare) << fen;
    EXPECT_EQ(pos.halfmove_clock(), 0) << fen;
    EXPECT_EQ(pos.fullmove_number(), 1) << fen;
  }
}

TEST(FenParse, StartPositionAndFields) {
  const Position pos = must_parse(std::string(kStartFen));
  EXPECT_EQ(pos, Position::start());
  const Position ep = must_parse("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w Kq d6 3 7");
  EXPECT_EQ(ep.en_passant(), sq("d6"));
  EXPECT_EQ(ep.castling(), WhiteKingSide | BlackQueenSide);
  EXPECT_EQ(ep.halfmove_clock(), 3);
  EXPECT_EQ(ep.fullmove_number(), 7);
}

struct BadFen {
  const char* fen;
  std::size_t offset;
  const char* message;
};

TEST(FenParse, ErrorsNameTheProblemAndItsOffset) {
  const BadFen cases[] = {
      {"", 0, "empty FEN"},
      {"4k3/8/8/8/8/8/8/4K2", 19, "rank 1 has 7 squares, expected 8"},
      {"4k3/8/8/8/8/8/8/4K4", 18, "rank 1 has more than 8 squares"},
      {"4k3/8/8/8/8/8/8", 15, "the piece placement has 7 ranks, expected 8"},
      {"4k3/8/8/8/8/8/8/4X3", 17, "unexpected 'X' in the piece placement"},
      {"4k3/8/8/8/8/8/8/4K~3", 18, "only a queen, rook, bishop or knight can be marked promoted (~)"},
      {"4k3/8/8/8/8/8/8/~4K3", 16, "'~' must follow a piece letter"},
      {"4k3/8/8/8/8/8/8/4K3[Qk] w", 21, "a king cannot be in a holding"},
      {"4k3/8/8/8/8/8/8/4K3[Qx] w", 21, "unexpected 'x' in the holding (expected QRBNP or qrbnp)"},
      {"4k3/8/8/8/8/8/8/4K3[Q w", 21, "missing ']' after the holding"},
      {"4k3/8/8/8/8/8/8/4K3[-Q] w", 21, "'-' must stand alone in a holding"},
      {"4k3/8/8/8/8/8/8/4K3 x", 20, "the side to move must be 'w' or 'b'"},
      {"4k3/8/8/8/8/8/8/4K2R w KX", 24, "unexpected 'X' in the castling rights (expected KQkq, A-H, a-h or -)"},
      {"4k3/8/8/8/8/8/8/4K2R w KK", 24, "castling right 'K' given twice (white already has a king-side right)"},
      {"4k3/8/8/8/8/8/8/4K2R w HK", 24, "castling right 'K' given twice (white already has a king-side right)"},
      {"4k3/8/8/8/8/8/8/4K3 w K", 22, "castling right 'K' needs a white rook on rank 1 on the h-file side of its king"},
      {"4k3/8/8/8/8/8/8/R3K3 w KQ", 23, "castling right 'K' needs a white rook on rank 1 on the h-file side of its king"},
      {"r7/4k3/8/8/8/8/8/4K3 w q", 23, "castling right 'q' needs the black king on rank 8"},
      {"4k3/8/8/8/8/8/8/R3K3 w B", 23, "castling right 'B' needs a white rook on b1"},
      {"4k3/8/8/8/8/8/4K3/R7 w A", 23, "castling right 'A' needs the white king on rank 1"},
      {"4k3/8/8/8/8/8/8/4K2r w H", 23, "castling right 'H' needs a white rook on h1"},
      {"4k3/8/8/8/8/8/8/4K3 w - e9", 24, "the en passant field must be a square like e3, or -"},
      {"4k3/8/8/8/8/8/8/4K3 w - e3", 24, "the en passant square must be on rank 6 when white is to move"},
      {"4k3/8/8/8/8/8/8/4K3 w - e6", 24, "no pawn can just have passed the en passant square"},
      {"4k3/8/8/8/8/8/8/4K3 w - - x", 26, "the halfmove clock must be a number, not 'x'"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 0", 28, "the fullmove number starts at 1"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", 30, "unexpected text after the fullmove number"},
      {"8/8/8/8/8/8/8/4K3 w", 0, "black must have exactly one king, found 0"},
      {"4k3/8/8/8/8/8/8/4KK2 w", 0, "white must have exactly one king, found 2"},
      {"4k3/8/8/8/8/8/8/P3K3 w", 0, "a white pawn stands on rank 1"},
      {"4k2R/8/8/8/8/8/8/4K3 w", 0, "the side not to move is in check"},
  };
  for (const BadFen& c : cases) {
    Position pos;
    const auto error = parse_fen(c.fen, pos);
    ASSERT_TRUE(error) << c.fen;
    EXPECT_EQ(error->message, c.message) << c.fen;
    EXPECT_EQ(error->offset, c.offset) << c.fen;
  }
}

// A byte that is not printable ASCII is named in hex (messages go into JSON reports, and one byte
// of a UTF-8 character is no text).
TEST(FenParse, NonAsciiByteIsNamedInHex) {
  Position pos;
  const auto error = parse_fen("4k3/8/8/8/8/8/8/4K\xC3\xA9" "2 w - - 0 1", pos);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->message, "unexpected byte 0xC3 in the piece placement");
  EXPECT_EQ(error->offset, 18u);
}

// Two sets hold 64 pieces: a FEN may bring that many to one board (kings and holdings counted),
// and not one more.
TEST(FenParse, AtMostTwoSetsOfPieces) {
  Position pos;
  const std::string full = "4k3/8/8/8/8/8/8/4K3[" + std::string(62, 'p') + "] w - - 0 1";
  EXPECT_FALSE(parse_fen(full, pos)) << full;
  EXPECT_EQ(pos.in_hand(Black, Pawn), 62);
  const std::string over = "4k3/8/8/8/8/8/8/4K3[" + std::string(62, 'p') + "Q] w - - 0 1";
  const auto error = parse_fen(over, pos);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->message, "more pieces on the board and in the holdings than two sets have (64)");
  EXPECT_EQ(error->offset, 20u + 62u);
}

// A failed parse leaves the output untouched.
TEST(FenParse, FailureLeavesOutputAlone) {
  Position pos = Position::start();
  EXPECT_TRUE(parse_fen("4k3/8/8/8/8/8/8/4X3", pos));
  EXPECT_EQ(pos, Position::start());
}

// A white pawn on rank 8 is kept (turkish pawns stand there); one on rank 1 is not.
TEST(FenParse, PawnOnItsLastRankIsAccepted) {
  const Position pos = must_parse("4P3/8/1k6/8/8/8/8/7K[R] w - - 0 1");
  EXPECT_EQ(pos.piece_on(sq("e8")), (Piece{White, Pawn}));
  EXPECT_NE(pos.broken_invariant(false), nullptr);
  EXPECT_EQ(pos.broken_invariant(true), nullptr);
}

TEST(FenWrite, CanonicalForm) {
  // Holdings in the fixed order: White Q R B N P, then Black q r b n p.
  const Position pos = must_parse("2k5/8/8/8/8/8/8/4K3[pnPbQrqRBNp] b - - 4 30");
  EXPECT_EQ(to_fen(pos), "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnpp] b - - 4 30");
  EXPECT_EQ(to_fen(pos, false), "2k5/8/8/8/8/8/8/4K3 b - - 4 30");
  EXPECT_EQ(to_fen(Position::start()), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
  EXPECT_EQ(to_fen(Position::start(), false), kStartFen);
  EXPECT_EQ(to_fen(must_parse("4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -")), "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1");
}

TEST(FenRoundTrip, WriteReadWrite) {
  for (const char* fen : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
           "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
           "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1",
           "3q1bkr/2p1pBp1/q1n3p1/1N2p3/1Pp5/P4Q~2/BBPp1PPP/R2K2NR[RPPn] b - - 0 28",
           "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR[] w Kq d6 3 7",
           "4P3/8/1k6/8/8/8/8/7K[QRBNPqrbnp] w - - 99 120",
           // Chess960, Shredder letters (White's then Black's, each in file order).
           "nrbbnqkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBNQKR[] w BHbh - 0 1",
           "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR[] w FHfh - 2 9",
           "nnrkrbbq/pppp2pp/8/4pp2/4P3/P7/1PPPBPPP/NNKRR1BQ[] w c - 0 9",
           "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1[Qq] b Bg - 0 1",
       }) {
    const Position pos = must_parse(fen);
    EXPECT_EQ(to_fen(pos), fen);
    EXPECT_EQ(must_parse(to_fen(pos)), pos);
  }
}

// Chess960 castling fields: Shredder-FEN letters name each right's rook by its file; X-FEN's KQkq
// name the outermost rook on that side of the king, and a file letter an inner one.
TEST(FenParse, Chess960CastlingRights) {
  const Position shredder = must_parse("nrbbnqkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBNQKR w BHbh - 0 1");
  EXPECT_EQ(shredder.castling(), WhiteKingSide | WhiteQueenSide | BlackKingSide | BlackQueenSide);
  EXPECT_EQ(shredder.castling_rook(WhiteKingSide), sq("h1"));
  EXPECT_EQ(shredder.castling_rook(WhiteQueenSide), sq("b1"));
  EXPECT_EQ(shredder.castling_rook(BlackKingSide), sq("h8"));
  EXPECT_EQ(shredder.castling_rook(BlackQueenSide), sq("b8"));
  // The same rights in X-FEN, and in any order.
  EXPECT_EQ(must_parse("nrbbnqkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBNQKR w KQkq - 0 1"), shredder);
  EXPECT_EQ(must_parse("nrbbnqkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBNQKR w hbHB - 0 1"), shredder);
  EXPECT_EQ(to_fen(shredder, false), "nrbbnqkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBNQKR w BHbh - 0 1");

  // Two rooks on one side of the king: K is the outer one (h1), a letter picks the inner one (g1).
  const Position outer = must_parse("4k3/8/8/8/8/8/8/3K2RR w K - 0 1");
  EXPECT_EQ(outer.castling_rook(WhiteKingSide), sq("h1"));
  EXPECT_EQ(to_fen(outer, false), "4k3/8/8/8/8/8/8/3K2RR w H - 0 1");
  const Position inner = must_parse("4k3/8/8/8/8/8/8/3K2RR w G - 0 1");
  EXPECT_EQ(inner.castling_rook(WhiteKingSide), sq("g1"));
  EXPECT_NE(inner, outer);
  EXPECT_EQ(to_fen(inner, false), "4k3/8/8/8/8/8/8/3K2RR w G - 0 1");

  // A rook on the king's queen side is a queen-side right, whatever its letter.
  const Position queen_side = must_parse("1r2k3/8/8/8/8/8/8/2RK4 w Cb - 0 1");
  EXPECT_EQ(queen_side.castling(), WhiteQueenSide | BlackQueenSide);
  EXPECT_EQ(queen_side.castling_rook(WhiteQueenSide), sq("c1"));
  EXPECT_EQ(queen_side.castling_rook(BlackQueenSide), sq("b8"));
}

// The writer keeps KQkq while every right has its king on e1/e8 and its rook in the corner (so
// ordinary FENs come out as before), and writes Shredder letters for every right otherwise.
TEST(FenWrite, KqkqForStandardSquaresElseShredderLetters) {
  EXPECT_EQ(to_fen(must_parse("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"), false), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(to_fen(must_parse("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1"), false), "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
  // One right off the standard squares: every right is written as a letter.
  EXPECT_EQ(to_fen(must_parse("r3k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), false),
            "r3k1r1/8/8/8/8/8/8/R3K2R w AHag - 0 1");
  EXPECT_EQ(to_fen(must_parse("1r4kr/8/8/8/8/8/8/1R4KR w - - 0 1"), false), "1r4kr/8/8/8/8/8/8/1R4KR w - - 0 1");
}

// The text append_fen writes (made in a buffer, appended in pieces): the longest boards, holdings
// longer than the buffer, counters of every width. Each expected text is written by hand.
TEST(FenText, LongBoardsHoldingsAndCounters) {
  const std::string promoted_rank = "N~N~N~N~N~N~N~N~/n~n~n~n~n~n~n~n~/8/8/8/8/8/k6K";
  const std::string holding(30, 'Q');  // with the board: the 64 pieces of two sets
  const Position pos = must_parse(promoted_rank + "[" + holding + "rrrrpppppppppppp] w - - 2147483647 2147483647");
  EXPECT_EQ(to_fen(pos, true),
            promoted_rank + "[" + holding + "rrrrpppppppppppp] w - - 2147483647 2147483647");
  EXPECT_EQ(to_fen(pos, false), promoted_rank + " w - - 2147483647 2147483647");

  std::string appended = "before ";
  append_fen(must_parse("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"), true, appended);
  EXPECT_EQ(appended, "before rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w KQkq f6 0 3");
  EXPECT_EQ(to_fen(must_parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), false), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

}  // namespace
}  // namespace bpgn
