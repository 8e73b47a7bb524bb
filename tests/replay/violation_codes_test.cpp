// Every violation code triggered by a hand-made record, with the exact code, board, colour, written
// move number and line:column asserted (positions are looked up in the record text itself), and
// near misses that must not trigger. The chess reasoning for each record is in its comment.
#include "replay/check_test_util.h"

namespace bpgn::check_test {
namespace {

void expect_violation(const Violation* v, ViolationCode code, Board board, Color color, int number, SourcePos pos) {
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(info(v->code).code, info(code).code) << v->message;
  EXPECT_EQ(v->severity, info(code).severity);
  ASSERT_TRUE(v->board.has_value());
  EXPECT_EQ(*v->board, board);
  ASSERT_TRUE(v->color.has_value());
  EXPECT_EQ(*v->color, color);
  ASSERT_TRUE(v->move_number.has_value());
  EXPECT_EQ(*v->move_number, number);
  EXPECT_EQ(v->pos.line, pos.line);
  EXPECT_EQ(v->pos.column, pos.column);
}

TEST(ViolationCodes, IllegalMove) {
  // Knights stand on b1 and g1; neither reaches f4.
  const std::string text = bpgn("1A. e4 1a. e5 2A. Nf4 2a. Nc6");
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::IllegalMove, Board::A, White, 2, pos_of(text, "Nf4"));
  EXPECT_EQ(with_code(c.result, ViolationCode::IllegalMove).size(), 1u) << "board A stops after its first error";
  EXPECT_FALSE(c.result.plies[3].replayed);
}

TEST(ViolationCodes, AmbiguousMove) {
  // After e3 both the c3 and the g1 knight reach e2.
  const std::string text = bpgn("1A. e3 1a. e5 2A. Nc3 2a. a6 3A. Ne2");
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::AmbiguousMove, Board::A, White, 3, pos_of(text, "Ne2"));
}

TEST(ViolationCodes, KingLeftInCheckByPinnedPiece) {
  // 3A. Bb5+ Nc6 pins the knight to the king on e8 (d7 is empty after d6): Nd4 uncovers the king.
  const std::string text = bpgn("1A. e4 1a. e5 2A. Nf3 2a. d6 3A. Bb5+ 3a. Nc6 4A. O-O 4a. Nd4");
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::KingLeftInCheck, Board::A, Black, 4, pos_of(text, "Nd4"));
}

TEST(ViolationCodes, KingLeftInCheckByKingStep) {
  // The white queen on h5 (after f6 opened the diagonal) covers f7: the king may not step there.
  const std::string text = bpgn("1A. e4 1a. f6 2A. Qh5+ 2a. Kf7");
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::KingLeftInCheck, Board::A, Black, 2, pos_of(text, "Kf7"));
}

TEST(ViolationCodes, WrongTurnIsReportedAtTheMoveNumber) {
  const std::string text = bpgn("1A. e4 2A. d4");
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::WrongTurn, Board::A, White, 2, pos_of(text, "2A."));
  EXPECT_FALSE(c.result.plies[1].replayed) << "a move of the wrong side is not played";
}

TEST(ViolationCodes, DropNotInHoldingWithEmptyHolding) {
  // 2A. exd5 hands a black pawn to BlackB; White on board B has received nothing.
  const std::string text = bpgn("1A. e4 1a. d5 2A. exd5 1B. N@f3");
  Checked c = check_text(text);
  const Violation* v = first_error(c.result);
  expect_violation(v, ViolationCode::DropNotInHolding, Board::B, White, 1, pos_of(text, "N@f3"));
  EXPECT_EQ(v->message, "White (wb) on board B drops a knight at 1B. N@f3, but holds nothing; no move recorded after it supplies one");
}

TEST(ViolationCodes, DropNotInHoldingNamesTheHolding) {
  // BlackB holds the pawn from 2A. exd5, not a knight.
  const std::string text = bpgn("1A. e4 1a. d5 2A. exd5 1B. e4 1b. N@f6");
  Checked c = check_text(text);
  const Violation* v = first_error(c.result);
  expect_violation(v, ViolationCode::DropNotInHolding, Board::B, Black, 1, pos_of(text, "N@f6"));
  EXPECT_EQ(v->message, "Black (bb) on board B drops a knight at 1b. N@f6, but holds only a pawn; no move recorded after it supplies one");
}

