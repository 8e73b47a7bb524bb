#include "pipeline/commands/table_rows.h"

#include "pipeline/run/check_game.h"

namespace bpgn {

void TableRows::game(const Game& game, const ReplayResult* result, const ConvertedGame& converted) {
  if (failure_) return;
  if (!result) {
    replay_for_output(game, choice_, unreadable_);
    result = &unreadable_;
  }
  const GameVerdict verdict = judge_game(game, *result, false, true);
  try {
    if (verdict.key && has_game(game, *verdict.key)) {
      ++skipped_;
      return;
    }
    write(game, *result, verdict.status, converted.record, verdict.key);
  } catch (const db::ArchiveError& e) {
    failure_ = e;
    return;
  }
  ++added_;
}

}  // namespace bpgn
