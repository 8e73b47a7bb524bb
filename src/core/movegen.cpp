// Legal move generation with check and pin masks (no make-and-test), written once as a template
// over a "sink": the same code lists moves, counts them in bulk (perft's last ply adds popcounts of
// target sets instead of making moves) or stops at the first one (mate tests).
#include "core/movegen.h"

#include "rules/rule_set.h"

namespace bpgn {
namespace {

// What a pawn reaching its last rank may become: Q R B N, or under from_holding "stay a pawn"
// (NoPieceType) plus every piece type in the mover's holding.
struct PromoSet {
  PieceType types[5];
  int size = 0;
};

PromoSet promotion_choices(const Position& pos, const RuleSet& rules, Color us) {
  PromoSet p;
  switch (rules.promotion) {
    case Promotion::Choice:
    case Promotion::StealFromPartnerBoard:  // on one board: any of Q R B N (the other board decides)
      p.types[0] = Queen;
      p.types[1] = Rook;
      p.types[2] = Bishop;
      p.types[3] = Knight;
      p.size = 4;
      break;
    case Promotion::Discard:  // the pawn leaves the board
      p.types[p.size++] = Pawn;
      break;
    case Promotion::FromHolding:
      p.types[p.size++] = NoPieceType;
      for (PieceType t : {Queen, Rook, Bishop, Knight}) {
        if (pos.in_hand(us, t)) p.types[p.size++] = t;
      }
      break;
  }
  return p;
}

// Squares where a pawn of colour c may be dropped: the relative ranks of the bit set.
Bitboard pawn_drop_mask(Color c, std::uint8_t ranks) {
  Bitboard m = 0;
  for (int r = 1; r <= 8; ++r) {
    if (ranks >> (r - 1) & 1) m |= relative_rank_bb(c, r);
  }
  return m;
}

// Squares from which a piece of type t and colour us would attack the enemy king on eks.
Bitboard check_squares(PieceType t, Color us, Square eks, Bitboard occupied) {
  return t == Pawn ? pawn_attacks(~us, eks) : piece_attacks(t, eks, occupied);
}

// The squares from a to b on one rank, both included.
constexpr Bitboard rank_span(Square a, Square b) {
  const Square lo = a < b ? a : b, hi = a < b ? b : a;
  return (bb(hi) << 1) - bb(lo);  // hi may be h8 (63): the shift drops to 0 and the wrap still works
}

// Castling on rank 1 with the king on file k and the rook on file r (Black: shifted to rank 8):
// `empty` is every square the king or the rook crosses or lands on, less their own two squares;
// `king` the squares the king crosses or lands on (its own square excluded: it is not in check).
struct CastlingPaths {
  Bitboard empty = 0, king = 0;
};
using CastlingPathTable = std::array<std::array<std::array<CastlingPaths, 8>, 8>, 2>;  // [king_side][k][r]
constexpr CastlingPathTable make_castling_paths() {
  CastlingPathTable t{};
  for (int side = 0; side < 2; ++side) {
    for (int k = 0; k < 8; ++k) {
      for (int r = 0; r < 8; ++r) {
        const Square king = make_square(k, 0), rook = make_square(r, 0);
        const Square king_to = castling_king_to(White, side == 1), rook_to = castling_rook_to(White, side == 1);
        const Bitboard movers = bb(king) | bb(rook);
        t[side][k][r].king = rank_span(king, king_to) & ~bb(king);
        t[side][k][r].empty = (rank_span(king, king_to) | rank_span(rook, rook_to)) & ~movers;
      }
    }
  }
  return t;
}
constexpr CastlingPathTable kCastlingPaths = make_castling_paths();

// Sinks. Targets arrive as bitboards so that counting never expands them into moves.
struct CountSink {
  std::uint64_t n = 0;
  void single(const Move&) { ++n; }
  void piece(Square, Bitboard to, PieceType) { n += unsigned(popcount(to)); }
  void pawns(Bitboard to, int) { n += unsigned(popcount(to)); }
  void promotions(Bitboard to, int, const PromoSet& p) { n += unsigned(popcount(to) * p.size); }
  void drops(PieceType, Bitboard to) { n += unsigned(popcount(to)); }
  void in_place(PieceType, Bitboard squares) { n += unsigned(popcount(squares)); }
  static constexpr bool done() { return false; }
};

// Stops the generator at the first legal move (has-a-reply tests).
struct AnySink : CountSink {
  bool done() const { return n != 0; }
};

template <class F>
struct EmitSink {
  F& f;
  void single(const Move& m) { f(m); }
  void piece(Square from, Bitboard to, PieceType t) {
    while (to) f(Move{from, pop_lsb(to), MoveKind::Normal, t});
  }
  void pawns(Bitboard to, int delta) {
    while (to) {
      const Square s = pop_lsb(to);
      f(Move{Square(s - delta), s, MoveKind::Normal, Pawn});
    }
  }
  void promotions(Bitboard to, int delta, const PromoSet& p) {
    while (to) {
      const Square s = pop_lsb(to);
      for (int i = 0; i < p.size; ++i) f(Move{Square(s - delta), s, MoveKind::Normal, Pawn, p.types[i]});
    }
  }
  void drops(PieceType t, Bitboard to) {
    while (to) f(Move{kNoSquare, pop_lsb(to), MoveKind::Drop, t});
  }
  void in_place(PieceType t, Bitboard squares) {
    while (squares) {
      const Square s = pop_lsb(squares);
      f(Move{s, s, MoveKind::InPlacePromotion, Pawn, t});
    }
  }
  static constexpr bool done() { return false; }
};

bool checkmated(const Position& pos, const RuleSet& rules);
bool board_mated(const Position& pos, const RuleSet& rules);

// Would placing piece t on s (a drop, or an in-place promotion when `in_place`) give a mate that
// rules.drop_mate forbids?
bool placement_mates(const Position& pos, const RuleSet& rules, PieceType t, Square s, bool in_place) {
  Position next = pos;
  next.play(in_place ? Move{s, s, MoveKind::InPlacePromotion, Pawn, t} : Move{kNoSquare, s, MoveKind::Drop, t},
            rules);
  return rules.drop_mate == DropMate::ForbiddenBoardMate ? board_mated(next, rules) : checkmated(next, rules);
}

// Placements of piece t on `squares` (drops, or in-place promotions), minus those drop_check /
// drop_mate forbid. A placement cannot uncover a line, so it checks exactly when the placed piece
// attacks the king.
template <class Sink>
void placements(const Position& pos, const RuleSet& rules, Sink& sink, PieceType t, Bitboard squares, bool in_place) {
  if (rules.drop_check && rules.drop_mate == DropMate::Allowed) {
    in_place ? sink.in_place(t, squares) : sink.drops(t, squares);
    return;
  }
  const Color us = pos.side_to_move();
  Bitboard checking = squares & check_squares(t, us, pos.king_square(~us), pos.occupied());
  squares &= ~checking;
  in_place ? sink.in_place(t, squares) : sink.drops(t, squares);
  if (!rules.drop_check || sink.done()) return;  // every check is forbidden (a mate is a check)
  while (checking) {                              // only mates are forbidden: test each check
    const Square s = pop_lsb(checking);
    if (!placement_mates(pos, rules, t, s, in_place)) {
      in_place ? sink.in_place(t, bb(s)) : sink.drops(t, bb(s));
    }
  }
}

// `only_to` restricts generation to moves that end on those squares (SAN needs one square only).
template <class Sink>
void generate(const Position& pos, const RuleSet& rules, Sink& sink, Bitboard only_to = kAllSquares) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square ksq = pos.king_square(us);
  // An edited board without both kings is no game position: it has no moves (and the tables below
  // must not be indexed with kNoSquare).
  if (ksq == kNoSquare || pos.king_square(them) == kNoSquare) return;
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(them), occ = own | enemy, empty = ~occ;
  const Bitboard checkers = pos.attackers_to(ksq, them, occ);

