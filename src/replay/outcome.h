// Who won the match and why: from the replay (mate, flag fall, illegal action), else from the
// termination text, checked against the termination text and the written result.
#pragma once

#include "core/position.h"
#include "record/game.h"
#include "replay/replay.h"
#include "replay/timeline.h"
#include "rules/rule_set.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

// How the replay saw the match end: the first of a mate on either board, a move made after a flag
// fell, or (where illegal_action_loses) an illegal action.
struct MatchEnd {
  EndReason reason = EndReason::None;  // Checkmate, Time or IllegalAction
  Seat loser = Seat::WhiteA;           // the mated, flagged or offending player
  std::optional<std::size_t> ply;      // the mating or offending ply
};

struct OutcomeInput {
  const Game& game;
  const RuleSet& rules;
  int boards = 2;
  std::optional<MatchEnd> end;
  const Timeline& timeline;
  std::array<bool, 2> complete{};       // every ply of that board was replayed
  const std::array<Position, 2>& final;
  std::optional<std::size_t> unclaimed_illegal_ply;  // see Outcome::unclaimed_illegal_ply
};

// The winning side when `loser` lost: the other team (two boards) or the other colour (one board).
Winner winner_against(Seat loser, int boards);
// The result token of `w` from team 1's view (two boards) or White's (one board): "1-0", "0-1",
// "1/2-1/2", "*" (no winner known).
std::string result_token(Winner w);
// The winner a result token names, from team 1's view (two boards) or White's; None for "*" and
// anything else.
Winner winner_from_token(std::string_view token, int boards);
// Team of a seat: team 1 = WhiteA + BlackB.
Winner team_of(Seat seat);
// The side a seat plays for: its team (two boards) or its colour (one board).
Winner winner_for(Seat seat, int boards);

// The outcome's word on the first illegal action nobody claimed, for text and standings: "illegal
// action not claimed (1b. P@f2+): result as played", or "... play went on" when a later action was
// claimed and decided the match; "" when there is none. Record text unescaped.
std::string unclaimed_note(const Game& game, const Outcome& o, int boards);

// Decides the outcome; appends result-mismatch warnings (without sort key concerns: they concern no
// ply) to `warnings`.
Outcome decide_outcome(const OutcomeInput& in, std::vector<Violation>& warnings);

// Turkish tournament points (rules.md's table) when `flagged` players ran out of time; nullopt
// when the table gives none (two flags on one board: the clocks are faulty).
struct TurkishVerdict {
  Winner winner = Winner::None;
  std::map<std::string, double> points;
};
std::optional<TurkishVerdict> turkish_flags(const std::vector<Seat>& flagged);
// Points of a match decided against `loser` (mate, time, resignation, illegal action).
std::map<std::string, double> turkish_points(Seat loser);

}  // namespace bpgn
