// convert --to csv -o DIR (docs/database.md, "CSV and PostgreSQL"): the archive's tables as one CSV
// file each in a new folder, beside schema.sql (PostgreSQL's CREATE statements) and load.sql
// (psql's \copy of every table), made whole or not at all. The same rows as --to sqlite of the
// same inputs: games numbered from 1 in input order.
#pragma once

#include "database/csv_sink.h"
#include "database/game_rows.h"
#include "io/commit/atomic_folder.h"
#include "pipeline/run/duplicate_index.h"
#include "pipeline/commands/table_rows.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace bpgn {

// The file of each table: "games.csv".
std::string csv_file_name(db::TableId table);
// The files the folder holds: the tables' CSV files, schema.sql, load.sql.
std::vector<std::string> csv_folder_files();
// load.sql: psql's \copy of each table from its file (relative: psql runs in the folder), in
// table order, in one transaction, stopping at the first error; then ANALYZE.
std::string postgres_load_script();

// The folder being written: its files opened, the meta rows written; commit() at the end.
class CsvFolder {
 public:
  explicit CsvFolder(const std::string& target);
  bool opened() const { return sink_ != nullptr; }
  db::TableSink& sink() { return *sink_; }
  // Writes schema.sql and load.sql, flushes the tables and renames the folder into place.
  bool commit();
  const std::string& error() const { return folder_.error(); }

 private:
  AtomicFolder folder_;
  std::array<std::ostream*, db::kTableCount> tables_{};
  std::ostream* schema_ = nullptr;
  std::ostream* load_ = nullptr;
  std::unique_ptr<db::CsvSink> sink_;
};

// Every game written becomes its rows, numbered from 1 in input order; as --to sqlite into a new
// archive, a game the run has written already (the duplicate key of check --duplicates) is not
// written again.
class CsvRows : public TableRows {
 public:
  CsvRows(db::TableSink& sink, const RuleChoice& choice, const db::GameRowsOptions& options)
      : TableRows(choice, options), sink_(sink) {}

 private:
  bool has_game(const Game& game, const MatchKey& key) override;
  void write(const Game& game, const ReplayResult& result, GameStatus status, std::string_view record,
             const std::optional<MatchKey>& key) override;

  db::TableSink& sink_;
  DuplicateIndex seen_;
  std::int64_t next_id_ = 1;
};

}  // namespace bpgn
