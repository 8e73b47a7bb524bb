// SAN: every failure kind on a position made for it, the accepted spellings and their notes,
// canonical output, and round trips.
#include "core/san.h"

#include "core/fen.h"
#include "core/movegen.h"
#include "rules/rule_set.h"
#include "support/positions.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace bpgn {
namespace {

using test::from_fen;
using test::sq;

SanError error_of(const std::string& fen, const RuleSet& rules, const std::string& san) {
  return parse_san(from_fen(fen), rules, san).error;
}

const std::string kStart = std::string(kStartFen);
// Start position with a knight and a pawn in White's hand (crazyhouse).
const std::string kStartNP = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NP] w KQkq - 0 1";

// assign_san writes what to_san returns, replacing a longer text the string held before.
TEST(SanWrite, AssignSanReplacesTheText) {
  const Position start = from_fen(kStart);
  std::string out = "a text longer than any move, so that the string holds memory of its own";
  for (const char* text : {"Nf3", "e4", "Nc3"}) {
    const SanResult r = parse_san(start, chess_rules(), text);
    ASSERT_EQ(r.error, SanError::None) << text;
    assign_san(out, start, chess_rules(), r.move, CheckSuffix::None);
    EXPECT_EQ(out, text);
    assign_san(out, start, chess_rules(), r.move, CheckSuffix::Check);
    EXPECT_EQ(out, std::string(text) + "+");
  }
  const Position np = from_fen(kStartNP);
  const SanResult drop = parse_san(np, crazyhouse_rules(), "N@e4");
  ASSERT_EQ(drop.error, SanError::None);
  assign_san(out, np, crazyhouse_rules(), drop.move, CheckSuffix::Mate);
  EXPECT_EQ(out, "N@e4#");
  EXPECT_EQ(to_san(np, crazyhouse_rules(), drop.move, CheckSuffix::None), "N@e4");
}

// --- failures --------------------------------------------------------------------------------------
TEST(SanParse, Malformed) {
  for (const char* text : {"", "Nf9", "xyz", "N@", "e9", "Qxx4", "Z@e4", "p@e4", "O-O-O-O", "e8=", "e8=X", "Nbd", "ex", "e8=Q/", "e8=Q/z9", "1-0"}) {
    EXPECT_EQ(error_of(kStart, crazyhouse_rules(), text), SanError::Malformed) << text;
  }
}

TEST(SanParse, IllegalMove) {
  const RuleSet zh = crazyhouse_rules();
  EXPECT_EQ(error_of(kStart, zh, "Nf4"), SanError::IllegalMove);  // no knight reaches f4
  EXPECT_EQ(error_of(kStart, zh, "e5"), SanError::IllegalMove);   // a pawn moves at most two squares
  EXPECT_EQ(error_of(kStart, zh, "Bc4"), SanError::IllegalMove);  // blocked by e2
  EXPECT_EQ(error_of(kStart, zh, "exd3"), SanError::IllegalMove); // nothing to capture
  EXPECT_EQ(error_of(kStart, zh, "Nbd2"), SanError::IllegalMove); // d2 holds a white pawn
  EXPECT_EQ(error_of(kStart, zh, "Kf3"), SanError::IllegalMove);
  EXPECT_EQ(error_of(kStart, zh, "O-O"), SanError::IllegalMove);  // path not clear
  EXPECT_EQ(error_of(kStart, zh, "exe3"), SanError::IllegalMove); // a capture changes file
  EXPECT_EQ(error_of(kStart, zh, "Ngf3"), SanError::None);         // over-disambiguated but fine
  EXPECT_EQ(error_of(kStart, zh, "Nbf3"), SanError::IllegalMove); // the b-knight does not reach f3
}

// Knights on b1 and f3 both reach d2.
TEST(SanParse, Ambiguous) {
  const std::string fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
  EXPECT_EQ(error_of(fen, crazyhouse_rules(), "Nd2"), SanError::Ambiguous);
  EXPECT_EQ(error_of(fen, crazyhouse_rules(), "Nbd2"), SanError::None);
  EXPECT_EQ(error_of(fen, crazyhouse_rules(), "Nfd2"), SanError::None);
  EXPECT_EQ(error_of(fen, crazyhouse_rules(), "N1d2"), SanError::None);
  EXPECT_EQ(error_of(fen, crazyhouse_rules(), "Nf3d2"), SanError::None);
}

