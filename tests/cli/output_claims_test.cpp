// Every output of a run is claimed once, by the file's identity, against every input (the
// --files-from list and the --alias file too) and every other output: a clash is exit 2 naming
// both options, and nothing is written. A folder missing for an output is named (issue 22, *Files
// that must never be lost*).
#include "cli/fmt_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace bpgn {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::write_file;
using test::kOneMatch;
using test::names_in;
using test::bpgn_in;




// A folder holding g.bpgn (one game) and list.txt naming it.
struct Work {
  test::ScratchDir dir;
  fs::path path = dir / "work";
  std::string game = read_file(kOneMatch);
  Work() {
    fs::create_directories(path);
    write_file(path / "g.bpgn", game);
    write_file(path / "list.txt", "g.bpgn\n");
  }
  test::Run run(const std::string& args) const { return bpgn_in(dir, path, args); }
  // Nothing was written: the inputs as they were, no other file.
  void untouched(const std::string& what) const {
    EXPECT_EQ(read_file(path / "g.bpgn"), game) << what;
    EXPECT_EQ(read_file(path / "list.txt"), "g.bpgn\n") << what;
    EXPECT_EQ(names_in(path), (std::vector<std::string>{"g.bpgn", "list.txt"})) << what;
  }
};

TEST(OutputClaims, TheFilesFromListIsAnInput) {
  const Work w;
  struct Case {
    std::string args, claim;  // claim: "OPTION PATH" as the message names it
  };
  const std::vector<Case> cases = {
      {"check -o list.txt --files-from list.txt", "bpgn check: -o list.txt"},
      {"check --summary-json list.txt --files-from list.txt", "bpgn check: --summary-json list.txt"},
      {"check --valid-out ./list.txt --files-from list.txt", "bpgn check: --valid-out ./list.txt"},
      {"fmt -o list.txt --files-from list.txt", "bpgn fmt: -o list.txt"},
      {"fmt --summary-json list.txt --files-from list.txt", "bpgn fmt: --summary-json list.txt"},
      {"standings -o list.txt --files-from list.txt", "bpgn standings: -o list.txt"},
  };
  for (const Case& c : cases) {
    const test::Run r = w.run(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.claim + " is the --files-from list list.txt (the same file); writing it would destroy the "
                                   "input, so nothing was done"),
              std::string::npos)
        << c.args << "\n"
        << r.err;
    w.untouched(c.args);
  }
}

TEST(OutputClaims, TwoOutputsOnOneFileAreRefusedNamingBoth) {
  const Work w;
  fs::create_directories(w.path / "sub");
  struct Case {
    std::string args, message;
  };
  const std::vector<Case> cases = {
      {"check --valid-out x --invalid-out ./x g.bpgn", "bpgn check: --invalid-out ./x and --valid-out x name the same file"},
      {"check -o X --summary-json X g.bpgn", "bpgn check: --summary-json X and -o X name the same file"},
      {"check -o X --valid-out X g.bpgn", "bpgn check: --valid-out X and -o X name the same file"},
      {"check --format json -o r.json --summary-json sub/../r.json g.bpgn",
       "bpgn check: --summary-json sub/../r.json and -o r.json name the same file"},
      {"check --unreadable-out u --duplicates-out ./u g.bpgn",
       "bpgn check: --duplicates-out ./u and --unreadable-out u name the same file"},
      {"fmt -o f.bpgn --summary-json ./f.bpgn g.bpgn", "bpgn fmt: --summary-json ./f.bpgn and -o f.bpgn name the same file"},
      {"convert --to json -o c --summary-json sub/../c g.bpgn",
       "bpgn convert: --summary-json sub/../c and -o c name the same file"},
  };
  for (const Case& c : cases) {
    const test::Run r = w.run(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_EQ(r.out, "") << c.args;
    EXPECT_EQ(names_in(w.path), (std::vector<std::string>{"g.bpgn", "list.txt", "sub"})) << c.args;
  }
  // A file that exists is claimed by its inode: a hard link and a symlink are the same file.
  write_file(w.path / "old.json", "old\n");
  fs::create_hard_link(w.path / "old.json", w.path / "hard.json");
  fs::create_symlink("old.json", w.path / "link.json");
  for (const std::string& other : {"hard.json", "link.json"}) {
    const test::Run r = w.run("check -o old.json --summary-json " + other + " g.bpgn");
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find("--summary-json " + other + " and -o old.json name the same file"), std::string::npos) << r.err;
    EXPECT_EQ(read_file(w.path / "old.json"), "old\n");
  }
}