TEST(ViolationCodes, DropOnOccupied) {
  // BlackB holds a pawn (2A. exd5) but e4 holds White's pawn.
  const std::string text = bpgn("1A. e4 1a. d5 2A. exd5 1B. e4 1b. P@e4");
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::DropOnOccupied, Board::B, Black, 1, pos_of(text, "P@e4"));
}

TEST(ViolationCodes, PawnDropOnOwnFirstRank) {
  // BlackB holds a pawn; g1 is empty after Nf3; rank 1 is Black's relative rank 8 (bughouse: 2-7).
  const std::string text = bpgn("1A. e4 1a. d5 2A. exd5 1B. Nf3 1b. P@g1");
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::PawnDropRank, Board::B, Black, 1, pos_of(text, "P@g1"));
}

// WhiteB receives a pawn from 2a. dxe4; 1b. e5 empties e7; P@e7 is a pawn on White's 7th rank that
// attacks d8 and f8 only (no check to the king on e8).
const std::string kPawnOnSeventh = "1A. e4 1a. d5 2A. Nc3 2a. dxe4 1B. Nf3 1b. e5 2B. P@e7";

TEST(ViolationCodes, PawnOnSeventhAllowedUnderBughouse) {
  Checked c = check_text(bpgn(kPawnOnSeventh));
  EXPECT_FALSE(c.result.has_error()) << codes_of(c.result);
  EXPECT_TRUE(c.result.plies.back().replayed);
}

TEST(ViolationCodes, PawnOnSeventhForbiddenUnderSwedishWithoutSeventh) {
  const std::string text = bpgn(kPawnOnSeventh);
  Checked c = check_text(text, "swedish", {"pawn_drop_ranks=2-6"});
  expect_violation(first_error(c.result), ViolationCode::PawnDropRank, Board::B, White, 2, pos_of(text, "P@e7"));
}

TEST(ViolationCodes, PawnDropRanksTagIsRead) {
  const std::string text = bpgn(kPawnOnSeventh, "[PawnDropRanks \"2-6\"]\n");
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::PawnDropRank, Board::B, White, 2, pos_of(text, "P@e7"));
  // The command line wins over the tag.
  Checked allowed = check_text(text, "", {"pawn_drop_ranks=2-7"});
  EXPECT_FALSE(allowed.result.has_error()) << codes_of(allowed.result);
}

// WhiteB holds a pawn (2a. dxe4); 1b. f5 empties f7; P@f7 attacks e8: a checking drop. The king can
// take it (nothing guards f7), so it is no mate.
const std::string kCheckingDrop = "1A. e4 1a. d5 2A. Nc3 2a. dxe4 1B. Nf3 1b. f5 2B. P@f7+";

TEST(ViolationCodes, CheckingDropAllowedUnderBughouse) {
  Checked c = check_text(bpgn(kCheckingDrop));
  EXPECT_TRUE(c.result.violations.empty()) << codes_of(c.result);
}

TEST(ViolationCodes, CheckingDropForbiddenUnderTurkish) {
  const std::string text = bpgn(kCheckingDrop);
  Checked c = check_text(text, "turkish");
  expect_violation(first_error(c.result), ViolationCode::DropGivesCheck, Board::B, White, 2, pos_of(text, "P@f7+"));
  // illegal_action_loses: the offender (WhiteB, team2) loses at once.
  EXPECT_EQ(c.result.outcome.reason, EndReason::IllegalAction);
  EXPECT_EQ(c.result.outcome.winner, Winner::Team1);
  ASSERT_TRUE(c.result.outcome.board.has_value());
  EXPECT_EQ(*c.result.outcome.board, Board::B);
}

// Board A: black king h8 shut in by its rook g8 and pawns g7, h7; a knight dropped on f7 checks it,
// nothing can take f7 and a knight's check cannot be blocked: mate under every mate rule.
const std::string kSmotheredFen =
    "[FEN \"6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]\n";

TEST(ViolationCodes, MatingDropAllowedUnderBughouse) {
  Checked c = check_text(bpgn("1A. N@f7#", kSmotheredFen, "1-0"));
  EXPECT_TRUE(c.result.violations.empty()) << codes_of(c.result);
  EXPECT_EQ(c.result.outcome.winner, Winner::Team1);
  EXPECT_EQ(c.result.outcome.reason, EndReason::Checkmate);
}

