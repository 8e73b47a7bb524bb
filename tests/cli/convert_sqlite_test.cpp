// bpgn convert --to sqlite / --from sqlite (docs/database.md), run as a user runs it: the round
// trip equals fmt, adding skips what the archive has, what is refused, and docs/database.md's
// example queries, run on an archive of corpus/fics with answers counted by other routes (check's
// JSON report, the record text).
#include "support/database_docs.h"
#include "cli/binary_run.h"
#include "database/schema.h"
#include "database/sqlite_archive.h"
#include "support/scratch_dir.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <filesystem>
#include <map>
#include <regex>

namespace bpgn::check_test::convert_sqlite {
namespace {

namespace fs = std::filesystem;
using test::ScratchDir;

std::string q(const fs::path& p) { return shell_quoted(p.string()); }

// The rows of `sql` as text, one string per row ("a|b|NULL").
struct Query {
  int rc = SQLITE_OK;
  std::string error;
  std::vector<std::string> rows;
};
Query run_sql(const fs::path& db_path, const std::string& sql) {
  Query out;
  sqlite3* db = nullptr;
  sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* stmt = nullptr;
  out.rc = sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr);
  while (out.rc == SQLITE_OK) {
    const int step = sqlite3_step(stmt);
    if (step == SQLITE_DONE) break;
    if (step != SQLITE_ROW) {
      out.rc = step;
      break;
    }
    std::string row;
    for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
      if (i) row += '|';
      const auto* t = sqlite3_column_text(stmt, i);
      row += t ? reinterpret_cast<const char*>(t) : "NULL";
    }
    out.rows.push_back(row);
  }
  if (out.rc != SQLITE_OK) out.error = sqlite3_errmsg(db);
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return out;
}
std::string one(const fs::path& db, const std::string& sql) {
  const Query r = run_sql(db, sql);
  EXPECT_EQ(r.rc, SQLITE_OK) << r.error << "\n" << sql;
  return r.rows.size() == 1 ? r.rows[0] : "(" + std::to_string(r.rows.size()) + " rows)";
}


TEST(ConvertSqlite, RoundTripIsFmtOfEveryCorpusRecordFile) {
  ScratchDir dir;
  std::size_t compared = 0;
  for (const fs::path& f : test::record_files_under("")) {
    const fs::path db = dir / "a.db", back = dir / "back.bpgn";
    fs::remove(db);
    // --from bpgn: a record file may start with `{` (a comment), which convert takes for chess.com JSON.
    const BinaryRun to = run_binary("convert --from bpgn --to sqlite -q -o " + q(db) + " " + q(f));
    ASSERT_NE(to.exit_code, 2) << f << to.err;
    ASSERT_NE(to.exit_code, 3) << f << to.err;
    if (to.err.find(" 0 already there") == std::string::npos) continue;  // a match twice in the file
    const BinaryRun from = run_binary("convert --from sqlite --to bpgn --allow-empty -o " + q(back) + " " + q(db));
    ASSERT_EQ(from.exit_code, 0) << f << from.err;
    const BinaryRun fmt_run = run_binary("fmt " + q(f));
    EXPECT_EQ(read_file(back.string()), fmt_run.out) << f;
    ++compared;
  }
  EXPECT_GT(compared, 60u);
}

