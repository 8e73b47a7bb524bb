#include "pipeline/table_rows.h"

#include "pipeline/check_game.h"
#include "replay/checked_game.h"

namespace bpgn {

void TableRows::game(const Game& game, const ReplayResult* result, const ConvertedGame& converted) {
  if (!result) {
    replay_for_output(game, choice_, unreadable_);
    result = &unreadable_;
  }
  const GameStatus status = status_of(game, *result, false);
  if (status != GameStatus::Unreadable && has_game(game, match_key(game, *result))) {
    ++skipped_;
    return;
  }
  write(game, *result, status, converted.record);
  ++added_;
}

}  // namespace bpgn
