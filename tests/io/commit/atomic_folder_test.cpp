// AtomicFolder: the folder appears whole at commit and nothing is left behind otherwise; an existing
// folder with something in it, or a file, is never replaced.
#include "io/commit/atomic_folder.h"

#include "support/scratch_dir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace bpgn {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::size_t entries(const fs::path& folder) {
  std::size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(folder)) ++n;
  return n;
}

TEST(AtomicFolder, CommitMakesTheFolderWithItsFiles) {
  test::ScratchDir scratch;
  const fs::path target = scratch / "out";
  AtomicFolder folder(target.string());
  ASSERT_TRUE(folder.opened()) << folder.error();
  *folder.add("a.csv") << "x,y\n1,2\n";
  *folder.add("b.sql") << "SELECT 1;\n";
  EXPECT_FALSE(fs::exists(target));  // nothing under the name before the commit
  ASSERT_TRUE(folder.commit()) << folder.error();
  EXPECT_EQ(slurp(target / "a.csv"), "x,y\n1,2\n");
  EXPECT_EQ(slurp(target / "b.sql"), "SELECT 1;\n");
  EXPECT_EQ(entries(target), 2u);
  EXPECT_EQ(entries(scratch.path()), 1u);  // no temporary folder left beside it
}

TEST(AtomicFolder, WithoutCommitNothingIsLeft) {
  test::ScratchDir scratch;
  {
    AtomicFolder folder((scratch / "out").string());
    ASSERT_TRUE(folder.opened());
    *folder.add("a.csv") << "x\n";
    EXPECT_EQ(entries(scratch.path()), 1u);  // the temporary folder
  }
  EXPECT_EQ(entries(scratch.path()), 0u);
}

TEST(AtomicFolder, AnEmptyFolderIsReplacedAFullOneIsNot) {
  test::ScratchDir scratch;
  fs::create_directory(scratch / "empty");
  {
    AtomicFolder folder((scratch / "empty").string() + "/");  // a trailing slash as shells complete it
    *folder.add("a.csv") << "x\n";
    ASSERT_TRUE(folder.commit()) << folder.error();
  }
  EXPECT_EQ(slurp(scratch / "empty" / "a.csv"), "x\n");

  fs::create_directory(scratch / "full");
  std::ofstream(scratch / "full" / "keep.txt") << "mine";
  EXPECT_EQ(why_not_a_new_folder((scratch / "full").string()),
            "the folder " + (scratch / "full").string() + " is not empty");
  {
    AtomicFolder folder((scratch / "full").string());
    *folder.add("a.csv") << "x\n";
    EXPECT_FALSE(folder.commit());
    EXPECT_NE(folder.error().find("is not empty"), std::string::npos) << folder.error();
  }
  EXPECT_EQ(slurp(scratch / "full" / "keep.txt"), "mine");
  EXPECT_EQ(entries(scratch / "full"), 1u);
  EXPECT_EQ(entries(scratch.path()), 2u);  // empty, full: no temporary folder left
}

TEST(AtomicFolder, AFileIsNeverReplaced) {
  test::ScratchDir scratch;
  std::ofstream(scratch / "file") << "mine";
  EXPECT_EQ(why_not_a_new_folder((scratch / "file").string()),
            (scratch / "file").string() + " exists and is not a folder");
  {
    AtomicFolder folder((scratch / "file").string());
    *folder.add("a.csv") << "x\n";
    EXPECT_FALSE(folder.commit());
  }
  EXPECT_EQ(slurp(scratch / "file"), "mine");
  EXPECT_EQ(entries(scratch.path()), 1u);
  EXPECT_EQ(why_not_a_new_folder((scratch / "new").string()), "");
}

TEST(AtomicFolder, AMissingParentIsSaid) {
  test::ScratchDir scratch;
  AtomicFolder folder((scratch / "no" / "out").string());
  EXPECT_FALSE(folder.opened());
  EXPECT_NE(folder.error().find("does not exist"), std::string::npos) << folder.error();
  EXPECT_EQ(folder.add("a.csv"), nullptr);
  EXPECT_FALSE(folder.commit());
}

}  // namespace
}  // namespace bpgn