TEST(ConvertSqlite, AddingSkipsWhatTheArchiveHas) {
  ScratchDir dir;
  const fs::path db = dir / "a.db";
  const std::string one_game = std::string(BPGN_CORPUS_DIR) + "/fics/1934301.bpgn";
  BinaryRun r = run_binary("convert --to sqlite -q -o " + q(db) + " " + q(one_game));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("1 game added to"), std::string::npos) << r.err;
  EXPECT_EQ(one(db, "SELECT id, file_index FROM games"), "1|1");
  EXPECT_EQ(one(db, "SELECT value FROM meta WHERE key = 'schema_version'"), std::to_string(db::kArchiveVersion));
  // The same game again, and two others: only they are added, numbered on.
  const std::string fics = std::string(BPGN_CORPUS_DIR) + "/fics/";
  r = run_binary("convert --to sqlite -q -o " + q(db) + " " + shell_quoted(fics + "1934461.bpgn") + " " +
                 shell_quoted(one_game) + " " + shell_quoted(fics + "1934587.bpgn"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("2 games added to"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("1 already there"), std::string::npos) << r.err;
  EXPECT_EQ(one(db, "SELECT COUNT(*), MAX(id) FROM games"), "3|3");
  EXPECT_EQ(one(db, "SELECT file FROM games WHERE id = 3"), fics + "1934587.bpgn");
  // Within one run too: a file named twice adds its game once.
  fs::remove(db);
  r = run_binary("convert --to sqlite -q -o " + q(db) + " " + shell_quoted(one_game) + " " + shell_quoted(one_game));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(one(db, "SELECT COUNT(*) FROM games"), "1");
  EXPECT_EQ(one(db, "SELECT COUNT(*) FROM plies"), "110");
}

// The writer holds a game's rows (all but games') and inserts them several to a statement, their
// text in a store of bounded size: rows bigger than the store, a store filled within a game, and
// more games than a transaction's batch must all arrive whole, in order, once.
TEST(ConvertSqlite, EveryRowArrivesWhateverItsSizeAndTheBatches) {
  ScratchDir dir;
  const fs::path input = dir / "many.bpgn", db = dir / "a.db";
  const std::string big(100 * 1024, 'x');  // more than the writer's text store
  std::string text;
  constexpr int kGames = 2100;              // two batches of 1,000 and a part
  for (int g = 1; g <= kGames; ++g) {
    text += "[Event \"e\"][WhiteA \"a" + std::to_string(g) + "\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]";
    if (g == 7) text += "[Big \"" + big + "\"]";
    if (g == 8) {  // 300 tags of 1 KB: the store fills up within the game
      for (int t = 0; t < 300; ++t) text += "[T" + std::to_string(t) + " \"" + std::string(1024, char('a' + t % 26)) + "\"]";
    }
    text += "\n1A. e4 1a. e5 1B. d4 1b. d5 2A. Nf3 *\n\n";
  }
  std::ofstream(input, std::ios::binary) << text;
  const BinaryRun r = run_binary("convert --to sqlite -q -o " + q(db) + " " + q(input));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find(std::to_string(kGames) + " games added to"), std::string::npos) << r.err;
  EXPECT_EQ(one(db, "SELECT COUNT(*), SUM(plies) FROM games"), std::to_string(kGames) + "|" + std::to_string(5 * kGames));
  EXPECT_EQ(one(db, "SELECT COUNT(*), COUNT(DISTINCT game_id) FROM plies"), std::to_string(5 * kGames) + "|" + std::to_string(kGames));
  EXPECT_EQ(one(db, "SELECT COUNT(*) FROM players"), std::to_string(4 * kGames));
  EXPECT_EQ(one(db, "SELECT group_concat(san, ' ') FROM (SELECT san FROM plies WHERE game_id = 2100 ORDER BY ply)"),
            "e4 e5 d4 d5 Nf3");
  EXPECT_EQ(one(db, "SELECT game_id, length(value), value = '" + big + "' FROM tags WHERE name = 'Big'"), "7|102400|1");
  EXPECT_EQ(one(db, "SELECT COUNT(*), SUM(length(value)), MIN(ordinal), MAX(ordinal) FROM tags WHERE game_id = 8"),
            "300|307200|1|300");
  EXPECT_EQ(one(db, "SELECT value FROM tags WHERE game_id = 8 AND name = 'T299'"), std::string(1024, char('a' + 299 % 26)));
  EXPECT_EQ(one(db, "SELECT COUNT(*) FROM tags WHERE game_id NOT IN (7, 8)"), "0");
}

