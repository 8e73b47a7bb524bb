// What a ply row costs in SQLite, beside what it costs bpgn's archive writer: the floor under
// `bpgn convert --to sqlite` (docs/database.md, *Speed*). In one process, taking turns:
//   sqlite, one row per INSERT   the plies table's 18 columns, bound and stepped a row at a time
//                                into a table of the archive's shape, with SQLite alone
//   sqlite, no key               the same into a table without a primary key (rows appended)
//   SqliteWriter                 bpgn's writer, rows given through TableSink::row (WITHOUT ROWID,
//                                SqliteWriter::kRowsPerInsert rows a statement), which also
//                                builds the archive's index on plies.canonical_san at the end
// each over the same synthetic games (99 plies each, like the FICS corpus's matches), into a new
// file. Prints the CPU microseconds per row (median of the runs) and what that floor allows in
// matches per CPU second before anything else is done.
//
//   bpgn_sqlite_rows_bench [--games N] [--runs N]
#include "database/schema.h"
#include "database/sqlite_archive.h"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace {

using bpgn::db::Value;
constexpr int kPlies = 99;

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

// One synthetic ply row of the plies table, in its column order.
std::array<Value, 18> ply_row(std::int64_t game, std::int64_t ply) {
  static const char* const kSan[] = {"e4", "Nxe5", "P@f7+", "O-O", "Qxd8#", "exd8=Q"};
  const std::string_view san = kSan[ply % 6];
  return {game, ply, std::string_view("A"), std::string_view(ply % 2 ? "white" : "black"),
          std::string_view(ply % 2 ? "WhiteA" : "BlackA"), std::int64_t(ply / 4 + 1), san, san,
          std::string_view("N"), std::string_view("g1"), std::string_view("f3"), std::int64_t(0), Value{},
          175.5 - double(ply), 3.1 * double(ply), std::int64_t(1), std::int64_t(ply), std::int64_t(ply * 7)};
}

void check(int rc, sqlite3* db, const char* what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE) {
    std::fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
    std::exit(1);
  }
}

// SQLite alone: the plies table of the archive (with its key, or none), one row per statement.
void raw_sqlite(const std::string& file, int games, bool keyed) {
  sqlite3* db = nullptr;
  check(sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr),
        db, "open");
  const bpgn::db::Table& t = bpgn::db::table(bpgn::db::TableId::Plies);
  std::string ddl = "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; CREATE TABLE plies (";
  std::string insert = "INSERT INTO plies VALUES (";
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    ddl += std::string(i ? ", " : "") + std::string(t.columns[i].name);
    insert += i ? ", ?" : "?";
  }
  ddl += keyed ? ", PRIMARY KEY (game_id, ply)) WITHOUT ROWID" : ")";
  insert += ')';
  check(sqlite3_exec(db, ddl.c_str(), nullptr, nullptr, nullptr), db, "create");
  sqlite3_stmt* stmt = nullptr;
  check(sqlite3_prepare_v2(db, insert.c_str(), -1, &stmt, nullptr), db, "prepare");
  check(sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr), db, "begin");
  for (int g = 1; g <= games; ++g) {
    for (int p = 1; p <= kPlies; ++p) {
      const auto row = ply_row(g, p);
      for (std::size_t i = 0; i < row.size(); ++i) {
        const int at = int(i + 1);
        if (const auto* n = std::get_if<std::int64_t>(&row[i])) sqlite3_bind_int64(stmt, at, *n);
        else if (const auto* d = std::get_if<double>(&row[i])) sqlite3_bind_double(stmt, at, *d);
        else if (const auto* s = std::get_if<std::string_view>(&row[i]))
          sqlite3_bind_text64(stmt, at, s->data(), s->size(), SQLITE_STATIC, SQLITE_UTF8);
        else sqlite3_bind_null(stmt, at);
      }
      check(sqlite3_step(stmt), db, "insert");
      sqlite3_reset(stmt);
    }
  }
  check(sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr), db, "commit");
  sqlite3_finalize(stmt);
  sqlite3_close(db);
}

// bpgn's writer: each game's ply rows through TableSink::row, as convert --to sqlite gives them
// (without the games row and the indexes, which the raw runs do not have either).
void writer(const std::string& file, int games) {
  bpgn::db::SqliteWriter archive(file);
  for (int g = 1; g <= games; ++g) {
    archive.begin_game();
    for (int p = 1; p <= kPlies; ++p) {
      const auto row = ply_row(g, p);
      archive.row(bpgn::db::TableId::Plies, row);
    }
    archive.end_game();
  }
  archive.commit();
}

}  // namespace

int main(int argc, char** argv) {
  int games = 2000, runs = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--games")) games = std::max(1, std::atoi(argv[i + 1]));
    else if (!std::strcmp(argv[i], "--runs")) runs = std::max(1, std::atoi(argv[i + 1]));
  }
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("bpgn-sqlite-bench-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  struct Run {
    const char* label;
    std::function<void(const std::string&)> go;
    std::vector<double> us_per_row;
  };
  std::vector<Run> kinds = {
      {"sqlite, one row per INSERT, keyed (the archive's table)", [&](const std::string& f) { raw_sqlite(f, games, true); }, {}},
      {"sqlite, one row per INSERT, no key (rows appended)", [&](const std::string& f) { raw_sqlite(f, games, false); }, {}},
      {"bpgn SqliteWriter (+ the canonical_san index)", [&](const std::string& f) { writer(f, games); }, {}},
  };
  const double rows = double(games) * kPlies;
  for (int r = 0; r < runs; ++r) {
    for (Run& k : kinds) {
      const std::string file = (dir / "bench.db").string();
      std::filesystem::remove(file);
      const double t0 = cpu_seconds();
      k.go(file);
      k.us_per_row.push_back((cpu_seconds() - t0) * 1e6 / rows);
    }
  }
  std::filesystem::remove_all(dir);
  std::printf("%d games of %d ply rows, %d runs in turn; CPU per row, median\n", games, kPlies, runs);
  const auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };
  const double base = median(kinds[0].us_per_row);
  for (const Run& k : kinds) {
    const double us = median(k.us_per_row);
    std::printf("%-58s %.3f us/row  x%.2f  (plies alone allow %.0f matches/cpu s)\n", k.label, us, us / base,
                1e6 / (us * kPlies));
  }
  return 0;
}
