// convert --to sqlite (docs/database.md): each game written becomes its rows in the archive, in
// input order, unless the archive has it already (the duplicate key of check --duplicates).
#pragma once

#include "database/game_rows.h"
#include "pipeline/sqlite_archive.h"
#include "pipeline/convert_game.h"

#include <cstddef>

namespace bpgn {

class ArchiveRows : public ConvertedGameSink {
 public:
  ArchiveRows(db::SqliteWriter& archive, const RuleChoice& choice, const db::GameRowsOptions& options)
      : archive_(archive), choice_(choice), options_(options) {}

  void game(const Game& game, const ReplayResult* result, const ConvertedGame& converted) override;
  // Games left out because the archive had them (those added earlier in the run included).
  std::size_t skipped() const { return skipped_; }
  std::size_t added() const { return added_; }

 private:
  db::SqliteWriter& archive_;
  const RuleChoice& choice_;
  db::GameRowsOptions options_;
  ReplayResult unreadable_;  // the replay of a game that could not be read through (its syntax error)
  std::size_t skipped_ = 0;
  std::size_t added_ = 0;
};

}  // namespace bpgn
