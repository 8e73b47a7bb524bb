// The one resolution of an output path (issue 36, io/commit/output_path.h, docs/robustness.md
// "Gates"): every output of every command follows a symbolic link and keeps it (a dangling link
// is written through), two outputs that reach one file through a link are refused, a loop of links
// is a clear error; folders and archives are made with the same claim as files; nothing is made
// when the run reads no game; an archive on a device or a folder is a clear error.
#include "cli/binary_run.h"
#include "io/commit/output_path.h"
#include "support/scratch_dir.h"

#include <filesystem>
#include <fstream>

namespace bpgn::check_test {
namespace output_path {

namespace fs = std::filesystem;
using test::ScratchDir;

std::string q(const fs::path& p) { return shell_quoted(p.string()); }

std::string game_file(const ScratchDir& dir) {
  const fs::path g = dir / "g.bpgn";
  fs::copy_file(std::string(BPGN_CORPUS_DIR) + "/fics/1934301.bpgn", g);
  return g.string();
}

bool is_link(const fs::path& p) { return fs::is_symlink(fs::symlink_status(p)); }

// Each subcommand's main output, as `-o OUT` after the game file.
std::vector<std::string> writers(const std::string& game) {
  return {"check " + q(game) + " --format json", "fmt " + q(game), "convert --to json " + q(game),
          "convert --to pgn " + q(game),         "standings " + q(game), "view " + q(game)};
}

TEST(ResolveOutputPath, FollowsLinksOfTheLastComponent) {
  ScratchDir dir;
  fs::create_symlink("X", dir / "dangling");
  OutputPath r = resolve_output_path((dir / "dangling").string());
  EXPECT_EQ(r.written, (dir / "X").string());
  EXPECT_EQ(r.kind, OutputPath::Kind::Missing);
  EXPECT_TRUE(r.error.empty());
  EXPECT_TRUE(r.is_link());
  fs::create_symlink("dangling", dir / "two");
  EXPECT_EQ(resolve_output_path((dir / "two").string()).written, (dir / "X").string());
  fs::create_symlink(dir / "loop", dir / "loop");
  EXPECT_EQ(resolve_output_path((dir / "loop").string()).error, "a loop of symbolic links");
  EXPECT_EQ(resolve_output_path("/dev/null").kind, OutputPath::Kind::Device);
  EXPECT_EQ(resolve_output_path(dir.path().string()).kind, OutputPath::Kind::Folder);
  const OutputPath plain = resolve_output_path((dir / "plain").string());
  EXPECT_FALSE(plain.is_link());
  EXPECT_EQ(plain.kind, OutputPath::Kind::Missing);
}

TEST(OutputPath, ADanglingLinkIsWrittenThroughAndStaysALink) {
  for (std::size_t i = 0; i < writers("g").size(); ++i) {
    ScratchDir dir;
    const std::string game = game_file(dir);
    const fs::path link = dir / "out", target = dir / "target";
    fs::create_symlink("target", link);
    const std::string command = writers(game)[i];
    const BinaryRun r = run_binary(command + " -o " + q(link));
    EXPECT_LT(r.exit_code, 2) << command << "\n" << r.err;
    EXPECT_TRUE(is_link(link)) << command << ": the link was replaced";
    EXPECT_TRUE(fs::is_regular_file(fs::symlink_status(target))) << command << ": the target was not written";
    EXPECT_GT(fs::file_size(target), 0u) << command;
  }
}

TEST(OutputPath, AWrittenLinkKeepsPointingAtTheFileItReplaces) {
  ScratchDir dir;
  const std::string game = game_file(dir);
  std::ofstream(dir / "target") << "old\n";
  fs::create_symlink("target", dir / "out");
  const BinaryRun r = run_binary("fmt " + q(game) + " -o " + q(dir / "out"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(is_link(dir / "out"));
  EXPECT_NE(read_file((dir / "target").string()), "old\n");
}

TEST(OutputPath, TwoOutputsReachingOneFileThroughADanglingLinkAreRefused) {
  ScratchDir dir;
  const std::string game = game_file(dir);
  fs::create_symlink("X", dir / "Xlink");
  const std::string x = q(dir / "X"), xlink = q(dir / "Xlink");
  for (const std::string& args :
       {"check " + q(game) + " -o " + x + " --summary-json " + xlink, "fmt " + q(game) + " -o " + xlink +
                                                                          " --summary-json " + x,
        "convert --to json " + q(game) + " -o " + x + " --summary-json " + xlink,
        "check " + q(game) + " --valid-out " + xlink + " --invalid-out " + x}) {
    const BinaryRun r = run_binary(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find("name the same file"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "X")) << args;
    EXPECT_TRUE(is_link(dir / "Xlink"));
  }
}

TEST(OutputPath, ALoopOfLinksIsAClearErrorInEveryCommand) {
  ScratchDir dir;
  const std::string game = game_file(dir);
  fs::create_symlink("b", dir / "a");
  fs::create_symlink("a", dir / "b");
  std::vector<std::string> runs;
  for (const std::string& w : writers(game)) runs.push_back(w + " -o " + q(dir / "a"));
  runs.push_back("convert --to csv " + q(game) + " -o " + q(dir / "a"));
  runs.push_back("convert --to sqlite " + q(game) + " -o " + q(dir / "a"));
  runs.push_back("check " + q(game) + " --summary-json " + q(dir / "a"));
  for (const std::string& args : runs) {
    const BinaryRun r = run_binary(args);
    EXPECT_EQ(r.exit_code, 3) << args << "\n" << r.err;
    EXPECT_NE(r.err.find("a loop of symbolic links"), std::string::npos) << args << "\n" << r.err;
    EXPECT_TRUE(is_link(dir / "a") && is_link(dir / "b")) << args;
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 3);  // g, a, b
}

TEST(OutputPath, CsvThroughALinkToAnEmptyFolderFillsThatFolder) {
  ScratchDir dir;
  const std::string game = game_file(dir);
  fs::create_directory(dir / "empty");
  fs::create_symlink("empty", dir / "lnk");
  const BinaryRun r = run_binary("convert --to csv -q " + q(game) + " -o " + q(dir / "lnk"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(is_link(dir / "lnk"));
  EXPECT_TRUE(fs::is_regular_file(dir / "empty" / "games.csv")) << r.err;
  for (const auto& e : fs::directory_iterator(dir.path()))
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
}

TEST(OutputPath, FoldersAndArchivesAreMadeWhereADanglingLinkLeads) {
  ScratchDir dir;
  const std::string game = game_file(dir);
  fs::create_symlink("newdir", dir / "csvlink");
  fs::create_symlink("a.db", dir / "dblink");
  BinaryRun r = run_binary("convert --to csv -q " + q(game) + " -o " + q(dir / "csvlink"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(is_link(dir / "csvlink"));
  EXPECT_TRUE(fs::is_regular_file(dir / "newdir" / "games.csv"));
  r = run_binary("convert --to sqlite -q " + q(game) + " -o " + q(dir / "dblink"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(is_link(dir / "dblink"));
  EXPECT_GT(fs::file_size(dir / "a.db"), 0u);
  // Added to through the link, which stays.
  r = run_binary("convert --to sqlite " + q(game) + " -o " + q(dir / "dblink"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("1 already there"), std::string::npos) << r.err;
  EXPECT_TRUE(is_link(dir / "dblink"));
}

TEST(OutputPath, AnArchiveOnADeviceOrAFolderIsAClearError) {
  ScratchDir dir;
  const std::string game = game_file(dir);
  BinaryRun r = run_binary("convert --to sqlite -q " + q(game) + " -o /dev/null");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("/dev/null is not a regular file"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("not a bpgn archive"), std::string::npos) << r.err;
  fs::create_directory(dir / "folder");
  r = run_binary("convert --to sqlite -q " + q(game) + " -o " + q(dir / "folder"));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("is a folder"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::is_empty(dir / "folder"));
}

TEST(OutputPath, NothingIsMadeWhenNoGameIsRead) {
  ScratchDir dir;
  const fs::path empty = dir / "e.bpgn";
  std::ofstream(empty).close();
  for (const std::string& to : {"sqlite", "csv"}) {
    const fs::path out = dir / ("out." + to);
    BinaryRun r = run_binary("convert --to " + to + " " + q(empty) + " -o " + q(out));
    EXPECT_EQ(r.exit_code, 1) << to << "\n" << r.err;
    EXPECT_NE(r.err.find("no games read"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out)) << to;
    r = run_binary("convert --to " + to + " --allow-empty " + q(empty) + " -o " + q(out));
    EXPECT_EQ(r.exit_code, 0) << to << "\n" << r.err;
    EXPECT_NE(r.err.find("was not made"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out)) << to;
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

}  // namespace output_path
}  // namespace bpgn::check_test
