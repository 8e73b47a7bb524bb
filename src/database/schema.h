// The archive's tables (docs/database.md): what `bpgn convert --to sqlite` and `--to csv` write,
// as data, so that the SQLite writer, the CSV writer, the PostgreSQL schema file and the docs all
// read one definition. Types are the three both SQLite and PostgreSQL know the same way (booleans
// are integers 0/1; the 64-bit fingerprint is the unsigned key's bits read as a signed integer).
// No I/O.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace bpgn::db {

// The tables' version: raised on every change a reader of an older archive would misread (a
// column renamed, removed or changed in meaning); stored in the meta table of --to csv as
// schema_version. Every SQLite archive answers SQL with these tables, whatever its own layout
// (database/sqlite_archive.h kArchiveVersion: version 2 stores plies packed, database/packed_plies.h).
inline constexpr int kSchemaVersion = 1;

enum class ColumnType : std::uint8_t {
  Integer,  // SQLite INTEGER, PostgreSQL BIGINT
  Real,     // SQLite REAL, PostgreSQL DOUBLE PRECISION
  Text,     // SQLite TEXT, PostgreSQL TEXT (UTF-8)
};

struct Column {
  std::string_view name;
  ColumnType type;
  bool nullable;
  std::string_view doc;  // one line for docs/database.md and the schema file's comments
};

// The tables in the order they are created and filled; TableId indexes tables().
enum class TableId : std::uint8_t { Meta, Games, Players, Plies, Violations, Tags, Positions };
inline constexpr std::size_t kTableCount = 7;

struct Index {
  std::string_view name;
  std::string_view columns;  // "game_id, ply": the column list as SQL writes it
  bool unique;
};

struct Table {
  TableId id;
  std::string_view name;
  std::span<const Column> columns;
  std::string_view primary_key;  // "id", "game_id, seat": the column list as SQL writes it
  std::span<const Index> indexes;
  std::string_view doc;
  // SQLite stores the rows in the primary key's B-tree (WITHOUT ROWID): the tables keyed by
  // (game_id, n), whose rows are small and always looked up by game, keep one B-tree, not a rowid
  // table and its key's index beside it. PostgreSQL has no such choice.
  bool clustered = false;
};

// Every table, indexed by TableId.
std::span<const Table> tables();
inline const Table& table(TableId id) { return tables()[std::size_t(id)]; }
// The column's position in its table; throws std::logic_error for a name the table lacks (a
// programming error: the names are this file's).
std::size_t column_index(TableId table, std::string_view column);

enum class SqlDialect : std::uint8_t { Sqlite, Postgresql };
// "BIGINT", "DOUBLE PRECISION", "TEXT" / "INTEGER", "REAL", "TEXT".
std::string_view sql_type(ColumnType type, SqlDialect dialect);
// CREATE TABLE and CREATE INDEX statements for every table, each ending with ";\n", with the
// columns' docs as SQL comments. `if_not_exists`: SQLite's appending run adds nothing that exists.
// `skip_plies`: without the plies table and its index (an SQLite archive of version 2 has a view
// in its place, database/packed_plies.h).
std::string create_statements(SqlDialect dialect, bool if_not_exists, bool skip_plies = false);

}  // namespace bpgn::db
