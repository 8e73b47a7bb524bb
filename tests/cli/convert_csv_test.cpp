// bpgn convert --to csv -o DIR (docs/database.md, "CSV and PostgreSQL"), run as a user runs it:
// the folder's files, rows read back with a CSV reader of the test's own and checked against the
// hand-written games; what is refused (no -o, a folder with something in it, a file); nothing left
// behind when the run fails. The load into PostgreSQL is tests/database/postgres_test.py.
#include "cli/binary_run.h"
#include "support/scratch_dir.h"

#include <filesystem>
#include <set>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;
using test::ScratchDir;

std::string q(const fs::path& p) { return shell_quoted(p.string()); }

// RFC 4180 read back: rows of fields; a quoted field may hold commas, quotes (doubled) and line
// breaks. An unquoted empty field is read as "\\N" (NULL), a quoted one as "".
std::vector<std::vector<std::string>> read_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows(1);
  std::string field;
  bool quoted = false, was_quoted = false;
  const auto end_field = [&] {
    rows.back().push_back(field.empty() && !was_quoted ? "\\N" : field);
    field.clear();
    was_quoted = false;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = was_quoted = true;
    } else if (c == ',') {
      end_field();
    } else if (c == '\n') {
      end_field();
      rows.emplace_back();
    } else {
      field += c;
    }
  }
  rows.pop_back();  // after the last LF
  return rows;
}

const char* const kGames =
    "[Event \"Blitz, \\\"final\\\"\"]\n[Site \"\"]\n[Date \"2024.05.06\"]\n[WhiteA \"Ann\"]\n[BlackA "
    "\"Bob\"]\n"
    "[WhiteB \"Cid\"]\n[BlackB \"Dee\"]\n[Result \"*\"]\n[Annotator \"x,y\"]\n\n1A. e4 1a. e5 1B. d4 *\n\n"
    "[Event \"Second\"]\n[WhiteA \"Ann\"]\n[BlackA \"Bob\"]\n[WhiteB \"Cid\"]\n[BlackB \"Dee\"]\n[Result "
    "\"*\"]\n\n"
    "1A. Nf3 *\n";

TEST(ConvertCsv, WritesEveryTableWithTheGamesRows) {
  ScratchDir dir;
  const std::string input = (dir / "g.bpgn").string();
  std::ofstream(input) << kGames;
  const fs::path out = dir / "tables";
  const BinaryRun r = run_binary("convert --to csv -q -o " + q(out) + " " + q(input));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::set<std::string> files;
  for (const auto& e : fs::directory_iterator(out)) files.insert(e.path().filename().string());
  EXPECT_EQ(files,
            (std::set<std::string>{"meta.csv", "games.csv", "players.csv", "plies.csv", "violations.csv",
                                   "tags.csv", "positions.csv", "schema.sql", "load.sql"}));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()),
            2);  // no temporary folder

  const auto games = read_csv(read_file((out / "games.csv").string()));
  ASSERT_EQ(games.size(), 3u);
  ASSERT_GE(games[0].size(), 8u);
  EXPECT_EQ(games[0][0], "id");
  EXPECT_EQ(games[0][5], "event");
  EXPECT_EQ(games[0][6], "site");
  EXPECT_EQ(games[1][0], "1");
  EXPECT_EQ(games[1][1], input);
  EXPECT_EQ(games[1][5], "Blitz, \"final\"");
  EXPECT_EQ(games[1][6], "");  // [Site ""]: empty text
  EXPECT_EQ(games[1][7], "2024.05.06");
  EXPECT_EQ(games[2][0], "2");
  EXPECT_EQ(games[2][5], "Second");
  EXPECT_EQ(games[2][6], "\\N");  // no Site tag: NULL
  for (const auto& row : games) EXPECT_EQ(row.size(), games[0].size());

  const auto plies = read_csv(read_file((out / "plies.csv").string()));
  ASSERT_EQ(plies.size(), 1u + 3 + 1);  // header, the first game's three moves, the second's one
  EXPECT_EQ(plies[1][0], "1");
  EXPECT_EQ(plies[1][6], "e4");
  EXPECT_EQ(plies[3][2], "B");
  EXPECT_EQ(plies[4][0], "2");
  EXPECT_EQ(plies[4][6], "Nf3");

  const auto players = read_csv(read_file((out / "players.csv").string()));
  EXPECT_EQ(players.size(), 1u + 8);
  const auto tags = read_csv(read_file((out / "tags.csv").string()));
  ASSERT_EQ(tags.size(), 2u);
  EXPECT_EQ(tags[1], (std::vector<std::string>{"1", "1", "Annotator", "x,y"}));
  const auto meta = read_csv(read_file((out / "meta.csv").string()));
  ASSERT_EQ(meta.size(), 4u);
  EXPECT_EQ(meta[1], (std::vector<std::string>{"schema_version", "1"}));
  EXPECT_EQ(read_file((out / "positions.csv").string()), "game_id,ply,board,fen\n");

  const std::string load = read_file((out / "load.sql").string());
  EXPECT_NE(load.find("\\copy games FROM 'games.csv' WITH (FORMAT csv, HEADER true)\n"), std::string::npos);
  EXPECT_LT(load.find("\\copy meta "), load.find("\\copy games "));
  const std::string schema = read_file((out / "schema.sql").string());
  EXPECT_NE(schema.find("CREATE TABLE games (\n  id BIGINT NOT NULL,"), std::string::npos);
  EXPECT_NE(schema.find("clock DOUBLE PRECISION,"), std::string::npos);
}

TEST(ConvertCsv, AnEmptyFolderIsFilledAnythingElseIsRefused) {
  ScratchDir dir;
  const std::string input = (dir / "g.bpgn").string();
  std::ofstream(input) << kGames;
  fs::create_directory(dir / "empty");
  BinaryRun r = run_binary("convert --to csv -q -o " + q(dir / "empty") + " " + q(input));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "empty" / "games.csv"));

  fs::create_directory(dir / "full");
  std::ofstream(dir / "full" / "mine.txt") << "keep";
  r = run_binary("convert --to csv -q -o " + q(dir / "full") + " " + q(input));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is not empty"), std::string::npos) << r.err;
  EXPECT_EQ(std::distance(fs::directory_iterator(dir / "full"), fs::directory_iterator()), 1);

  r = run_binary("convert --to csv -q -o " + q(input) + " " + q(input));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(read_file(input), kGames);

  r = run_binary("convert --to csv -q " + q(input));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("-o"), std::string::npos) << r.err;
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()),
            3);  // g, empty, full
}

TEST(ConvertCsv, AFailedRunLeavesNothing) {
  ScratchDir dir;
  const std::string input = (dir / "g.bpgn").string();
  std::ofstream(input) << kGames;
  const BinaryRun r = run_binary("convert --to csv -q -o " + q(dir / "tables") + " " + q(input) + " " +
                                 q(dir / "missing.bpgn"));
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_FALSE(fs::exists(dir / "tables"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);  // g.bpgn alone
}

}  // namespace
}  // namespace bpgn::check_test
