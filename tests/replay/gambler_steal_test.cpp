// The Gambler steal promotion (swedish, promotion=steal_from_partner_board) over two boards: both
// spellings of the square, the square left out, castling rights of a stolen rook, bughouse.pro's
// rule against exposing a king, and messages that name the real move and squares. The records
// under corpus/swedish/ (valid) and corpus/broken/swedish-* are described in corpus/README.md;
// every expected FEN below was worked out by hand from the record (the reasoning is beside it).
#include "replay/check_test_util.h"

#include "core/fen.h"
#include "support/positions.h"

namespace bpgn::check_test {
namespace {

using test::sq;

Checked check_corpus_game(const std::string& file, std::size_t index,
                          const std::vector<std::string>& sets = {}) {
  const std::vector<Game> games = read_games(corpus(file), file);
  EXPECT_GT(games.size(), index) << file;
  Checked c{games.at(index), {}};
  c.result = replay(c.game, rules_for_record(c.game, swedish_rules(), sets), ReplayOptions{});
  return c;
}

std::string fen_of(const ReplayResult& r, int board) { return to_fen(r.final[std::size_t(board)], true); }

// Board A: a white pawn on a7 (White to move), kings e1 and h7.
const std::string kPawnA7 = "8/P6k/8/8/8/8/8/4K3[] w - - 0 1";
std::string two_boards(const std::string& a, const std::string& b) {
  return "[FEN \"" + a + " | " + b + "\"]\n";
}

TEST(GamblerSteal, BothSpellingsOfTheSquareReadTheSame) {
  // 1A. dxe8=R/h1+ takes Black's rook on e8 (it goes to BlackB as a black rook) and the white rook
  // of board B's h1 (the pawn goes to WhiteB); 1a. Kh7; 1B. P@e3 drops that pawn; 1b. R@h6 the
  // rook. Board B has lost h1's rook, and with it White's king-side castling right.
  const std::string a = "4R3/7k/8/8/8/8/8/4K3[] w - - 1 2";
  const std::string b = "rnbqkbnr/pppppppp/7r/8/8/4P3/PPPPPPPP/RNBQKBN1[] w Qkq - 0 2";
  for (std::size_t game : {0u, 1u}) {
    const Checked c = check_corpus_game("swedish/steal-notation.bpgn", game);
    EXPECT_TRUE(c.result.violations.empty()) << game << "\n" << codes_of(c.result);
    EXPECT_EQ(c.game.plies[0].san, game == 0 ? "dxe8=R/h1+" : "dxe8=Rh1+");
    EXPECT_EQ(fen_of(c.result, 0), a) << game;
    EXPECT_EQ(fen_of(c.result, 1), b) << game;
    EXPECT_EQ(c.result.plies[0].move.steal_from, sq("h1")) << game;
  }
  // Without the capture: `a8=Ra1` and `a8=R/a1` take board B's a1 rook and its queen-side right.
  for (const char* token : {"a8=Ra1", "a8=R/a1"}) {
    const Checked c =
        check_text(bpgn(std::string("1A. ") + token, two_boards(kPawnA7, std::string(kStartFen))), "swedish");
    EXPECT_TRUE(c.result.violations.empty()) << token << "\n" << codes_of(c.result);
    EXPECT_EQ(fen_of(c.result, 0), "R7/7k/8/8/8/8/8/4K3[] b - - 0 1") << token;
    EXPECT_EQ(fen_of(c.result, 1), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR[P] w Kkq - 0 1") << token;
  }
}

TEST(GamblerSteal, SquareLeftOutWithOneCandidate) {
  // Board B's White has one knight, on g1: 1A. a8=N takes it. Then 1a. Kg6 1B. e4 1b. e5.
  const Checked c = check_corpus_game("swedish/steal-without-square.bpgn", 0);
  EXPECT_TRUE(c.result.violations.empty()) << codes_of(c.result);
  EXPECT_EQ(c.result.plies[0].move.steal_from, sq("g1"));
  EXPECT_EQ(c.result.plies[0].canonical_san, "a8=N/g1");  // what fmt writes
  EXPECT_EQ(fen_of(c.result, 0), "N7/8/6k1/8/8/8/8/4K3[] w - - 1 2");
  EXPECT_EQ(fen_of(c.result, 1), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/R1BQKB1R[P] w KQkq - 0 2");
}

TEST(GamblerSteal, SquareLeftOutWithTwoCandidatesIsAmbiguous) {
  // Board B is at the start: White's knights stand on b1 and g1.
  const std::string file = "broken/swedish-steal-two-knights.bpgn";
  const Checked c = check_corpus_game(file, 0);
  const Violation* v = first_error(c.result);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->code, ViolationCode::AmbiguousMove);
  EXPECT_EQ(v->board, Board::A);
  EXPECT_EQ(v->color, White);
  EXPECT_EQ(v->move_number, 1);
  EXPECT_EQ(v->pos.line, pos_of(corpus(file), "a8=N").line);
  EXPECT_EQ(v->pos.column, pos_of(corpus(file), "a8=N").column);
  EXPECT_EQ(
      v->message,
      "White (wa) on board A: a8=N could take the white knight on b1 or g1 of board B; write a8=N/b1 or a8=N/g1");
  EXPECT_FALSE(c.result.plies[0].replayed);
}

TEST(GamblerSteal, SquareLeftOutWithThreeCandidatesNamesThemAll) {
  // Knights on b1, g1 and c3 of board B (named in square order: rank 1 first).
  const std::string text = bpgn("1A. a8=N", two_boards(kPawnA7, "4k3/8/8/8/8/2N5/8/1N2K1N1[] w - - 0 1"));
  const Checked c = check_text(text, "swedish");
  const Violation* v = first_error(c.result);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->code, ViolationCode::AmbiguousMove);
  EXPECT_EQ(v->message, "White (wa) on board A: a8=N could take the white knight on b1, g1 or c3 of board B; write "
                        "a8=N/b1, a8=N/g1 or a8=N/c3");
}

TEST(GamblerSteal, SquareLeftOutWithNoCandidate) {
  // Board B's White has no rook.
  const std::string text = bpgn("1A. a8=R", two_boards(kPawnA7, "4k3/8/8/8/8/8/8/1N2K3[] w - - 0 1"));
  const Checked c = check_text(text, "swedish");
  const Violation* v = first_error(c.result);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->code, ViolationCode::PromotionInvalid);
  EXPECT_EQ(v->message,
            "White (wa) on board A: a8=R takes a white rook from board B, but White has no rook there");
}

TEST(GamblerSteal, MessagesNameTheRealMoveAndSquares) {
  // A named square holding the wrong piece: the queen stands on d1.
  {
    const Checked c = check_text(bpgn("1A. a8=Rd1", two_boards(kPawnA7, std::string(kStartFen))), "swedish");
    const Violation* v = first_error(c.result);
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(v->code, ViolationCode::PromotionInvalid);
    EXPECT_EQ(
        v->message,
        "White (wa) on board A: a8=Rd1 takes a white rook from d1 on board B, but a white queen stands there");
  }
  // A king is never taken: the reason names the rule set and the colour, no made-up move.
  {
    const Checked c = check_text(bpgn("1A. a8=K/e1", two_boards(kPawnA7, std::string(kStartFen))), "swedish");
    const Violation* v = first_error(c.result);
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(v->code, ViolationCode::PromotionInvalid);
    EXPECT_EQ(v->message,
              "White (wa) on board A: 1A. a8=K/e1 promotes to a king, which is not allowed here: under swedish the "
              "piece is a queen, rook, bishop or knight of White's own colour taken from the other board");
  }
  // A steal square under ordinary promotion rules.
  {
    const Checked c = check_text(bpgn("1A. a8=Qd1", two_boards(kPawnA7, std::string(kStartFen))), "bughouse");
    const Violation* v = first_error(c.result);
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(v->code, ViolationCode::PromotionInvalid);
    EXPECT_EQ(v->message,
              "White (wa) on board A: 1A. a8=Qd1 takes its piece from d1 of the other board (a Gambler steal), "
              "which bughouse does not allow: promotion=choice");
  }
  // No message of any of these holds a placeholder square.
  for (const char* token : {"a8=N", "a8=Rd1", "a8=K/e1", "a8=R"}) {
    const Checked c =
        check_text(bpgn(std::string("1A. ") + token, two_boards(kPawnA7, std::string(kStartFen))), "swedish");
    for (const Violation& v : c.result.violations)
      EXPECT_EQ(v.message.find("e8="), std::string::npos) << v.message;
  }
}

TEST(GamblerSteal, AStoppedOtherBoardIsNamed) {
  // Board B stops at 1B. Nf4 (no knight reaches f4); a steal that then fails says its position may
  // be stale. h1 holds a rook, not a queen.
  const Checked c = check_text(bpgn("1B. Nf4 1A. a8=Q/h1", two_boards(kPawnA7, std::string(kStartFen))), "swedish");
  const auto list = with_code(c.result, ViolationCode::PromotionInvalid);
  ASSERT_EQ(list.size(), 1u) << codes_of(c.result);
  EXPECT_EQ(list[0].message,
            "White (wa) on board A: a8=Q/h1 takes a white queen from h1 on board B, but a white rook stands there (board B "
            "stopped at an earlier error, so its position may not be the one the players saw)");
}

TEST(GamblerSteal, RookStolenFromItsCornerTakesTheCastlingRight) {
  // 1a. a1=R/h8+ (BlackA) takes BlackB's rook from h8: board B keeps KQq. 2A. Kd2 1B. e4 1b. e5.
  const Checked c = check_corpus_game("swedish/steal-rook-corner.bpgn", 0);
  EXPECT_TRUE(c.result.violations.empty()) << codes_of(c.result);
  const std::string b = "r3k3/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/R3K2R[p] w KQq - 0 2";
  EXPECT_EQ(fen_of(c.result, 1), b);
  EXPECT_EQ(fen_of(c.result, 0), "4k3/8/8/8/8/8/3K4/r7[] b - - 1 2");
  // The program's own FEN reader takes what it wrote (with `k` left standing it refused it).
  Position back;
  const auto error = parse_fen(b, back);
  EXPECT_FALSE(error) << (error ? error->message : "");
}

TEST(GamblerSteal, RookDroppedBackDoesNotRestoreTheRight) {
  // As above, then BlackB drops the rook it held on h8 (1b. R@h8) and tries 2b. O-O: the right
  // went with the stolen rook, so no king can castle there.
  const std::string file = "broken/swedish-castle-after-rook-returned.bpgn";
  const Checked c = check_corpus_game(file, 0);
  const Violation* v = first_error(c.result);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->code, ViolationCode::IllegalMove) << v->message;
  EXPECT_EQ(v->board, Board::B);
  EXPECT_EQ(v->color, Black);
  EXPECT_EQ(v->move_number, 2);
  const SourcePos number = pos_of(corpus(file), "2b. O-O");
  EXPECT_EQ(v->pos.line, number.line);
  EXPECT_EQ(v->pos.column, number.column + 4);
  EXPECT_EQ(fen_of(c.result, 1), "r3k2r/pppppppp/8/8/3PP3/8/PPP2PPP/R3K2R[p] b KQq - 0 2");
}

