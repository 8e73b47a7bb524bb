// Inputs named on the command line: folders searched recursively, --include, --files-from.
#include "cli/binary_run.h"
#include "cli/input_list.h"
#include "support/scratch_dir.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

// A folder: two records at the top, one two folders down, a text file and a JSON file.
struct Archive {
  test::ScratchDir dir;
  Archive() {
    write(dir / "b.bpgn", bpgn("1A. e4 1a. e5"));
    write(dir / "a.pgn", pgn("1. e4 e5"));
    write(dir / "2019/03/c.bpgn", bpgn("1A. d4 1a. d5") + "\n" + bpgn("1A. c4"));
    write(dir / "notes.txt", "not a record\n");
    write(dir / "2019/index.json", "{}\n");
  }
  std::string operator()(const std::string& name) const { return (dir / name).string(); }
};

TEST(InputList, FoldersGiveTheirRecordFilesInPathOrder) {
  const Archive a;
  const InputList l = expand_inputs({a("")}, {});
  // Path order: "2019/..." sorts before "a.pgn" and "b.bpgn".
  EXPECT_EQ(l.files, (std::vector<std::string>{a("2019/03/c.bpgn"), a("a.pgn"), a("b.bpgn")}));
  EXPECT_TRUE(l.failures.empty());
  EXPECT_TRUE(l.notes.empty());
}

TEST(InputList, FoldersGiveCompressedRecordsAndArchivesToo) {
  test::ScratchDir dir;
  for (const char* name : {"a.bpgn.gz", "b.PGN.zst", "c.zip", "d.tar.xz", "e.tgz", "f.BPGN", "g.txt.gz", "h.json"}) {
    write(dir / name, "x");
  }
  const std::string d = dir.path().string();
  EXPECT_EQ(expand_inputs({d}, {}).files,
            (std::vector<std::string>{d + "/a.bpgn.gz", d + "/b.PGN.zst", d + "/c.zip", d + "/d.tar.xz", d + "/e.tgz",
                                      d + "/f.BPGN"}));
}

TEST(InputList, IncludePatternsFilesAndListsKeepTheirOrder) {
  const Archive a;
  InputOptions o;
  o.include = {"*.txt", "*.json"};
  EXPECT_EQ(expand_inputs({a("")}, o).files, (std::vector<std::string>{a("2019/index.json"), a("notes.txt")}));
  // A file named on the command line is read whatever its name; a missing one is kept for the
  // reader to report; '-' stays standard input.
  EXPECT_EQ(expand_inputs({a("notes.txt"), "-", a("missing.bpgn")}, {}).files,
            (std::vector<std::string>{a("notes.txt"), "-", a("missing.bpgn")}));
  const std::string list = a("list.txt");
  write(list, a("b.bpgn") + "\n\n   \n" + a("2019") + "\r\n");
  InputOptions from;
  from.files_from = list;
  EXPECT_EQ(expand_inputs({a("a.pgn")}, from).files,
            (std::vector<std::string>{a("a.pgn"), a("b.bpgn"), a("2019/03/c.bpgn")}));
}

TEST(InputList, AnEmptyFolderIsANoteAnUnreadableListAFailure) {
  test::ScratchDir empty;
  const InputList l = expand_inputs({empty.path().string()}, {});
  EXPECT_TRUE(l.files.empty());
  ASSERT_EQ(l.notes.size(), 1u);
  EXPECT_NE(l.notes[0].find("no file named *.bpgn, *.pgn"), std::string::npos) << l.notes[0];
  InputOptions o;
  o.files_from = (empty / "no-such-list").string();
  const InputList bad = expand_inputs({}, o);
  ASSERT_EQ(bad.failures.size(), 1u);  // an input failure in its place (issue 23: was a stop, exit 3)
  EXPECT_EQ(bad.failures[0].failure.file, o.files_from);
  EXPECT_EQ(bad.failures[0].failure.reason, "No such file or directory");
}