TEST(ViolationCodes, MatingDropForbiddenWithoutMate) {
  const std::string text = bpgn("1A. N@f7#", kSmotheredFen);
  Checked c = check_text(text, "swedish", {"drop_mate=forbidden"});
  expect_violation(first_error(c.result), ViolationCode::DropGivesMate, Board::A, White, 1, pos_of(text, "N@f7#"));
}

TEST(ViolationCodes, MatingQueenDropOneBoard) {
  // White holds a queen; after f6 and g5 the queen dropped on h5 mates by the classic rule (nothing
  // can go to g6 or f7, the king cannot step to f7). boltchess forbids mating drops, crazyhouse not.
  const std::string text =
      pgn("1. e3 f6 2. a3 g5 3. Q@h5#", "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1\"]\n");
  Checked bolt = check_text(text, "boltchess");
  expect_violation(first_error(bolt.result), ViolationCode::DropGivesMate, Board::A, White, 3, pos_of(text, "Q@h5#"));
  Checked zh = check_text(text, "crazyhouse");
  EXPECT_FALSE(zh.result.has_error()) << codes_of(zh.result);
  EXPECT_EQ(zh.result.outcome.winner, Winner::White);
  EXPECT_EQ(zh.result.outcome.reason, EndReason::Checkmate);
}

// Board A: a white pawn on a7, kings e1 and h7 (a rook or queen on a8 does not reach h7... a queen
// on a8 does not either: h7 is not on the a8 diagonal, rank or file).
const std::string kPawnOnA7 = "[FEN \"8/P6k/8/8/8/8/8/4K3[] w - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]\n";

TEST(ViolationCodes, PromotionToKingIsInvalid) {
  const std::string text = bpgn("1A. a8=K", kPawnOnA7);
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::PromotionInvalid, Board::A, White, 1, pos_of(text, "a8=K"));
}

TEST(ViolationCodes, PromotionMissing) {
  const std::string text = bpgn("1A. a8", kPawnOnA7);
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::PromotionMissing, Board::A, White, 1, pos_of(text, "a8"));
}

TEST(ViolationCodes, TurkishPawnMayStayOnTheLastRank) {
  Checked c = check_text(bpgn("1A. a8", kPawnOnA7), "turkish");
  EXPECT_FALSE(c.result.has_error()) << codes_of(c.result);
}

TEST(ViolationCodes, TurkishPromotionNeedsThePieceInTheHolding) {
  const std::string text = bpgn("1A. a8=Q", kPawnOnA7);
  Checked c = check_text(text, "turkish");
  expect_violation(first_error(c.result), ViolationCode::PromotionInvalid, Board::A, White, 1, pos_of(text, "a8=Q"));
  // With a queen in White's holding the promotion stands; the pawn goes to the holding.
  const std::string with_queen =
      "[FEN \"8/P6k/8/8/8/8/8/4K3[Q] w - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]\n";
  Checked ok = check_text(bpgn("1A. a8=Q", with_queen), "turkish");
  EXPECT_FALSE(ok.result.has_error()) << codes_of(ok.result);
  EXPECT_EQ(ok.result.final[0].in_hand(White, Queen), 0);
  EXPECT_EQ(ok.result.final[0].in_hand(White, Pawn), 1);
}

TEST(ViolationCodes, TurkishInPlacePromotionMayNotCheck) {
  // A white pawn already stands on a8 (turkish lets it stay there); White holds a queen. Promoting
  // it in place is a placement from the holding: the queen on a8 would check the king on h8 along
  // the 8th rank, which turkish forbids. With the king on h7 (not on the a8 rank, file or
  // diagonal) the same promotion stands.
  const std::string text = bpgn(
      "1A. a8=Q",
      "[FEN \"P6k/8/8/8/8/8/8/4K3[Q] w - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]\n");
  Checked c = check_text(text, "turkish");
  expect_violation(first_error(c.result), ViolationCode::DropGivesCheck, Board::A, White, 1, pos_of(text, "a8=Q"));
  Checked ok = check_text(bpgn(
      "1A. a8=Q",
      "[FEN \"P7/7k/8/8/8/8/8/4K3[Q] w - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]\n"),
      "turkish");
  EXPECT_FALSE(ok.result.has_error()) << codes_of(ok.result);
}