TEST(OutputClaims, ARefusalOntoAnInputNamesTheOptionThatClaimedIt) {
  const Work w;
  for (const std::string& option : {"--valid-out", "--invalid-out", "--unreadable-out", "--duplicates-out", "--summary-json"}) {
    const test::Run r = w.run("check " + option + " ./g.bpgn g.bpgn");
    EXPECT_EQ(r.code, 2) << option << "\n" << r.err;
    EXPECT_NE(r.err.find("bpgn check: " + option + " ./g.bpgn is the input g.bpgn (the same file)"), std::string::npos)
        << r.err;
    w.untouched(option);
  }
  for (const std::string& command : {"fmt", "convert --to bpgn"}) {
    const test::Run r = w.run(command + " --summary-json ./g.bpgn g.bpgn");
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find("--summary-json ./g.bpgn is the input g.bpgn (the same file)"), std::string::npos) << r.err;
    w.untouched(command);
  }
  // standings: its alias file is an input too; summary merge: the summaries it adds up.
  write_file(w.path / "alias.txt", "# none\n");
  const test::Run alias = w.run("standings -o alias.txt --alias alias.txt g.bpgn");
  EXPECT_EQ(alias.code, 2) << alias.err;
  EXPECT_NE(alias.err.find("bpgn standings: -o alias.txt is the --alias file alias.txt (the same file)"), std::string::npos)
      << alias.err;
  EXPECT_EQ(read_file(w.path / "alias.txt"), "# none\n");
  fs::remove(w.path / "alias.txt");
  write_file(w.path / "s.json", "{\"games\":1}\n");
  const test::Run merge = w.run("summary merge s.json -o ./s.json");
  EXPECT_EQ(merge.code, 2) << merge.err;
  EXPECT_NE(merge.err.find("bpgn summary merge: -o ./s.json is the input s.json (the same file)"), std::string::npos)
      << merge.err;
  EXPECT_EQ(read_file(w.path / "s.json"), "{\"games\":1}\n");
}

TEST(OutputClaims, DevicesMayBeNamedBySeveralOutputs) {
  const Work w;
  const test::Run r = w.run("check --format json -o /dev/null --valid-out /dev/null --summary-json /dev/null g.bpgn");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("games written as found: 1 valid to /dev/null"), std::string::npos) << r.err;
  w.untouched("devices");
}

TEST(OutputClaims, AMissingFolderIsNamed) {
  const Work w;
  struct Case {
    std::string args, message;
  };
  const std::vector<Case> cases = {
      {"check -o out/x g.bpgn", "bpgn check: cannot write out/x: the folder out does not exist"},
      {"check --valid-out a/b/v g.bpgn", "bpgn check: cannot write a/b/v: the folder a/b does not exist"},
      {"check --summary-json out/s.json g.bpgn", "bpgn check: cannot write out/s.json: the folder out does not exist"},
      {"fmt -o out/x g.bpgn", "bpgn fmt: cannot write out/x: the folder out does not exist"},
      {"convert --to pgn -o out/x g.bpgn", "bpgn convert: cannot write out/x: the folder out does not exist"},
      {"standings -o out/x g.bpgn", "bpgn standings: cannot write out/x: the folder out does not exist"},
      {"fmt -o g.bpgn/x list.txt", "bpgn fmt: cannot write g.bpgn/x: g.bpgn is not a folder"},
  };
  for (const Case& c : cases) {
    const test::Run r = w.run(c.args);
    EXPECT_EQ(r.code, 3) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message + "\n"), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_EQ(r.err.find("temporary"), std::string::npos) << c.args << "\n" << r.err;
    w.untouched(c.args);
  }
}

}  // namespace
}  // namespace bpgn