  // King steps, tested with the king lifted so that a slider's ray through its square still counts.
  {
    Bitboard to = king_attacks(ksq) & ~own & only_to;
    const Bitboard occ_without_king = occ ^ bb(ksq);
    while (to) {
      const Square s = pop_lsb(to);
      if (!pos.attackers_to(s, them, occ_without_king)) sink.single(Move{ksq, s, MoveKind::Normal, King});
    }
  }
  if (more_than_one(checkers) || sink.done()) return;  // double check: only the king may move

  // Non-king moves must land on `target`; drops on `drop_target`.
  Bitboard target = ~own & only_to;
  Bitboard drop_target = empty & only_to;
  if (checkers) {
    const Bitboard block = between(ksq, lsb(checkers));
    target &= block | checkers;
    drop_target &= block;
  }

  // Own pieces pinned to the king may only move along the pin line.
  Bitboard pinned = 0;
  {
    const Bitboard rq = pos.pieces(Rook) | pos.pieces(Queen), bq = pos.pieces(Bishop) | pos.pieces(Queen);
    Bitboard snipers = enemy & ((rook_attacks(ksq, 0) & rq) | (bishop_attacks(ksq, 0) & bq));
    while (snipers) {
      const Bitboard b = between(ksq, pop_lsb(snipers)) & occ;
      if (b && !more_than_one(b) && (b & own)) pinned |= b;
    }
  }