TEST(GamblerSteal, ExposingAKingIsForbiddenUnderBughouseProRule) {
  // Board B: White's bishop on e2 shields White's king on e1 from Black's rook on e8. 1A. a8=B/e2
  // takes it; White, to move on board B, answers the check with 1B. P@e2 (the pawn it got).
  const std::string file = "swedish/steal-exposes-king.bpgn";
  const Checked allowed = check_corpus_game(file, 0);
  EXPECT_TRUE(allowed.result.violations.empty()) << codes_of(allowed.result);
  EXPECT_EQ(allowed.result.rules.steal_exposes_king, true);
  EXPECT_EQ(fen_of(allowed.result, 1), "4r3/6k1/8/8/8/8/4P3/4K3[] w - - 1 2");

  const Checked forbidden = check_corpus_game(file, 0, {"steal_exposes_king=forbidden"});
  const Violation* v = first_error(forbidden.result);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->code, ViolationCode::PromotionInvalid);
  EXPECT_EQ(v->board, Board::A);
  EXPECT_EQ(v->color, White);
  EXPECT_EQ(v->move_number, 1);
  EXPECT_EQ(v->pos.column, pos_of(corpus(file), "a8=B/e2").column);
  EXPECT_EQ(v->message,
            "White (wa) on board A: a8=B/e2 takes the white bishop on e2 of board B, which would expose the "
            "white king on e1 to the black rook on e8, a new attack that steal_exposes_king=forbidden does "
            "not allow");
  EXPECT_EQ(fen_of(forbidden.result, 1), "4r1k1/8/8/8/8/8/4B3/4K3[] w - - 0 1");  // nothing was taken
}

