// same_file and refuse_output_among_inputs, the one check every subcommand's -o goes through.
#include "cli/output_file.h"
#include "cli/errors.h"
#include "cli/fmt_test_support.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace bpgn {
namespace {

namespace fs = std::filesystem;

TEST(SameFile, EveryWayOfNamingOneFile) {
  test::ScratchDir dir;
  fs::create_directories(dir / "sub");
  test::write_file(dir / "a.bpgn", "x");
  test::write_file(dir / "b.bpgn", "x");  // the same bytes, another file
  fs::create_symlink(dir / "a.bpgn", dir / "link.bpgn");
  fs::create_hard_link(dir / "a.bpgn", dir / "hard.bpgn");
  const std::string a = (dir / "a.bpgn").string();
  EXPECT_TRUE(same_file(a, a));
  EXPECT_TRUE(same_file(a, (dir / "sub" / ".." / "a.bpgn").string()));
  EXPECT_TRUE(same_file(a, (dir / "." / "a.bpgn").string()));
  EXPECT_TRUE(same_file(a, (dir / "link.bpgn").string()));
  EXPECT_TRUE(same_file((dir / "hard.bpgn").string(), a));
  EXPECT_FALSE(same_file(a, (dir / "b.bpgn").string()));
  EXPECT_FALSE(same_file(a, "-"));
  EXPECT_FALSE(same_file("-", "-"));  // standard input and standard output
  EXPECT_FALSE(same_file(a, ""));
  // Files that do not exist: by their resolved paths.
  EXPECT_TRUE(same_file((dir / "new.bpgn").string(), (dir / "sub" / ".." / "new.bpgn").string()));
  EXPECT_FALSE(same_file((dir / "new.bpgn").string(), (dir / "other.bpgn").string()));
}

TEST(SameFile, RefusalNamesBothPaths) {
  test::ScratchDir dir;
  test::write_file(dir / "a.bpgn", "x");
  fs::create_symlink(dir / "a.bpgn", dir / "link.bpgn");
  const std::string a = (dir / "a.bpgn").string(), link = (dir / "link.bpgn").string();
  try {
    refuse_output_among_inputs("check", link, {(dir / "none.bpgn").string(), a}, "a hint");
    FAIL() << "not refused";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()), "check: -o " + link + " is the input " + a +
                                         " (the same file); writing it would destroy the input, so nothing "
                                         "was done; a hint");
  }
  EXPECT_NO_THROW(refuse_output_among_inputs("check", (dir / "out.json").string(), {a, "-"}));
  EXPECT_NO_THROW(refuse_output_among_inputs("check", "", {a}));
  EXPECT_NO_THROW(refuse_output_among_inputs("check", "-", {"-"}));
}

}  // namespace
}  // namespace bpgn
