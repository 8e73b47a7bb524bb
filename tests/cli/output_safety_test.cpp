// The user's files are never lost: `-o` naming one of the inputs (the same path, `./`, `..`, a
// symlink, a hard link) is refused with exit 2 by check, convert and fmt, and every `-o` file is
// replaced atomically, so that a failed run leaves the old file whole and no temporary file.
// The tests run as root, for whom permissions stop nothing; failures are made with a file-size
// limit (ulimit -f: write() fails with EFBIG, SIGXFSZ ignored), a folder standing at the target
// (rename() fails with EISDIR) and /dev/full (every write fails with ENOSPC).
#include "cli/fmt_test_support.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace bpgn {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::write_file;
using test::kFifteen;
using test::kOneMatch;
using test::names_in;
using test::bpgn_in;




// The three subcommands with -o, each given `-o OUT IN` at the end.
// (check in text form writes nothing on stdout for a valid game: its reports are JSON here.)
const std::vector<std::string> kCommands = {"check --format json", "check --format jsonl",
                                            "convert --to bpgn", "convert --to json", "fmt"};

TEST(OutputSafety, OutputNamingAnInputIsRefusedWhateverThePath) {
  test::ScratchDir dir;
  const fs::path work = dir / "work";
  fs::create_directories(work / "sub");
  const std::string original = read_file(kOneMatch);
  write_file(work / "games.bpgn", original);
  fs::create_symlink("games.bpgn", work / "link.bpgn");
  fs::create_hard_link(work / "games.bpgn", work / "hard.bpgn");
  const std::vector<std::string> before = names_in(work);
  // Each way of naming games.bpgn as the output, with the input named plainly (text check too).
  const std::vector<std::string> outputs = {
      "games.bpgn", "./games.bpgn", "sub/../games.bpgn", "../work/games.bpgn", (work / "games.bpgn").string(),
      "link.bpgn",  "hard.bpgn"};
  std::vector<std::string> commands = kCommands;
  commands.push_back("check");
  for (const std::string& command : commands) {
    for (const std::string& output : outputs) {
      const test::Run r = bpgn_in(dir, work, command + " -o " + output + " games.bpgn");
      EXPECT_EQ(r.code, 2) << command << " -o " << output << "\n" << r.err;
      EXPECT_NE(r.err.find("-o " + output + " is the input games.bpgn (the same file)"), std::string::npos)
          << command << " -o " << output << "\n"
          << r.err;
      EXPECT_EQ(r.out, "") << command << " -o " << output;
      EXPECT_EQ(read_file(work / "games.bpgn"), original)
          << command << " -o " << output << " touched the input";
      EXPECT_EQ(names_in(work), before) << command << " -o " << output;
    }
    // The other way round: the input named through the link, the output plainly; and among several inputs.
    const test::Run r = bpgn_in(dir, work, command + " -o games.bpgn " + kOneMatch + " ./link.bpgn");
    EXPECT_EQ(r.code, 2) << command << "\n" << r.err;
    EXPECT_NE(r.err.find("-o games.bpgn is the input ./link.bpgn (the same file)"), std::string::npos)
        << r.err;
    EXPECT_EQ(read_file(work / "games.bpgn"), original);
  }
  // fmt points to --in-place.
  const test::Run f = bpgn_in(dir, work, "fmt -o hard.bpgn games.bpgn");
  EXPECT_NE(f.err.find("use --in-place to rewrite it"), std::string::npos) << f.err;
  // A different file of the same content is no clash.
  write_file(work / "copy.bpgn", original);
  const test::Run ok = bpgn_in(dir, work, "fmt -o copy.bpgn games.bpgn");
  EXPECT_EQ(ok.code, 0) << ok.err;
}

TEST(OutputSafety, ChessComBoardInsideAnInputFolderIsRefused) {
  test::ScratchDir dir;
  const fs::path boards = dir / "boards";
  fs::copy(test::kGolden + "/chesscom-small", boards);
  const std::string board = read_file(boards / "1001.json");
  const std::vector<std::string> before = names_in(boards);
  const test::Run r = bpgn_in(dir, dir.path(), "convert --to bpgn -o boards/1001.json boards");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("-o boards/1001.json is the input boards/1001.json"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(boards / "1001.json"), board);
  EXPECT_EQ(names_in(boards), before);
  // A new file in the input folder is fine, and the folder is listed before it is created: its
  // temporary file is not read as a board (no "skipping" note for it).
  const test::Run ok = bpgn_in(dir, dir.path(), "convert --to bpgn -o boards/match.bpgn boards");
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_EQ(ok.err.find(".tmp"), std::string::npos) << ok.err;
  EXPECT_EQ(read_file(boards / "match.bpgn"), read_file(test::kGolden + "/chesscom-small.out.bpgn"));
}

