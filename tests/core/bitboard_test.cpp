// Attack tables: the magic lookups against ray walking, and known totals of the leaper tables.
#include "core/bitboard.h"
#include "support/positions.h"

#include <gtest/gtest.h>

namespace bpgn {
namespace {

using test::sq;

// Read during this file's dynamic initialisation, which may run before any code of bitboard.cpp:
// the tables are constant data (constexpr in bitboard.cpp), so they are already filled here.
const Bitboard kRookD4AtStaticInit = rook_attacks(Square(27), bb(Square(29)));
const Bitboard kBishopD4AtStaticInit = bishop_attacks(Square(27), bb(Square(45)));

TEST(Bitboard, SliderTablesFilledBeforeStaticInitialisers) {
  EXPECT_EQ(kRookD4AtStaticInit, rook_attacks_slow(Square(27), bb(Square(29))));
  EXPECT_EQ(popcount(kRookD4AtStaticInit), 12);  // d1-d3, d5-d8; a4-c4; e4 and f4 (the blocker)
  EXPECT_EQ(kBishopD4AtStaticInit, bishop_attacks_slow(Square(27), bb(Square(45))));
  EXPECT_EQ(popcount(kBishopD4AtStaticInit), 11);  // e5 and f6 (the blocker); c5-a7; e3-g1; c3-a1
}

// Every square with many pseudo-random occupancies (sparse and dense): magic == ray walk.
TEST(Bitboard, MagicAttacksMatchRayWalking) {
  std::uint64_t x = 0x123456789ABCDEFULL;
  auto next = [&x] {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  int mismatches = 0;
  for (int s = 0; s < 64; ++s) {
    for (int i = 0; i < 2000; ++i) {
      const Bitboard occ = i % 3 == 0 ? next() : (i % 3 == 1 ? next() & next() : next() & next() & next());
      mismatches += rook_attacks(Square(s), occ) != rook_attacks_slow(Square(s), occ);
      mismatches += bishop_attacks(Square(s), occ) != bishop_attacks_slow(Square(s), occ);
    }
    EXPECT_EQ(rook_attacks(Square(s), 0), rook_attacks_slow(Square(s), 0));
    EXPECT_EQ(popcount(rook_attacks(Square(s), 0)), 14);  // a rook on an empty board sees 14 squares
  }
  EXPECT_EQ(mismatches, 0);
}

// Totals over all squares: knight moves 336, king moves 420, pawn captures 2 x 7 ranks x 14 = 98
// per colour (ranks 1-7 for White; a pawn on the last rank attacks nothing).
TEST(Bitboard, LeaperTotals) {
  int knight = 0, king = 0, white_pawn = 0, black_pawn = 0;
  for (int s = 0; s < 64; ++s) {
    knight += popcount(knight_attacks(Square(s)));
    king += popcount(king_attacks(Square(s)));
    white_pawn += popcount(pawn_attacks(White, Square(s)));
    black_pawn += popcount(pawn_attacks(Black, Square(s)));
  }
  EXPECT_EQ(knight, 336);
  EXPECT_EQ(king, 420);
  EXPECT_EQ(white_pawn, 98);
  EXPECT_EQ(black_pawn, 98);
  EXPECT_EQ(pawn_attacks(White, sq("e4")), bb(sq("d5")) | bb(sq("f5")));
  EXPECT_EQ(pawn_attacks(Black, sq("a5")), bb(sq("b4")));
}

TEST(Bitboard, BetweenAndLine) {
  EXPECT_EQ(popcount(between(sq("a1"), sq("h8"))), 6);
  EXPECT_EQ(between(sq("a1"), sq("b3")), 0u);  // not aligned
  EXPECT_EQ(between(sq("e1"), sq("e2")), 0u);  // adjacent
  EXPECT_EQ(between(sq("e1"), sq("e4")), bb(sq("e2")) | bb(sq("e3")));
  EXPECT_EQ(line_through(sq("c3"), sq("a1")), line_through(sq("h8"), sq("d4")));
  EXPECT_EQ(popcount(line_through(sq("c3"), sq("a1"))), 8);
  EXPECT_EQ(line_through(sq("b1"), sq("c3")), 0u);
  EXPECT_TRUE(aligned(sq("a1"), sq("c3"), sq("g7")));
  EXPECT_FALSE(aligned(sq("a1"), sq("c3"), sq("g6")));
  EXPECT_EQ(relative_rank_bb(Black, 1), kRank8);
  EXPECT_EQ(relative_rank(Black, sq("e2")), 7);
}

}  // namespace
}  // namespace bpgn

namespace bpgn {
namespace {

// The empty-board rays are the slider attacks with nothing in the way, and hold every attack of a
// slider on that square whatever stands around it.
TEST(Bitboard, RaysAreEmptyBoardSliderAttacks) {
  EXPECT_EQ(rook_rays(Square(0)), (file_bb(0) | rank_bb(0)) & ~bb(Square(0)));
  EXPECT_EQ(popcount(bishop_rays(Square(27))), 13);
  for (int s = 0; s < 64; ++s) {
    EXPECT_EQ(rook_rays(Square(s)), rook_attacks_slow(Square(s), 0)) << s;
    EXPECT_EQ(bishop_rays(Square(s)), bishop_attacks_slow(Square(s), 0)) << s;
    const Bitboard occ = 0x0042'1800'2400'8100ULL * Bitboard(s + 1);
    EXPECT_EQ(rook_attacks(Square(s), occ) & ~rook_rays(Square(s)), 0u) << s;
    EXPECT_EQ(bishop_attacks(Square(s), occ) & ~bishop_rays(Square(s)), 0u) << s;
  }
}

}  // namespace
}  // namespace bpgn
