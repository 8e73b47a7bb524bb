// Standard algebraic notation with drops: parsing (with exact diagnosis) and canonical formatting.
#pragma once

#include "core/move.h"
#include "core/position.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bpgn {

struct RuleSet;

// Why a SAN text could not be played. Each maps to one violation code of cli-contract.md.
enum class SanError : std::uint8_t {
  None,
  Malformed,          // not SAN at all                          -> syntax
  IllegalMove,        // no piece can make it by movement rules  -> illegal-move
  Ambiguous,          // several pieces fit                      -> ambiguous-move
  KingLeftInCheck,    // possible but leaves/puts own king in check -> king-left-in-check
  DropNotInHolding,   // -> drop-not-in-holding
  DropOnOccupied,     // -> drop-on-occupied
  PawnDropRank,       // -> pawn-drop-rank
  DropGivesCheck,     // -> drop-gives-check (also turkish in-place promotion giving check)
  DropGivesMate,      // -> drop-gives-mate
  PromotionInvalid,   // -> promotion-invalid
  PromotionMissing,   // -> promotion-missing
  DropsNotAllowed,    // a drop under a rule set without holdings -> illegal-move
};

// Spelling variants accepted on input, reported by the caller as normalised.
enum SanNote : std::uint8_t {
  NoteNone = 0,
  NoteBarePawnDrop = 1,     // `@e4`
  NoteNag146Drop = 2,       // `$146@g4` (chess.com knight-drop defect)
  NoteZeroCastling = 4,     // `0-0`
  NoteStarDrop = 8,         // `N*f3`
  NoteFilelessPawnCapture = 16,  // `xe6`: a pawn capture without the pawn's file (bughouse.pro)
};

enum class CheckSuffix : std::uint8_t { None, Check, Mate };

struct SanResult {
  Move move{};                  // valid when error == None (and for some errors, the move tried)
  SanError error = SanError::None;
  std::uint8_t notes = NoteNone;
  CheckSuffix written_suffix = CheckSuffix::None;  // what the text wrote (+ or #)
  Bitboard candidates = 0;      // Ambiguous: the squares of the pieces that fit the text
};

// Parses `text` in `pos` (side to move = pos.side_to_move()). Never guesses among candidates.
SanResult parse_san(const Position& pos, const RuleSet& rules, std::string_view text);

// Canonical SAN: minimal disambiguation (file, then rank, then both), `x` for captures (a pawn's
// with its file: `dxe6`), `=Q` (`=.` for a discard), drops `N@f3` / `P@e4`, `O-O` / `O-O-O`,
// suffix `+` or `#` (mate under rules.mate).
std::string to_san(const Position& pos, const RuleSet& rules, const Move& m);
// The same with the suffix given: `suffix` must be deserved_suffix(pos, rules, m) for the result to
// be canonical (a caller that has played the move knows it: saves a second play and mate test).
// CheckSuffix::None gives the move's text without a suffix.
std::string to_san(const Position& pos, const RuleSet& rules, const Move& m, CheckSuffix suffix);
// The same written into `out` (replacing what it held; its memory is kept).
void assign_san(std::string& out, const Position& pos, const RuleSet& rules, const Move& m, CheckSuffix suffix);

// Whether `text` is written as a move at all (`Nf3`, `e8=Q`, `P@e4`, `O-O+`), whatever the position:
// what parse_san calls Malformed is not. A record needs one such move (or a tag) to be a game.
bool is_move_text(std::string_view text);

// The suffix the move deserves in `pos` under the rule set.
CheckSuffix deserved_suffix(const Position& pos, const RuleSet& rules, const Move& m);

// Why an illegal move text has no reading over the board (AsMade::no_reading).
enum class NoReading : std::uint8_t {
  None,            // it has one
  NotAnAction,     // malformed or ambiguous text: a fault of the record, not an action
  NoHoldings,      // a drop under a rule set without holdings
  Occupied,        // a drop onto a square where a piece stands
  King,            // a king dropped, or a promotion to a king or a pawn
  NoSuchPiece,     // no piece of the named kind stands where the text names one
  SeveralPieces,   // the text fits more than one piece of that kind
  OwnPiece,        // the move lands on a piece of the mover's own
  TakesKing,       // the move lands on a king
  Castling,        // castling without the right, the rook, or a free path
  Promotion,       // a promotion off the last rank, or a Gambler steal
};

// What a player did over the board when the move text cannot be played (illegal_action=claimed
// plays an illegal action that nobody claimed as it was made, docs/rules.md): the move, or why
// there is none. `r` is parse_san's result for `text` in `pos` (an error).
struct AsMade {
  std::optional<Move> move;
  // A drop, or a from_holding promotion, of a piece the holding lacks: the piece is placed all the
  // same (the caller adds it to the holding before playing the move).
  bool piece_not_held = false;
  NoReading no_reading = NoReading::None;
};
AsMade as_made(const Position& pos, const RuleSet& rules, std::string_view text, const SanResult& r);

// UCI-style text: e2e4, e7e8q, N@f3 (drops), e8e8q for a turkish in-place promotion.
std::string to_uci(const Move& m);

}  // namespace bpgn
