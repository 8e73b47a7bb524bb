#include "pipeline/commands/convert_csv.h"

#include "database/schema.h"

#include <fmt/format.h>

#include <iterator>

namespace bpgn {

std::string csv_file_name(db::TableId table) { return std::string(db::table(table).name) + ".csv"; }

std::vector<std::string> csv_folder_files() {
  std::vector<std::string> names;
  for (const db::Table& t : db::tables()) names.push_back(csv_file_name(t.id));
  names.push_back("schema.sql");
  names.push_back("load.sql");
  return names;
}

std::string postgres_load_script() {
  std::string sql =
      "-- Loads the tables written by bpgn convert --to csv into PostgreSQL, after schema.sql:\n"
      "--   cd DIR && psql -v ON_ERROR_STOP=1 -f schema.sql -f load.sql\n"
      "-- The file names are relative: run psql in this folder.\n"
      "\\set ON_ERROR_STOP on\n"
      "BEGIN;\n";
  for (const db::Table& t : db::tables()) {
    fmt::format_to(std::back_inserter(sql), "\\copy {} FROM '{}' WITH (FORMAT csv, HEADER true)\n", t.name,
                   csv_file_name(t.id));
  }
  sql += "COMMIT;\nANALYZE;\n";
  return sql;
}

CsvFolder::CsvFolder(const std::string& target) : folder_(target) {
  if (!folder_.opened()) return;
  for (const db::Table& t : db::tables()) {
    if (!(tables_[std::size_t(t.id)] = folder_.add(csv_file_name(t.id)))) return;
  }
  if (!(schema_ = folder_.add("schema.sql")) || !(load_ = folder_.add("load.sql"))) return;
  sink_ = std::make_unique<db::CsvSink>(tables_);
  const std::string version = std::to_string(db::kSchemaVersion);
  const std::pair<std::string_view, std::string_view> meta[] = {{"schema_version", version},
                                                                {"bpgn_version", BPGN_VERSION_TEXT},
                                                                {"created_by", "bpgn convert --to csv"}};
  for (const auto& [key, value] : meta) {
    const db::Value row[] = {key, value};
    sink_->row(db::TableId::Meta, row);
  }
}

bool CsvFolder::commit() {
  if (!sink_) return false;
  *schema_ << "-- The tables of a bpgn archive (schema version " << db::kSchemaVersion
           << "), for PostgreSQL; then load.sql loads the CSV files.\n"
           << db::create_statements(db::SqlDialect::Postgresql, false);
  *load_ << postgres_load_script();
  sink_->flush();  // a failed write is found by the folder's commit, which names the file
  return folder_.commit();
}

bool CsvRows::has_game(const Game& game, const MatchKey& key) {
  return seen_.offer(key, std::uint64_t(next_id_), game.start.line, game.file).has_value();
}

void CsvRows::write(const Game& game, const ReplayResult& result, GameStatus status, std::string_view record,
                    const std::optional<MatchKey>& key) {
  db::emit_game_rows(game, result, status, next_id_++, record, key, options(), sink_);
}

}  // namespace bpgn
