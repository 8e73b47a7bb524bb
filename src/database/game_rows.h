// One game as rows of the archive's tables (database/schema.h, docs/database.md): what
// `bpgn convert --to sqlite` and `--to csv` store of it. No I/O: the rows go to a TableSink.
#pragma once

#include "database/table_sink.h"
#include "record/game.h"
#include "replay/checked_game.h"
#include "replay/fingerprint.h"
#include "replay/replay.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace bpgn::db {

struct GameRowsOptions {
  bool positions = false;  // --positions: a positions row after each played ply (needs the kept
                           // positions of replay_for_output)
};

// The rows of one game, in table order: its games row, then players, plies, violations, tags and
// (with options.positions) positions. `result` is the game's replay as fmt and convert make it
// (pipeline/run/check_game.h replay_for_output; for an unreadable game whatever replay says of it: its
// syntax error); `status` as check says it (status_of); `record_text` the record as `bpgn fmt`
// writes it (as found for an unreadable or unsupported game). Every row's first column is
// `game_id`. The fingerprint columns are filled for every game that is not unreadable.
void emit_game_rows(const Game& game, const ReplayResult& result, GameStatus status, std::int64_t game_id,
                    std::string_view record_text, const GameRowsOptions& options, TableSink& sink);
// The same with the game's key known (replay/fingerprint.h match_key(game, result); none for an
// unreadable game): convert has it from the duplicate check and it is not worked out again.
void emit_game_rows(const Game& game, const ReplayResult& result, GameStatus status, std::int64_t game_id,
                    std::string_view record_text, const std::optional<MatchKey>& key, const GameRowsOptions& options,
                    TableSink& sink);

// The fingerprint as stored: the unsigned key's 64 bits read as a signed integer.
inline std::int64_t stored_fingerprint(std::uint64_t fingerprint) { return std::int64_t(fingerprint); }

}  // namespace bpgn::db
