// The archive's two layouts (docs/database.md, "Schema versions"), run as a user runs bpgn: a
// version 1 and a version 2 archive of the same corpus answer every documented query with the
// same rows and hold the same rows in every table; records come back the same from both; adding
// to a version 1 archive keeps it version 1; --from sqlite --to sqlite upgrades; a version this
// bpgn does not know is refused, exit 3.
#include "support/database_docs.h"
#include "cli/binary_run.h"
#include "support/sanitizer.h"
#include "support/scratch_dir.h"

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

namespace bpgn::check_test::archive_versions {
namespace {

namespace fs = std::filesystem;
using test::ScratchDir;

std::string quoted(const fs::path& p) { return shell_quoted(p.string()); }

// The rows of `sql` as text ("a|b|NULL"; a REAL to 17 significant digits, with its type).
std::vector<std::string> rows_of(const fs::path& db_path, const std::string& sql, const std::string& attach = "") {
  std::vector<std::string> out;
  sqlite3* db = nullptr;
  sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
  if (!attach.empty()) sqlite3_exec(db, ("ATTACH '" + attach + "' AS other").c_str(), nullptr, nullptr, nullptr);
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    ADD_FAILURE() << sqlite3_errmsg(db) << "\n" << sql;
    sqlite3_close(db);
    return out;
  }
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    std::string row;
    for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
      if (i) row += '|';
      switch (sqlite3_column_type(stmt, i)) {
        case SQLITE_NULL: row += "NULL"; break;
        case SQLITE_INTEGER: row += "i" + std::to_string(sqlite3_column_int64(stmt, i)); break;
        case SQLITE_FLOAT: {
          char buf[40];
          std::snprintf(buf, sizeof buf, "r%.17g", sqlite3_column_double(stmt, i));
          row += buf;
          break;
        }
        default: row += "t" + std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt, i)));
      }
    }
    out.push_back(row);
  }
  EXPECT_EQ(rc, SQLITE_DONE) << sqlite3_errmsg(db) << "\n" << sql;
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return out;
}
std::string one(const fs::path& db, const std::string& sql) {
  const auto r = rows_of(db, sql);
  return r.size() == 1 ? r[0] : "(" + std::to_string(r.size()) + " rows)";
}

