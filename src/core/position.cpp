#include "core/position.h"

#include "rules/rule_set.h"

namespace bpgn {
Position Position::start() {
  Position p;
  constexpr PieceType back[8] = {Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook};
  for (int f = 0; f < 8; ++f) {
    p.put_fast(make_square(f, 0), White, back[f]);
    p.put_fast(make_square(f, 1), White, Pawn);
    p.put_fast(make_square(f, 6), Black, Pawn);
    p.put_fast(make_square(f, 7), Black, back[f]);
  }
  p.set_castling(WhiteKingSide | WhiteQueenSide | BlackKingSide | BlackQueenSide);
  return p;
}

void Position::set_castling(std::uint8_t rights) {
  for (Color c : {White, Black}) {
    for (bool king_side : {true, false}) {
      const CastlingRight r = castling_right(c, king_side);
      set_castling_right(r, (rights & r) ? make_square(king_side ? 7 : 0, c == White ? 0 : 7) : kNoSquare);
    }
  }
}

void Position::add_to_holding(Color c, PieceType t, int n) {
  if (t >= kHoldablePieceTypes) return;  // a king is never held
  const int v = holding_[c][t] + n;
  holding_[c][t] = std::uint8_t(v > 255 ? 255 : (v < 0 ? 0 : v));
}

bool Position::remove_from_holding(Color c, PieceType t) {
  if (t >= kHoldablePieceTypes || holding_[c][t] == 0) return false;
  --holding_[c][t];
  return true;
}

void Position::put(Square s, Piece p, bool promoted) {
  remove(s);
  if (p.empty()) return;
  put_fast(s, p.color, p.type);
  if (promoted) promoted_ |= bb(s);
}

void Position::remove(Square s) {
  const Piece p = piece_on(s);
  if (p.empty()) return;
  remove_fast(s, p.color, p.type);
  promoted_ &= ~bb(s);
}

Capture Position::play(const Move& m, const RuleSet& rules) {
  const Color us = side_, them = ~us;
  Capture cap;
  ep_ = kNoSquare;
  ++halfmove_;
  switch (m.kind) {
    case MoveKind::Drop:
      --holding_[us][m.piece];
      put_fast(m.to, us, m.piece);
      halfmove_ = 0;
      break;
    case MoveKind::InPlacePromotion:
      // from_holding only: the piece comes out of the hand, the pawn goes into it.
      remove_fast(m.to, us, Pawn);
      put_fast(m.to, us, m.promotion);
      --holding_[us][m.promotion];
      ++holding_[us][Pawn];
      halfmove_ = 0;
      break;
    case MoveKind::Castle: {
      // Chess960 too: the king may already stand on its destination, the rook on its own, or each
      // on the other's; so both leave the board before either is put back.
      const bool king_side = file_of(m.to) == 6;
      const Square rook_from = castling_rook(castling_right(us, king_side));
      const Square rook_to = castling_rook_to(us, king_side);
      const Bitboard was_promoted = promoted_ & bb(rook_from);  // a promoted rook keeps its mark
      promoted_ &= ~was_promoted;
      remove_fast(m.from, us, King);
      remove_fast(rook_from, us, Rook);
      put_fast(m.to, us, King);
      put_fast(rook_to, us, Rook);
      if (was_promoted) promoted_ |= bb(rook_to);
      lose_castling_rights(us);
      break;
    }
    case MoveKind::EnPassant: {
      const Square victim = Square(m.to - up_delta(us));
      remove_fast(victim, them, Pawn);
      remove_fast(m.from, us, Pawn);
      put_fast(m.to, us, Pawn);
      cap.type = Pawn;
      halfmove_ = 0;
      break;
    }
    case MoveKind::Normal: {
      const PieceType captured = type_on(m.to);
      if (captured != NoPieceType) {
        cap.type = captured;
        cap.promoted = (promoted_ & bb(m.to)) != 0;
        remove_fast(m.to, them, captured);
        promoted_ &= ~bb(m.to);
        halfmove_ = 0;
      }
      remove_fast(m.from, us, m.piece);
      if (m.promotion == Pawn) {
        // Discard: the pawn leaves the board. One board: it goes to the opponent's holding (the
        // partner's opponent there); two boards: the caller hands it over.
        if (rules.boards == 1 && rules.drops) add_to_holding(them, Pawn);
      } else if (m.promotion != NoPieceType) {
        put_fast(m.to, us, m.promotion);
        switch (rules.promotion) {
          case Promotion::Choice: promoted_ |= bb(m.to); break;
          case Promotion::FromHolding:
            --holding_[us][m.promotion];
            ++holding_[us][Pawn];
            break;
          case Promotion::StealFromPartnerBoard:
          case Promotion::Discard: break;
        }
      } else {
        put_fast(m.to, us, m.piece);
        if (promoted_ & bb(m.from)) promoted_ ^= bb(m.from) | bb(m.to);
      }
      if (m.piece == Pawn) {
        halfmove_ = 0;
        if ((m.from ^ m.to) == 16) {
          const Square skipped = Square((m.from + m.to) / 2);
          if (pawn_attacks(us, skipped) & pieces(them, Pawn)) ep_ = skipped;
        }
      }
      // A king move loses both rights; a rook leaving or taken on its square, its own. Kings and
      // rooks with rights stand on the first ranks, so other moves skip the search.
      constexpr Bitboard kBackRanks = rank_bb(0) | rank_bb(7);
      if (castling_ && ((bb(m.from) | bb(m.to)) & kBackRanks)) {
        if (m.piece == King) lose_castling_rights(us);
        lose_castling_rights_at(m.from);
        lose_castling_rights_at(m.to);
      }
      break;
    }
  }
  if (cap.happened() && rules.boards == 1 && rules.drops) {
    add_to_holding(us, cap.promoted && rules.promoted_reverts ? Pawn : cap.type);
  }
  if (us == Black) ++fullmove_;
  side_ = them;
  return cap;
}

const char* Position::broken_invariant(bool allow_pawns_on_last_rank, bool allow_pawns_on_first_rank) const {
  if (by_color_[White] & by_color_[Black]) return "a square holds both a white and a black piece";
  Bitboard seen = 0;
  for (int t = 0; t < kPieceTypes; ++t) {
    if (seen & by_type_[t]) return "a square holds two piece types";
    seen |= by_type_[t];
  }
  if (seen != occupied()) return "piece-type and colour bitboards disagree";
  for (int sq = 0; sq < 64; ++sq) {
    const Square s = Square(sq);
    const Piece p = piece_on(s);
    if (p.empty()) {
      if (occupied() & bb(s)) return "the mailbox misses a piece of the bitboards";
      if (board_[s] != kEmptyCode) return "an empty mailbox square has a colour";
    } else if (!(pieces(p.color, p.type) & bb(s))) {
      return "the mailbox holds a piece the bitboards do not";
    }
  }
  for (Color c : {White, Black}) {
    if (popcount(pieces(c, King)) != 1) return "a side does not have exactly one king";
    if (!allow_pawns_on_first_rank && (pieces(c, Pawn) & relative_rank_bb(c, 1))) {
      return "a pawn stands on its own first rank";
    }
    if (!allow_pawns_on_last_rank && (pieces(c, Pawn) & relative_rank_bb(c, 8))) {
      return "a pawn stands on its last rank";
    }
    for (int t = 0; t < kHoldablePieceTypes; ++t) {
      // A FEN brings at most 64 pieces (fen.cpp), two boards at most 128: more is a lost count.
      if (holding_[c][t] > 128) return "a holding count is impossibly large";
    }
  }
  if (promoted_ & ~occupied()) return "the promoted set marks an empty square";
  if (promoted_ & (by_type_[King] | by_type_[Pawn])) return "a king or pawn is marked promoted";
  if (castling_ & ~0x0F) return "unknown castling-right bits";
  for (int i = 0; i < 4; ++i) {
    const bool has = (castling_ >> i & 1) != 0;
    if (!has) {
      if (castling_file(i) != 0) return "a castling right that is gone still has a rook file";
      continue;
    }
    const Color c = i < 2 ? White : Black;
    const bool king_side = i % 2 == 0;
    const Square k = king_square(c), r = castling_rook(CastlingRight(1 << i));
    if (k == kNoSquare || relative_rank(c, k) != 1) return "a castling right without its king on the first rank";
    if (r >= 64 || rank_of(r) != rank_of(k) || piece_on(r) != Piece{c, Rook}) {
      return "a castling right without its rook on its square";
    }
    if (king_side ? file_of(r) <= file_of(k) : file_of(r) >= file_of(k)) return "a castling rook on the wrong side of its king";
  }
  if (ep_ != kNoSquare) {
    if (ep_ >= 64) return "en passant square off the board";
    const Color mover = ~side_;  // the side that just pushed two squares
    // (rank 2 behind a pawn that went from its first rank to its third, where pawns may stand on rank 1)
    const int ep_rank = relative_rank(mover, ep_);
    if (ep_rank != 3 && !(allow_pawns_on_first_rank && ep_rank == 2)) return "en passant square on the wrong rank";
    if (!empty(ep_) || !empty(Square(ep_ - up_delta(mover)))) return "en passant square or the square behind it is occupied";
    if (piece_on(Square(ep_ + up_delta(mover))) != Piece{mover, Pawn}) return "en passant square without the pawn that passed it";
  }
  if (attacked(king_square(~side_), side_)) return "the side not to move is in check";
  return nullptr;
}

}  // namespace bpgn
