// A perft walk that checks, after every move: Position::broken_invariant(), conservation of material
// (board + both holdings), agreement of the bulk counter with the generated list, no duplicate
// moves, and (above the last ply) is_legal(), the SAN round trip of every move and the per-square
// generator against the full list, and the FEN round trip of the position (Chess960 castling
// rights included).
#include "core/fen.h"
#include "core/movegen.h"
#include "core/san.h"
#include "rules/rule_set.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace bpgn {
namespace {

// Pieces other than kings, on the board and in both holdings.
int units(const Position& p) {
  int n = popcount(p.occupied() & ~p.pieces(King));
  for (Color c : {White, Black}) {
    for (int t = 0; t < kHoldablePieceTypes; ++t) n += p.in_hand(c, PieceType(t));
  }
  return n;
}

// Count per type over both colours, board and holdings, with promoted pieces counted as the pawns
// they were. Constant in crazyhouse with promoted_reverts (a capture only moves a unit into a
// holding, a drop back out, a promotion keeps a pawn-equivalent).
std::array<int, kHoldablePieceTypes> census(const Position& p) {
  std::array<int, kHoldablePieceTypes> c{};
  for (int t = 0; t < kHoldablePieceTypes; ++t) {
    c[t] = popcount(p.pieces(PieceType(t)) & ~p.promoted()) + p.in_hand(White, PieceType(t)) +
           p.in_hand(Black, PieceType(t));
  }
  c[Pawn] += popcount(p.promoted());
  return c;
}

bool same_move(const Move& a, const Move& b) {
  return a.from == b.from && a.to == b.to && a.kind == b.kind && a.piece == b.piece && a.promotion == b.promotion;
}

struct Walk {
  const RuleSet& rules;
  std::uint64_t leaves = 0;
  int failures = 0;

  void fail(const Position& pos, const std::string& what) {
    if (++failures <= 5) ADD_FAILURE() << what << " in " << to_fen(pos);
  }

