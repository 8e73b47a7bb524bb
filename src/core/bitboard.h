// Bitboard constants, shifts and attack tables, all computed at compile time: leaper tables,
// `between` and `line` here, the sliders' magic bitboards in bitboard.cpp (constant data: there is
// no init() to call and nothing runs at start-up).
#pragma once

#include "core/types.h"

#include <array>
#include <cstdint>

namespace bpgn {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank8 = kRank1 << 56;
constexpr Bitboard kAllSquares = ~Bitboard{0};

constexpr Bitboard file_bb(int file) { return kFileA << file; }
constexpr Bitboard rank_bb(int rank) { return kRank1 << (8 * rank); }
// Rank r (1-based) counted from colour c's side: relative_rank_bb(White, 1) is rank 1,
// relative_rank_bb(Black, 1) is rank 8.
constexpr Bitboard relative_rank_bb(Color c, int r) { return rank_bb(c == White ? r - 1 : 8 - r); }

constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shifts that drop what falls off the board (no wrap from the a-file to the h-file).
constexpr Bitboard shift_north(Bitboard b) { return b << 8; }
constexpr Bitboard shift_south(Bitboard b) { return b >> 8; }
constexpr Bitboard shift_east(Bitboard b) { return (b & ~kFileH) << 1; }
constexpr Bitboard shift_west(Bitboard b) { return (b & ~kFileA) >> 1; }
// One step "up" for colour c: north for White, south for Black.
constexpr Bitboard shift_up(Color c, Bitboard b) { return c == White ? shift_north(b) : shift_south(b); }
constexpr int up_delta(Color c) { return c == White ? 8 : -8; }

namespace detail {

constexpr bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

template <std::size_t N>
constexpr std::array<Bitboard, 64> leaper_table(const int (&df)[N], const int (&dr)[N]) {
  std::array<Bitboard, 64> t{};
  for (int s = 0; s < 64; ++s) {
    for (std::size_t i = 0; i < N; ++i) {
      const int f = s % 8 + df[i], r = s / 8 + dr[i];
      if (on_board(f, r)) t[s] |= Bitboard{1} << (r * 8 + f);
    }
  }
  return t;
}

constexpr int kKnightDf[] = {1, 2, 2, 1, -1, -2, -2, -1};
constexpr int kKnightDr[] = {2, 1, -1, -2, -2, -1, 1, 2};
constexpr int kKingDf[] = {1, 1, 1, 0, -1, -1, -1, 0};
constexpr int kKingDr[] = {1, 0, -1, -1, -1, 0, 1, 1};
constexpr int kWhitePawnDf[] = {-1, 1};
constexpr int kWhitePawnDr[] = {1, 1};
constexpr int kBlackPawnDf[] = {-1, 1};
constexpr int kBlackPawnDr[] = {-1, -1};

// Attacks of a slider from s along the given directions, stopping at (and including) blockers.
constexpr Bitboard ray_attacks(int s, Bitboard occupied, const int (&df)[4], const int (&dr)[4]) {
  Bitboard a = 0;
  for (int d = 0; d < 4; ++d) {
    int f = s % 8 + df[d], r = s / 8 + dr[d];
    while (on_board(f, r)) {
      const Bitboard b = Bitboard{1} << (r * 8 + f);
      a |= b;
      if (occupied & b) break;
      f += df[d];
      r += dr[d];
    }
  }
  return a;
}

constexpr int kRookDf[] = {1, -1, 0, 0};
constexpr int kRookDr[] = {0, 0, 1, -1};
constexpr int kBishopDf[] = {1, 1, -1, -1};
constexpr int kBishopDr[] = {1, -1, 1, -1};

// line[a][b]: the whole rank, file or diagonal through a and b (both included); 0 when not aligned.
// between[a][b]: the squares strictly between a and b when aligned, else 0.
struct LineTables {
  std::array<std::array<Bitboard, 64>, 64> line{};
  std::array<std::array<Bitboard, 64>, 64> between{};
};

// Walks each of the 8 rays from every square once (cheap enough for every compiler's constexpr step
// limit): along a ray, line[a][b] is the whole line of that direction and between[a][b] collects the
// squares passed so far.
constexpr LineTables make_line_tables() {
  LineTables t{};
  constexpr int df[8] = {1, -1, 0, 0, 1, 1, -1, -1};
  constexpr int dr[8] = {0, 0, 1, -1, 1, -1, 1, -1};
  for (int a = 0; a < 64; ++a) {
    for (int d = 0; d < 8; ++d) {
      Bitboard full = Bitboard{1} << a;
      for (int sign : {1, -1}) {
        for (int f = a % 8 + sign * df[d], r = a / 8 + sign * dr[d]; on_board(f, r); f += sign * df[d], r += sign * dr[d]) {
          full |= Bitboard{1} << (r * 8 + f);
        }
      }
      Bitboard passed = 0;
      for (int f = a % 8 + df[d], r = a / 8 + dr[d]; on_board(f, r); f += df[d], r += dr[d]) {
        const int b = r * 8 + f;
        t.line[a][b] = full;
        t.between[a][b] = passed;
        passed |= Bitboard{1} << b;
      }
    }
  }
  return t;
}

}  // namespace detail

inline constexpr std::array<Bitboard, 64> kKnightAttacks = detail::leaper_table(detail::kKnightDf, detail::kKnightDr);
inline constexpr std::array<Bitboard, 64> kKingAttacks = detail::leaper_table(detail::kKingDf, detail::kKingDr);
inline constexpr std::array<std::array<Bitboard, 64>, 2> kPawnAttacks = {
    detail::leaper_table(detail::kWhitePawnDf, detail::kWhitePawnDr),
    detail::leaper_table(detail::kBlackPawnDf, detail::kBlackPawnDr)};
inline constexpr detail::LineTables kLineTables = detail::make_line_tables();

namespace detail {
constexpr std::array<Bitboard, 64> ray_table(const int (&df)[4], const int (&dr)[4]) {
  std::array<Bitboard, 64> t{};
  for (int s = 0; s < 64; ++s) t[s] = ray_attacks(s, 0, df, dr);
  return t;
}
}  // namespace detail

// A slider's attacks on an empty board: every square on the ranks and files (diagonals) through s.
// A cheap first test before a magic lookup: no slider on them, no attack along them.
inline constexpr std::array<Bitboard, 64> kRookRays = detail::ray_table(detail::kRookDf, detail::kRookDr);
inline constexpr std::array<Bitboard, 64> kBishopRays = detail::ray_table(detail::kBishopDf, detail::kBishopDr);

constexpr Bitboard knight_attacks(Square s) { return kKnightAttacks[s]; }
constexpr Bitboard king_attacks(Square s) { return kKingAttacks[s]; }
// Squares a pawn of colour c on s attacks.
constexpr Bitboard pawn_attacks(Color c, Square s) { return kPawnAttacks[c][s]; }
constexpr Bitboard line_through(Square a, Square b) { return kLineTables.line[a][b]; }
constexpr Bitboard between(Square a, Square b) { return kLineTables.between[a][b]; }
constexpr bool aligned(Square a, Square b, Square c) { return (line_through(a, b) & bb(c)) != 0; }
constexpr Bitboard rook_rays(Square s) { return kRookRays[s]; }
constexpr Bitboard bishop_rays(Square s) { return kBishopRays[s]; }

// One magic entry: attacks = table[((occupied & mask) * magic) >> shift].
struct Magic {
  Bitboard mask = 0;
  Bitboard magic = 0;
  const Bitboard* attacks = nullptr;
  unsigned shift = 0;
  constexpr std::size_t index(Bitboard occupied) const { return std::size_t(((occupied & mask) * magic) >> shift); }
};

// Defined constexpr in bitboard.cpp (constant data), so even a static constructor may use them.
extern const std::array<Magic, 64> g_rook_magics;
extern const std::array<Magic, 64> g_bishop_magics;

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const Magic& m = g_rook_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const Magic& m = g_bishop_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
// Attacks of a piece of type t (not a pawn) on s.
inline Bitboard piece_attacks(PieceType t, Square s, Bitboard occupied) {
  switch (t) {
    case Knight: return knight_attacks(s);
    case Bishop: return bishop_attacks(s, occupied);
    case Rook: return rook_attacks(s, occupied);
    case Queen: return queen_attacks(s, occupied);
    case King: return king_attacks(s);
    case Pawn:
    case NoPieceType: return 0;
  }
  return 0;
}

// Slow reference slider attacks (ray walking), for tests of the magic tables.
constexpr Bitboard rook_attacks_slow(Square s, Bitboard occupied) {
  return detail::ray_attacks(s, occupied, detail::kRookDf, detail::kRookDr);
}
constexpr Bitboard bishop_attacks_slow(Square s, Bitboard occupied) {
  return detail::ray_attacks(s, occupied, detail::kBishopDf, detail::kBishopDr);
}

}  // namespace bpgn
