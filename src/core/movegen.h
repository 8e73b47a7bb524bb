// Legal move and drop generation for one board under a rule set, and mate detection.
#pragma once

#include "core/move.h"
#include "core/position.h"

#include <cstdint>

namespace bpgn {

struct RuleSet;

struct MoveList {
  Move moves[1024];  // enough for any position with a full holding (drops dominate)
  int size = 0;
  void push(const Move& m) { moves[size++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
};

// The legal moves ending on one square. Several pieces, promotions and drops can share a square,
// but never more than this (at most 16 own pieces, 5 promotion choices for each of 3 pawns,
// 5 drops, 4 in-place promotions); extra moves would be dropped rather than overflow.
struct SquareMoveList {
  static constexpr int kCapacity = 96;
  Move moves[kCapacity];
  int size = 0;
  void push(const Move& m) {
    if (size < kCapacity) moves[size++] = m;
  }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
};

// Every legal move and drop of the side to move, honouring the rule set's single-board options:
// pawn_drop_ranks, drop_check / drop_mate, promotion (choice: Q R B N; from_holding: only pieces in
// hand, the pawn may also stay on the last rank, and in-place promotions of a pawn already there;
// steal_from_partner_board: Q R B N, the caller checks the other board; discard: only the discard,
// promotion == Pawn), no drops when !drops. A pawn standing on its own first rank (dropped there
// where pawn_drop_ranks allows rank 1) steps one or two squares, as from its second rank
// (bughouse.pro's rule).
void generate_legal(const Position& pos, const RuleSet& rules, MoveList& out);

// Only the legal moves and drops that end on `to` (what SAN parsing and formatting need; much
// cheaper than generate_legal).
void generate_legal_to(const Position& pos, const RuleSet& rules, Square to, SquareMoveList& out);

// Legality of one given move by the rules (cheaper than generating all moves).
bool is_legal(const Position& pos, const RuleSet& rules, const Move& m);

// Side to move is checkmated under rules.mate (classic: no legal reply; bughouse: also no
// interposition square that a dropped piece could block, i.e. contact/knight/double checks only).
bool is_checkmate(const Position& pos, const RuleSet& rules);
// Side to move is in check and no move of a piece on the board answers it, even if a drop from the
// holding could (bughouse.pro's "chess mate"; what drop_mate=forbidden_board_mate forbids a drop to give).
bool is_board_mate(const Position& pos, const RuleSet& rules);
// No legal reply and not in check.
bool is_stalemate(const Position& pos, const RuleSet& rules);

// Leaf count of the legal move tree.
std::uint64_t perft(const Position& pos, const RuleSet& rules, int depth);

}  // namespace bpgn
