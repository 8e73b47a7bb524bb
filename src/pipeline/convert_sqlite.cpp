#include "pipeline/convert_sqlite.h"

#include "pipeline/check_game.h"
#include "replay/checked_game.h"
#include "replay/fingerprint.h"

namespace bpgn {

void ArchiveRows::game(const Game& game, const ReplayResult* result, const ConvertedGame& converted) {
  if (!result) {  // convert does not replay an unreadable game: its rows need its syntax error
    replay_for_output(game, choice_, unreadable_);
    result = &unreadable_;
  }
  const GameStatus status = status_of(game, *result, false);
  if (status != GameStatus::Unreadable && archive_.has_game(match_key(game, *result))) {
    ++skipped_;
    return;
  }
  archive_.begin_game();
  db::emit_game_rows(game, *result, status, archive_.next_id(), converted.record, options_, archive_);
  archive_.end_game();
  ++added_;
}

}  // namespace bpgn
