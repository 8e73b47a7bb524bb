// Violations: one table of codes (cli-contract.md) drives text output, JSON output and docs.
#pragma once

#include "core/types.h"
#include "record/game.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bpgn {

// A note says how a record is written (a convention of its writer), never that it is wrong: it
// changes no game's status and --strict does not promote it.
enum class Severity : std::uint8_t { Error, Warning, Note };
// "error", "warning", "note".
std::string_view to_string(Severity s);

enum class ViolationCode : std::uint8_t {
  Syntax,
  IllegalMove,
  AmbiguousMove,
  KingLeftInCheck,
  WrongTurn,
  DropNotInHolding,
  DropOnOccupied,
  PawnDropRank,
  DropGivesCheck,
  DropGivesMate,
  PromotionInvalid,
  PromotionMissing,
  MoveAfterEnd,
  MoveNumber,
  ClockIncrease,
  ClockOrder,
  CheckSuffix,
  ResultMismatch,
  MissingTag,
  UnexplainedResult,
  TruncatedRecord,
  CheckSuffixConvention,
  NonstandardSan,
  RuleTag,
  UnsupportedVariant,
  StrayText,
  DuplicateGame,
  Count_,  // number of codes; not a code
};

struct ViolationInfo {
  std::string_view code;      // as in the contract, e.g. "drop-not-in-holding"
  Severity severity;
  std::string_view summary;   // one line for docs and --help
};

// The table, indexed by ViolationCode.
const ViolationInfo& info(ViolationCode code);
// Code by its contract name; nullopt when unknown.
std::optional<ViolationCode> violation_code_from_name(std::string_view name);

// What became of an illegal action under illegal_action_loses=yes (docs/rules.md, *Illegal
// actions: automatic or claimed*).
enum class ActionFate : std::uint8_t {
  Decided,     // illegal_action=automatic: it decided the match at once
  Claimed,     // illegal_action=claimed: claimed, and so it decided the match
  PlayedOn,    // illegal_action=claimed: not claimed; play went on from the position as made
  NotPlayable, // illegal_action=claimed: not claimed, but it has no reading over the board: its board stops
};
// "decided", "claimed", "not-claimed" (PlayedOn and NotPlayable).
std::string_view claim_word(ActionFate f);

struct Violation {
  ViolationCode code = ViolationCode::Syntax;
  Severity severity = Severity::Error;     // from the table (warnings may be promoted by --strict at output)
  std::optional<Board> board;              // null where no move is concerned
  std::optional<Color> color;
  std::optional<int> move_number;          // as written
  std::string move;                        // the move text as written, empty when none
  SourcePos pos;                           // of the move (or of the tag / result / error)
  std::string message;                     // full sentence, e.g. "White (Alice) on board A drops a knight at 12A. N@f3, but holds only two pawns"
  std::optional<std::size_t> ply;          // index into Game::plies, when a ply is concerned
  std::optional<ActionFate> fate;          // an illegal action under illegal_action_loses=yes
};

}  // namespace bpgn