  // With one target square (SAN), only the pieces that reach it can move there: attacks are
  // symmetric, so the target's own attack sets name them without computing every piece's moves.
  Bitboard knight_from = kAllSquares, bishop_from = kAllSquares, rook_from = kAllSquares;
  if (only_to != kAllSquares) {
    knight_from = bishop_from = rook_from = 0;
    for (Bitboard t = target; t;) {
      const Square s = pop_lsb(t);
      knight_from |= knight_attacks(s);
      bishop_from |= bishop_attacks(s, occ);
      rook_from |= rook_attacks(s, occ);
    }
  }

  for (Bitboard b = pos.pieces(us, Knight) & ~pinned & knight_from; b;) {
    const Square s = pop_lsb(b);
    sink.piece(s, knight_attacks(s) & target, Knight);
  }
  for (Bitboard b = pos.pieces(us, Bishop) & bishop_from; b;) {
    const Square s = pop_lsb(b);
    Bitboard to = bishop_attacks(s, occ) & target;
    if (pinned & bb(s)) to &= line_through(ksq, s);
    sink.piece(s, to, Bishop);
  }
  for (Bitboard b = pos.pieces(us, Rook) & rook_from; b;) {
    const Square s = pop_lsb(b);
    Bitboard to = rook_attacks(s, occ) & target;
    if (pinned & bb(s)) to &= line_through(ksq, s);
    sink.piece(s, to, Rook);
  }
  for (Bitboard b = pos.pieces(us, Queen) & (bishop_from | rook_from); b;) {
    const Square s = pop_lsb(b);
    Bitboard to = queen_attacks(s, occ) & target;
    if (pinned & bb(s)) to &= line_through(ksq, s);
    sink.piece(s, to, Queen);
  }

  // Pawns: unpinned ones in bulk by shifting, pinned ones one by one.
  const Bitboard pawns = pos.pieces(us, Pawn);
  const Bitboard last = relative_rank_bb(us, 8), third = relative_rank_bb(us, 3);
  const int up = up_delta(us);
  if (pawns) {
    const PromoSet promos = promotion_choices(pos, rules, us);
    // A discard (bughouse.pro) leaves the promotion square empty: the pawn neither blocks a line
    // to the king there nor stands in for what it captured, so each one is tested on the board
    // without the pawn (the server's UnprotectedKing). Other promotions block like any piece.
    const bool discard = rules.promotion == Promotion::Discard;
    auto promote = [&](Bitboard to, int delta) {
      if (discard) {
        for (Bitboard b = to; b;) {
          const Square s = pop_lsb(b);
          const Bitboard after = (occ ^ bb(Square(s - delta))) & ~bb(s);
          if (pos.attackers_to(ksq, them, after) & ~bb(s)) to &= ~bb(s);
        }
      }
      if (to) sink.promotions(to, delta, promos);
    };
    const Bitboard free = pawns & ~pinned;
    const Bitboard one = shift_up(us, free) & empty;
    const Bitboard two = shift_up(us, one & third) & empty & target;
    const Bitboard push = one & target;
    sink.pawns(push & ~last, up);
    if (push & last) promote(push & last, up);
    sink.pawns(two, 2 * up);
    // A pawn dropped on its own first rank (pawn_drop_ranks with rank 1) may also step two squares,
    // to rank 3, as bughouse.pro lets it.
    if (const Bitboard first = free & relative_rank_bb(us, 1)) {
      sink.pawns(shift_up(us, shift_up(us, first) & empty) & empty & target, 2 * up);
    }
    const Bitboard west = shift_west(shift_up(us, free)) & enemy & target;
    const Bitboard east = shift_east(shift_up(us, free)) & enemy & target;
    sink.pawns(west & ~last, up - 1);
    sink.pawns(east & ~last, up + 1);
    if ((west | east) & last) {
      promote(west & last, up - 1);
      promote(east & last, up + 1);
    }
    for (Bitboard b = pawns & pinned; b;) {
      const Square from = pop_lsb(b);
      const Bitboard o = shift_up(us, bb(from)) & empty;
      // (o & second: the pawn stands on its first rank and may step two squares from there too)
      Bitboard to = (o | (shift_up(us, o & (third | relative_rank_bb(us, 2))) & empty) | (pawn_attacks(us, from) & enemy)) &
                    target & line_through(ksq, from);
      while (to) {
        const Square s = pop_lsb(to);
        if (bb(s) & last) promote(bb(s), s - from);
        else sink.pawns(bb(s), s - from);
      }
    }
    // En passant: rare, so tested in full (it removes two pieces from one line).
    if (pos.en_passant() != kNoSquare && (only_to & bb(pos.en_passant()))) {
      const Square ep = pos.en_passant();
      const Square victim = Square(ep - up);
      for (Bitboard b = pawn_attacks(them, ep) & pawns; b;) {
        const Square from = pop_lsb(b);
        const Bitboard after = (occ ^ bb(from) ^ bb(victim)) | bb(ep);
        if (!(pos.attackers_to(ksq, them, after) & ~bb(victim))) {
          sink.single(Move{from, ep, MoveKind::EnPassant, Pawn});
        }
      }
    }
  }
  if (sink.done()) return;

