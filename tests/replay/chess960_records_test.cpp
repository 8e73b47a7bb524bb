// Chess960 records: a bughouse.pro-style `Bughouse Chess960` match (two Shredder-FENs in the FEN
// tag) and a lichess-style one-board crazyhouse game from a Chess960 position (X-FEN `KQkq`), both
// hand-made (corpus/README.md), with both sides castling; and a castle planted where the path is
// not empty. The expected boards below were worked out by hand from the castling rule.
#include "core/fen.h"
#include "replay/check_test_util.h"

namespace bpgn::check_test {
namespace {

constexpr const char* kMatch = "bughouse-pro/chess960-castling.bpgn";
constexpr const char* kLichess = "chess960/lichess-crazyhouse-960.pgn";

// How many castling plies of that board the replay played.
int castles_replayed(const Checked& c, Board board) {
  int n = 0;
  for (std::size_t i = 0; i < c.game.plies.size(); ++i) {
    const Ply& p = c.game.plies[i];
    if (p.board == board && p.san.rfind("O-O", 0) == 0 && c.result.plies[i].replayed) ++n;
  }
  return n;
}

TEST(Chess960Records, BughouseProMatchIsValid) {
  const Checked c = check_text(corpus(kMatch), "", {}, std::nullopt);
  EXPECT_FALSE(c.result.has_error()) << codes_of(c.result);
  EXPECT_EQ(c.result.boards, 2);
  EXPECT_EQ(c.result.rules.name, "bughouse");
  for (std::size_t i = 0; i < c.result.plies.size(); ++i) EXPECT_TRUE(c.result.plies[i].replayed) << i;
  EXPECT_EQ(castles_replayed(c, Board::A), 2);  // 3A. O-O and 3a. O-O: the kings stay on g1/g8
  EXPECT_EQ(castles_replayed(c, Board::B), 2);  // 4B. O-O-O and 4b. O-O-O: king b->c, rook a->d
  // Board A: the kings never moved (g1, g8), the h-rooks went to f1/f8 (Black's then to e8).
  EXPECT_EQ(to_fen(c.result.final[0], false), "nrbbr1k1/pppp1ppp/5n2/4q3/4P3/3P4/PPP1QPPP/NRBB1RK1 w - - 1 7");
  // Board B: kings on c1/c8, the a-rooks on d1/d8; the knight and pawn dropped from board A.
  EXPECT_EQ(to_fen(c.result.final[1], false), "2krbbqn/p2ppppp/1prpn3/2pN4/2P5/1PR1N3/P2PPPPP/2KRBBQN w - - 0 7");
}

TEST(Chess960Records, LichessCrazyhouseFromAChess960PositionIsValid) {
  const Checked c = check_text(corpus(kLichess), "", {}, std::nullopt);
  EXPECT_FALSE(c.result.has_error()) << codes_of(c.result);
  EXPECT_EQ(c.result.boards, 1);
  EXPECT_EQ(c.result.rules.name, "crazyhouse");
  EXPECT_EQ(castles_replayed(c, Board::A), 2);  // 4. O-O-O O-O-O: kings d1/d8 to c1/c8, rooks a to d
  EXPECT_EQ(to_fen(c.result.final[0]), "2k1qbnr/ppp1pppp/2n5/3r4/3PbB2/2P1P3/P1P2PPP/2KRQBNR[Np] b - - 0 8");
}

// White B's knight stays on d1 (`2B. b3` instead of `2B. Ne3`): the rook's way from a1 to d1 is not
// empty, so `4B. O-O-O` is an illegal move of White on board B at move 4.
TEST(Chess960Records, PlantedCastleThroughAPieceIsCaught) {
  std::string text = corpus(kMatch);
  const std::string from = "2B. Ne3 {[ts=4.800]}";
  const std::size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, from.size(), "2B. b3 {[ts=4.800]}");
  const Checked c = check_text(text, "", {}, std::nullopt);
  const Violation* v = first_error(c.result);
  ASSERT_NE(v, nullptr) << codes_of(c.result);
  EXPECT_EQ(info(v->code).code, info(ViolationCode::IllegalMove).code) << v->message;
  EXPECT_EQ(v->board, Board::B);
  EXPECT_EQ(v->color, White);
  EXPECT_EQ(v->move_number, 4);
  EXPECT_EQ(v->pos, pos_of(text, "O-O-O")) << v->message;
  EXPECT_EQ(v->message, "White (Charlie) on board B cannot play 4B. O-O-O: d1 is taken by a white knight");
}

// In the lichess game, White's knight goes to d6 (`3. Nb5 Bf5 4. Nd6`) instead of White's bishop
// to f4 and White castling: from d6 it attacks c8, where Black's `4... O-O-O` would put the king.
TEST(Chess960Records, PlantedCastleOntoAnAttackedSquareIsCaught) {
  std::string text = corpus(kLichess);
  const std::string from = "3. Bf4 Bf5 4. O-O-O O-O-O";
  const std::size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, from.size(), "3. Nb5 Bf5 4. Nd6 O-O-O");
  const Checked c = check_text(text, "", {}, std::nullopt);
  const Violation* v = first_error(c.result);
  ASSERT_NE(v, nullptr) << codes_of(c.result);
  EXPECT_EQ(info(v->code).code, info(ViolationCode::KingLeftInCheck).code) << v->message;
  EXPECT_EQ(v->board, Board::A);
  EXPECT_EQ(v->color, Black);
  EXPECT_EQ(v->move_number, 4);
  EXPECT_EQ(v->pos, pos_of(text, "O-O-O")) << v->message;
  EXPECT_EQ(v->message, "Black (handmade_black) cannot play 4... O-O-O: the king would land on c8, which white attacks");
}

