// A broken game followed by more than 32 MiB of lines that start no game: fmt and convert keep at
// most 32 MiB of a game's text (ReaderOptions::max_raw_bytes), so they cannot write it back as
// found. They say so, stop reading that input (exit 3), and fmt --in-place leaves the file as it
// was; check, which keeps no text, reads through it.
#include "cli/fmt_test_support.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace bpgn {
namespace {

TEST(FmtRawLimit, ABrokenGameLongerThanTheLimitIsNotWrittenCut) {
  test::ScratchDir dir;
  const auto file = dir / "junk.pgn";
  {
    std::ofstream out(file, std::ios::binary);
    out << "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. e4 )) *\n";
    const std::string line(99, 'x');
    for (int i = 0; i < 340000; ++i) out << line << '\n';  // 34 MB
    out << "[Event \"c\"]\n1. d4 *\n";
  }
  const std::string bin = BPGN_BINARY;
  const test::Run fmt = test::run_shell(dir, bin + " fmt " + file.string());
  EXPECT_EQ(fmt.code, 3);
  EXPECT_NE(fmt.err.find("bpgn fmt: cannot read " + file.string() +
                         ": game 2 (line 4) is written as found, but its text with the lines skipped after it "
                         "is longer than the 33554432-byte limit: stopped there"),
            std::string::npos)
      << fmt.err;
  EXPECT_EQ(fmt.out, "[Event \"a\"]\n\n1. e4 *\n");  // the game before it is written
  const test::Run convert = test::run_shell(dir, bin + " convert --to bpgn - < " + file.string());
  EXPECT_EQ(convert.code, 3);
  EXPECT_NE(convert.err.find("bpgn convert: cannot read standard input: game 2 (line 4)"), std::string::npos) << convert.err;
  const auto size = std::filesystem::file_size(file);
  const test::Run in_place = test::run_shell(dir, bin + " fmt --in-place " + file.string());
  EXPECT_EQ(in_place.code, 3);
  EXPECT_EQ(std::filesystem::file_size(file), size);
  const test::Run check = test::run_shell(dir, bin + " check --quiet " + file.string());
  EXPECT_EQ(check.code, 1);
  EXPECT_NE(check.err.find("3 games read: 2 valid, 1 invalid"), std::string::npos) << check.err;
}

// A run that cannot write every game it read commits nothing: fmt -o and convert -o leave their
// output (and --summary-json) as it was, and the counts say the games read were not written.
TEST(FmtRawLimit, AnOutputThatCannotHoldEveryGameIsNotCommitted) {
  test::ScratchDir dir;
  const auto file = dir / "junk.pgn";
  {
    std::ofstream out(file, std::ios::binary);
    out << "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. e4 )) *\n";
    const std::string line(99, 'x');
    for (int i = 0; i < 340000; ++i) out << line << '\n';  // 34 MB
    out << "[Event \"c\"]\n1. d4 *\n";
  }
  const std::string bin = BPGN_BINARY, out = (dir / "out.bpgn").string(), sum = (dir / "sum.json").string();
  test::write_file(out, "old\n");
  const test::Run fmt = test::run_shell(dir, bin + " fmt -o " + out + " --summary-json " + sum + " " + file.string());
  EXPECT_EQ(fmt.code, 3);
  EXPECT_NE(fmt.err.find("bpgn fmt: outputs not written: " + out + ", " + sum + " (each left as it was)\n"),
            std::string::npos)
      << fmt.err;
  EXPECT_NE(fmt.err.find("bpgn fmt: 2 games read, 0 written: 0 valid, 0 with errors, 0 as found (syntax error); 2 not "
                         "written; 1 input\n"),
            std::string::npos)
      << fmt.err;
  EXPECT_EQ(test::read_file(out), "old\n");
  EXPECT_FALSE(std::filesystem::exists(sum));
  const test::Run convert = test::run_shell(dir, bin + " convert --to bpgn -o " + out + " " + file.string());
  EXPECT_EQ(convert.code, 3);
  EXPECT_NE(convert.err.find("bpgn convert: output not written: " + out + " (left as it was)\n"), std::string::npos)
      << convert.err;
  EXPECT_NE(convert.err.find("2 games read, 0 written"), std::string::npos) << convert.err;
  EXPECT_EQ(test::read_file(out), "old\n");
  // On standard output the first game is out already: the counts say so.
  const test::Run piped = test::run_shell(dir, bin + " fmt " + file.string());
  EXPECT_NE(piped.err.find("bpgn fmt: 2 games read, 1 written: 1 valid, 0 with errors, 0 as found (syntax error); 1 not "
                           "written; 1 input\n"),
            std::string::npos)
      << piped.err;
  for (const auto& e : std::filesystem::directory_iterator(dir.path()))
    EXPECT_FALSE(e.path().filename().string().ends_with(".tmp")) << e.path();
}

}  // namespace
}  // namespace bpgn
