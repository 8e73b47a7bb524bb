// Where the archive's rows go: the SQLite writer and the CSV writer each implement TableSink;
// database/game_rows.h turns a replayed game into rows of database/schema.h's tables.
#pragma once

#include "database/schema.h"

#include <cstdint>
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

class TableSink {
 public:
  virtual ~TableSink() = default;
  // One row of `table`, its values in the table's column order (values.size() is the table's
  // column count; a value's alternative matches the column's type or is NULL). May throw
  // ArchiveError.
  virtual void row(TableId table, std::span<const Value> values) = 0;
};

}  // namespace bpgn::db