// Each reason a castle fails, in a one-board chess record from a set-up Chess960 position.
TEST(Chess960Records, CastlingMessagesNameTheReason) {
  struct Case {
    const char* fen;
    const char* move;
    ViolationCode code;
    const char* message;
  };
  const Case cases[] = {
      {"4k3/8/8/8/8/8/8/1K5R w - - 0 1", "O-O", ViolationCode::IllegalMove,
       "White (w) cannot play 1. O-O: white has no king-side castling right"},
      {"4k3/8/8/8/8/8/8/1KR1B3 w C - 0 1", "O-O", ViolationCode::IllegalMove,
       "White (w) cannot play 1. O-O: e1 is taken by a white bishop"},
      {"1r4k1/8/8/8/8/8/8/1K5R w H - 0 1", "O-O", ViolationCode::KingLeftInCheck,
       "White (w) cannot play 1. O-O: the white king is in check"},
      {"4r1k1/8/8/8/8/8/8/1K5R w H - 0 1", "O-O", ViolationCode::KingLeftInCheck,
       "White (w) cannot play 1. O-O: the king would cross e1, which black attacks"},
      {"4k3/8/8/8/8/8/8/rR1K4 w B - 0 1", "O-O-O", ViolationCode::KingLeftInCheck,
       "White (w) cannot play 1. O-O-O: the king would land on c1, which black attacks"},
  };
  for (const Case& k : cases) {
    const std::string text = pgn(std::string("1. ") + k.move, std::string("[SetUp \"1\"]\n[FEN \"") + k.fen + "\"]\n");
    const Checked c = check_text(text, "chess");
    const Violation* v = first_error(c.result);
    ASSERT_NE(v, nullptr) << k.fen;
    EXPECT_EQ(info(v->code).code, info(k.code).code) << k.fen;
    EXPECT_EQ(v->message, k.message) << k.fen;
  }
}

// The FEN tags as the replay reads them: Shredder letters name the rooks' files, lichess's X-FEN
// KQkq the outermost rooks (here a and h); the writer gives Shredder letters back for that position
// (its king is on d1). The check cases of castling are in tests/core/chess960_castling_test.cpp.
TEST(Chess960Records, FenTagsAreReadAsShredderAndXFen) {
  const Checked match = check_text(corpus(kMatch), "", {}, std::nullopt);
  ASSERT_FALSE(match.result.has_error());
  const Checked lichess = check_text(corpus(kLichess), "", {}, std::nullopt);
  ASSERT_FALSE(lichess.result.has_error());
  Position a, b, one;
  ASSERT_FALSE(parse_fen("nrbbnqkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBNQKR w BHbh - 0 1", a));
  ASSERT_FALSE(parse_fen("rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/RKRNBBQN w ACac - 0 1", b));
  ASSERT_FALSE(parse_fen("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR[] w KQkq - 0 1", one));
  EXPECT_EQ(a.castling_rook(WhiteQueenSide), make_square(1, 0));
  EXPECT_EQ(b.castling_rook(BlackKingSide), make_square(2, 7));
  EXPECT_EQ(one.castling_rook(WhiteKingSide), make_square(7, 0));
  EXPECT_EQ(to_fen(one), "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR[] w AHah - 0 1");
}

}  // namespace
}  // namespace bpgn::check_test