  void run(const Position& pos, int depth) {
    if (depth == 0) {
      ++leaves;
      return;
    }
    auto list = std::make_unique<MoveList>();
    generate_legal(pos, rules, *list);
    if (perft(pos, rules, 1) != std::uint64_t(list->size)) fail(pos, "bulk count differs from the move list");
    if (depth >= 2) {
      // The per-square generator (SAN's) returns exactly the moves of the full list to that square.
      std::array<std::vector<Move>, 64> by_square;
      for (const Move& m : *list) by_square[m.to].push_back(m);
      for (int to = 0; to < 64; ++to) {
        SquareMoveList part;
        generate_legal_to(pos, rules, Square(to), part);
        const std::vector<Move>& want = by_square[to];
        bool same = std::size_t(part.size) == want.size();
        for (const Move& m : part) same &= std::find(want.begin(), want.end(), m) != want.end();
        if (!same) fail(pos, "generate_legal_to disagrees on square " + std::to_string(to));
      }
    }
    if (depth >= 2) {
      Position back;
      if (parse_fen(to_fen(pos), back) || !(back == pos)) fail(pos, "FEN round trip");
    }
    std::set<std::string> seen;
    const bool allow_last_rank = rules.promotion == Promotion::FromHolding;
    const bool reverting_census = rules.boards == 1 && rules.drops && rules.promoted_reverts;
    for (const Move& m : *list) {
      if (!seen.insert(to_uci(m) + char('0' + int(m.kind))).second) fail(pos, "duplicate move " + to_uci(m));
      if (depth >= 2) {
        if (!is_legal(pos, rules, m)) fail(pos, "is_legal rejects generated " + to_uci(m));
        const std::string san = to_san(pos, rules, m);
        const SanResult back = parse_san(pos, rules, san);
        if (back.error != SanError::None || !same_move(back.move, m)) fail(pos, "SAN round trip of " + san);
        if (back.written_suffix != deserved_suffix(pos, rules, m)) fail(pos, "suffix of " + san);
      }
      Position next = pos;
      const Capture cap = next.play(m, rules);
      if (const char* broken = next.broken_invariant(allow_last_rank)) {
        fail(pos, std::string(broken) + " after " + to_uci(m));
        continue;
      }
      if (next.side_to_move() == pos.side_to_move()) fail(pos, "side to move unchanged");
      // A capture leaves this board's material when it goes to the partner (two boards) or nowhere (chess).
      const int lost = (rules.boards == 2 || !rules.drops) && cap.happened() ? 1 : 0;
      if (units(next) + lost != units(pos)) fail(pos, "material not conserved after " + to_uci(m));
      if (reverting_census && rules.promotion == Promotion::Choice && census(next) != census(pos)) {
        fail(pos, "per-type census changed after " + to_uci(m));
      }
      if (rules.boards == 2 && (next.holding(White) != pos.holding(White) || next.holding(Black) != pos.holding(Black)) &&
          m.kind != MoveKind::Drop && rules.promotion != Promotion::FromHolding) {
        fail(pos, "a two-board move changed a holding: " + to_uci(m));
      }
      run(next, depth - 1);
    }
  }
};

struct WalkCase {
  const char* what;
  const char* fen;
  RuleSet (*rules)();
  int depth;
  std::uint64_t leaves;  // the perft count, where published (0: only compared with perft())
};

const WalkCase kWalks[] = {
    // Published counts (tests/data/crazyhouse.perft).
    {"zh-midgame", "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1", crazyhouse_rules, 2, 3932},
    {"zh-promoted", "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1", crazyhouse_rules, 3, 5445},
    {"zh-all-drop-types", "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", crazyhouse_rules, 2, 75353},
    {"zh-drops, two-board rules", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", bughouse_rules, 3, 88634},
    {"kiwipete, chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", chess_rules, 2, 2039},
    // Chess960 (tests/data/chess960.perft): king already on g1 with its rook on h1; king and rook
    // that change places (c1/d1); a rook between the king and its destination.
    {"chess960 id 0, king on g1", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", chess_rules, 3, 12189},
    {"chess960 id 93, king and rook swap", "nnrkrbbq/pppp2pp/8/4pp2/4P3/P7/1PPPBPPP/NNKRR1BQ w c - 0 9", chess_rules, 3, 19883},
    {"chess960 id 74, both sides swap", "n1rkbqrb/pp1ppp2/2n3p1/2p4p/P5PP/1P6/2PPPP2/NNRKBQRB w GCgc - 0 9", chess_rules, 3, 20712},
    // Other rule sets: invariants only.
    {"chess960 open back rank, crazyhouse", "r3k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1[Nn] w GBga - 0 1", crazyhouse_rules, 3, 0},
    {"zh-promoted, boltchess", "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1", boltchess_rules, 3, 0},
    {"promotions, swedish", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N[] b - - 0 1", swedish_rules, 3, 0},
    {"promotions, turkish", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N[QNqn] b - - 0 1", turkish_rules, 3, 0},
    {"pawns at both ends, turkish", "r1P1k3/8/8/8/8/8/8/4K1p1[RNPrnp] w - - 0 1", turkish_rules, 3, 0},
    {"zh-midgame, turkish", "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1", turkish_rules, 2, 0},
    {"zh-midgame, boltchess", "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1", boltchess_rules, 2, 0},
};

TEST(PerftWalk, InvariantsHoldAfterEveryMove) {
  for (const WalkCase& c : kWalks) {
    SCOPED_TRACE(c.what);
    Position pos;
    ASSERT_FALSE(parse_fen(c.fen, pos)) << c.fen;
    const RuleSet rules = c.rules();
    ASSERT_EQ(pos.broken_invariant(rules.promotion == Promotion::FromHolding), nullptr);
    Walk walk{rules};
    walk.run(pos, c.depth);
    EXPECT_EQ(walk.failures, 0);
    EXPECT_EQ(walk.leaves, perft(pos, rules, c.depth));
    if (c.leaves) {
      EXPECT_EQ(walk.leaves, c.leaves);
    }
  }
}

}  // namespace
}  // namespace bpgn
