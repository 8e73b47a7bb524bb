// Where the archive's rows go: the SQLite writer and the CSV writer each implement TableSink;
// database/game_rows.h turns a replayed game into rows of database/schema.h's tables.
#pragma once

#include "database/schema.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <variant>

namespace bpgn::db {

// A cell: SQL NULL, an integer, a real or text (UTF-8; valid only during the row() call).
using Value = std::variant<std::monostate, std::int64_t, double, std::string_view>;

class TableSink {
 public:
  virtual ~TableSink() = default;
  // One row of `table`, its values in the table's column order (values.size() is the table's
  // column count; a value's alternative matches the column's type or is NULL).
  virtual void row(TableId table, std::span<const Value> values) = 0;
};

}  // namespace bpgn::db