// A write that fails in the middle of a run (here the file-size limit: EFBIG, SIGXFSZ ignored):
// exit 3 with SQLite's reason, not a crash; an existing archive keeps the batches committed before
// it and nothing of the one under way, and the same command again adds the rest; a new archive
// is not written at all, and no temporary file stays.
TEST(ConvertSqlite, AWriteThatFailsMidwayKeepsWholeBatches) {
  ScratchDir dir;
  const fs::path input = dir / "games.bpgn", first = dir / "first.bpgn", db = dir / "a.db", probe = dir / "probe.db";
  std::string text, first_text;
  for (int g = 1; g <= 2100; ++g) {
    const std::string game = "[Event \"e\"][WhiteA \"a" + std::to_string(g) +
                             "\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"][Note \"" + std::string(300, 'n') +
                             "\"]\n1A. e4 1a. e5 1B. d4 1b. d5 2A. Nf3 *\n\n";
    text += game;
    if (g <= int(db::SqliteWriter::kBatchGames) + 1) first_text += game;
  }
  std::ofstream(input, std::ios::binary) << text;
  std::ofstream(first, std::ios::binary) << first_text;
  // The size of an archive of one batch and a game: the limit lets the first batch in, not the second.
  ASSERT_EQ(run_binary("convert --to sqlite -q -o " + q(probe) + " " + q(first)).exit_code, 0);
  const auto limit_kb = fs::file_size(probe) * 3 / 2 / 1024;
  const auto limited = [&](const fs::path& archive) {
    const std::string command = "bash -c \"trap '' XFSZ; ulimit -f " + std::to_string(limit_kb) + "; '" +
                                BPGN_BINARY + "' convert --to sqlite -q -o " + q(archive) + " " + q(input) + " 2>" +
                                q(dir / "err.txt") + "\"";
    const int status = std::system(command.c_str());
    return std::pair(WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file((dir / "err.txt").string()));
  };
  const fs::path one_game = dir / "one.bpgn";
  std::ofstream(one_game, std::ios::binary) << text.substr(text.rfind("[Event"));
  ASSERT_EQ(run_binary("convert --to sqlite -q -o " + q(db) + " " + q(one_game)).exit_code, 0);
  auto [code, err] = limited(db);
  EXPECT_EQ(code, 3) << err;
  EXPECT_NE(err.find("cannot write"), std::string::npos) << err;
  EXPECT_NE(err.find("keeps the 1000 games added before the failure"), std::string::npos) << err;
  EXPECT_EQ(one(db, "SELECT COUNT(*), MIN(id), MAX(id) FROM games"), "1001|1|1001");
  EXPECT_EQ(one(db, "SELECT COUNT(*) FROM plies"), "5005");
  EXPECT_FALSE(fs::exists(dir / "a.db-journal"));
  const BinaryRun again = run_binary("convert --to sqlite -q -o " + q(db) + " " + q(input));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("1099 games added to"), std::string::npos) << again.err;
  EXPECT_NE(again.err.find("1001 already there"), std::string::npos) << again.err;
  EXPECT_EQ(one(db, "SELECT COUNT(*), COUNT(DISTINCT fingerprint) FROM games"), "2100|2100");
  // A new archive: nothing at all.
  std::tie(code, err) = limited(dir / "new.db");
  EXPECT_EQ(code, 3) << err;
  EXPECT_NE(err.find("no archive was written"), std::string::npos) << err;
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(dir.path())) left.push_back(e.path().filename().string());
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"a.db", "err.txt", "first.bpgn", "games.bpgn", "one.bpgn", "probe.db"}));
}

