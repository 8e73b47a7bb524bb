// The one commit mechanism (io/commit/temporary.h), for each kind of output: a file (AtomicFile),
// a folder (AtomicFolder), an SQLite archive (db::SqliteWriter) and an appended file (AppendFile).
// After a failure, or a signal that ends the run, nothing of the run is left and an old file is
// as it was; every temporary entry is named by the one scheme.
#include "database/sqlite_archive.h"
#include "io/commit/append_file.h"
#include "io/commit/atomic_file.h"
#include "io/commit/atomic_folder.h"
#include "io/commit/temporary.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace bpgn {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> names_in(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

void write_file(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// What the scheme gives for the first candidate beside `target`, worked out by hand.
std::string first_temporary_leaf(const std::string& name) {
  return "." + name + ".bpgn-" + std::to_string(::getpid()) + "-0.tmp";
}

// Runs `make` in a child process that then ends by SIGTERM; true when it died of that signal.
bool ends_by_sigterm(const std::function<void()>& make) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    make();
    ::raise(SIGTERM);
    ::_exit(0);  // not reached
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM;
}

TEST(TemporaryCommit, OneNamingScheme) {
  const std::string pid = std::to_string(::getpid());
  EXPECT_EQ(temporary_name("out/x.bpgn", 3), "out/.x.bpgn.bpgn-" + pid + "-3.tmp");
  EXPECT_EQ(temporary_name("x.db", 0), ".x.db.bpgn-" + pid + "-0.tmp");
  // A name over 200 bytes leaves no room for the affixes: it is left out.
  EXPECT_EQ(temporary_name("d/" + std::string(201, 'n'), 1), "d/.bpgn-" + pid + "-1.tmp");
  EXPECT_EQ(temporary_name("d/" + std::string(200, 'n'), 1), "d/." + std::string(200, 'n') + ".bpgn-" + pid + "-1.tmp");
  EXPECT_TRUE(is_temporary_name(".x.bpgn.bpgn-12-0.tmp"));
  EXPECT_TRUE(is_temporary_name(".bpgn-12-7.tmp"));
  EXPECT_FALSE(is_temporary_name("x.bpgn"));
  EXPECT_FALSE(is_temporary_name("x.bpgn.bpgn-12-0.tmp"));  // no leading dot
  EXPECT_FALSE(is_temporary_name(".x.bpgn.bpgn-12.tmp"));    // the old archive's name: no number
  EXPECT_FALSE(is_temporary_name(".x.bpgn-a-0.tmp"));
}

TEST(TemporaryCommit, AFileThatFailsLeavesTheOldFileAndNoTemporary) {
  const test::ScratchDir dir;
  const fs::path target = dir / "r.txt";
  write_file(target, "old\n");
  {
    AtomicFile file(target.string());
    ASSERT_TRUE(file.opened()) << file.error();
    EXPECT_EQ(fs::path(file.temp_path()).filename().string(), first_temporary_leaf("r.txt"));
    EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{first_temporary_leaf("r.txt"), "r.txt"}));
    file.stream() << "new\n";
  }  // never committed: the run failed
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"r.txt"});
  EXPECT_EQ(read_file(target), "old\n");
}

TEST(TemporaryCommit, AFolderThatFailsLeavesNothing) {
  const test::ScratchDir dir;
  const fs::path target = dir / "csv";
  fs::create_directory(target);
  write_file(target / "keep.txt", "old\n");  // a folder with something in it is never replaced
  AtomicFolder folder(target.string());
  ASSERT_TRUE(folder.opened()) << folder.error();
  EXPECT_EQ(fs::path(folder.temp_path()).filename().string(), first_temporary_leaf("csv"));
  std::ostream* out = folder.add("games.csv");
  ASSERT_NE(out, nullptr);
  *out << "id\n1\n";
  EXPECT_FALSE(folder.commit());
  EXPECT_NE(folder.error().find("is not empty"), std::string::npos) << folder.error();
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"csv"});
  EXPECT_EQ(names_in(target), std::vector<std::string>{"keep.txt"});
  EXPECT_EQ(read_file(target / "keep.txt"), "old\n");
}

TEST(TemporaryCommit, AnArchiveThatFailsLeavesTheOldFileAndNoTemporary) {
  const test::ScratchDir dir;
  const fs::path target = dir / "a.db";
  write_file(target, "");  // an empty file is replaced by a new archive, as a missing one is made
  {
    db::SqliteWriter archive(target.string());
    EXPECT_FALSE(archive.appending());
    const std::vector<std::string> during = names_in(dir.path());
    ASSERT_GE(during.size(), 2u);
    EXPECT_NE(std::find(during.begin(), during.end(), first_temporary_leaf("a.db")), during.end());
  }  // never committed
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"a.db"});
  EXPECT_EQ(read_file(target), "");
}

TEST(TemporaryCommit, AnAppendedFileTheRunMadeIsRemovedWhenNothingIsAppended) {
  const test::ScratchDir dir;
  write_file(dir / "old.md", "old\n");
  {
    AppendFile made, old;
    ASSERT_TRUE(made.open((dir / "new.md").string())) << made.error();
    ASSERT_TRUE(old.open((dir / "old.md").string())) << old.error();
  }
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"old.md"});
  EXPECT_EQ(read_file(dir / "old.md"), "old\n");
}

TEST(TemporaryCommit, ASignalLeavesNothingOfAnyKind) {
  const test::ScratchDir dir;
  write_file(dir / "r.txt", "old\n");
  write_file(dir / "s.md", "summary\n");
  EXPECT_TRUE(ends_by_sigterm([&] {
    static AtomicFile file((dir / "r.txt").string());
    file.stream() << "new\n";
    static AtomicFolder folder((dir / "csv").string());
    *folder.add("games.csv") << "id\n";
    static db::SqliteWriter archive((dir / "a.db").string());
    static AppendFile made;
    made.open((dir / "made.md").string());
    static AppendFile old;
    old.open((dir / "s.md").string());
  }));
  EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{"r.txt", "s.md"}));
  EXPECT_EQ(read_file(dir / "r.txt"), "old\n");
  EXPECT_EQ(read_file(dir / "s.md"), "summary\n");
}

}  // namespace
}  // namespace bpgn