TEST(InputList, CheckAndFmtReadFolders) {
  const Archive a;
  const BinaryRun r = run_binary("check -q '" + a("") + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("4 games read: 4 valid"), std::string::npos) << r.err;
  // --include takes one pattern per use: the folder after it is an input, not a pattern.
  const BinaryRun inc = run_binary("check -q --include '*.bpgn' '" + a("") + "'");
  EXPECT_NE(inc.err.find("3 games read"), std::string::npos) << inc.err;
  // The same games in the same order as naming the files.
  const BinaryRun by_folder = run_binary("check --format jsonl '" + a("") + "'");
  const BinaryRun by_files =
      run_binary("check --format jsonl '" + a("2019/03/c.bpgn") + "' '" + a("a.pgn") + "' '" + a("b.bpgn") + "'");
  EXPECT_EQ(by_folder.out, by_files.out);
  EXPECT_EQ(run_binary("check --jobs 2 --format jsonl '" + a("") + "'").out, by_files.out);
  // An empty folder: a note, no game, and standard input is not read; a run that reads no game
  // fails (exit 1) unless --allow-empty.
  test::ScratchDir empty;
  const BinaryRun none = run_binary("check '" + empty.path().string() + "'", a("b.bpgn"));
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_NE(none.err.find("0 games read"), std::string::npos) << none.err;
  EXPECT_NE(none.err.find("bpgn check: no games read"), std::string::npos) << none.err;
  EXPECT_EQ(none.err.find("standard input"), std::string::npos) << none.err;
  const BinaryRun missing_list = run_binary("check --files-from '" + a("nope") + "'");
  EXPECT_EQ(missing_list.exit_code, 3);

  const BinaryRun f = run_binary("fmt '" + a("") + "'");
  EXPECT_EQ(f.exit_code, 0) << f.err;
  EXPECT_NE(f.err.find("4 games read, 4 written"), std::string::npos) << f.err;
}

// Path order, as sorting the whole paths gives it: "a-b.pgn" before "a/x.pgn" ('-' < '/'), and
// "a/x.pgn" before "a0.pgn"; a link to a file is a file, a link to a folder is not followed.
TEST(InputList, TheWalkKeepsPathOrderAndPassesLinksToFolders) {
  test::ScratchDir dir;
  for (const char* name : {"a/x.pgn", "a-b.pgn", "a0.pgn", "a/b/y.pgn", "a/b.pgn", "c/z.pgn"}) write(dir / name, "x");
  fs::create_symlink(dir / "c", dir / "link-to-folder");
  fs::create_symlink(dir / "a0.pgn", dir / "link.pgn");
  fs::create_symlink(dir / "gone.pgn", dir / "broken.pgn");
  const std::string d = dir.path().string();
  std::vector<std::string> sorted{d + "/a-b.pgn", d + "/a/b.pgn", d + "/a/b/y.pgn", d + "/a/x.pgn",
                                  d + "/a0.pgn",  d + "/c/z.pgn", d + "/link.pgn"};
  EXPECT_TRUE(std::is_sorted(sorted.begin(), sorted.end()));
  const InputList l = expand_inputs({d}, {});
  EXPECT_EQ(l.files, sorted);
  EXPECT_TRUE(l.failures.empty());
  EXPECT_EQ(expand_inputs({d + "/"}, {}).files, sorted);  // a trailing slash adds none
}

// A folder that cannot be read (here: past PATH_MAX, which stops root too) is listed in its place
// among the files, so that opening it fails as the walk did.
TEST(InputList, AFolderThatCannotBeReadIsListedInItsPlace) {
  test::ScratchDir dir;
  write(dir / "a.pgn", "x");
  write(dir / "z.pgn", "x");
  // One name of 255 bytes per level: the 17th level's path passes PATH_MAX (4096).
  const std::string name(255, 'n');
  int fd = ::open(dir.path().c_str(), O_RDONLY | O_DIRECTORY);
  ASSERT_GE(fd, 0);
  for (int level = 0; level < 17; ++level) {
    ASSERT_EQ(::mkdirat(fd, name.c_str(), 0755), 0);
    const int next = ::openat(fd, name.c_str(), O_RDONLY | O_DIRECTORY);
    ::close(fd);
    ASSERT_GE(next, 0);
    fd = next;
  }
  ::close(fd);
  std::string too_long = dir.path().string();
  while (too_long.size() < 4096) too_long += "/" + name;
  const InputList l = expand_inputs({dir.path().string()}, {});
  EXPECT_EQ(l.files, (std::vector<std::string>{dir.path().string() + "/a.pgn", too_long, dir.path().string() + "/z.pgn"}));
  EXPECT_TRUE(l.failures.empty());
  EXPECT_TRUE(l.notes.empty());
  (void)std::system(("rm -rf '" + dir.path().string() + "/" + name + "'").c_str());
}

// Runs the binary as nobody (uid 65534) when this test runs as root, for whom mode 000 stops
// nothing; `args` as for run_binary. False when that cannot be done here.
bool can_drop_privileges() { return ::geteuid() != 0 || ::access("/usr/bin/setpriv", X_OK) == 0; }
BinaryRun run_unprivileged(const std::string& args) {
  const std::string prefix = ::geteuid() == 0 ? "/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
  return run_shell(prefix + "'" + BPGN_BINARY + "' " + args);
}