TEST(GamblerSteal, ExposingThePartnersKingIsForbiddenToo) {
  // bughouse.pro checks both kings of the other board: here taking White's bishop on e4 opens
  // White's rook on e1 onto Black's king on e8 (Black, the promoting player's partner, to move).
  const std::string fens = two_boards(kPawnA7, "4k3/8/8/8/4B3/8/8/4RK2[] b - - 0 1");
  const Checked allowed = check_text(bpgn("1A. a8=B/e4 1b. Kd7", fens), "swedish");
  EXPECT_TRUE(allowed.result.violations.empty()) << codes_of(allowed.result);
  const Checked forbidden =
      check_text(bpgn("1A. a8=B/e4 1b. Kd7", fens), "swedish", {"steal_exposes_king=forbidden"});
  const Violation* v = first_error(forbidden.result);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->code, ViolationCode::PromotionInvalid);
  EXPECT_EQ(v->message,
            "White (wa) on board A: a8=B/e4 takes the white bishop on e4 of board B, which would expose the "
            "black king on e8 to the white rook on e1, a new attack that steal_exposes_king=forbidden does "
            "not allow");
}

TEST(GamblerSteal, ANewAttackerCountsEvenOnAKingAlreadyInCheck) {
  // Board B: White's king on e1 is already in check from Black's knight on d3; taking the bishop
  // on e2 adds the rook on e8. bughouse.pro forbids it although the king was in check before.
  const std::string fens = two_boards(kPawnA7, "4r1k1/8/8/8/8/3n4/4B3/4K3[] w - - 0 1");
  const Checked forbidden =
      check_text(bpgn("1A. a8=B/e2", fens), "swedish", {"steal_exposes_king=forbidden"});
  const Violation* v = first_error(forbidden.result);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->code, ViolationCode::PromotionInvalid);
  EXPECT_NE(v->message.find("the black rook on e8"), std::string::npos) << v->message;
  // Taking a piece whose removal opens no line stays allowed: the bishop on a4 shields nothing.
  const Checked ok =
      check_text(bpgn("1A. a8=B/a4", two_boards(kPawnA7, "4r1k1/8/8/8/B7/3n4/4B3/4K3[] w - - 0 1")),
                 "swedish", {"steal_exposes_king=forbidden"});
  EXPECT_FALSE(ok.result.has_error()) << codes_of(ok.result);
}

