// The SQL gate (issue 36, docs/robustness.md "Gates", docs/database.md): `--where` is compiled as
// one expression, whatever it holds (no compound select, no comment that swallows the rest, no
// second statement), a refused clause is exit 2; an append to an archive another process holds
// waits for the lock (kArchiveBusyMilliseconds) instead of failing at once.
#include "cli/binary_run.h"
#include "database/sqlite_archive.h"
#include "support/scratch_dir.h"

#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <thread>

namespace bpgn::check_test {
namespace archive_gate {

namespace fs = std::filesystem;
using test::ScratchDir;

std::string q(const fs::path& p) { return shell_quoted(p.string()); }

std::string fics(const std::string& name) { return std::string(BPGN_CORPUS_DIR) + "/fics/" + name; }

std::string count_games(const fs::path& db_path) {
  sqlite3* db = nullptr;
  sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* stmt = nullptr;
  std::string n = "?";
  if (sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM games", -1, &stmt, nullptr) == SQLITE_OK &&
      sqlite3_step(stmt) == SQLITE_ROW)
    n = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return n;
}

TEST(WhereClause, OneExpressionIsTakenAsItIs) {
  for (const char* ok : {"", "winner = 'team1'", "file LIKE '%1934461%'", "id IN (SELECT game_id FROM plies)",
                         "name = 'it''s (not) -- a comment; /* really */'", "\"winner\" = 'x'", "[id] > (1)",
                         "(SELECT 1 UNION SELECT 2) = 1", "a - -1 = 2", "x / 2 * 3 = 1"}) {
    EXPECT_EQ(db::why_not_one_sql_expression(ok), "") << ok;
  }
}

TEST(WhereClause, WhatReachesPastTheParenthesisIsRefused) {
  EXPECT_EQ(db::why_not_one_sql_expression("1) UNION SELECT 'x' --"),
            "the ')' at byte 2 closes a parenthesis it did not open");
  EXPECT_EQ(db::why_not_one_sql_expression("1 -- rest"), "the comment -- at byte 3 would swallow what follows");
  EXPECT_EQ(db::why_not_one_sql_expression("1 /* x */"), "the comment /* at byte 3 would swallow what follows");
  EXPECT_EQ(db::why_not_one_sql_expression("1; DELETE FROM games"), "the ';' at byte 2 would end the statement");
  EXPECT_EQ(db::why_not_one_sql_expression("(1"), "1 '(' is not closed");
  EXPECT_EQ(db::why_not_one_sql_expression("name = 'abc"), "the quote ' at byte 8 is not closed");
  EXPECT_EQ(db::why_not_one_sql_expression("\"a) UNION SELECT 1 --"), "the quote \" at byte 1 is not closed");
  EXPECT_EQ(db::why_not_one_sql_expression("[a"), "the quote [ at byte 1 is not closed");
}

TEST(WhereClause, ACompoundSelectAddsNoRecordAndIsExit2) {
  ScratchDir dir;
  const fs::path db = dir / "a.db", out = dir / "out.bpgn";
  ASSERT_EQ(run_binary("convert --to sqlite -q -o " + q(db) + " " + q(fics("1934301.bpgn"))).exit_code, 0);
  for (const std::string& where : {std::string("1) UNION SELECT 'x' --"), std::string("1) UNION SELECT 'x' /*"),
                                   std::string("0) OR (1")}) {
    const BinaryRun r = run_binary("convert --from sqlite --to bpgn -o " + q(out) + " " + q(db) + " --where " +
                                   shell_quoted(where));
    EXPECT_EQ(r.exit_code, 2) << where << "\n" << r.err;
    EXPECT_NE(r.err.find("--where takes one SQL expression"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out)) << where;
  }
  // `0) OR (1` balances, yet would be read as two expressions the wrapper joins: it is refused
  // above, as is any clause that closes what it did not open.
  const BinaryRun all = run_binary("convert --from sqlite --to bpgn -o " + q(out) + " " + q(db) + " --where '(1)'");
  EXPECT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(count_games(db), "1");
}

// A process holds the archive (as a run adding to it does, to its end); an append started meanwhile
// waits for it and then adds its game.
TEST(ArchiveLock, AnAppendWaitsForAnotherProcessHoldingTheArchive) {
  ScratchDir dir;
  const fs::path db = dir / "a.db";
  ASSERT_EQ(run_binary("convert --to sqlite -q -o " + q(db) + " " + q(fics("1934301.bpgn"))).exit_code, 0);
  sqlite3* holder = nullptr;
  ASSERT_EQ(sqlite3_open_v2(db.c_str(), &holder, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(holder, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr), SQLITE_OK);
  const fs::path err = dir / "err";
  int status = -1;
  std::thread append([&] {
    status = std::system(("'" + std::string(BPGN_BINARY) + "' convert --to sqlite -q -o " + q(db) + " " +
                          q(fics("1934461.bpgn")) + " 2>" + q(err))
                             .c_str());
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  sqlite3_exec(holder, "COMMIT", nullptr, nullptr, nullptr);
  sqlite3_close(holder);
  append.join();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << read_file(err.string());
  EXPECT_EQ(count_games(db), "2");
}

TEST(ArchiveLock, TwoConcurrentAppendsBothAddTheirGames) {
  ScratchDir dir;
  const fs::path db = dir / "a.db";
  ASSERT_EQ(run_binary("convert --to sqlite -q -o " + q(db) + " " + q(fics("1934301.bpgn"))).exit_code, 0);
  const std::vector<std::string> inputs = {fics("1934461.bpgn"), fics("1934587.bpgn")};
  std::vector<int> status(inputs.size(), -1);
  std::vector<std::thread> runs;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    runs.emplace_back([&, i] {
      // Each run converts its game many times over (one game added, the rest repeated), so the
      // two overlap and one holds the archive while the other starts.
      std::string args;
      for (int k = 0; k < 200; ++k) args += " " + q(inputs[i]);
      status[i] = std::system(("'" + std::string(BPGN_BINARY) + "' convert --to sqlite -q -o " + q(db) + args +
                               " 2>" + q(dir / ("err" + std::to_string(i))))
                                  .c_str());
    });
  }
  for (std::thread& t : runs) t.join();
  for (std::size_t i = 0; i < inputs.size(); ++i)
    EXPECT_TRUE(WIFEXITED(status[i]) && WEXITSTATUS(status[i]) == 0) << read_file((dir / ("err" + std::to_string(i))).string());
  EXPECT_EQ(count_games(db), "3");
}

}  // namespace archive_gate
}  // namespace bpgn::check_test
