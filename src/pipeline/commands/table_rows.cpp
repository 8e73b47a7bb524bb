#include "pipeline/commands/table_rows.h"

#include "pipeline/run/check_game.h"
#include "replay/checked_game.h"

namespace bpgn {

void TableRows::game(const Game& game, const ReplayResult* result, const ConvertedGame& converted) {
  if (failure_) return;
  if (!result) {
    replay_for_output(game, choice_, unreadable_);
    result = &unreadable_;
  }
  const GameStatus status = status_of(game, *result, false);
  try {
    if (status != GameStatus::Unreadable && has_game(game, match_key(game, *result))) {
      ++skipped_;
      return;
    }
    write(game, *result, status, converted.record);
  } catch (const db::ArchiveError& e) {
    failure_ = e;
    return;
  }
  ++added_;
}

}  // namespace bpgn