TEST(GamblerSteal, TheKingOfThePlayerNotToMoveIsNeverExposed) {
  // As in the first exposure test, but Black is to move on board B: White's king would stand in
  // check with Black to move (it could be captured), which no rule set allows.
  const std::string fens = two_boards(kPawnA7, "4r1k1/8/8/8/8/8/4B3/4K3[] b - - 0 1");
  const Checked c = check_text(bpgn("1A. a8=B/e2", fens), "swedish");
  const Violation* v = first_error(c.result);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->code, ViolationCode::PromotionInvalid);
  EXPECT_EQ(v->message,
            "White (wa) on board A: a8=B/e2 takes the white bishop on e2 of board B, which would expose the "
            "white king on e1 to the black rook on e8 while Black is to move on board B, so that a king "
            "could be captured: no rule set allows this");
}

TEST(GamblerSteal, SquareLeftOutSkipsPiecesThatMayNotBeTaken) {
  // Board B: White's knights on b1 and e2; the e2 knight shields the king on e1 from the rook on e8.
  const std::string fens = two_boards(kPawnA7, "4r1k1/8/8/8/8/8/4N3/1N2K3[] w - - 0 1");
  // Under bughouse.pro's rule only b1 may be taken, so `a8=N` means it.
  const Checked strict = check_text(bpgn("1A. a8=N", fens), "swedish", {"steal_exposes_king=forbidden"});
  EXPECT_TRUE(strict.result.violations.empty()) << codes_of(strict.result);
  EXPECT_EQ(strict.result.plies[0].move.steal_from, sq("b1"));
  // Under the Gambler rule both may, so it is ambiguous.
  const Checked loose = check_text(bpgn("1A. a8=N", fens), "swedish");
  const Violation* v = first_error(loose.result);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->code, ViolationCode::AmbiguousMove);
  EXPECT_EQ(
      v->message,
      "White (wa) on board A: a8=N could take the white knight on b1 or e2 of board B; write a8=N/b1 or a8=N/e2");
  // With the b1 knight gone, no knight may be taken under bughouse.pro's rule: the reason is given.
  const Checked none =
      check_text(bpgn("1A. a8=N", two_boards(kPawnA7, "4r1k1/8/8/8/8/8/4N3/4K3[] w - - 0 1")), "swedish",
                 {"steal_exposes_king=forbidden"});
  const Violation* n = first_error(none.result);
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(n->code, ViolationCode::PromotionInvalid);
  EXPECT_EQ(n->message,
            "White (wa) on board A: a8=N cannot take any white knight of board B: taking the one on e2 would "
            "expose the white king on e1 to the black rook on e8, a new attack that "
            "steal_exposes_king=forbidden does not allow");
}

}  // namespace
}  // namespace bpgn::check_test