  // Castling, by the Chess960 rules (standard chess is the case king on e1, rooks in the corners):
  // the king goes to g1/c1, the rook to f1/d1; every square the king or the rook crosses or lands on
  // is empty but for those two; the king is not in check and crosses or lands on no attacked square.
  // Attacks are tested without the king and that rook: a rook on b1 shields c1 from a queen on a1
  // only until it moves away.
  if (!checkers && (pos.castling() & (us == White ? 3 : 12))) {
    // Pieces other than the own king and rooks: any of them on the king's or the rook's destination
    // blocks at once (the usual case early in a game), before the right's rook is even looked up.
    const Bitboard blockers = occ & ~(pos.pieces(us, King) | pos.pieces(us, Rook));
    const auto try_castle = [&](bool king_side) {
      const CastlingRight right = castling_right(us, king_side);
      const Square king_to = castling_king_to(us, king_side);
      if (!(pos.castling() & right) || !(only_to & bb(king_to)) ||
          (blockers & (bb(king_to) | bb(castling_rook_to(us, king_side))))) {
        return;
      }
      const int rook_file = pos.castling_rook_file(right);
      const int shift = us == White ? 0 : 56;
      const Square rook_from = Square(rook_file + shift);
      const CastlingPaths& paths = kCastlingPaths[king_side][file_of(ksq)][rook_file];
      if (occ & (paths.empty << shift)) return;
      // Only an edited board can have a right without its rook, or its king off the first rank.
      if (!(pos.pieces(us, Rook) & bb(rook_from)) || relative_rank(us, ksq) != 1) return;
      const Bitboard occ_after = occ ^ bb(ksq) ^ bb(rook_from);
      for (Bitboard b = paths.king << shift; b;) {
        if (pos.attackers_to(pop_lsb(b), them, occ_after)) return;
      }
      sink.single(Move{ksq, king_to, MoveKind::Castle, King});
    };
    try_castle(true);
    try_castle(false);
  }

  // Drops: onto any empty square, or only onto blocking squares when in check (a dropped piece can
  // never capture a checker, and a knight or pawn check leaves no square between).
  if (rules.drops && drop_target) {
    const Holding& h = pos.holding(us);
    for (int t = Pawn; t <= Queen; ++t) {
      if (!h[t]) continue;
      Bitboard to = drop_target;
      if (t == Pawn) to &= pawn_drop_mask(us, rules.pawn_drop_ranks);
      placements(pos, rules, sink, PieceType(t), to, false);
      if (sink.done()) return;
    }
  }

