// The outputs of a run are committed together or not at all: when one cannot be written (here a
// file-size limit or /dev/full), none of the others is renamed either, each is left as it was, and
// the last line says which outputs were not written (docs/check.md, *Output files*; issue 22).
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
using test::kFifteen;
using test::names_in;
using test::bpgn_in;




TEST(OutputGroup, WhenTheValidOutputFailsNoOtherOutputIsCommitted) {
  test::ScratchDir dir;
  const fs::path work = dir / "work";
  fs::create_directories(work);
  write_file(work / "R.txt", "old report\n");
  // The valid games (16 KB) pass the 1 KiB limit; the text report (-q: empty) and the summary do not.
  const test::Run r = bpgn_in(dir, work, "check -q -o R.txt --valid-out V --summary-json S.json " + kFifteen,
                              "ulimit -f 1; ");
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_NE(r.err.find("bpgn check: cannot write V: File too large\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("bpgn check: outputs not written: R.txt, V, S.json (each left as it was)\n"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("games written"), std::string::npos) << r.err;
  EXPECT_EQ(names_in(work), std::vector<std::string>{"R.txt"});
  EXPECT_EQ(read_file(work / "R.txt"), "old report\n");
  // A device that fails is written directly: the files beside it are not committed either.
  const test::Run full = bpgn_in(dir, work, "check -q -o R.txt --valid-out /dev/full --summary-json S.json " + kFifteen);
  EXPECT_EQ(full.code, 3) << full.err;
  EXPECT_NE(full.err.find("bpgn check: cannot write /dev/full: No space left on device\n"), std::string::npos) << full.err;
  EXPECT_NE(full.err.find("bpgn check: outputs not written: R.txt, S.json (each left as it was)\n"), std::string::npos)
      << full.err;
  EXPECT_EQ(names_in(work), std::vector<std::string>{"R.txt"});
  // fmt and convert: the summary goes with the output.
  for (const std::string& command : {"fmt", "convert --to json"}) {
    const test::Run f = bpgn_in(dir, work, command + " -o /dev/full --summary-json S.json " + kFifteen);
    EXPECT_EQ(f.code, 3) << command << "\n" << f.err;
    EXPECT_NE(f.err.find(": output not written: S.json (left as it was)\n"), std::string::npos) << command << "\n" << f.err;
    EXPECT_NE(f.err.find(" read, 0 written"), std::string::npos) << command << "\n" << f.err;
    EXPECT_EQ(names_in(work), std::vector<std::string>{"R.txt"}) << command;
  }
}

TEST(OutputGroup, ARunThatSucceedsCommitsEveryOutput) {
  test::ScratchDir dir;
  const fs::path work = dir / "work";
  fs::create_directories(work);
  const test::Run r =
      bpgn_in(dir, work, "check -q --jobs 2 -o R.txt --valid-out V --summary-json S.json " + kFifteen);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err.find("not written"), std::string::npos) << r.err;
  EXPECT_EQ(names_in(work), (std::vector<std::string>{"R.txt", "S.json", "V"}));
  EXPECT_EQ(read_file(work / "V"), read_file(kFifteen));
  EXPECT_NE(read_file(work / "S.json").find("\"written\":{\"valid\":15}"), std::string::npos);
}

TEST(OutputGroup, AFolderStandingAtAnOutputIsSaidBeforeAnythingIsWritten) {
  test::ScratchDir dir;
  const fs::path work = dir / "work";
  fs::create_directories(work / "V");
  const test::Run r = bpgn_in(dir, work, "check -q -o R.txt --valid-out V " + kFifteen);
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_NE(r.err.find("bpgn check: cannot replace V: Is a directory; V is left as it was\n"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("games read"), std::string::npos) << "the run went on: " << r.err;
  EXPECT_EQ(names_in(work), std::vector<std::string>{"V"});
}

}  // namespace
}  // namespace bpgn