// chess.com's board files go in as the matches convert joins them into: the archive's records are
// convert --to bpgn's, and --to csv has as many games.
TEST(ConvertSqlite, ChessComBoardsGoInAsJoinedMatches) {
  ScratchDir dir;
  const std::string boards = q(fs::path(BPGN_CORPUS_DIR) / "chesscom");
  const fs::path db = dir / "a.db", direct = dir / "direct.bpgn", back = dir / "back.bpgn", csv = dir / "csv";
  BinaryRun r = run_binary("convert --to sqlite -q -o " + q(db) + " " + boards);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(run_binary("convert --to bpgn -q -o " + q(direct) + " " + boards).exit_code, 0);
  ASSERT_EQ(run_binary("convert --from sqlite --to bpgn -o " + q(back) + " " + q(db)).exit_code, 0);
  const std::string records = read_file(direct.string());
  EXPECT_EQ(read_file(back.string()), records);
  std::size_t matches = 0;
  for (std::size_t at = 0; (at = records.find("[Event ", at)) != std::string::npos; ++at) ++matches;
  EXPECT_GT(matches, 30u);
  EXPECT_EQ(one(db, "SELECT COUNT(*) FROM games WHERE boards = 2 AND status = 'valid'"), std::to_string(matches));
  EXPECT_EQ(one(db, "SELECT COUNT(*) = (SELECT SUM(plies) FROM games) FROM plies"), "1");
  r = run_binary("convert --to csv -q -o " + q(csv) + " " + boards);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string games_csv = read_file((csv / "games.csv").string());
  std::size_t csv_records = 0;  // each game's record, a quoted field, starts with its Event tag
  for (std::size_t at = 0; (at = games_csv.find("[Event ", at)) != std::string::npos; ++at) ++csv_records;
  EXPECT_EQ(csv_records, matches);
  const std::string plies_csv = read_file((csv / "plies.csv").string());  // no line breaks within a ply's row
  EXPECT_EQ(std::to_string(std::count(plies_csv.begin(), plies_csv.end(), '\n') - 1), one(db, "SELECT COUNT(*) FROM plies"));
}

// An archive is most often a folder: convert reads a folder of records as check does (searched
// for record files, subfolders too), and a record that opens with a comment (`{exported by X}`)
// is a record, not chess.com JSON; a folder is chess.com's when it holds a board file.
TEST(ConvertSqlite, FoldersOfRecordsAreRead) {
  ScratchDir dir;
  const fs::path records = dir / "archive", more = records / "more", db = dir / "a.db";
  fs::create_directories(more);
  for (const auto& e : fs::directory_iterator(fs::path(BPGN_CORPUS_DIR) / "fics"))
    fs::copy_file(e.path(), records / e.path().filename());
  std::ofstream(more / "exported.pgn", std::ios::binary)
      << "{exported by X}\n[Event \"e\"][WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n1A. e4 *\n";
  std::ofstream(records / "notes.txt", std::ios::binary) << "not a record\n";
  const BinaryRun checked = run_binary("check --format jsonl " + q(records));
  const std::size_t games = std::size_t(std::count(checked.out.begin(), checked.out.end(), '\n'));
  ASSERT_EQ(games, 22u) << checked.err;  // corpus/fics's 21 and the exported one
  BinaryRun r = run_binary("convert --to sqlite -q -o " + q(db) + " " + q(records));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(one(db, "SELECT COUNT(*) FROM games"), std::to_string(games));
  EXPECT_EQ(one(db, "SELECT COUNT(*) FROM games WHERE file LIKE '%/more/exported.pgn'"), "1");
  r = run_binary("convert --to bpgn " + q(more / "exported.pgn"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("1A. e4"), std::string::npos) << r.out;
  r = run_binary("convert --to bpgn " + q(fs::path(BPGN_CORPUS_DIR) / "chesscom") + " " + q(records));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("cannot be mixed"), std::string::npos) << r.err;
}

TEST(ConvertSqlite, WhereSelectsAndIsOneExpression) {
  ScratchDir dir;
  const fs::path db = dir / "a.db", out = dir / "out.bpgn";
  const std::string fics = std::string(BPGN_CORPUS_DIR) + "/fics/";
  ASSERT_EQ(run_binary("convert --to sqlite -q -o " + q(db) + " " + shell_quoted(fics + "1934301.bpgn") + " " +
                       shell_quoted(fics + "1934461.bpgn"))
                .exit_code,
            0);
  BinaryRun r = run_binary("convert --from sqlite --to bpgn -o " + q(out) + " " + q(db) +
                           " --where \"file LIKE '%1934461%'\"");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(out.string()), run_binary("fmt " + shell_quoted(fics + "1934461.bpgn")).out);
  r = run_binary("convert --from sqlite --to bpgn -o " + q(out) + " " + q(db) + " --where '1; DELETE FROM games'");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  r = run_binary("convert --from sqlite --to bpgn -o " + q(out) + " " + q(db) + " --where 'no_such_column = 1'");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("no_such_column"), std::string::npos) << r.err;
  EXPECT_EQ(one(db, "SELECT COUNT(*) FROM games"), "2");
  r = run_binary("convert --from sqlite --to pgn -o " + q(out) + " " + q(db));
  EXPECT_EQ(r.exit_code, 2) << r.err;
}