// Only legal moves count for ambiguity: with the f3 knight pinned (Bb7... here the pin is by a
// rook on the e-file: Ke1, Ne2 pinned by Re8), "Nc3" names the free b1 knight.
TEST(SanParse, PinnedPieceDoesNotMakeAmbiguity) {
  const std::string fen = "4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1";
  const SanResult r = parse_san(from_fen(fen), crazyhouse_rules(), "Nc3");
  EXPECT_EQ(r.error, SanError::None);
  EXPECT_EQ(r.move.from, sq("b1"));
}

TEST(SanParse, KingLeftInCheck) {
  const RuleSet zh = crazyhouse_rules();
  // The e2 knight is pinned by Re8.
  EXPECT_EQ(error_of("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", zh, "Nc3"), SanError::KingLeftInCheck);
  // The king steps onto a square the rook covers.
  EXPECT_EQ(error_of("4r1k1/8/8/8/8/8/8/3K4 w - - 0 1", zh, "Ke2"), SanError::KingLeftInCheck);
  // In check, a move that does not answer it.
  EXPECT_EQ(error_of("4r1k1/8/8/8/8/8/P7/4K3 w - - 0 1", zh, "a3"), SanError::KingLeftInCheck);
  // A drop that does not block the check (d4 is not between e8 and e1).
  EXPECT_EQ(error_of("4r1k1/8/8/8/8/8/8/4K3[N] w - - 0 1", zh, "N@d4"), SanError::KingLeftInCheck);
  EXPECT_EQ(error_of("4r1k1/8/8/8/8/8/8/4K3[N] w - - 0 1", zh, "N@e4"), SanError::None);
  // Castling out of check, through an attacked square, into an attacked square.
  EXPECT_EQ(error_of("4r1k1/8/8/8/8/8/8/4K2R w K - 0 1", zh, "O-O"), SanError::KingLeftInCheck);
  EXPECT_EQ(error_of("5rk1/8/8/8/8/8/8/4K2R w K - 0 1", zh, "O-O"), SanError::KingLeftInCheck);
  EXPECT_EQ(error_of("6rk/7p/8/8/8/8/8/4K2R w K - 0 1", zh, "O-O"), SanError::KingLeftInCheck);
  EXPECT_EQ(error_of("k7/8/8/8/8/8/8/4K2R w K - 0 1", zh, "O-O"), SanError::None);
  // No right: illegal by the movement rules, not a check matter.
  EXPECT_EQ(error_of("k7/8/8/8/8/8/8/4K2R w - - 0 1", zh, "O-O"), SanError::IllegalMove);
}

TEST(SanParse, Drops) {
  const RuleSet zh = crazyhouse_rules();
  EXPECT_EQ(error_of(kStart, zh, "N@e4"), SanError::DropNotInHolding);
  EXPECT_EQ(error_of(kStartNP, zh, "N@e2"), SanError::DropOnOccupied);
  EXPECT_EQ(error_of(kStartNP, zh, "P@e8"), SanError::DropOnOccupied);
  EXPECT_EQ(error_of(kStartNP, zh, "P@e5"), SanError::None);
  EXPECT_EQ(error_of(kStartNP, zh, "B@e4"), SanError::DropNotInHolding);
  EXPECT_EQ(error_of(kStartNP, zh, "K@e4"), SanError::DropNotInHolding);
  EXPECT_EQ(error_of(kStartNP, chess_rules(), "N@e4"), SanError::DropsNotAllowed);
  // Pawn ranks: crazyhouse 2-7. Rank 7 is allowed but rank 8 and 1 are not (all empty here).
  const std::string open = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1";
  EXPECT_EQ(error_of(open, zh, "P@a7"), SanError::None);
  EXPECT_EQ(error_of(open, zh, "P@a8"), SanError::PawnDropRank);
  EXPECT_EQ(error_of(open, zh, "P@a1"), SanError::PawnDropRank);
  EXPECT_EQ(error_of(open, boltchess_rules(), "P@a7"), SanError::PawnDropRank);
  EXPECT_EQ(error_of(open, turkish_rules(), "P@a8"), SanError::None);
}

