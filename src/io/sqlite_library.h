// SQLite, opened on first use (io/dynamic_library.h) like the decompressors: only `convert --to
// sqlite`, `--from sqlite` and the archive's readers need it, and a linked libsqlite3 cost every
// start of bpgn, `bpgn --version` and a one-game `check` included, its ~1,600 symbol relocations
// (more than half the dynamic loader's work, docs/performance.md, *Start-up*).
//
// The program calls SQLite's functions by their own names, as sqlite3.h declares them; this unit
// defines each of them as a forward to the library loaded on first call, so the code that uses
// SQLite reads as plain SQLite. When the library cannot be loaded, `sqlite3_open` and
// `sqlite3_open_v2` fail with SQLITE_CANTOPEN and a null handle, and `sqlite3_errmsg(nullptr)`
// says why ("it needs the library libsqlite3.so.0, which cannot be loaded (...)"; SQLite's own
// answer for a null handle, "out of memory", when the library is there); no other function can be
// reached without an open handle. Its soname is set when bpgn is configured
// (-DBPGN_SQLITE_SONAME, docs/install.md).
#pragma once

#include "io/dynamic_library.h"

#include <sqlite3.h>

#include <string>

namespace bpgn {

// SQLite's functions bpgn calls (each forwarded by sqlite_library.cpp).
#define BPGN_SQLITE_FUNCTIONS(X)                                                                     \
  X(sqlite3_open) X(sqlite3_open_v2) X(sqlite3_close) X(sqlite3_errmsg) X(sqlite3_exec)             \
  X(sqlite3_busy_timeout) X(sqlite3_prepare_v2) X(sqlite3_prepare_v3) X(sqlite3_step)               \
  X(sqlite3_reset) X(sqlite3_finalize) X(sqlite3_stmt_readonly) X(sqlite3_column_count)             \
  X(sqlite3_column_text) X(sqlite3_column_int64) X(sqlite3_column_double) X(sqlite3_column_type)     \
  X(sqlite3_column_bytes) X(sqlite3_bind_int64)                                                   \
  X(sqlite3_bind_text) X(sqlite3_bind_text64) X(sqlite3_bind_null) X(sqlite3_bind_double)

struct Sqlite {
  BPGN_SQLITE_FUNCTIONS(BPGN_LIBRARY_MEMBER)
  static const char* file();
  bool look_up(void* handle, const char* soname, std::string& why) { return BPGN_SQLITE_FUNCTIONS(BPGN_LIBRARY_LOOKUP) true; }
};

// Whether SQLite is loaded (loading it on the first call); the reason in `why` when not.
bool sqlite_loaded(std::string* why = nullptr);

}  // namespace bpgn