// An empty or blank --where is no expression: refused naming the option, before the archive is
// read (it selected every game, exit 0, before).
TEST(ConvertSqlite, AnEmptyOrBlankWhereIsRefusedNamingTheOption) {
  ScratchDir dir;
  const fs::path db = dir / "a.db", out = dir / "out.bpgn";
  ASSERT_EQ(run_binary("convert --to sqlite -q -o " + q(db) + " " +
                       shell_quoted(std::string(BPGN_CORPUS_DIR) + "/fics/1934301.bpgn"))
                .exit_code,
            0);
  for (const std::string where : {"''", "'  '", "' \t'", "'x = 1 --'", "'(1'"}) {
    const BinaryRun r = run_binary("convert --from sqlite --to bpgn -o " + q(out) + " " + q(db) + " --where " + where);
    EXPECT_EQ(r.exit_code, 2) << where << "\n" << r.err;
    EXPECT_NE(r.err.find("--where"), std::string::npos) << where << "\n" << r.err;
    EXPECT_FALSE(fs::exists(out)) << where;
  }
}

TEST(ConvertSqlite, RefusesWhatIsNotItsArchive) {
  ScratchDir dir;
  const std::string game = shell_quoted(std::string(BPGN_CORPUS_DIR) + "/fics/1934301.bpgn");
  // Not SQLite at all: an I/O-like failure, the file untouched.
  const fs::path text = dir / "notes.db";
  std::ofstream(text) << "not a database\n";
  BinaryRun r = run_binary("convert --to sqlite -q -o " + q(text) + " " + game);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("not an SQLite database"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(text.string()), "not a database\n");
  // SQLite, not ours.
  const fs::path other = dir / "other.db";
  sqlite3* db = nullptr;
  sqlite3_open(other.c_str(), &db);
  sqlite3_exec(db, "CREATE TABLE t (x INTEGER)", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  r = run_binary("convert --to sqlite -q -o " + q(other) + " " + game);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("not a bpgn archive"), std::string::npos) << r.err;
  // Ours, of a version this bpgn does not know (a newer bpgn's): an input it cannot read, exit 3
  // (it was 2, a usage error, while there was one version; tests/cli/archive_versions_test.cpp).
  const fs::path old = dir / "old.db";
  ASSERT_EQ(run_binary("convert --to sqlite -q -o " + q(old) + " " + game).exit_code, 0);
  sqlite3_open(old.c_str(), &db);
  sqlite3_exec(db, "UPDATE meta SET value = '99' WHERE key = 'schema_version'", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  r = run_binary("convert --to sqlite -q -o " + q(old) + " " + game);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("schema version 99"), std::string::npos) << r.err;
  // -o is required, and never an input.
  EXPECT_EQ(run_binary("convert --to sqlite -q " + game).exit_code, 2);
  const fs::path copy = dir / "g.bpgn";
  fs::copy_file(std::string(BPGN_CORPUS_DIR) + "/fics/1934301.bpgn", copy);
  EXPECT_EQ(run_binary("convert --to sqlite -q -o " + q(copy) + " " + q(copy)).exit_code, 2);
  // A run that fails leaves no new archive, nor its temporary file.
  const fs::path fresh = dir / "fresh.db";
  r = run_binary("convert --to sqlite -q -o " + q(fresh) + " " + game + " " + q(dir / "missing.bpgn"));
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_FALSE(fs::exists(fresh));
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++files;
  EXPECT_EQ(files, 4u);  // notes.db, other.db, old.db, g.bpgn
}

TEST(ConvertSqlite, EveryColumnIsDocumented) {
  const std::string doc = read_file(std::string(BPGN_CORPUS_DIR) + "/../docs/database.md");
  for (const db::Table& t : db::tables()) {
    EXPECT_NE(doc.find("### `" + std::string(t.name) + "`"), std::string::npos) << t.name;
    for (const db::Column& c : t.columns)
      EXPECT_NE(doc.find("| `" + std::string(c.name) + "` |"), std::string::npos) << t.name << "." << c.name;
    for (const db::Index& i : t.indexes) EXPECT_NE(doc.find("`" + std::string(i.name) + "`"), std::string::npos);
  }
}

