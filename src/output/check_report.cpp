#include "output/check_report.h"

namespace bpgn {

std::string_view to_string(GameStatus s) {
  switch (s) {
    case GameStatus::Valid: return "valid";
    case GameStatus::Invalid: return "invalid";
    case GameStatus::Unreadable: return "unreadable";
  }
  return "invalid";
}

GameStatus status_of(const Game& game, const ReplayResult& result, const ReportOptions& options) {
  if (!game.readable()) return GameStatus::Unreadable;
  for (const Violation& v : result.violations) {
    if (v.severity == Severity::Error || options.strict) return GameStatus::Invalid;
  }
  return GameStatus::Valid;
}

void CheckSummary::add(GameStatus status, const ReplayResult& result) {
  ++games;
  switch (status) {
    case GameStatus::Valid: ++valid; break;
    case GameStatus::Invalid: ++invalid; break;
    case GameStatus::Unreadable: ++unreadable; break;
  }
  for (const Violation& v : result.violations) {
    ++per_code[std::size_t(v.code)];
    ++(v.severity == Severity::Error ? errors : warnings);
  }
}

}  // namespace bpgn