// top/a.pgn, top/locked/x.pgn (locked: mode 000), top/z.pgn, and other.pgn beside top: every file
// world-readable, so that only the locked folder stops an unprivileged reader.
struct LockedTree {
  test::ScratchDir dir;
  std::string top, locked, other;
  LockedTree() {
    top = (dir / "top").string();
    locked = top + "/locked";
    other = (dir / "other.pgn").string();
    for (const std::string& f : {top + "/a.pgn", locked + "/x.pgn", top + "/z.pgn", other}) write(f, bpgn("1A. e4 1a. e5"));
    for (const std::string& f : {top + "/a.pgn", locked + "/x.pgn", top + "/z.pgn", other}) ::chmod(f.c_str(), 0644);
    ::chmod(dir.path().c_str(), 0755);
    ::chmod(top.c_str(), 0755);
    ::chmod(locked.c_str(), 0);
  }
  ~LockedTree() { ::chmod(locked.c_str(), 0755); }
};

TEST(InputList, AnUnreadableSubfolderIsAnInputErrorInEveryReport) {
  if (!can_drop_privileges()) GTEST_SKIP() << "running as root without setpriv: mode 000 stops nothing";
  const LockedTree t;
  const std::string args = "'" + t.top + "' '" + t.other + "'";
  const std::string said = "bpgn check: cannot read " + t.locked + ": Permission denied\n";
  for (const char* format : {"text", "json", "jsonl", "sarif", "junit", "github", "html"}) {
    const BinaryRun r = run_unprivileged(std::string("check --format ") + format + " " + args);
    EXPECT_EQ(r.exit_code, 3) << format << "\n" << r.err;
    EXPECT_NE(r.err.find(said), std::string::npos) << format << "\n" << r.err;
    // The other files, before and after it and in the next input, are all checked.
    EXPECT_NE(r.err.find("3 games read"), std::string::npos) << format << "\n" << r.err;
    if (std::string(format) != "text") EXPECT_NE(r.out.find(t.locked), std::string::npos) << format << "\n" << r.out;
  }
  const BinaryRun json = run_unprivileged("check --format json " + args);
  EXPECT_NE(json.out.find("\"input_errors\":[{\"file\":\"" + t.locked + "\",\"message\":\"Permission denied\"}]"),
            std::string::npos)
      << json.out;
  const BinaryRun jobs = run_unprivileged("check --jobs 2 --format jsonl " + args);
  EXPECT_EQ(jobs.out, run_unprivileged("check --jobs 1 --format jsonl " + args).out);
  EXPECT_EQ(jobs.exit_code, 3);

  // fmt and standings: the same failure named, the other games still read.
  const BinaryRun f = run_unprivileged("fmt " + args);
  EXPECT_EQ(f.exit_code, 3) << f.err;
  EXPECT_NE(f.err.find("bpgn fmt: cannot read " + t.locked + ": Permission denied\n"), std::string::npos) << f.err;
  EXPECT_NE(f.err.find("3 games read"), std::string::npos) << f.err;
  const BinaryRun s = run_unprivileged("standings " + args);
  EXPECT_EQ(s.exit_code, 3) << s.err;
  EXPECT_NE(s.err.find("bpgn standings: cannot read " + t.locked + ": Permission denied\n"), std::string::npos)
      << s.err;
  EXPECT_NE(s.err.find("3 matches read"), std::string::npos) << s.err;
  // The top folder itself locked: named as it is, the other input still read.
  ::chmod(t.top.c_str(), 0);
  const BinaryRun top = run_unprivileged("check -q " + args);
  ::chmod(t.top.c_str(), 0755);
  EXPECT_EQ(top.exit_code, 3) << top.err;
  EXPECT_NE(top.err.find("bpgn check: cannot read " + t.top + ": Permission denied\n"), std::string::npos) << top.err;
  EXPECT_NE(top.err.find("1 game read"), std::string::npos) << top.err;
}

// convert --from chesscom reads the files of a folder (not its subfolders): a link that leads
// nowhere among them is passed over like any other non-file, and a folder it cannot read is named.
TEST(InputList, ConvertsChessComFolderWalk) {
  test::ScratchDir dir;
  const std::string boards = (dir / "boards").string();
  write(dir / "boards/sub/x.json", "{}");
  fs::create_symlink(dir / "nowhere.json", dir / "boards/broken.json");
  const BinaryRun r = run_binary("convert --from chesscom --to bpgn --allow-empty '" + boards + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("cannot read"), std::string::npos) << r.err;
  if (!can_drop_privileges()) return;
  const LockedTree t;
  const BinaryRun locked = run_unprivileged("convert --from chesscom --to bpgn '" + t.locked + "'");
  EXPECT_EQ(locked.exit_code, 3) << locked.err;
  EXPECT_NE(locked.err.find("bpgn convert: cannot read " + t.locked + ": Permission denied\n"), std::string::npos)
      << locked.err;
}

}  // namespace
}  // namespace bpgn::check_test
