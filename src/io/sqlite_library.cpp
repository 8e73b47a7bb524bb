#include "io/sqlite_library.h"

#include <cstdlib>

namespace bpgn {

const char* Sqlite::file() { return BPGN_SQLITE_SONAME; }

bool sqlite_loaded(std::string* why) { return library<Sqlite>(why) != nullptr; }

namespace {

// The loaded library, for a function that is reached only through an open handle (so the library
// is there): a call without one is a bug in bpgn, not a condition to report.
const Sqlite& loaded() {
  const Sqlite* s = library<Sqlite>();
  if (!s) std::abort();
  return *s;
}

}  // namespace

}  // namespace bpgn

using bpgn::loaded;

extern "C" {

int sqlite3_open(const char* name, sqlite3** db) {
  const bpgn::Sqlite* s = bpgn::library<bpgn::Sqlite>();
  if (!s) {
    *db = nullptr;
    return SQLITE_CANTOPEN;
  }
  return s->sqlite3_open(name, db);
}

int sqlite3_open_v2(const char* name, sqlite3** db, int flags, const char* vfs) {
  const bpgn::Sqlite* s = bpgn::library<bpgn::Sqlite>();
  if (!s) {
    *db = nullptr;
    return SQLITE_CANTOPEN;
  }
  return s->sqlite3_open_v2(name, db, flags, vfs);
}

const char* sqlite3_errmsg(sqlite3* db) {
  static const std::string why = [] {
    std::string w;
    bpgn::sqlite_loaded(&w);
    return std::string("it needs the library ") + bpgn::Sqlite::file() + ", which cannot be loaded (" + w + ")";
  }();
  const bpgn::Sqlite* s = bpgn::library<bpgn::Sqlite>();
  return s ? s->sqlite3_errmsg(db) : why.c_str();
}

int sqlite3_close(sqlite3* db) { return db ? loaded().sqlite3_close(db) : SQLITE_OK; }

int sqlite3_exec(sqlite3* db, const char* sql, int (*callback)(void*, int, char**, char**), void* data,
                 char** error) {
  return loaded().sqlite3_exec(db, sql, callback, data, error);
}

int sqlite3_busy_timeout(sqlite3* db, int ms) { return loaded().sqlite3_busy_timeout(db, ms); }

int sqlite3_prepare_v2(sqlite3* db, const char* sql, int bytes, sqlite3_stmt** stmt, const char** tail) {
  return loaded().sqlite3_prepare_v2(db, sql, bytes, stmt, tail);
}

int sqlite3_prepare_v3(sqlite3* db, const char* sql, int bytes, unsigned int flags, sqlite3_stmt** stmt,
                       const char** tail) {
  return loaded().sqlite3_prepare_v3(db, sql, bytes, flags, stmt, tail);
}

int sqlite3_step(sqlite3_stmt* stmt) { return loaded().sqlite3_step(stmt); }
int sqlite3_reset(sqlite3_stmt* stmt) { return loaded().sqlite3_reset(stmt); }
int sqlite3_finalize(sqlite3_stmt* stmt) { return stmt ? loaded().sqlite3_finalize(stmt) : SQLITE_OK; }
int sqlite3_stmt_readonly(sqlite3_stmt* stmt) { return loaded().sqlite3_stmt_readonly(stmt); }
int sqlite3_column_count(sqlite3_stmt* stmt) { return loaded().sqlite3_column_count(stmt); }

const unsigned char* sqlite3_column_text(sqlite3_stmt* stmt, int column) {
  return loaded().sqlite3_column_text(stmt, column);
}

sqlite3_int64 sqlite3_column_int64(sqlite3_stmt* stmt, int column) {
  return loaded().sqlite3_column_int64(stmt, column);
}

double sqlite3_column_double(sqlite3_stmt* stmt, int column) { return loaded().sqlite3_column_double(stmt, column); }
int sqlite3_column_type(sqlite3_stmt* stmt, int column) { return loaded().sqlite3_column_type(stmt, column); }

int sqlite3_column_bytes(sqlite3_stmt* stmt, int column) { return loaded().sqlite3_column_bytes(stmt, column); }

int sqlite3_bind_int64(sqlite3_stmt* stmt, int at, sqlite3_int64 value) {
  return loaded().sqlite3_bind_int64(stmt, at, value);
}

int sqlite3_bind_text(sqlite3_stmt* stmt, int at, const char* text, int bytes, void (*destructor)(void*)) {
  return loaded().sqlite3_bind_text(stmt, at, text, bytes, destructor);
}

int sqlite3_bind_text64(sqlite3_stmt* stmt, int at, const char* text, sqlite3_uint64 bytes,
                        void (*destructor)(void*), unsigned char encoding) {
  return loaded().sqlite3_bind_text64(stmt, at, text, bytes, destructor, encoding);
}

int sqlite3_bind_null(sqlite3_stmt* stmt, int at) { return loaded().sqlite3_bind_null(stmt, at); }

int sqlite3_bind_double(sqlite3_stmt* stmt, int at, double value) {
  return loaded().sqlite3_bind_double(stmt, at, value);
}

}  // extern "C"