TEST(ViolationCodes, TurkishPromotionOnArrivalMayCheck) {
  // The pawn moves from a7 to a8 and promotes at once (queen from the holding): that promotion
  // may give check (the king on h8 is on the 8th rank).
  Checked c = check_text(bpgn(
      "1A. a8=Q+",
      "[FEN \"7k/P7/8/8/8/8/8/4K3[Q] w - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]\n"),
      "turkish");
  EXPECT_TRUE(c.result.violations.empty()) << codes_of(c.result);
}

TEST(ViolationCodes, SwedishStealPromotion) {
  // The rook comes off board B's a1 (White there is the partner's opponent of WhiteA); WhiteB gets
  // the pawn.
  Checked ok = check_text(bpgn("1A. a8=R/a1", kPawnOnA7), "swedish");
  EXPECT_FALSE(ok.result.has_error()) << codes_of(ok.result);
  EXPECT_TRUE(ok.result.final[1].piece_on(make_square(0, 0)).empty());
  EXPECT_EQ(ok.result.final[1].in_hand(White, Pawn), 1);
  EXPECT_EQ(ok.result.final[0].piece_on(make_square(0, 7)), (Piece{White, Rook}));

  // d1 holds the queen, not a rook.
  const std::string text = bpgn("1A. a8=R/d1", kPawnOnA7);
  Checked bad = check_text(text, "swedish");
  expect_violation(first_error(bad.result), ViolationCode::PromotionInvalid, Board::A, White, 1,
                   pos_of(text, "a8=R/d1"));
}

TEST(ViolationCodes, MoveAfterMateByRecordOrder) {
  const std::string text = bpgn("1A. N@f7# 1B. e4", kSmotheredFen, "1-0");
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::MoveAfterEnd, Board::B, White, 1, pos_of(text, "e4"));
}

TEST(ViolationCodes, MoveAfterFlagFall) {
  // 60 s each. Board A: after 1a. (match time 1 + 10 = 11 s) White A has 59 s: their flag falls at
  // 70 s. Board B: 2B. is made at (60 - 40) + (60 - 5) = 75 s, more than 2 s (the tolerance) later.
  const std::string text =
      bpgn("1A. e4{59} 1a. e5{50} 1B. e4{58} 1b. e5{5} 2B. Nf3{40}", "[TimeControl \"60+0\"]\n", "0-1");
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::MoveAfterEnd, Board::B, White, 2, pos_of(text, "Nf3"));
  EXPECT_EQ(c.result.outcome.reason, EndReason::Time);
  EXPECT_EQ(c.result.outcome.winner, Winner::Team2);  // WhiteA (team1) ran out of time
  EXPECT_EQ(c.result.outcome.board, Board::A);
  // With a tolerance above the 5 s gap the move stands.
  Checked lenient = check_text(text, "", {}, 6.0);
  EXPECT_TRUE(with_code(lenient.result, ViolationCode::MoveAfterEnd).empty()) << codes_of(lenient.result);
}

TEST(ViolationCodes, MoveNumberIsAWarningAtTheNumber) {
  const std::string text = bpgn("1A. e4 1a. e5 3A. Nf3 2a. Nc6");
  Checked c = check_text(text);
  EXPECT_FALSE(c.result.has_error()) << codes_of(c.result);
  auto list = with_code(c.result, ViolationCode::MoveNumber);
  ASSERT_EQ(list.size(), 1u) << codes_of(c.result);
  expect_violation(&list[0], ViolationCode::MoveNumber, Board::A, White, 3, pos_of(text, "3A."));
}

TEST(ViolationCodes, ClockIncrease) {
  // No increment: White's remaining time may not grow from 59 to 61.
  const std::string text = bpgn("1A. e4{59} 1a. e5{58} 2A. Nf3{61}", "[TimeControl \"60+0\"]\n");
  Checked c = check_text(text);
  auto list = with_code(c.result, ViolationCode::ClockIncrease);
  ASSERT_EQ(list.size(), 1u) << codes_of(c.result);
  expect_violation(&list[0], ViolationCode::ClockIncrease, Board::A, White, 2, pos_of(text, "Nf3"));
  // With a 2 s increment it may.
  Checked inc = check_text(bpgn("1A. e4{59} 1a. e5{58} 2A. Nf3{61}", "[TimeControl \"60+2\"]\n"));
  EXPECT_TRUE(with_code(inc.result, ViolationCode::ClockIncrease).empty()) << codes_of(inc.result);
}