// The record files of corpus/, each as an argument. Under the sanitizers (ten times slower) a file
// over 200 kB (the two chess samples, 1,000 games each) is cut after its first 100 kB of whole
// games, written into `scratch`: every other file, every kind of record and every table still
// take part, in a quarter of the time.
std::string corpus_files(const fs::path& scratch) {
  std::string out;
  for (const fs::path& f : test::record_files_under()) {
    fs::path used = f;
    if (test::kUnderSanitizer && fs::file_size(f) > 200'000) {
      const std::string text = read_file(f.string());
      const std::size_t cut = text.find("\n[Event ", 100'000);
      used = scratch / ("cut-" + f.filename().string());
      std::ofstream(used, std::ios::binary) << text.substr(0, cut == std::string::npos ? text.size() : cut + 1);
    }
    out += " " + shell_quoted(used.string());
  }
  return out;
}

// Every table's rows in key order, of `db`, as text with types.
std::map<std::string, std::vector<std::string>> tables_of(const fs::path& db) {
  std::map<std::string, std::vector<std::string>> out;
  for (const auto& [table, key] : std::map<std::string, std::string>{{"games", "id"},
                                                                     {"players", "game_id, seat"},
                                                                     {"plies", "game_id, ply"},
                                                                     {"violations", "game_id, ordinal"},
                                                                     {"tags", "game_id, ordinal"},
                                                                     {"positions", "game_id, ply"}})
    out[table] = rows_of(db, "SELECT * FROM " + table + " ORDER BY " + key);
  return out;
}

// Every record file of corpus/ (1,700 games, bughouse and chess, valid, invalid and unreadable)
// into a version 1 and a version 2 archive, with positions: made once for the tests that read
// them (shared()), each test writing its own files beside them.
struct TwoArchives {
  ScratchDir dir;
  fs::path v1 = dir / "v1.db", v2 = dir / "v2.db";
  TwoArchives() {
    const std::string files = corpus_files(dir.path());
    for (const auto& [path, option] : {std::pair(v1, " --archive-version 1"), std::pair(v2, "")}) {
      const BinaryRun r = run_binary("convert --from bpgn --to sqlite --positions -q -o " + quoted(path) + option + files);
      EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.err;
    }
  }
};

TwoArchives& shared() {
  static TwoArchives archives;
  return archives;
}

TEST(ArchiveVersions, DocumentedQueriesAndEveryTableGiveTheSameRows) {
  TwoArchives& a = shared();
  EXPECT_EQ(one(a.v1, "SELECT value FROM meta WHERE key = 'schema_version'"), "t1");
  EXPECT_EQ(one(a.v2, "SELECT value FROM meta WHERE key = 'schema_version'"), "t2");
  EXPECT_EQ(one(a.v1, "SELECT type FROM sqlite_master WHERE name = 'plies'"), "ttable");
  EXPECT_EQ(one(a.v2, "SELECT type FROM sqlite_master WHERE name = 'plies'"), "tview");
  // One plies_packed row per game with plies; the games' ply counts are the view's.
  EXPECT_EQ(one(a.v2, "SELECT (SELECT COUNT(*) FROM plies_packed) = (SELECT COUNT(*) FROM games WHERE plies > 0)"), "i1");
  EXPECT_EQ(one(a.v2, "SELECT (SELECT COUNT(*) FROM plies) = (SELECT SUM(plies) FROM games)"), "i1");
  const std::string plies = one(a.v1, "SELECT COUNT(*) FROM plies");
  EXPECT_GT(std::stoll(plies.substr(1)), test::kUnderSanitizer ? 10000 : 100000);

  const std::map<std::string, std::string> queries = test::database_doc_queries();
  EXPECT_EQ(queries.size(), 10u);
  std::size_t answered = 0;
  for (const auto& [name, sql] : queries) {
    const auto rows = rows_of(a.v1, sql);
    EXPECT_EQ(rows_of(a.v2, sql), rows) << name;
    answered += !rows.empty();
  }
  EXPECT_GE(answered, 9u);
  const auto v1_tables = tables_of(a.v1), v2_tables = tables_of(a.v2);
  for (const auto& [table, rows] : v1_tables) {
    EXPECT_EQ(v2_tables.at(table), rows) << table;
    EXPECT_FALSE(rows.empty()) << table;
  }
  // Exactly, as SQLite compares values (a REAL to the last bit), both ways.
  for (const std::string except : {"SELECT * FROM main.plies EXCEPT SELECT * FROM other.plies",
                                   "SELECT * FROM other.plies EXCEPT SELECT * FROM main.plies"})
    EXPECT_EQ(rows_of(a.v2, "SELECT COUNT(*) FROM (" + except + ")", a.v1.string()), std::vector<std::string>{"i0"});
}

TEST(ArchiveVersions, RecordsComeBackTheSameFromBoth) {
  TwoArchives& a = shared();
  const fs::path back1 = a.dir / "back1.bpgn", back2 = a.dir / "back2.bpgn";
  ASSERT_EQ(run_binary("convert --from sqlite --to bpgn -o " + quoted(back1) + " " + quoted(a.v1)).exit_code, 0);
  ASSERT_EQ(run_binary("convert --from sqlite --to bpgn -o " + quoted(back2) + " " + quoted(a.v2)).exit_code, 0);
  EXPECT_GT(fs::file_size(back1), test::kUnderSanitizer ? 200000u : 1000000u);
  EXPECT_EQ(read_file(back2.string()), read_file(back1.string()));
  // --where over the plies view: the drops of a queen, from either.
  const std::string where = " --where \"id IN (SELECT game_id FROM plies WHERE canonical_san LIKE 'Q@%')\"";
  ASSERT_EQ(run_binary("convert --from sqlite --to bpgn -o " + quoted(back1) + " " + quoted(a.v1) + where).exit_code, 0);
  ASSERT_EQ(run_binary("convert --from sqlite --to bpgn -o " + quoted(back2) + " " + quoted(a.v2) + where).exit_code, 0);
  EXPECT_GT(fs::file_size(back1), 1000u);
  EXPECT_EQ(read_file(back2.string()), read_file(back1.string()));
}

TEST(ArchiveVersions, AddingToAVersionOneArchiveKeepsItVersionOne) {
  ScratchDir dir;
  const fs::path v1 = dir / "v1.db", v2 = dir / "v2.db", back = dir / "back.bpgn";
  const std::string fics = std::string(BPGN_CORPUS_DIR) + "/fics/";
  const std::string first = shell_quoted(fics + "1934301.bpgn"), more = shell_quoted(fics + "1934461.bpgn") + " " +
                                                                        shell_quoted(fics + "1934587.bpgn");
  ASSERT_EQ(run_binary("convert --to sqlite -q --archive-version 1 -o " + quoted(v1) + " " + first).exit_code, 0);
  ASSERT_EQ(run_binary("convert --to sqlite -q -o " + quoted(v2) + " " + first).exit_code, 0);
  for (const fs::path& db : {v1, v2}) {
    const BinaryRun r = run_binary("convert --to sqlite -q -o " + quoted(db) + " " + more + " " + first);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("2 games added to"), std::string::npos) << r.err;
  }
  EXPECT_EQ(one(v1, "SELECT value FROM meta WHERE key = 'schema_version'"), "t1");
  EXPECT_EQ(one(v1, "SELECT group_concat(type || ' ' || name, ', ') FROM sqlite_master WHERE name LIKE 'plies%'"),
            "ttable plies, index plies_canonical_san");
  EXPECT_EQ(one(v2, "SELECT value FROM meta WHERE key = 'schema_version'"), "t2");
  EXPECT_EQ(one(v2, "SELECT COUNT(*) FROM plies_packed"), "i3");
  // The same rows in both, and the records back.
  EXPECT_EQ(tables_of(v2), tables_of(v1));
  EXPECT_EQ(one(v1, "SELECT COUNT(*) = (SELECT SUM(plies) FROM games) FROM plies"), "i1");
  ASSERT_EQ(run_binary("convert --from sqlite --to bpgn -o " + quoted(back) + " " + quoted(v1)).exit_code, 0);
  EXPECT_EQ(read_file(back.string()), run_binary("fmt " + first + " " + more).out);
  // A version asked of an existing archive must be its own.
  BinaryRun r = run_binary("convert --to sqlite -q --archive-version 2 -o " + quoted(v1) + " " + first);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("schema version 1"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--from sqlite --to sqlite"), std::string::npos) << r.err;
  EXPECT_EQ(run_binary("convert --to sqlite -q --archive-version 1 -o " + quoted(v1) + " " + first).exit_code, 0);
  EXPECT_EQ(run_binary("convert --to sqlite -q --archive-version 3 -o " + quoted(dir / "new.db") + " " + first).exit_code, 2);
  EXPECT_EQ(run_binary("convert --to bpgn --archive-version 1 " + first).exit_code, 2);
  EXPECT_FALSE(fs::exists(dir / "new.db"));
}

TEST(ArchiveVersions, CopyingUpgradesAVersionOneArchive) {
  TwoArchives& a = shared();
  const fs::path up = a.dir / "up.db", down = a.dir / "down.db";
  BinaryRun r = run_binary("convert --from sqlite --to sqlite -o " + quoted(up) + " " + quoted(a.v1));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string games = one(a.v1, "SELECT COUNT(*) FROM games").substr(1);
  EXPECT_NE(r.err.find(games + " games copied from"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(schema version 2)"), std::string::npos) << r.err;
  EXPECT_EQ(one(up, "SELECT value FROM meta WHERE key = 'schema_version'"), "t2");
  // The copy is the archive made directly in version 2, to the byte of every value.
  EXPECT_EQ(tables_of(up), tables_of(a.v2));
  EXPECT_EQ(rows_of(up, "SELECT * FROM plies_packed ORDER BY game_id"),
            rows_of(a.v2, "SELECT * FROM plies_packed ORDER BY game_id"));
  EXPECT_EQ(rows_of(up, "SELECT name FROM sqlite_master ORDER BY name"),
            rows_of(a.v2, "SELECT name FROM sqlite_master ORDER BY name"));
  // And back to version 1 on request.
  r = run_binary("convert --from sqlite --to sqlite --archive-version 1 -o " + quoted(down) + " " + quoted(up));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(one(down, "SELECT value FROM meta WHERE key = 'schema_version'"), "t1");
  EXPECT_EQ(tables_of(down), tables_of(a.v1));
  // A copy is a new archive: never over an existing one or its source, never a selection.
  const std::string before = read_file(up.string());
  r = run_binary("convert --from sqlite --to sqlite -o " + quoted(up) + " " + quoted(a.v1));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("exists"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(up.string()), before);
  EXPECT_EQ(run_binary("convert --from sqlite --to sqlite -o " + quoted(a.v1) + " " + quoted(a.v1)).exit_code, 2);
  EXPECT_EQ(run_binary("convert --from sqlite --to sqlite -o " + quoted(a.dir / "x.db") + " " + quoted(a.v1) +
                       " --where 'id = 1'")
                .exit_code,
            2);
  EXPECT_EQ(run_binary("convert --from sqlite --to sqlite " + quoted(a.v1)).exit_code, 2);
  EXPECT_FALSE(fs::exists(a.dir / "x.db"));
  // A source that is not an archive: exit 3, nothing written.
  r = run_binary("convert --from sqlite --to sqlite -o " + quoted(a.dir / "x.db") + " " + quoted(a.dir / "missing.db"));
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_FALSE(fs::exists(a.dir / "x.db"));
}

TEST(ArchiveVersions, AVersionThisBpgnDoesNotKnowIsRefused) {
  ScratchDir dir;
  const fs::path db = dir / "future.db", out = dir / "out.bpgn";
  const std::string game = shell_quoted(std::string(BPGN_CORPUS_DIR) + "/fics/1934301.bpgn");
  ASSERT_EQ(run_binary("convert --to sqlite -q -o " + quoted(db) + " " + game).exit_code, 0);
  sqlite3* handle = nullptr;
  sqlite3_open(db.c_str(), &handle);
  sqlite3_exec(handle, "UPDATE meta SET value = '3' WHERE key = 'schema_version'", nullptr, nullptr, nullptr);
  sqlite3_close(handle);
  const std::string before = read_file(db.string());
  for (const std::string& command :
       {"convert --to sqlite -q -o " + quoted(db) + " " + game, "convert --from sqlite --to bpgn -o " + quoted(out) + " " + quoted(db),
        "convert --from sqlite --to sqlite -o " + quoted(dir / "copy.db") + " " + quoted(db)}) {
    const BinaryRun r = run_binary(command);
    EXPECT_EQ(r.exit_code, 3) << command << "\n" << r.err;
    EXPECT_NE(r.err.find("schema version 3, which this bpgn does not know"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("a newer bpgn wrote it"), std::string::npos) << r.err;
  }
  EXPECT_EQ(read_file(db.string()), before);
  EXPECT_FALSE(fs::exists(out));
  EXPECT_FALSE(fs::exists(dir / "copy.db"));
}

}  // namespace
}  // namespace bpgn::check_test::archive_versions
