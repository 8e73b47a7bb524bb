// Where the archive's rows go: the SQLite writer and the CSV writer each implement TableSink;
// database/game_rows.h turns a replayed game into rows of database/schema.h's tables.
#pragma once

#include "database/schema.h"
#include "record/game.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

namespace bpgn::db {

// Why the archive cannot be used or written: `exit_code` per the contract (2: the file is an
// SQLite database that is not a bpgn archive of this schema version; 3: it cannot be read or
// written, or is not an SQLite database at all).
inline constexpr int kArchiveExitUsage = 2;
inline constexpr int kArchiveExitIo = 3;
struct ArchiveError : std::runtime_error {
  ArchiveError(int code, const std::string& message) : std::runtime_error(message), exit_code(code) {}
  int exit_code;
};

// A cell: SQL NULL, an integer, a real or text (UTF-8; valid only during the row() call).
using Value = std::variant<std::monostate, std::int64_t, double, std::string_view>;

// One row of the plies table as its parts, not yet cells: a writer that packs or formats the
// plies itself (SqliteWriter of version 2, CsvSink) takes them as they are, with no Value made of
// each column (plies are most of an archive's rows). ply_values() gives the row's cells.
struct PlyRow {
  std::int64_t game_id = 0;
  std::int64_t ply = 0;  // 1, 2, ... within the game
  Board board = Board::A;
  Color color = White;
  std::optional<std::int64_t> number;    // the written move number; none: NULL
  std::string_view san;
  std::optional<std::string_view> canonical;  // canonical_san; none: NULL
  char piece = 0, promotion = 0;         // piece letters (PNBRQK); 0: NULL
  int from = 64, to = 64;                // squares 0..63 (file + 8 * rank); 64: NULL
  bool drop = false;
  bool played = false;
  std::optional<double> clock;           // none: NULL
  std::optional<double> time;            // match_time; none: NULL
  std::int64_t line = 0, column = 0;     // where the SAN stands
};

// The plies table's cells of `row`, in column order (made in database/game_rows.cpp); its square
// and piece texts in `scratch` (which must outlive the cells' use).
struct PlyScratch {
  char from[2], to[2], piece, promotion;
};
std::array<Value, 18> ply_values(const PlyRow& row, PlyScratch& scratch);

class TableSink {
 public:
  virtual ~TableSink() = default;
  // One row of `table`, its values in the table's column order (values.size() is the table's
  // column count; a value's alternative matches the column's type or is NULL). May throw
  // ArchiveError.
  virtual void row(TableId table, std::span<const Value> values) = 0;
  // One row of the plies table: row(TableId::Plies, ply_values(row)) unless the sink takes the
  // parts itself. May throw ArchiveError.
  virtual void ply(const PlyRow& row) {
    PlyScratch scratch;
    const std::array<Value, 18> values = ply_values(row, scratch);
    this->row(TableId::Plies, values);
  }
};

}  // namespace bpgn::db
