// A match's outcome in words, as `bpgn show` and the text report of `bpgn check` say it.
#pragma once

#include "record/game.h"
#include "replay/replay.h"

#include <string>

namespace bpgn {

// A seat and its player, as the record names them: `BlackA Rabbos`, `White`, `WhiteB`.
std::string player_name(const Game& game, Seat seat, int boards);

// `team 1 (WhiteA alice and BlackB dave) wins by checkmate on board A; recorded result 1-0`, with
// the four players' points under turkish.
std::string outcome_text(const Game& game, const ReplayResult& result);

// The text report's line for it: `games.bpgn:12:1: outcome: ...` (the game's first line).
std::string outcome_line(const Game& game, const ReplayResult& result);

}  // namespace bpgn