  // from_holding: a pawn standing on its last rank may be replaced by a piece from the holding. The
  // square stays occupied, so this can neither answer a check nor expose the own king.
  if (rules.promotion == Promotion::FromHolding && !checkers) {
    const Bitboard stuck = pawns & last & only_to;
    if (stuck) {
      const Holding& h = pos.holding(us);
      for (PieceType t : {Queen, Rook, Bishop, Knight}) {
        if (h[t]) placements(pos, rules, sink, t, stuck, true);
      }
    }
  }
}

bool checkmated(const Position& pos, const RuleSet& rules) {
  const Bitboard checkers = pos.checkers();
  if (!checkers) return false;
  if (rules.mate == MateRule::Bughouse && !more_than_one(checkers) &&
      between(pos.king_square(pos.side_to_move()), lsb(checkers))) {
    return false;  // a single distant slider: a piece handed over by the partner could block it
  }
  AnySink any;
  generate(pos, rules, any);
  return any.n == 0;
}

// In check, and no move of a piece on the board answers it (drops left out, whatever is held).
// Rare (drop_mate=forbidden_board_mate only): kept out of line, so that the flattened perft counter
// below does not carry another copy of the generator.
[[gnu::noinline]] bool board_mated(const Position& pos, const RuleSet& rules) {
  if (!pos.in_check()) return false;
  RuleSet without_drops = rules;
  without_drops.drops = false;
  AnySink any;
  generate(pos, without_drops, any);
  return any.n == 0;
}

// The last ply of perft is mostly popcounts. A baseline x86-64 build has no popcnt instruction and
// calls a library routine instead, so the counter is also compiled for CPUs with popcnt (flatten
// pulls the whole generator into each copy) and the first call picks the copy the running CPU
// supports. Asked with cpuid on first use, not through target_clones: their resolver runs libgcc's
// CPU detection at every start of the program, perft or not (cpuid is slow under a hypervisor).
namespace {
std::uint64_t count_moves(const Position& pos, const RuleSet& rules) {
  CountSink count;
  generate(pos, rules, count);
  return count.n;
}
}  // namespace

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__POPCNT__)
namespace {
[[gnu::flatten]] std::uint64_t count_legal_moves_baseline(const Position& pos, const RuleSet& rules) {
  return count_moves(pos, rules);
}
[[gnu::target("popcnt"), gnu::flatten]] std::uint64_t count_legal_moves_popcnt(const Position& pos,
                                                                               const RuleSet& rules) {
  return count_moves(pos, rules);
}
// cpuid leaf 1 (every x86-64 CPU has it): ECX bit 23 is POPCNT. volatile: else the compiler may
// take the asm for a pure expression and ask again at every call instead of reading the static.
bool cpu_has_popcnt() {
  unsigned eax = 1, ebx = 0, ecx = 0, edx = 0;
  __asm__ volatile("cpuid" : "+a"(eax), "=b"(ebx), "+c"(ecx), "=d"(edx));
  return (ecx & (1U << 23)) != 0;
}
}  // namespace

std::uint64_t count_legal_moves(const Position& pos, const RuleSet& rules) {
  static const auto count = cpu_has_popcnt() ? count_legal_moves_popcnt : count_legal_moves_baseline;
  return count(pos, rules);
}
#else
std::uint64_t count_legal_moves(const Position& pos, const RuleSet& rules) { return count_moves(pos, rules); }
#endif

std::uint64_t perft_recursive(const Position& pos, const RuleSet& rules, int depth) {
  if (depth <= 1) return count_legal_moves(pos, rules);
  std::uint64_t nodes = 0;
  auto visit = [&](const Move& m) {
    Position next = pos;
    next.play(m, rules);
    nodes += perft_recursive(next, rules, depth - 1);
  };
  EmitSink<decltype(visit)> sink{visit};
  generate(pos, rules, sink);
  return nodes;
}

}  // namespace

void generate_legal(const Position& pos, const RuleSet& rules, MoveList& out) {
  out.size = 0;
  auto push = [&out](const Move& m) { out.push(m); };
  EmitSink<decltype(push)> sink{push};
  generate(pos, rules, sink);
}

void generate_legal_to(const Position& pos, const RuleSet& rules, Square to, SquareMoveList& out) {
  out.size = 0;
  if (to >= 64) return;
  auto push = [&out](const Move& m) { out.push(m); };
  EmitSink<decltype(push)> sink{push};
  generate(pos, rules, sink, bb(to));
}

bool is_legal(const Position& pos, const RuleSet& rules, const Move& m) {
  if (m.to >= 64) return false;
  bool found = false;
  auto match = [&](const Move& g) {
    found |= g.from == m.from && g.to == m.to && g.kind == m.kind && g.piece == m.piece && g.promotion == m.promotion;
  };
  EmitSink<decltype(match)> sink{match};
  generate(pos, rules, sink, bb(m.to));
  return found;
}

bool is_checkmate(const Position& pos, const RuleSet& rules) { return checkmated(pos, rules); }

bool is_board_mate(const Position& pos, const RuleSet& rules) { return board_mated(pos, rules); }

bool is_stalemate(const Position& pos, const RuleSet& rules) {
  if (pos.in_check()) return false;
  AnySink any;
  generate(pos, rules, any);
  return any.n == 0;
}

std::uint64_t perft(const Position& pos, const RuleSet& rules, int depth) {
  if (depth <= 0) return 1;
  return perft_recursive(pos, rules, depth);
}

}  // namespace bpgn
