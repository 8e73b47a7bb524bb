// A game as check judges it: its replay, its status, and what the duplicate search compares.
// pipeline/run/check_game.h fills it; the report sinks (output/report_sink.h) write it.
#pragma once

#include "record/game.h"
#include "replay/fingerprint.h"
#include "replay/replay.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace bpgn {

enum class GameStatus : std::uint8_t { Valid, Invalid, Unreadable };
std::string_view to_string(GameStatus s);  // "valid", "invalid", "unreadable"

// Unreadable: the record could not be read; invalid: an error (with `strict`, a warning too; a
// note never counts); else valid.
GameStatus status_of(const Game& game, const ReplayResult& result, bool strict);

struct CheckedGame {
  ReplayResult result;   // the violations, the outcome, the rules applied
  ReplayOptions replay;  // as the game was replayed (its tolerance): a moment of it replays the same way
  GameStatus status = GameStatus::Valid;
  // The game's key for the duplicate search (check --duplicates): when asked for and the game
  // could be read.
  std::optional<MatchKey> key;
};

}  // namespace bpgn
