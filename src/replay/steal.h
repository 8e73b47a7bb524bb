// The Gambler promotion (promotion=steal_from_partner_board) seen from the board the piece is taken
// from: which square a promotion takes its piece from, and why a piece may not be taken
// (docs/rules.md, "Promotion"). The two-board replay asks this before it moves the piece.
#pragma once

#include "core/move.h"
#include "core/position.h"
#include "replay/violation.h"
#include "rules/rule_set.h"

#include <optional>
#include <string>
#include <string_view>

namespace bpgn {

// A king that taking a piece would attack anew: its colour, its square and the pieces that attack
// it only once the piece is gone.
struct StealExposure {
  Color king = White;
  Square king_square = kNoSquare;
  Bitboard attackers = 0;
};

// Taking the piece on `s` off `board` (the board keeps its side to move): the exposure that forbids
// it under `rules`, or nullopt. With steal_exposes_king forbidden (bughouse.pro), no king of either
// colour may be attacked by a piece that did not attack it before, even a king already in check and
// even when the number of its attackers stays the same. Whatever the option, the king of the player
// who is not to move there may not be left attacked (that king could be captured).
std::optional<StealExposure> forbidden_exposure(const Position& board, Square s, const RuleSet& rules);

// The squares of `board` holding a piece of colour c and type t that `rules` let a steal take.
Bitboard stealable(const Position& board, Color c, PieceType t, const RuleSet& rules);

// What a steal promotion takes, or why it cannot be played.
struct StealChoice {
  Square from = kNoSquare;             // the square taken from; kNoSquare on an error
  std::optional<ViolationCode> error;  // promotion-invalid or ambiguous-move
  std::string message;                 // the violation's message when error
};

// Everything a steal needs to know about the move that makes it.
struct StealMove {
  const Position& here;   // the promoting board, before the move
  const Position& there;  // the other board (the piece's board)
  char there_letter;      // 'A' or 'B'
  const Move& move;       // the parsed promotion; move.steal_from as written (kNoSquare: not written)
  std::string_view san;   // the move text as written
  std::string_view who;   // "White on board A"
};

// Resolves the square (the one written, or the only piece of that type that may be taken when
// none is written) and checks that the piece may be taken. Messages name the real move, the
// squares and, for a forbidden exposure, the king and its new attackers.
StealChoice choose_steal(const StealMove& s, const RuleSet& rules);

}  // namespace bpgn