TEST(ViolationCodes, ClockOrder) {
  // 1A. is made at 10 s (60 - 50), 1B. at 2 s, but the record puts 1B. after 1A.: more than the 2 s
  // tolerance apart.
  const std::string text = bpgn("1A. e4{50} 1B. e4{58}", "[TimeControl \"60+0\"]\n");
  Checked c = check_text(text);
  auto list = with_code(c.result, ViolationCode::ClockOrder);
  ASSERT_EQ(list.size(), 1u) << codes_of(c.result);
  expect_violation(&list[0], ViolationCode::ClockOrder, Board::B, White, 1, pos_of(text, "e4{58}"));
  Checked near = check_text(bpgn("1A. e4{57} 1B. e4{58}", "[TimeControl \"60+0\"]\n"));
  EXPECT_TRUE(with_code(near.result, ViolationCode::ClockOrder).empty()) << "1 s apart: within the tolerance";
}

TEST(ViolationCodes, ClockOrderAllowsTheLagTag) {
  // The same 8 s inversion, but board B's 1B. ply reports 7 s of lag: 8 < 2 + 7.
  const std::string text = bpgn("1A. e4{50} 1B. e4{58}", "[TimeControl \"60+0\"]\n[Lag \"0 7000\"]\n");
  Checked c = check_text(text);
  EXPECT_TRUE(with_code(c.result, ViolationCode::ClockOrder).empty()) << codes_of(c.result);
}

TEST(ViolationCodes, CheckSuffixMissing) {
  // After f6 the queen on h5 checks along h5-g6-f7-e8. The record marks its other check
  // (Qxg6+, along g6-f7-e8), so it follows no convention of its own: the bare Qh5 is a warning.
  const std::string text = bpgn("1A. e4 1a. f6 2A. Qh5 2a. g6 3A. Qxg6+");
  Checked c = check_text(text);
  auto list = with_code(c.result, ViolationCode::CheckSuffix);
  ASSERT_EQ(list.size(), 1u) << codes_of(c.result);
  expect_violation(&list[0], ViolationCode::CheckSuffix, Board::A, White, 2, pos_of(text, "Qh5"));
}

TEST(ViolationCodes, CheckSuffixWhereNoCheck) {
  const std::string text = bpgn("1A. e4+ 1a. e5");
  Checked c = check_text(text);
  auto list = with_code(c.result, ViolationCode::CheckSuffix);
  ASSERT_EQ(list.size(), 1u) << codes_of(c.result);
  expect_violation(&list[0], ViolationCode::CheckSuffix, Board::A, White, 1, pos_of(text, "e4+"));
}

TEST(ViolationCodes, BlockableCheckIsNoMateUnderBughouse) {
  // Fool's mate: Qh4 checks e1 along h4-g3-f2. By the classic rule it is mate; by the bughouse rule
  // a piece dropped on g3 could block it, so a bughouse record writes '+'.
  const std::string bug = bpgn("1A. f3 1a. e5 2A. g4 2a. Qh4+");
  Checked c = check_text(bug);
  EXPECT_TRUE(c.result.violations.empty()) << codes_of(c.result);
  EXPECT_EQ(c.result.outcome.winner, Winner::None);
  const std::string chess = pgn("1. f3 e5 2. g4 Qh4#", "", "0-1");
  Checked classic = check_text(chess);
  EXPECT_TRUE(classic.result.violations.empty()) << codes_of(classic.result);
  EXPECT_EQ(classic.result.outcome.winner, Winner::Black);
  EXPECT_EQ(classic.result.outcome.reason, EndReason::Checkmate);
}