TEST(OutputSafety, ReplacingAnOutputKeepsItsModeAndFollowsASymlink) {
  test::ScratchDir dir;
  const fs::path work = dir / "work";
  fs::create_directories(work);
  for (const std::string& command : kCommands) {
    write_file(work / "real.out", "old\n");
    ::chmod((work / "real.out").c_str(), 0640);
    fs::create_symlink("real.out", work / "link.out");
    const test::Run r = bpgn_in(dir, work, command + " -o link.out " + kOneMatch);
    EXPECT_EQ(r.code, 0) << command << "\n" << r.err;
    EXPECT_TRUE(fs::is_symlink(work / "link.out")) << command << ": the symlink was replaced, not its file";
    const test::Run direct = bpgn_in(dir, work, command + " " + kOneMatch);
    EXPECT_EQ(read_file(work / "real.out"), direct.out) << command;
    EXPECT_NE(direct.out, "") << command;
    struct stat st {};
    ASSERT_EQ(::stat((work / "real.out").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0640u) << command;
    EXPECT_EQ(names_in(work), (std::vector<std::string>{"link.out", "real.out"})) << command;
    fs::remove(work / "link.out");
  }
}

TEST(OutputSafety, AFailedWriteLeavesTheOldFileWholeAndNoTemporaryFile) {
  test::ScratchDir dir;
  const fs::path work = dir / "work";
  fs::create_directories(work);
  const std::string old_text = "the old report, which must survive\n";
  for (const std::string& command : kCommands) {
    write_file(work / "out.txt", old_text);
    // Every command's output of the fifteen games is far above the 1 KiB limit.
    const test::Run full = bpgn_in(dir, work, command + " " + kFifteen);
    ASSERT_GT(full.out.size(), 4096u) << command;
    const test::Run r =
        bpgn_in(dir, work, command + " -o out.txt " + kFifteen, "trap \"\" XFSZ; ulimit -f 1; ");
    EXPECT_EQ(r.code, 3) << command << "\n" << r.err;
    EXPECT_NE(r.err.find("cannot write out.txt: File too large; out.txt is left as it was"),
              std::string::npos)
        << command << "\n"
        << r.err;
    EXPECT_EQ(read_file(work / "out.txt"), old_text) << command;
    EXPECT_EQ(names_in(work), std::vector<std::string>{"out.txt"})
        << command << ": a temporary file was left";
  }
}

TEST(OutputSafety, AFailedRenameLeavesNoTemporaryFile) {
  test::ScratchDir dir;
  const fs::path work = dir / "work";
  fs::create_directories(work / "target");
  write_file(work / "target" / "inside.txt", "kept\n");
  for (const std::string& command : kCommands) {
    const test::Run r = bpgn_in(dir, work, command + " -o target " + kOneMatch);
    EXPECT_EQ(r.code, 3) << command << "\n" << r.err;
    EXPECT_NE(r.err.find("cannot replace target: Is a directory; target is left as it was"),
              std::string::npos)
        << command << "\n"
        << r.err;
    EXPECT_EQ(names_in(work), std::vector<std::string>{"target"}) << command << ": a temporary file was left";
    EXPECT_EQ(read_file(work / "target" / "inside.txt"), "kept\n");
  }
}

TEST(OutputSafety, DevicesAreWrittenDirectly) {
  test::ScratchDir dir;
  for (const std::string& command : kCommands) {
    const test::Run full = bpgn_in(dir, dir.path(), command + " -o /dev/full " + kOneMatch);
    EXPECT_EQ(full.code, 3) << command << "\n" << full.err;
    EXPECT_NE(full.err.find("cannot write /dev/full: No space left on device"), std::string::npos)
        << command << "\n"
        << full.err;
    const test::Run null = bpgn_in(dir, dir.path(), command + " -o /dev/null " + kOneMatch);
    EXPECT_EQ(null.code, 0) << command << "\n" << null.err;
    struct stat st {};
    ASSERT_EQ(::stat("/dev/null", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode)) << "/dev/null was replaced";
  }
  // "-o -" is standard output.
  const test::Run dash = bpgn_in(dir, dir.path(), "fmt -o - " + kOneMatch);
  EXPECT_EQ(dash.code, 0);
  EXPECT_EQ(dash.out, bpgn_in(dir, dir.path(), "fmt " + kOneMatch).out);
  EXPECT_FALSE(fs::exists(dir / "-"));
}

}  // namespace
}  // namespace bpgn
