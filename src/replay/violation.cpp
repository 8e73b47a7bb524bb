#include "replay/violation.h"

#include <array>

namespace bpgn {
namespace {

// One row per ViolationCode, in enum order. The names are the contract's (cli-contract.md) and
// are never renamed; docs/check.md's table is checked against this one by a test.
constexpr std::array<ViolationInfo, std::size_t(ViolationCode::Count_)> kTable{{
    {"syntax", Severity::Error, "text that is not a well-formed record; the game is unreadable or ends there"},
    {"illegal-move", Severity::Error,
     "no piece of the named kind can make that move by the movement rules (wrong piece, blocked path, no such piece)"},
    {"ambiguous-move", Severity::Error, "two or more pieces fit the move text"},
    {"king-left-in-check", Severity::Error,
     "the move or drop is possible by the movement rules but leaves the mover's own king in check"},
    {"wrong-turn", Severity::Error, "the move belongs to the side that is not to move on that board"},
    {"drop-not-in-holding", Severity::Error, "the dropped piece is not in the mover's holding at that moment"},
    {"drop-on-occupied", Severity::Error, "the target square of a drop is not empty"},
    {"pawn-drop-rank", Severity::Error, "a pawn dropped on a rank the rule set forbids"},
    {"drop-gives-check", Severity::Error,
     "a checking drop where the rule set forbids it (turkish: also a later in-place promotion that gives check)"},
    {"drop-gives-mate", Severity::Error, "a mating drop where the rule set forbids it"},
    {"promotion-invalid", Severity::Error, "promotion to a piece the rule set does not allow here"},
    {"promotion-missing", Severity::Error,
     "a pawn reaches the last rank without promotion where the rule set requires one"},
    {"move-after-end", Severity::Error, "a move after the match ended (mate on either board, or a flag fall)"},
    {"move-number", Severity::Warning, "the written move number is not the board's current move number"},
    {"clock-increase", Severity::Warning, "a player's remaining time grew more than the increment allows"},
    {"clock-order", Severity::Warning, "the record's move order contradicts the order the clocks imply"},
    {"check-suffix", Severity::Warning, "`+` or `#` missing, or present where the move gives no check / no mate"},
    {"result-mismatch", Severity::Warning,
     "the recorded result or termination text contradicts the position or clocks"},
    {"missing-tag", Severity::Warning, "a tag the format requires (e.g. WhiteA) is absent"},
    {"unexplained-result", Severity::Warning,
     "a two-board record gives a decisive result that nothing in it explains (no mate, no flag, no termination text or tag)"},
    {"truncated-record", Severity::Error,
     "the movetext breaks off without the result token in a dialect that always writes one (FICS / bughouse-db BPGN)"},
    {"check-suffix-convention", Severity::Note,
     "the record follows its writer's own check-marking convention (no `+` at all, or `+` on mates): one note per game"},
    {"nonstandard-san", Severity::Warning,
     "a move written in a form that is not standard SAN but has one reading (bughouse.pro's `xe6`)"},
    {"rule-tag", Severity::Warning, "a rule tag's value is not known; the preset's value is used"},
    {"unsupported-variant", Severity::Error,
     "the record's Variant is not a chess variant bpgn can check (e.g. DuckChess); its moves are not replayed"},
    {"stray-text", Severity::Warning,
     "text outside any game (after the result, or a line between games) that the reader skipped"},
    {"duplicate-game", Severity::Note,
     "the match repeats an earlier game of the run: the same players and moves on both boards, the same date and clocks where both have them (check --duplicates)"},
}};

}  // namespace

std::string_view claim_word(ActionFate f) {
  switch (f) {
    case ActionFate::Decided: return "decided";
    case ActionFate::Claimed: return "claimed";
    case ActionFate::PlayedOn:
    case ActionFate::NotPlayable: return "not-claimed";
  }
  return "not-claimed";
}

std::string_view to_string(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

const ViolationInfo& info(ViolationCode code) { return kTable[std::size_t(code)]; }

std::optional<ViolationCode> violation_code_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kTable.size(); ++i) {
    if (kTable[i].code == name) return ViolationCode(i);
  }
  return std::nullopt;
}

}  // namespace bpgn
