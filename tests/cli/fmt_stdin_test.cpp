// fmt and convert on standard input (a pipe, read as it comes, never whole) write what they write
// for the same bytes read from a file, on every regression and broken record: the raw-text cuts
// of broken games (one line holding several games, byte order marks, CR CR LF, stray bytes, Latin-1
// after UTF-8) are the reader's, whatever the source. fmt --check - compares while reading.
#include "cli/fmt_test_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace bpgn {
namespace {

std::vector<std::string> records(const std::vector<std::string>& folders) {
  std::vector<std::string> files;
  for (const std::string& folder : folders) {
    for (const auto& entry : std::filesystem::directory_iterator(test::kCorpus + "/" + folder)) {
      if (entry.is_regular_file() && !entry.path().filename().string().starts_with("README"))
        files.push_back(entry.path().string());
    }
  }
  return files;
}

TEST(FmtStdin, APipeIsFormattedAsTheFile) {
  test::ScratchDir dir;
  const std::string bin = BPGN_BINARY;
  const std::vector<std::string> files = records({"regressions", "broken"});
  ASSERT_GT(files.size(), 30u);
  for (const std::string& f : files) {
    const test::Run path = test::run_shell(dir, bin + " fmt \"" + f + "\"");
    const test::Run pipe = test::run_shell(dir, "cat \"" + f + "\" | " + bin + " fmt -");
    EXPECT_EQ(pipe.out, path.out) << f;
    EXPECT_EQ(pipe.code, path.code) << f;
    const test::Run json_path = test::run_shell(dir, bin + " convert --to json \"" + f + "\"");
    const test::Run json_pipe = test::run_shell(dir, "cat \"" + f + "\" | " + bin + " convert --to json -");
    // The same, but for the input's name.
    std::string expected = json_path.out;
    const std::string named = "\"file\":\"" + f + "\"";
    for (std::size_t at = expected.find(named); at != std::string::npos; at = expected.find(named, at))
      expected.replace(at, named.size(), "\"file\":\"-\"");
    EXPECT_EQ(json_pipe.out, expected) << f;
  }
}

TEST(FmtStdin, CheckComparesAPipeAsItIsRead) {
  test::ScratchDir dir;
  const std::string bin = BPGN_BINARY;
  for (const std::string& f : records({"regressions"})) {
    // Standard input is listed as `-` exactly when the file is listed under its name.
    const test::Run file = test::run_shell(dir, bin + " fmt --check \"" + f + "\"");
    const test::Run pipe = test::run_shell(dir, "cat \"" + f + "\" | " + bin + " fmt --check -");
    EXPECT_EQ(pipe.code, file.code) << f;
    EXPECT_EQ(pipe.out, file.out.empty() ? "" : "-\n") << f;
    // fmt's output is canonical: --check of it on standard input lists nothing.
    test::write_file(dir / "formatted.txt", test::run_shell(dir, bin + " fmt \"" + f + "\"").out);
    const test::Run again = test::run_shell(dir, bin + " fmt --check - < " + (dir / "formatted.txt").string());
    EXPECT_EQ(again.out, "") << f;
  }
  // One byte more or less than the canonical text: listed.
  test::write_file(dir / "in.pgn", "[Event \"a\"]\n\n1. e4 *\n");
  EXPECT_EQ(test::run_shell(dir, "cat " + (dir / "in.pgn").string() + " | " + bin + " fmt --check -").out, "");
  test::write_file(dir / "in.pgn", "[Event \"a\"]\n\n1. e4 *\n\n");
  EXPECT_EQ(test::run_shell(dir, "cat " + (dir / "in.pgn").string() + " | " + bin + " fmt --check -").out, "-\n");
  test::write_file(dir / "in.pgn", "[Event \"a\"]\n\n1. e4 *");
  EXPECT_EQ(test::run_shell(dir, "cat " + (dir / "in.pgn").string() + " | " + bin + " fmt --check -").out, "-\n");
}

}  // namespace
}  // namespace bpgn
