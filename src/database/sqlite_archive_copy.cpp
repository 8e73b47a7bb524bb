// SqliteWriter::copy_from: an archive of any known version copied row by row into a new archive
// of the writer's layout (`bpgn convert --from sqlite --to sqlite`, docs/database.md, "Schema
// versions"): how a version 1 archive becomes a version 2 one.
#include "io/commit/output_path.h"
#include "database/sqlite_archive.h"
#include "text/visible_text.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace bpgn::db {
namespace {


struct CopySource {
  sqlite3* db = nullptr;
  ~CopySource() { sqlite3_close(db); }
};

struct CopyStatement {
  sqlite3_stmt* stmt = nullptr;
  ~CopyStatement() { sqlite3_finalize(stmt); }
};

}  // namespace

std::size_t SqliteWriter::copy_from(const std::string& source) {
  const auto cannot_read = [&](sqlite3* db) {
    return ArchiveError(kArchiveExitIo, fmt::format("cannot read {}: {}", shown_path(source), sqlite3_errmsg(db)));
  };
  struct stat st{};
  if (::stat(source.c_str(), &st) != 0)
    throw ArchiveError(kArchiveExitIo, fmt::format("cannot read {}: {}", shown_path(source), std::strerror(errno)));
  CopySource from;
  if (sqlite3_open_v2(source.c_str(), &from.db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK)
    throw cannot_read(from.db);
  sqlite3_busy_timeout(from.db, kArchiveBusyMilliseconds);
  (void)archive_schema_version(from.db, source);
  // One read transaction: the copy is of one state of the source, whatever another run adds.
  if (sqlite3_exec(from.db, "BEGIN", nullptr, nullptr, nullptr) != SQLITE_OK) throw cannot_read(from.db);
  begin_game();
  std::size_t games = 0;
  std::vector<Value> values;
  for (const Table& t : tables()) {
    if (t.id == TableId::Meta) continue;  // the new archive's own
    CopyStatement select;
    const std::string sql = fmt::format("SELECT * FROM {} ORDER BY {}", t.name, t.primary_key);
    if (sqlite3_prepare_v2(from.db, sql.c_str(), int(sql.size()), &select.stmt, nullptr) != SQLITE_OK)
      throw cannot_read(from.db);
    if (std::size_t(sqlite3_column_count(select.stmt)) != t.columns.size())
      throw ArchiveError(kArchiveExitIo, fmt::format("cannot read {}: its {} table does not have {} columns", shown_path(source),
                                              t.name, t.columns.size()));
    int rc;
    while ((rc = sqlite3_step(select.stmt)) == SQLITE_ROW) {
      values.clear();
      for (int i = 0; i < int(t.columns.size()); ++i) {
        switch (sqlite3_column_type(select.stmt, i)) {
          case SQLITE_INTEGER: values.emplace_back(std::int64_t(sqlite3_column_int64(select.stmt, i))); break;
          case SQLITE_FLOAT: values.emplace_back(sqlite3_column_double(select.stmt, i)); break;
          case SQLITE_NULL: values.emplace_back(std::monostate{}); break;
          default: {  // text (and a BLOB, read as its bytes)
            const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(select.stmt, i));
            values.emplace_back(std::string_view(text ? text : "", std::size_t(sqlite3_column_bytes(select.stmt, i))));
          }
        }
      }
      row(t.id, values);
      if (t.id == TableId::Games) ++games;
    }
    if (rc != SQLITE_DONE) throw cannot_read(from.db);
  }
  write_packed();
  return games;
}

}  // namespace bpgn::db