TEST(ViolationCodes, ResultMismatch) {
  // White A mates: team1 wins; "0-1" fits neither team1's view (1-0) nor board A's White (1-0).
  const std::string text = bpgn("1A. N@f7#", kSmotheredFen, "0-1");
  Checked c = check_text(text);
  auto list = with_code(c.result, ViolationCode::ResultMismatch);
  ASSERT_EQ(list.size(), 1u) << codes_of(c.result);
  EXPECT_FALSE(list[0].board.has_value());
  EXPECT_EQ(list[0].pos, pos_of(text, "[Result"));
}

TEST(ViolationCodes, ResultFromTheDecidingBoardsWhite) {
  // A mate on board B by Black B (team1): team1's view 1-0, board B's White lost: 0-1. Both fit.
  // Board B: 1B. f3 e5 2B. g4 and the knight mate from the FEN would be long; use the smothered
  // pattern with colours swapped on board B instead: white king h1 shut in by Rg1 and pawns g2, h2.
  const std::string fen =
      "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 | 4k3/8/8/8/8/8/6PP/6RK[n] b - - 0 1\"]\n";
  for (const std::string result : {"1-0", "0-1"}) {
    Checked c = check_text(bpgn("1b. N@f2#", fen, result));
    EXPECT_TRUE(c.result.violations.empty()) << result << "\n" << codes_of(c.result);
    EXPECT_EQ(c.result.outcome.winner, Winner::Team1);
    EXPECT_EQ(c.result.outcome.computed, result);
  }
  Checked draw = check_text(bpgn("1b. N@f2#", fen, "1/2-1/2"));
  EXPECT_EQ(with_code(draw.result, ViolationCode::ResultMismatch).size(), 1u) << codes_of(draw.result);
}

TEST(ViolationCodes, MissingTag) {
  const std::string text = "[Event \"x\"]\n[WhiteA \"wa\"][BlackA \"ba\"][WhiteB \"wb\"]\n[Result \"*\"]\n\n1A. e4 *\n";
  Checked c = check_text(text);
  auto list = with_code(c.result, ViolationCode::MissingTag);
  ASSERT_EQ(list.size(), 1u) << codes_of(c.result);
  EXPECT_NE(list[0].message.find("BlackB"), std::string::npos);
  EXPECT_FALSE(list[0].board.has_value());
  EXPECT_FALSE(list[0].move_number.has_value());
  EXPECT_EQ(list[0].pos, (SourcePos{1, 1}));
}

TEST(ViolationCodes, MalformedSanIsSyntax) {
  const std::string text = bpgn("1A. e4 1a. Zz9 2A. d4");
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::Syntax, Board::A, Black, 1, pos_of(text, "Zz9"));
}

TEST(ViolationCodes, NearMissDropThatBlocksCheck) {
  // WhiteB holds a pawn (2a. dxe4). 2b. Bb4+ checks e1 along b4-c3-d2 (d2 emptied by d4); a pawn
  // dropped on c3 blocks it.
  const std::string text = bpgn("1A. e4 1a. d5 2A. Nc3 2a. dxe4 1B. d4 1b. e5 2B. Nf3 2b. Bb4+ 3B. P@c3");
  Checked c = check_text(text);
  EXPECT_TRUE(c.result.violations.empty()) << codes_of(c.result);
  EXPECT_TRUE(c.result.plies.back().replayed);
}

TEST(ViolationCodes, UnnumberedPgnMoveGetsItsMoveNumber) {
  // `2. Nf3 Nf4`: Black's Nf4 carries no number of its own; it is move 2 (no black knight reaches
  // f4 from b8 or g8).
  const std::string text = pgn("1. e4 e5 2. Nf3 Nf4");
  Checked c = check_text(text);
  expect_violation(first_error(c.result), ViolationCode::IllegalMove, Board::A, Black, 2, pos_of(text, "Nf4"));
}

TEST(ViolationCodes, OtherBoardGoesOnAfterAnError) {
  // Board A breaks at 2A. Nf4; board B is still replayed to its end.
  const std::string text = bpgn("1A. e4 1B. d4 1a. e5 2A. Nf4 1b. d5 2B. c4 2b. e6");
  Checked c = check_text(text);
  EXPECT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  for (std::size_t i : {1u, 4u, 5u, 6u}) EXPECT_TRUE(c.result.plies[i].replayed) << i;
  EXPECT_FALSE(c.result.plies[3].replayed);
}

}  // namespace
}  // namespace bpgn::check_test
