// convert --to sqlite (docs/database.md): each game written becomes its rows in the archive, in
// input order, unless the archive has it already (the duplicate key of check --duplicates).
#pragma once

#include "database/sqlite_archive.h"
#include "pipeline/commands/table_rows.h"

namespace bpgn {

class ArchiveRows : public TableRows {
 public:
  ArchiveRows(db::SqliteWriter& archive, const RuleChoice& choice, const db::GameRowsOptions& options)
      : TableRows(choice, options), archive_(archive) {}

 private:
  bool has_game(const Game& game, const MatchKey& key) override;
  void write(const Game& game, const ReplayResult& result, GameStatus status, std::string_view record,
             const std::optional<MatchKey>& key) override;

  db::SqliteWriter& archive_;
};

}  // namespace bpgn
