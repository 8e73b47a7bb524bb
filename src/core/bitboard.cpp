// Magic bitboards for rooks and bishops, computed at compile time: the tables are constant data in
// the binary and nothing runs at start-up. The multipliers below were found by a random search
// (sparse xorshift64* candidates); the compiler checks every one of them while it fills the table.
#include "core/bitboard.h"

namespace bpgn {
namespace {

// Fancy magics share one table: 102400 rook entries + 5248 bishop entries.
constexpr std::size_t kRookTableSize = 102400;
constexpr std::size_t kBishopTableSize = 5248;

constexpr std::array<Bitboard, 64> kRookMagics = {
    0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021d00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0442000a00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040a00128541ULL,
    0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xc100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000a0020ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040a00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
constexpr std::array<Bitboard, 64> kBishopMagics = {
    0x2048017020910100ULL, 0x0044410424008008ULL, 0x040828a400900000ULL, 0x8002209200022000ULL,
    0x0002021000540002ULL, 0x0021018840000000ULL, 0x00009e8420204002ULL, 0x00a0920110084480ULL,
    0x4003062018010110ULL, 0x0221046812004e09ULL, 0x01e11002958912a0ULL, 0x0000044410804000ULL,
    0x0000821210000080ULL, 0x080201102210a800ULL, 0x0080040411045004ULL, 0x00704a1842021000ULL,
    0x1005061070322800ULL, 0x0018001010410444ULL, 0x0010000800401420ULL, 0x2204002844000800ULL,
    0x2052020412022280ULL, 0x000a020101008208ULL, 0x0040400201042000ULL, 0x03e1082040480410ULL,
    0x1004200004208414ULL, 0x08700400984808c8ULL, 0x0088080004004410ULL, 0x008c0240140100a2ULL,
    0x0008840001822000ULL, 0x0050088001080100ULL, 0x98140840040a2200ULL, 0x3002020900210110ULL,
    0x1004040640206000ULL, 0x1090909000840400ULL, 0x9002444810100020ULL, 0x4000020080080080ULL,
    0x0028020400011010ULL, 0x0290808300020100ULL, 0x8010020882004410ULL, 0x0604010040082c20ULL,
    0x20040104c0801008ULL, 0x6004208424001050ULL, 0x1002840041000800ULL, 0x0200042018000102ULL,
    0xa8002000a0821c00ULL, 0x0040080802201910ULL, 0x0222620444000100ULL, 0x0002080041020088ULL,
    0x1500820110401050ULL, 0x0000492090100080ULL, 0x0900410041100000ULL, 0x0302000420880000ULL,
    0x0010501202020020ULL, 0x0008200490049040ULL, 0x0462080214a40120ULL, 0x2421310102008100ULL,
    0x2400420080884060ULL, 0x0800804406184208ULL, 0x0b0080124a084400ULL, 0x082e082300840412ULL,
    0x6051049040082200ULL, 0xc610211002102101ULL, 0x0000048808010433ULL, 0x0010200804405440ULL,
};

// Where one square's attack sets start in the shared table; the pointer form (Magic) is made from
// it once the table has its address.
struct MagicSpec {
  Bitboard mask = 0;
  Bitboard magic = 0;
  std::size_t offset = 0;
  unsigned shift = 0;
};

struct SliderTables {
  std::array<Bitboard, kRookTableSize + kBishopTableSize> table{};
  std::array<MagicSpec, 64> rook{};
  std::array<MagicSpec, 64> bishop{};
};

// Fills specs[s] for every square, with the attack sets from table[cursor] on; returns the new
// cursor. A multiplier that sends two occupancies with different attacks to one slot throws, which
// in a constant expression is a compile error: a wrong number in the lists above cannot build.
constexpr std::size_t fill_slider(SliderTables& t, std::array<MagicSpec, 64>& specs, bool rook,
                                  const std::array<Bitboard, 64>& magics, std::size_t cursor) {
  for (int sq = 0; sq < 64; ++sq) {
    const Square s = Square(sq);
    const auto slow = [rook, s](Bitboard occupied) {
      return rook ? rook_attacks_slow(s, occupied) : bishop_attacks_slow(s, occupied);
    };
    // Edge squares never block anything beyond them, so they are left out of the mask unless the
    // slider stands on that edge's rank or file.
    const Bitboard edges = ((kRank1 | kRank8) & ~rank_bb(rank_of(s))) | ((kFileA | kFileH) & ~file_bb(file_of(s)));
    MagicSpec& m = specs[s];
    m.mask = slow(0) & ~edges;
    m.magic = magics[s];
    m.shift = unsigned(64 - popcount(m.mask));
    m.offset = cursor;
    // Every subset of the mask (Carry-Rippler) with its true attack set. A slider always attacks
    // something, so 0 marks a slot not written yet.
    Bitboard b = 0;
    do {
      Bitboard& slot = t.table[cursor + std::size_t((b * m.magic) >> m.shift)];
      const Bitboard attacks = slow(b);
      if (slot != 0 && slot != attacks) throw "magic multiplier with a destructive collision";
      slot = attacks;
      b = (b - m.mask) & m.mask;
    } while (b);
    cursor += std::size_t{1} << (64 - m.shift);
  }
  return cursor;
}

constexpr SliderTables make_slider_tables() {
  SliderTables t{};
  const std::size_t rook_end = fill_slider(t, t.rook, true, kRookMagics, 0);
  if (rook_end != kRookTableSize) throw "rook table size";
  if (fill_slider(t, t.bishop, false, kBishopMagics, rook_end) != t.table.size()) throw "bishop table size";
  return t;
}

constexpr SliderTables kSliderTables = make_slider_tables();

constexpr std::array<Magic, 64> with_pointers(const std::array<MagicSpec, 64>& specs) {
  std::array<Magic, 64> magics{};
  for (std::size_t s = 0; s < 64; ++s) {
    magics[s] = Magic{specs[s].mask, specs[s].magic, kSliderTables.table.data() + specs[s].offset, specs[s].shift};
  }
  return magics;
}

}  // namespace

// constexpr (and extern, from the declaration in bitboard.h): a compile error if these tables ever
// needed code at start-up.
constexpr std::array<Magic, 64> g_rook_magics = with_pointers(kSliderTables.rook);
constexpr std::array<Magic, 64> g_bishop_magics = with_pointers(kSliderTables.bishop);

namespace {
// The compile-time tables agree with the ray walk of bitboard.h on an empty board, a full one and a
// checkerboard, for every square (tests/core/bitboard_test.cpp checks many more occupancies at run time).
constexpr bool magic_lookups_match_ray_walk() {
  for (const Bitboard occupied : {Bitboard{0}, kAllSquares, Bitboard{0x55AA55AA55AA55AAULL}}) {
    for (int sq = 0; sq < 64; ++sq) {
      const Square s = Square(sq);
      const Magic& r = g_rook_magics[s];
      const Magic& b = g_bishop_magics[s];
      if (r.attacks[r.index(occupied)] != rook_attacks_slow(s, occupied)) return false;
      if (b.attacks[b.index(occupied)] != bishop_attacks_slow(s, occupied)) return false;
    }
  }
  return true;
}
static_assert(magic_lookups_match_ray_walk());
}  // namespace

}  // namespace bpgn
