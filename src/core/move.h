// A move or a drop on one board.
#pragma once

#include "core/types.h"

#include <cstdint>

namespace bpgn {

enum class MoveKind : std::uint8_t {
  Normal,
  Castle,            // king's move; `to` is the king's destination (g1/c1/g8/c8)
  EnPassant,
  Drop,              // `piece` from the mover's holding onto `to`; `from` is kNoSquare
  InPlacePromotion,  // turkish: a pawn already standing on its last rank is replaced by `promotion`
                     // taken from the holding (from == to == the pawn's square); the pawn goes to the holding
};

struct Move {
  Square from = kNoSquare;
  Square to = kNoSquare;
  MoveKind kind = MoveKind::Normal;
  PieceType piece = NoPieceType;      // the moving (or dropped) piece type
  PieceType promotion = NoPieceType;  // promotion target; NoPieceType when none (turkish: pawn stays);
                                      // Pawn: the discard promotion (`e8=.`), the pawn leaves the board
  // Gambler promotion (steal_from_partner_board): the square on the partner's board the placed piece
  // is taken from, as the record named it (`e8=R/d1`, bughouse.pro `e8=Rd1`; the replay fills it in for
  // `e8=R` when one rook can be taken); kNoSquare when not named. The core never reads
  // it: the two-board replay moves that piece.
  Square steal_from = kNoSquare;
  friend constexpr bool operator==(const Move&, const Move&) = default;
};

// What a move took off the board, for the caller (bughouse: to the partner's holding).
struct Capture {
  PieceType type = NoPieceType;  // as it stood on the board
  bool promoted = false;         // it was a promoted pawn (FEN `~`)
  bool happened() const { return type != NoPieceType; }
};

}  // namespace bpgn