// Order of the drop checks: the board (occupied square, pawn rank) before the holding, the holding
// before king safety, king safety before check/mate rules.
TEST(SanParse, DropDiagnosisOrder) {
  const RuleSet zh = crazyhouse_rules();
  EXPECT_EQ(error_of(kStart, zh, "Q@e2"), SanError::DropOnOccupied);          // not in hand either
  EXPECT_EQ(error_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1", zh, "P@a8"), SanError::PawnDropRank);  // nor in hand
  // In check by Re8 with nothing in hand: the holding is named first.
  EXPECT_EQ(error_of("4r1k1/8/8/8/8/8/8/4K3 w - - 0 1", zh, "N@d4"), SanError::DropNotInHolding);
  // Turkish: a drop that both fails to answer a check and would give one: the king matters first.
  EXPECT_EQ(error_of("4r1k1/8/8/8/8/8/8/4K3[N] w - - 0 1", turkish_rules(), "N@f6"), SanError::KingLeftInCheck);
}

TEST(SanParse, DropGivesCheckAndMate) {
  // Black Ke8 and White Ke1 with a knight in hand: N@f6 checks.
  const std::string fen = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1";
  EXPECT_EQ(error_of(fen, turkish_rules(), "N@f6"), SanError::DropGivesCheck);
  EXPECT_EQ(error_of(fen, crazyhouse_rules(), "N@f6"), SanError::None);
  EXPECT_EQ(error_of(fen, boltchess_rules(), "N@f6"), SanError::None);  // a check, not a mate
  // Back rank: R@a8 mates h8 (g7 h7 are Black's); boltchess forbids it, crazyhouse allows it.
  const std::string back = "7k/6pp/8/8/8/8/8/K7[R] w - - 0 1";
  EXPECT_EQ(error_of(back, boltchess_rules(), "R@a8"), SanError::DropGivesMate);
  EXPECT_EQ(error_of(back, crazyhouse_rules(), "R@a8#"), SanError::None);
  EXPECT_EQ(error_of(back, turkish_rules(), "R@g8"), SanError::DropGivesCheck);  // g8: a check the king answers
  // Under the bughouse mate rule R@a8 is not mate (Black may wait for a piece to block).
  RuleSet swedish_no_mate = swedish_rules();
  ASSERT_FALSE(apply_override(swedish_no_mate, "drop_mate=forbidden"));
  EXPECT_EQ(error_of(back, swedish_no_mate, "R@a8"), SanError::None);
}

TEST(SanParse, Promotions) {
  const std::string fen = "k7/4P3/8/8/8/8/8/K7 w - - 0 1";
  const RuleSet zh = crazyhouse_rules();
  EXPECT_EQ(error_of(fen, zh, "e8"), SanError::PromotionMissing);
  EXPECT_EQ(error_of(fen, zh, "e8=K"), SanError::PromotionInvalid);
  EXPECT_EQ(error_of(fen, zh, "e8=P"), SanError::PromotionInvalid);
  EXPECT_EQ(error_of(fen, zh, "e8=Q"), SanError::None);
  EXPECT_EQ(error_of(fen, zh, "e8Q"), SanError::None);
  EXPECT_EQ(error_of(fen, zh, "e8=n"), SanError::None);  // lower-case piece letter after the square
  EXPECT_EQ(error_of(fen, zh, "e8=R/d1"), SanError::PromotionInvalid);  // no stealing in crazyhouse
  EXPECT_EQ(error_of(kStart, zh, "e4=Q"), SanError::PromotionInvalid);  // not the last rank
  EXPECT_EQ(error_of(fen, turkish_rules(), "e8"), SanError::None);      // turkish: the pawn may stay
  EXPECT_EQ(error_of(fen, turkish_rules(), "e8=Q"), SanError::PromotionInvalid);  // nothing in hand
  EXPECT_EQ(error_of(fen, swedish_rules(), "e8"), SanError::PromotionMissing);
}

// Gambler promotion: `e8=R/d1` names the square on the partner's board the rook comes from.
TEST(SanParse, GamblerStealToken) {
  const Position pos = from_fen("k7/4P3/8/8/8/8/8/K7 w - - 0 1");
  const SanResult r = parse_san(pos, swedish_rules(), "e8=R/d1+");
  EXPECT_EQ(r.error, SanError::None);
  EXPECT_EQ(r.move.promotion, Rook);
  EXPECT_EQ(r.move.steal_from, sq("d1"));
  EXPECT_EQ(r.written_suffix, CheckSuffix::Check);
  EXPECT_EQ(to_san(pos, swedish_rules(), r.move), "e8=R/d1+");
  const SanResult plain = parse_san(pos, swedish_rules(), "e8=R");
  EXPECT_EQ(plain.error, SanError::None);
  EXPECT_EQ(plain.move.steal_from, kNoSquare);
}

// bughouse.pro writes the steal without the slash (`e8=Rd1`, `dxe8=Rd1`); it is the same move, and
// the canonical text keeps ours (`e8=R/d1`).
TEST(SanParse, GamblerStealWithoutSlash) {
  const Position pos = from_fen("k2r4/4P3/8/8/8/8/8/K7 w - - 0 1");
  const RuleSet sw = swedish_rules();
  for (const char* text : {"e8=Rd1", "e8Rd1", "e8=R/d1", "e8R/d1"}) {
    const SanResult r = parse_san(pos, sw, text);
    EXPECT_EQ(r.error, SanError::None) << text;
    EXPECT_EQ(r.move, (Move{sq("e7"), sq("e8"), MoveKind::Normal, Pawn, Rook, sq("d1")})) << text;
    EXPECT_EQ(to_san(pos, sw, r.move), "e8=R/d1") << text;
  }
  for (const char* text : {"exd8=Nh1", "exd8=N/h1"}) {
    const SanResult r = parse_san(pos, sw, text);
    EXPECT_EQ(r.error, SanError::None) << text;
    EXPECT_EQ(r.move, (Move{sq("e7"), sq("d8"), MoveKind::Normal, Pawn, Knight, sq("h1")})) << text;
    EXPECT_EQ(to_san(pos, sw, r.move), "exd8=N/h1") << text;
  }
  for (const char* text : {"e8=Rd", "e8=Rd9", "e8=Rd1x", "e8=R//d1", "e8=R/d1d2", "e8=Rd1/"}) {
    EXPECT_EQ(parse_san(pos, sw, text).error, SanError::Malformed) << text;
  }
  // Outside steal_from_partner_board the square is refused in either spelling, and kept for the message.
  const SanResult zh = parse_san(pos, crazyhouse_rules(), "e8=Rd1");
  EXPECT_EQ(zh.error, SanError::PromotionInvalid);
  EXPECT_EQ(zh.move.steal_from, sq("d1"));
}

// --- accepted spellings -------------------------------------------------------------------------------
TEST(SanParse, AcceptedSpellingsAndNotes) {
  const RuleSet zh = crazyhouse_rules();
  const Position pos = from_fen(kStartNP);
  struct Case {
    const char* text;
    PieceType piece;
    const char* to;
    std::uint8_t notes;
  };
  const Case cases[] = {
      {"N@e4", Knight, "e4", NoteNone},    {"N*e4", Knight, "e4", NoteStarDrop},
      {"P@e4", Pawn, "e4", NoteNone},      {"@e4", Pawn, "e4", NoteBarePawnDrop},
      {"$146@g4", Knight, "g4", NoteNag146Drop}, {"*e4", Pawn, "e4", NoteBarePawnDrop | NoteStarDrop},
  };
  for (const Case& c : cases) {
    const SanResult r = parse_san(pos, zh, c.text);
    EXPECT_EQ(r.error, SanError::None) << c.text;
    EXPECT_EQ(r.move.kind, MoveKind::Drop) << c.text;
    EXPECT_EQ(r.move.piece, c.piece) << c.text;
    EXPECT_EQ(r.move.to, sq(c.to)) << c.text;
    EXPECT_EQ(r.notes, c.notes) << c.text;
  }
  const std::string castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  const SanResult zero = parse_san(from_fen(castle), zh, "0-0");
  EXPECT_EQ(zero.error, SanError::None);
  EXPECT_EQ(zero.notes, NoteZeroCastling);
  EXPECT_EQ(zero.move.kind, MoveKind::Castle);
  EXPECT_EQ(zero.move.to, sq("g1"));
  const SanResult long_zero = parse_san(from_fen(castle), zh, "0-0-0");
  EXPECT_EQ(long_zero.move.to, sq("c1"));
  EXPECT_EQ(parse_san(from_fen(castle), zh, "O-O-O").notes, NoteNone);
}

TEST(SanParse, SuffixesAndAnnotations) {
  const RuleSet zh = crazyhouse_rules();
  const Position pos = Position::start();
  EXPECT_EQ(parse_san(pos, zh, "e4").written_suffix, CheckSuffix::None);
  EXPECT_EQ(parse_san(pos, zh, "e4+").written_suffix, CheckSuffix::Check);  // wrong, but recorded
  EXPECT_EQ(parse_san(pos, zh, "e4#").written_suffix, CheckSuffix::Mate);
  for (const char* text : {"e4!", "e4?", "e4!?", "e4?!", "e4!!", "e4+!", "e4 "}) {
    EXPECT_EQ(parse_san(pos, zh, text).error, SanError::None) << text;
  }
  // Missing `+`: the move is fine, the caller compares written_suffix with deserved_suffix.
  const Position check = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  const SanResult r = parse_san(check, zh, "Ra8");
  EXPECT_EQ(r.error, SanError::None);
  EXPECT_EQ(r.written_suffix, CheckSuffix::None);
  EXPECT_EQ(deserved_suffix(check, zh, r.move), CheckSuffix::Check);
  // En passant, also with the old "e.p." mark.
  const Position ep = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_EQ(parse_san(ep, zh, "exd6").move.kind, MoveKind::EnPassant);
  EXPECT_EQ(parse_san(ep, zh, "exd6 e.p.").error, SanError::None);
}

// --- canonical output -------------------------------------------------------------------------------
TEST(SanFormat, MinimalDisambiguation) {
  const RuleSet zh = crazyhouse_rules();
  // Queens on e4, h4 and h1 all reach e1: the file tells e4 apart, the rank tells h1 apart, h4 needs
  // both (the file h is shared with h1, the rank 4 with e4).
  const Position q = from_fen("8/8/1k6/8/4Q2Q/8/K7/7Q w - - 0 1");
  EXPECT_EQ(to_san(q, zh, Move{sq("e4"), sq("e1"), MoveKind::Normal, Queen}), "Qee1");
  EXPECT_EQ(to_san(q, zh, Move{sq("h1"), sq("e1"), MoveKind::Normal, Queen}), "Q1e1");
  EXPECT_EQ(to_san(q, zh, Move{sq("h4"), sq("e1"), MoveKind::Normal, Queen}), "Qh4e1");
  // Rooks on a1 and a3 reach a2: same file, so the rank.
  const Position r = from_fen("4k3/8/8/8/8/R7/8/R3K3 w - - 0 1");
  EXPECT_EQ(to_san(r, zh, Move{sq("a1"), sq("a2"), MoveKind::Normal, Rook}), "R1a2");
  EXPECT_EQ(to_san(r, zh, Move{sq("a1"), sq("b1"), MoveKind::Normal, Rook}), "Rb1");
  // The pinned knight does not count: Nc3 from b1 needs no file.
  const Position pin = from_fen("4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1");
  EXPECT_EQ(to_san(pin, zh, Move{sq("b1"), sq("c3"), MoveKind::Normal, Knight}), "Nc3");
}

TEST(SanFormat, EveryKindOfMove) {
  const RuleSet zh = crazyhouse_rules();
  EXPECT_EQ(to_san(Position::start(), zh, Move{sq("g1"), sq("f3"), MoveKind::Normal, Knight}), "Nf3");
  EXPECT_EQ(to_san(from_fen(kStartNP), zh, Move{kNoSquare, sq("e4"), MoveKind::Drop, Pawn}), "P@e4");
  EXPECT_EQ(to_san(from_fen(kStartNP), zh, Move{kNoSquare, sq("e4"), MoveKind::Drop, Knight}), "N@e4");
  const Position castle = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(to_san(castle, zh, Move{sq("e1"), sq("g1"), MoveKind::Castle, King}), "O-O");
  EXPECT_EQ(to_san(castle, zh, Move{sq("e1"), sq("c1"), MoveKind::Castle, King}), "O-O-O");
  const Position ep = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_EQ(to_san(ep, zh, Move{sq("e5"), sq("d6"), MoveKind::EnPassant, Pawn}), "exd6");
  const Position promo = from_fen("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(to_san(promo, zh, Move{sq("e7"), sq("d8"), MoveKind::Normal, Pawn, Queen}), "exd8=Q+");
  EXPECT_EQ(to_san(promo, zh, Move{sq("e7"), sq("d8"), MoveKind::Normal, Pawn, Knight}), "exd8=N");
  // Turkish in-place promotion is written like a promotion onto the pawn's own square.
  const Position tk = from_fen("4P3/8/1k6/8/8/8/8/7K[R] w - - 0 1");
  EXPECT_EQ(to_san(tk, turkish_rules(), Move{sq("e8"), sq("e8"), MoveKind::InPlacePromotion, Pawn, Rook}), "e8=R");
  // And the pawn that stays: `e8`.
  const Position stay = from_fen("k7/4P3/8/8/8/8/8/K7 w - - 0 1");
  EXPECT_EQ(to_san(stay, turkish_rules(), Move{sq("e7"), sq("e8"), MoveKind::Normal, Pawn}), "e8");
  // Mate under each rule: the back-rank rook drop is `#` in crazyhouse, `+` under the bughouse rule.
  const Position back = from_fen("7k/6pp/8/8/8/8/8/K7[R] w - - 0 1");
  const Move ra8{kNoSquare, sq("a8"), MoveKind::Drop, Rook};
  EXPECT_EQ(to_san(back, zh, ra8), "R@a8#");
  EXPECT_EQ(to_san(back, bughouse_rules(), ra8), "R@a8+");
}

TEST(SanFormat, Uci) {
  EXPECT_EQ(to_uci(Move{sq("e2"), sq("e4"), MoveKind::Normal, Pawn}), "e2e4");
  EXPECT_EQ(to_uci(Move{sq("e7"), sq("e8"), MoveKind::Normal, Pawn, Queen}), "e7e8q");
  EXPECT_EQ(to_uci(Move{kNoSquare, sq("f3"), MoveKind::Drop, Knight}), "N@f3");
  EXPECT_EQ(to_uci(Move{sq("e8"), sq("e8"), MoveKind::InPlacePromotion, Pawn, Rook}), "e8e8r");
  EXPECT_EQ(to_uci(Move{sq("e1"), sq("g1"), MoveKind::Castle, King}), "e1g1");
}

// --- round trips --------------------------------------------------------------------------------------
// Canonical texts come back unchanged: to_san(parse(s)) == s.
TEST(SanRoundTrip, CanonicalTexts) {
  struct Case {
    const char* fen;
    RuleSet (*rules)();
    const char* san;
  };
  const Case cases[] = {
      {kStartFen.data(), crazyhouse_rules, "e4"},
      {kStartFen.data(), crazyhouse_rules, "Nf3"},
      {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", crazyhouse_rules, "Nbd2"},
      {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", crazyhouse_rules, "Nfd2"},
      {"8/8/1k6/8/4Q2Q/8/K7/7Q w - - 0 1", crazyhouse_rules, "Qh4e1"},
      {"8/8/1k6/8/4Q2Q/8/K7/7Q w - - 0 1", crazyhouse_rules, "Q1e1"},
      {"8/8/1k6/8/4Q2Q/8/K7/7Q w - - 0 1", crazyhouse_rules, "Qee1"},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", crazyhouse_rules, "O-O"},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", crazyhouse_rules, "O-O-O"},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", crazyhouse_rules, "Rxa8+"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NP] w KQkq - 0 1", crazyhouse_rules, "N@e4"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NP] w KQkq - 0 1", crazyhouse_rules, "P@e5"},
      {"7k/6pp/8/8/8/8/8/K7[R] w - - 0 1", crazyhouse_rules, "R@a8#"},
      {"7k/6pp/8/8/8/8/8/K7[R] w - - 0 1", bughouse_rules, "R@a8+"},
      {"3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", crazyhouse_rules, "exd8=Q+"},
      {"3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", crazyhouse_rules, "e8=N"},
      {"3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", crazyhouse_rules, "e8=Q+"},
      {"k7/4P3/8/8/8/8/8/K7 w - - 0 1", swedish_rules, "e8=R/d1+"},
      {"k7/4P3/8/8/8/8/8/K7 w - - 0 1", turkish_rules, "e8"},
      {"4P3/8/1k6/8/8/8/8/7K[R] w - - 0 1", turkish_rules, "e8=R"},
      {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", crazyhouse_rules, "exd6"},
  };
  for (const Case& c : cases) {
    const Position pos = from_fen(c.fen);
    const RuleSet rules = c.rules();
    const SanResult r = parse_san(pos, rules, c.san);
    ASSERT_EQ(r.error, SanError::None) << c.san << " in " << c.fen;
    EXPECT_EQ(to_san(pos, rules, r.move), c.san) << c.fen;
  }
}

// Every legal move of a few busy positions: parse(to_san(m)) == m (the walk test does the same at
// scale).
TEST(SanRoundTrip, EveryLegalMove) {
  struct Case {
    const char* fen;
    RuleSet (*rules)();
  };
  const Case cases[] = {
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[QRBNPqrbnp] w KQkq - 0 1", crazyhouse_rules},
      {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N[QNqn] b - - 0 1", turkish_rules},
      {"r1P1k3/8/8/8/8/8/8/4K1p1[RNPrnp] w - - 0 1", turkish_rules},
      {"8/8/1k6/8/4Q2Q/8/K7/7Q w - - 0 1", crazyhouse_rules},
  };
  for (const Case& c : cases) {
    const Position pos = from_fen(c.fen);
    const RuleSet rules = c.rules();
    auto list = std::make_unique<MoveList>();
    generate_legal(pos, rules, *list);
    ASSERT_GT(list->size, 0);
    for (const Move& m : *list) {
      const std::string san = to_san(pos, rules, m);
      const SanResult r = parse_san(pos, rules, san);
      EXPECT_EQ(r.error, SanError::None) << san << " in " << c.fen;
      EXPECT_EQ(r.move, m) << san << " in " << c.fen;
    }
  }
}

}  // namespace
}  // namespace bpgn

namespace bpgn {
namespace {

// What a player did over the board when the text cannot be played (illegal_action=claimed plays an
// unclaimed action as made): the piece the text names, or why there is none.
AsMade made(const std::string& fen, const std::string& san, const RuleSet& rules = turkish_rules()) {
  const Position pos = test::from_fen(fen);
  return as_made(pos, rules, san, parse_san(pos, rules, san));
}

TEST(SanAsMade, ThePieceTheTextNames) {
  const std::string start = std::string(kStartFen);
  // The only queen, blocked by her own pawn: she goes all the same.
  AsMade a = made(start, "Qd3");
  ASSERT_TRUE(a.move);
  EXPECT_EQ(a.move->from, test::sq("d1"));
  EXPECT_EQ(a.move->to, test::sq("d3"));
  // A pawn named by its file: the e-pawn three squares on.
  a = made(start, "e5");
  ASSERT_TRUE(a.move);
  EXPECT_EQ(a.move->from, test::sq("e2"));
  // Two knights and nothing to tell them apart; the disambiguation picks one.
  EXPECT_EQ(made(start, "Nd4").no_reading, NoReading::SeveralPieces);
  a = made(start, "Nbd4");
  ASSERT_TRUE(a.move);
  EXPECT_EQ(a.move->from, test::sq("b1"));
  // Nothing of that kind where the text names it; onto its own piece.
  EXPECT_EQ(made("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Bd4").no_reading, NoReading::NoSuchPiece);
  EXPECT_EQ(made(start, "Qd2").no_reading, NoReading::OwnPiece);
  // A drop of a piece not held is placed; a drop on a piece is not; a king is never dropped.
  a = made(start, "N@e4");
  ASSERT_TRUE(a.move);
  EXPECT_TRUE(a.piece_not_held);
  EXPECT_EQ(made(start, "N@e2").no_reading, NoReading::Occupied);
  EXPECT_EQ(made(start, "K@e4").no_reading, NoReading::King);
  // A move onto the king (the king left attacked by an earlier action played as made).
  EXPECT_EQ(made("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Rxe8").no_reading, NoReading::TakesKing);
  // Malformed and ambiguous texts are faults of the record, not actions.
  EXPECT_EQ(made(start, "Nz9").no_reading, NoReading::NotAnAction);
}

}  // namespace
}  // namespace bpgn