// The example queries on an archive of corpus/fics: each runs; four are checked against counts
// made another way (check's JSON report of the same files; the records' text).
TEST(ConvertSqlite, DocumentedQueriesRunAndAnswer) {
  ScratchDir dir;
  const fs::path db = dir / "fics.db";
  std::string files;
  for (const fs::path& f : test::record_files_under("fics")) files += " " + q(f);
  const BinaryRun made = run_binary("convert --to sqlite -q -o " + q(db) + files);
  ASSERT_NE(made.exit_code, 2) << made.err;
  ASSERT_NE(made.exit_code, 3) << made.err;
  ASSERT_NE(made.err.find(" 0 already there"), std::string::npos) << made.err;

  const std::map<std::string, std::string> queries = test::database_doc_queries();
  EXPECT_EQ(queries.size(), 10u);
  std::map<std::string, std::vector<std::string>> answers;
  for (const auto& [name, sql] : queries) {
    const Query r = run_sql(db, sql);
    EXPECT_EQ(r.rc, SQLITE_OK) << name << ": " << r.error;
    answers[name] = r.rows;
  }

  // check's report of the same files: per code counts, per file statuses, the checkmates.
  const BinaryRun check = run_binary("check --format json" + files);
  const nlohmann::json report = nlohmann::json::parse(check.out);
  std::map<std::string, int> codes;
  std::map<std::string, std::map<std::string, int>> statuses;
  int mates_team1 = 0, mates_team2 = 0;
  for (const auto& g : report["games"]) {
    for (const auto& v : g["violations"]) ++codes[v["code"].get<std::string>()];
    ++statuses[g["file"].get<std::string>()][g["status"].get<std::string>()];
    if (g["result"]["reason"] == "checkmate") ++(g["result"]["winner"] == "team1" ? mates_team1 : mates_team2);
  }
  std::map<std::string, int> found_codes;
  for (const std::string& row : answers["most-common-violations"]) {
    const auto bar = row.find('|'), bar2 = row.find('|', bar + 1), bar3 = row.find('|', bar2 + 1);
    found_codes[row.substr(0, bar)] += std::stoi(row.substr(bar2 + 1, bar3 - bar2 - 1));
  }
  EXPECT_EQ(found_codes, codes);
  std::map<std::string, std::map<std::string, int>> found_statuses;
  for (const std::string& row : answers["status-by-file"]) {
    const auto bar = row.find('|'), bar2 = row.find('|', bar + 1), bar3 = row.find('|', bar2 + 1);
    found_statuses[row.substr(0, bar)][row.substr(bar + 1, bar2 - bar - 1)] = std::stoi(row.substr(bar2 + 1, bar3 - bar2 - 1));
  }
  EXPECT_EQ(found_statuses, statuses);
  int mates = 0;
  for (const std::string& row : answers["results-by-reason"]) {
    if (row.starts_with("checkmate|team1|")) EXPECT_EQ(row, "checkmate|team1|" + std::to_string(mates_team1));
    if (row.starts_with("checkmate|team2|")) EXPECT_EQ(row, "checkmate|team2|" + std::to_string(mates_team2));
    if (row.starts_with("checkmate|")) ++mates;
  }
  EXPECT_GT(mates, 0);

  // 1934301.bpgn, by hand: 23B. B@g7# by Giomaxxim (WhiteB).
  bool found = false;
  for (const std::string& row : answers["drop-mates"]) found = found || row.ends_with("|B|WhiteB|B@g7#");
  EXPECT_TRUE(found);
  // BobBughouse, BlackB (team 1) in both his games: 1934301 (2021-10-05) lost by a mate on his
  // board, 1934461 (2021-12-06) won when Giomaxxim (WhiteB, team 2) forfeits on time.
  EXPECT_EQ(answers["player-record-by-year"], std::vector<std::string>{"BobBughouse|2021|2|1|1"});
}

}  // namespace
}  // namespace bpgn::check_test::convert_sqlite
