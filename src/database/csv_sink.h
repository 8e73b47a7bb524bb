// The archive's tables as CSV (`bpgn convert --to csv`, docs/database.md): one text per table,
// for PostgreSQL's COPY ... (FORMAT csv, HEADER true), DuckDB's read_csv and the like.
//
// RFC 4180 fields separated by commas, lines ended by LF (which every such reader takes), the
// first line the column names. A field is quoted ("...", each `"` doubled) when it holds a comma,
// a quote, CR or LF, starts or ends with a space or a tab, or starts with `\.` (PostgreSQL's end of
// data marker); empty text is `""`, so that NULL, an empty unquoted field, stays apart from it.
// Text is written as UTF-8 a PostgreSQL TEXT column accepts: a NUL byte and each ill-formed part
// of a UTF-8 sequence become U+FFFD (the rest is copied as it is), and so does a line that is
// `\.` alone inside the text (psql's \copy ends the data there, even inside a quoted field). Integers in
// decimal; reals in the shortest form that reads back the same (`12.5`, `0.1`); NaN as NULL, as SQLite stores
// it.
#pragma once

#include "database/table_sink.h"

#include <array>
#include <ostream>
#include <string>
#include <string_view>

namespace bpgn::db {

// Appends `text` as one CSV field, quoted and replaced as above.
void append_csv_text(std::string& out, std::string_view text);
// Appends one value: NULL as nothing, a number as above, text by append_csv_text.
void append_csv_value(std::string& out, const Value& value);

class CsvSink : public TableSink {
 public:
  // `streams[t]`: where table t's CSV goes (TableId order); each gets its header line first.
  explicit CsvSink(const std::array<std::ostream*, kTableCount>& streams);
  CsvSink(const CsvSink&) = delete;
  CsvSink& operator=(const CsvSink&) = delete;

  void row(TableId table, std::span<const Value> values) override;
  // The same line as row() of ply_values(row), written from the parts (most rows are plies).
  void ply(const PlyRow& row) override;
  // Hands what is buffered to the streams and flushes them; false when one of them failed.
  bool flush();

 private:
  void drain(std::size_t table);

  std::array<std::ostream*, kTableCount> streams_;
  std::array<std::string, kTableCount> buffers_;  // rows not yet handed to their stream
};

}  // namespace bpgn::db
