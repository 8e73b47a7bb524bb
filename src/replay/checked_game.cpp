#include "replay/checked_game.h"

namespace bpgn {

std::string_view to_string(GameStatus s) {
  switch (s) {
    case GameStatus::Valid: return "valid";
    case GameStatus::Invalid: return "invalid";
    case GameStatus::Unreadable: return "unreadable";
  }
  return "invalid";
}

GameStatus status_of(const Game& game, const ReplayResult& result, bool strict) {
  if (!game.readable()) return GameStatus::Unreadable;
  for (const Violation& v : result.violations) {
    // A note never changes the status, not even under --strict.
    if (v.severity == Severity::Error || (strict && v.severity == Severity::Warning)) return GameStatus::Invalid;
  }
  return GameStatus::Valid;
}

}  // namespace bpgn
