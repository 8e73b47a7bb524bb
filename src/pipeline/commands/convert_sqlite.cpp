#include "pipeline/commands/convert_sqlite.h"

namespace bpgn {

bool ArchiveRows::has_game(const Game&, const MatchKey& key) { return archive_.has_game(key); }

void ArchiveRows::write(const Game& game, const ReplayResult& result, GameStatus status, std::string_view record,
                        const std::optional<MatchKey>& key) {
  archive_.begin_game();
  db::emit_game_rows(game, result, status, archive_.next_id(), record, key, options(), archive_);
  archive_.end_game();
}

}  // namespace bpgn
