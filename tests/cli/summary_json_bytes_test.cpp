// The summaries byte for byte: every --summary-json variant (check plain, --strict, sorted
// outputs with duplicates, filters, --jobs; fmt, fmt --fix, fmt -i; convert with a joined match and
// with a board left unwritten) and `bpgn summary merge` of each kind. Scripts and `summary merge`
// read these files, so their key order, spacing and escaping are a contract (docs/check.md,
// *Summary JSON*; docs/fmt.md; docs/convert.md; docs/sharding.md). The expected texts were taken
// from the summaries as written before the writer changed (issue 23: one JSON writer); every count
// in them follows from the inputs below, as the comments say.
#include "cli/fmt_test_support.h"

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>

namespace bpgn::check_test {
namespace {

using test::read_file;
using test::write_file;

// mixed.bpgn: a clean two-board game (valid), a drop before its capture (invalid), stray text
// before a one-board mate (valid, a stray-text warning). Then FICS game 1934301 twice (valid; the
// second is a duplicate), a chess game with an illegal move (invalid, two missing tags) and a
// record that is no game (unreadable).
std::string mixed_input() {
  return read_file(test::kCorpus + "/check/mixed.bpgn") + "\n" + read_file(test::kCorpus + "/fics/1934301.bpgn") +
         "\n" + read_file(test::kCorpus + "/fics/1934301.bpgn") +
         "\n[Event \"x\"]\n[Variant \"chess\"]\n[Result \"*\"]\n\n1. e4 e4 *\n\n1A. %%\n";
}
// A one-board game with two missing tags (valid; invalid under --strict).
const std::string kOne = "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
// fmt --fix: a mate without `#` under a Result tag for the other team (a check suffix and the
// Result tag repaired), and a match with its board-A players in White and Black (two roster tags).
const std::string kFixable =
    "[Event \"x\"]\n[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n[Result \"0-1\"]\n\n"
    "1A. e4 1a. e5 2A. Bc4 2a. Nc6 3A. Qh5 3a. Nf6 4A. Qxf7 1-0\n\n"
    "[Event \"r\"]\n[White \"wa\"][Black \"ba\"][WhiteB \"wb\"][BlackB \"bb\"]\n[Result \"*\"]\n\n1A. e4 1a. e5 *\n\n";

// A folder with the inputs; `bpgn ARGS` run in it (file names relative to it, as written to the
// summaries), its exit code and the text of `file` afterwards.
struct Folder {
  test::ScratchDir dir;
  Folder() {
    write_file(dir / "mix.bpgn", mixed_input());
    write_file(dir / "one.pgn", kOne);
    write_file(dir / "fix.bpgn", kFixable);
  }
  int run(const std::string& args) const {
    const std::string line = "cd '" + dir.path().string() + "' && '" BPGN_BINARY "' " + args + " >out.txt 2>err.txt";
    const int status = std::system(line.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  std::string summary(const std::string& args, const std::string& file = "s.json") const {
    std::filesystem::remove(dir / file);
    run(args + " --summary-json " + file);
    return read_file(dir / file);
  }
  std::string out() const { return read_file(dir / "out.txt"); }
};

// The check summary's counts of mix.bpgn, after "games_read"; `codes_more` and `rules_more` are
// what one.pgn adds.
const std::string kCheckHead = R"({"command":"check","inputs":1,"games_read":7,)";
const std::string kMixCounts =
    R"("games":7,"valid":4,"invalid":2,"unreadable":1,"invalid_by_warnings":0,"errors":3,"warnings":3,"notes":1,)"
    R"("codes":{"syntax":1,"illegal-move":1,"drop-not-in-holding":1,"missing-tag":2,"stray-text":1,"duplicate-game":1},)"
    R"("rules":{"bughouse":4,"chess":2},"duplicates":1)";
// The four sorted outputs, one name with a quote, a backslash and a non-ASCII letter.
const std::string kSortedOptions =
    "--valid-out 'v \"\xC3\xA9\\\".bpgn' --invalid-out i.bpgn --unreadable-out u.bpgn --duplicates-out d.bpgn";
const std::string kSortedMembers =
    R"(,"written":{"valid":3,"invalid":2,"unreadable":1,"duplicate":1},)"
    "\"written_to\":{\"valid\":\"v \\\"\xC3\xA9\\\\\\\".bpgn\",\"invalid\":\"i.bpgn\",\"unreadable\":\"u.bpgn\","
    "\"duplicate\":\"d.bpgn\"}";

TEST(SummaryJsonBytes, Check) {
  Folder f;
  // The fourth game of mix.bpgn is a duplicate only when the run compares games (--duplicates-out).
  EXPECT_EQ(f.summary("check -q mix.bpgn"),
            kCheckHead +
                R"("games":7,"valid":4,"invalid":2,"unreadable":1,"invalid_by_warnings":0,"errors":3,"warnings":3,)"
                R"("notes":0,"codes":{"syntax":1,"illegal-move":1,"drop-not-in-holding":1,"missing-tag":2,)"
                R"("stray-text":1},"rules":{"bughouse":4,"chess":2}})"
                "\n");
  // --strict: one.pgn's two warnings make it invalid.
  EXPECT_EQ(f.summary("check -q --strict one.pgn mix.bpgn"),
            R"({"command":"check","inputs":2,"games_read":8,"games":8,"valid":4,"invalid":3,"unreadable":1,)"
            R"("invalid_by_warnings":1,"errors":3,"warnings":5,"notes":0,"codes":{"syntax":1,"illegal-move":1,)"
            R"("drop-not-in-holding":1,"missing-tag":4,"stray-text":1},"rules":{"bughouse":4,"chess":3}})"
            "\n");
}

TEST(SummaryJsonBytes, CheckWithSortedOutputsInOneAndTwoThreads) {
  Folder f;
  const std::string expected = kCheckHead + kMixCounts + kSortedMembers + "}\n";
  EXPECT_EQ(f.summary("check -q " + kSortedOptions + " mix.bpgn"), expected);
  EXPECT_EQ(f.summary("check -q --jobs 2 --piece-bytes 300 " + kSortedOptions + " mix.bpgn"), expected);
  // Control characters in a name are escaped (\t by name, the rest as \u00XX), DEL too, as every
  // JSON output writes a name (output/json_writer.h, append_json_text).
  EXPECT_EQ(f.summary("check -q --unreadable-out 'u\t\x01\x7f.bpgn' mix.bpgn"),
            kCheckHead +
                R"("games":7,"valid":4,"invalid":2,"unreadable":1,"invalid_by_warnings":0,"errors":3,"warnings":3,)"
                R"("notes":0,"codes":{"syntax":1,"illegal-move":1,"drop-not-in-holding":1,"missing-tag":2,)"
                R"("stray-text":1},"rules":{"bughouse":4,"chess":2},"written":{"unreadable":1},)"
                "\"written_to\":{\"unreadable\":\"u\\t\\u0001\\u007f.bpgn\"}}\n");
}

// A file name that is not UTF-8: its bad byte is written as U+FFFD, as every JSON output writes
// text (output/json_writer.h). (Until issue 23 the run stopped with "internal error", exit 3.)
TEST(SummaryJsonBytes, AFileNameThatIsNotUtf8) {
  Folder f;
  std::filesystem::remove(f.dir / "s.json");
  EXPECT_EQ(f.run("check -q --unreadable-out 'u\xFF.bpgn' --summary-json s.json mix.bpgn"), 1);
  const std::string summary = read_file(f.dir / "s.json");
  const std::string end = "\"written_to\":{\"unreadable\":\"u\xEF\xBF\xBD.bpgn\"}}\n";
  ASSERT_GE(summary.size(), end.size());
  EXPECT_EQ(summary.substr(summary.size() - end.size()), end);
  EXPECT_TRUE(std::filesystem::exists(f.dir / "u\xFF.bpgn"));
}

TEST(SummaryJsonBytes, CheckWithEveryGameFilteredOut) {
  Folder f;
  EXPECT_EQ(f.summary("check -q --valid-out v.bpgn --player nobody mix.bpgn"),
            kCheckHead +
                R"("games":0,"valid":0,"invalid":0,"unreadable":0,"invalid_by_warnings":0,"errors":0,"warnings":0,)"
                R"("notes":0,"codes":{},"rules":{},"filtered":7,"written":{"valid":0},"written_to":{"valid":"v.bpgn"}})"
                "\n");
}

TEST(SummaryJsonBytes, Fmt) {
  Folder f;
  // The unreadable record is written as found; the illegal move and the drop: with errors.
  const std::string plain = R"({"command":"fmt","inputs":2,"games_read":8,"written":8,"valid":5,"with_errors":2,)"
                            R"("as_found":1,"joined":0,"not_written":0})"
                            "\n";
  EXPECT_EQ(f.summary("fmt mix.bpgn one.pgn"), plain);
  const std::string repairs =
      R"("repairs":{"check suffix":1,"Result tag":1,"result token":0,"roster tag":2},"repaired_games":2,)";
  EXPECT_EQ(f.summary("fmt --fix fix.bpgn mix.bpgn"),
            R"({"command":"fmt","inputs":2,"games_read":9,"written":9,"valid":6,"with_errors":2,"as_found":1,)"
            R"("joined":0,"not_written":0,)" +
                repairs + R"("not_repaired":3})" + "\n");
  // In place: the other code path of fmt.
  EXPECT_EQ(f.summary("fmt -i --fix fix.bpgn"),
            R"({"command":"fmt","inputs":1,"games_read":2,"written":2,"valid":2,"with_errors":0,"as_found":0,)"
            R"("joined":0,"not_written":0,)" +
                repairs + R"("not_repaired":0})" + "\n");
  EXPECT_EQ(f.summary("fmt -i mix.bpgn"),
            R"({"command":"fmt","inputs":1,"games_read":7,"written":7,"valid":4,"with_errors":2,"as_found":1,)"
            R"("joined":0,"not_written":0})"
            "\n");
}

TEST(SummaryJsonBytes, Convert) {
  Folder f;
  ASSERT_EQ(f.run("convert --to pgn -o boards.pgn '" + test::kCorpus + "/fics/1283326.bpgn'"), 0);
  // The two per-board games become one joined match (two games read).
  EXPECT_EQ(f.summary("convert --to bpgn boards.pgn mix.bpgn"),
            R"({"command":"convert","inputs":2,"games_read":9,"written":8,"valid":4,"with_errors":2,"as_found":1,)"
            R"("joined":1,"not_written":0})"
            "\n");
  // A chess.com board whose partner is not among the inputs: read, not written.
  EXPECT_EQ(f.summary("convert --to bpgn '" + test::kCorpus + "/chesscom/158858846801.json'"),
            R"({"command":"convert","inputs":1,"games_read":1,"written":0,"valid":0,"with_errors":0,"as_found":0,)"
            R"("joined":0,"not_written":1})"
            "\n");
}

TEST(SummaryJsonBytes, Merge) {
  Folder f;
  f.summary("check -q " + kSortedOptions + " mix.bpgn", "a.json");
  f.summary("check -q " + kSortedOptions + " mix.bpgn", "a2.json");  // the same counts again (one file is merged once)
  f.summary("check -q --valid-out v.bpgn --player nobody mix.bpgn", "b.json");
  // Counts add up; a file name that differs becomes an array of the names; keys in the order
  // first seen ("filtered" after "written_to"); summaries_merged last.
  ASSERT_EQ(f.run("summary merge a.json a2.json b.json"), 0);
  EXPECT_EQ(f.out(),
            R"({"command":"check","inputs":3,"games_read":21,"games":14,"valid":8,"invalid":4,"unreadable":2,)"
            R"("invalid_by_warnings":0,"errors":6,"warnings":6,"notes":2,"codes":{"syntax":2,"illegal-move":2,)"
            R"("drop-not-in-holding":2,"missing-tag":4,"stray-text":2,"duplicate-game":2},)"
            R"("rules":{"bughouse":8,"chess":4},"duplicates":2,"written":{"valid":6,"invalid":4,"unreadable":2,)"
            "\"duplicate\":2},\"written_to\":{\"valid\":[\"v \\\"\xC3\xA9\\\\\\\".bpgn\",\"v.bpgn\"],"
            R"("invalid":"i.bpgn","unreadable":"u.bpgn","duplicate":"d.bpgn"},"filtered":7,"summaries_merged":3})"
            "\n");
  f.summary("fmt --fix fix.bpgn", "c.json");
  f.summary("fmt one.pgn", "d.json");
  ASSERT_EQ(f.run("summary merge c.json d.json"), 0);
  EXPECT_EQ(f.out(),
            R"({"command":"fmt","inputs":2,"games_read":3,"written":3,"valid":3,"with_errors":0,"as_found":0,)"
            R"("joined":0,"not_written":0,"repairs":{"check suffix":1,"Result tag":1,"result token":0,"roster tag":2},)"
            R"("repaired_games":2,"not_repaired":0,"summaries_merged":2})"
            "\n");
  f.summary("convert --to json one.pgn", "e.json");
  f.summary("convert --to json one.pgn", "e2.json");
  ASSERT_EQ(f.run("summary merge e.json e2.json"), 0);
  EXPECT_EQ(f.out(),
            R"({"command":"convert","inputs":2,"games_read":2,"written":2,"valid":2,"with_errors":0,"as_found":0,)"
            R"("joined":0,"not_written":0,"summaries_merged":2})"
            "\n");
}

}  // namespace
}  // namespace bpgn::check_test
