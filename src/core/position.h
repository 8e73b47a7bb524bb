// One board: pieces, side to move, castling, en passant, counters, both holdings and the set of
// promoted pieces. Plain value type (cheap to copy: the engine uses copy-make).
#pragma once

#include "core/bitboard.h"
#include "core/move.h"
#include "core/types.h"

#include <array>
#include <cstdint>

namespace bpgn {

struct RuleSet;

using Holding = std::array<std::uint8_t, kHoldablePieceTypes>;  // count per PieceType Pawn..Queen

class Position {
 public:
  // The standard starting position with empty holdings.
  static Position start();
  // An empty board (no kings), White to move; for FEN parsing and tests.
  Position() = default;

  Piece piece_on(Square s) const { return Piece{Color(board_[s] >> 3), PieceType(board_[s] & 7)}; }
  PieceType type_on(Square s) const { return PieceType(board_[s] & 7); }
  bool empty(Square s) const { return type_on(s) == NoPieceType; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard occupied() const { return by_color_[White] | by_color_[Black]; }
  Bitboard promoted() const { return promoted_; }
  // The king's square; kNoSquare when colour c has no king (only on an edited, unfinished board).
  Square king_square(Color c) const {
    const Bitboard k = pieces(c, King);
    return k ? lsb(k) : kNoSquare;
  }

  Color side_to_move() const { return side_; }
  // Castling rights as CastlingRight bits. Each right remembers the square its rook starts on
  // (Chess960: any file on the king's side of the first rank; standard chess: the corner).
  std::uint8_t castling() const { return castling_; }
  // The starting square of the rook castling by right r; kNoSquare when the right is gone.
  Square castling_rook(CastlingRight r) const {
    return (castling_ & r) ? make_square(castling_file(castling_index(r)), r <= WhiteQueenSide ? 0 : 7) : kNoSquare;
  }
  Square en_passant() const { return ep_; }  // kNoSquare when none
  int halfmove_clock() const { return halfmove_; }
  int fullmove_number() const { return fullmove_; }

  const Holding& holding(Color c) const { return holding_[c]; }
  int in_hand(Color c, PieceType t) const { return holding_[c][t]; }
  // Holding counts saturate at 255 (far above the 16 pieces a colour has on one board).
  void add_to_holding(Color c, PieceType t, int n = 1);
  // Returns false (and changes nothing) when the holding has none of that piece.
  bool remove_from_holding(Color c, PieceType t);
  void clear_holdings() { holding_ = {}; }

  bool in_check() const { return checkers() != 0; }  // side to move is in check
  Bitboard checkers() const {                        // pieces giving check to the side to move
    const Square k = king_square(side_);
    return k == kNoSquare ? 0 : attackers_to(k, ~side_, occupied());
  }
  // A magic lookup only for a slider kind that stands on s's lines at all (most squares have none).
  Bitboard attackers_to(Square s, Color by, Bitboard occupied) const {
    const Bitboard theirs = by_color_[by];
    const Bitboard rq = theirs & (by_type_[Rook] | by_type_[Queen]);
    const Bitboard bq = theirs & (by_type_[Bishop] | by_type_[Queen]);
    Bitboard a = theirs & ((pawn_attacks(~by, s) & by_type_[Pawn]) | (knight_attacks(s) & by_type_[Knight]) |
                           (king_attacks(s) & by_type_[King]));
    if (rq & rook_rays(s)) a |= rook_attacks(s, occupied) & rq;
    if (bq & bishop_rays(s)) a |= bishop_attacks(s, occupied) & bq;
    return a;
  }
  bool attacked(Square s, Color by) const { return attackers_to(s, by, occupied()) != 0; }

  // Plays a move that the caller knows to be legal (generated or parsed). The captured piece (if
  // any) is returned; when rules.boards == 1 and rules.drops it is also put into the capturer's own
  // holding (as a pawn when promoted and rules.promoted_reverts). Under two boards the caller hands
  // it to the partner. Castling rights, en passant, counters and the promoted set are updated.
  // Promotions: `choice` marks the new piece promoted (`~`); `from_holding` takes the piece from the
  // mover's holding and puts the pawn there (also for InPlacePromotion), no `~`;
  // `steal_from_partner_board` places the piece without `~` (the caller moves the pawn and the piece
  // between the boards); a discard (promotion == Pawn) places nothing (the caller hands the pawn to
  // the partner's opponent; one board: it goes to the opponent's holding here). The en passant square is set only when an enemy pawn stands ready to
  // capture. The halfmove clock restarts after a pawn move, a capture or a drop.
  Capture play(const Move& m, const RuleSet& rules);

  // Editing (FEN reader, tests, Gambler promotion on the other board).
  void put(Square s, Piece p, bool promoted = false);
  void remove(Square s);
  // Clears every castling right whose rook starts on s (a rook taken away from its square by an
  // edit, e.g. a Gambler steal on the partner's board). A rook put back later does not restore it.
  void lose_castling_rights_at(Square s) {
    if (rank_of(s) != 0 && rank_of(s) != 7) return;
    const int first = rank_of(s) == 0 ? 0 : 2;  // White's rights have their rooks on rank 1
    for (int i = first; i < first + 2; ++i) {
      if ((castling_ >> i & 1) && castling_file(i) == file_of(s)) clear_castling_right(i);
    }
  }
  void set_side_to_move(Color c) { side_ = c; }
  // The file of right r's rook (meaningful only while the right is there).
  int castling_rook_file(CastlingRight r) const { return castling_file(castling_index(r)); }
  // Gives right r with its rook starting on `rook` (kNoSquare takes the right away).
  void set_castling_right(CastlingRight r, Square rook) {
    const int i = castling_index(r);
    clear_castling_right(i);
    if (rook == kNoSquare) return;
    castling_ = std::uint8_t(castling_ | r);
    castling_files_ = std::uint16_t(castling_files_ | file_of(rook) << (4 * i));
  }
  // Standard chess: the given rights, each with its rook in its corner (a1 h1 a8 h8).
  void set_castling(std::uint8_t rights);
  void set_en_passant(Square s) { ep_ = s; }
  void set_counters(int halfmove, int fullmove) { halfmove_ = halfmove; fullmove_ = fullmove; }

  // Invariant check in the spirit of Stockfish's pos_is_ok(): bitboards disjoint and consistent,
  // one king per side, no pawn on rank 1/8 unless allowed (turkish keeps pawns on the last rank:
  // pass allow_pawns_on_last_rank; pawn_drop_ranks with rank 1 lets a pawn be dropped on its own
  // first rank: pass allow_pawns_on_first_rank), promoted set a subset of the pieces, each castling
  // right with its king on the first rank and its rook on its square, on that right's side of the
  // king. Returns nullptr when all holds, else a static description of the first broken invariant.
  const char* broken_invariant(bool allow_pawns_on_last_rank = false, bool allow_pawns_on_first_rank = false) const;

  friend bool operator==(const Position&, const Position&) = default;

 private:
  static constexpr std::uint8_t kEmptyCode = NoPieceType;  // board_ code: (color << 3) | type
  static constexpr std::array<std::uint8_t, 64> empty_board() {
    std::array<std::uint8_t, 64> b{};
    for (auto& x : b) x = kEmptyCode;
    return b;
  }
  void put_fast(Square s, Color c, PieceType t) {
    by_color_[c] |= bb(s);
    by_type_[t] |= bb(s);
    board_[s] = std::uint8_t((c << 3) | t);
  }
  int castling_file(int i) const { return castling_files_ >> (4 * i) & 7; }
  void clear_castling_right(int i) {
    castling_ = std::uint8_t(castling_ & ~(1u << i));
    castling_files_ = std::uint16_t(castling_files_ & ~(0xFu << (4 * i)));
  }
  void lose_castling_rights(Color c) {
    const int shift = c == White ? 0 : 2;
    castling_ = std::uint8_t(castling_ & ~(3u << shift));
    castling_files_ = std::uint16_t(castling_files_ & ~(0xFFu << (4 * shift)));
  }
  void remove_fast(Square s, Color c, PieceType t) {
    by_color_[c] ^= bb(s);
    by_type_[t] ^= bb(s);
    board_[s] = kEmptyCode;
  }

  std::array<Bitboard, 2> by_color_{};
  std::array<Bitboard, kPieceTypes> by_type_{};
  Bitboard promoted_ = 0;
  std::array<std::uint8_t, 64> board_ = empty_board();  // mailbox, mirrors the bitboards
  std::array<Holding, 2> holding_{};
  Color side_ = White;
  std::uint8_t castling_ = 0;
  Square ep_ = kNoSquare;
  // The file of each right's rook, 4 bits per right in castling_index order (the rank is the
  // colour's first); 0 when the right is gone, so that equal positions compare equal. Two bytes keep
  // the Position at 160 bytes, as before rights had rook squares.
  std::uint16_t castling_files_ = 0;
  int halfmove_ = 0;
  int fullmove_ = 1;
};

}  // namespace bpgn
