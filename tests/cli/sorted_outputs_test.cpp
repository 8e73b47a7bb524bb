// check --valid-out / --invalid-out / --unreadable-out: every game written, byte for byte as found,
// to the file of its status; the three add up to the input.
#include "cli/binary_run.h"
#include "support/scratch_dir.h"

#include <array>
#include <filesystem>
#include <fstream>

namespace bpgn::check_test {
namespace {

// Four games: valid, invalid (a drop not held), unreadable (a broken tag and nothing else), valid
// (one board). Each game's text runs to the next game's first byte.
const std::string kValid1 = bpgn("1A. e4 1a. e5") + "\n";
const std::string kIllegalDrop = bpgn("1A. e4 1a. d5 1B. N@f3") + "\n";
const std::string kUnreadable = "[Event \"broken]\n\n";
const std::string kValid2 = pgn("1. d4 d5", "", "*") + "\n";

TEST(SortedOutputs, EachGameGoesToTheFileOfItsStatusAsFound) {
  test::ScratchDir dir;
  const std::string in = (dir / "in.bpgn").string();
  std::ofstream(in) << kValid1 << kIllegalDrop << kUnreadable << kValid2;
  const std::string good = (dir / "good.bpgn").string(), bad = (dir / "bad.bpgn").string(),
                    broken = (dir / "broken.bpgn").string();
  for (const char* jobs : {"1", "2"}) {
    const BinaryRun r = run_binary(std::string("check -q --jobs ") + jobs + " --valid-out '" + good +
                                   "' --invalid-out '" + bad + "' --unreadable-out '" + broken + "' '" + in + "'");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("4 games read: 2 valid, 1 invalid, 1 unreadable"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("games written as found: 2 valid to " + good + ", 1 invalid to " + bad + ", 1 unreadable to " +
                         broken),
              std::string::npos)
        << r.err;
    EXPECT_EQ(read_file(good), kValid1 + kValid2);
    EXPECT_EQ(read_file(bad), kIllegalDrop);
    EXPECT_EQ(read_file(broken), kUnreadable);
  }
  // The files read back as what they hold.
  EXPECT_NE(run_binary("check -q '" + good + "'").err.find("2 games read: 2 valid"), std::string::npos);
  EXPECT_EQ(run_binary("check -q '" + bad + "'").exit_code, 1);
  // Only the outputs asked for are written; the report is as usual.
  const BinaryRun only = run_binary("check --valid-out '" + good + "' '" + in + "'");
  EXPECT_NE(only.out.find("error[drop-not-in-holding]"), std::string::npos);
  EXPECT_NE(only.err.find("games written as found: 2 valid to " + good + "\n"), std::string::npos) << only.err;
}

TEST(SortedOutputs, InParallelTheFilesAreThoseOfOneThreadOnTheWholeCorpus) {
  test::ScratchDir dir;
  const std::string in = (dir / "all.bpgn").string();
  {
    std::ofstream all(in, std::ios::binary);
    for (const auto& e : std::filesystem::recursive_directory_iterator(BPGN_CORPUS_DIR)) {
      const std::string ext = e.path().extension().string();
      if (e.is_regular_file() && (ext == ".bpgn" || ext == ".pgn")) all << read_file(e.path().string()) << "\n\n";
    }
  }
  // The corpus twice: every readable game of the second copy repeats one of the first; the
  // parallel duplicate search gives the report and files of one thread.
  const std::string twice = (dir / "twice.bpgn").string();
  std::ofstream(twice, std::ios::binary) << read_file(in) << read_file(in);
  const BinaryRun dup1 = run_binary("check --jobs 1 --duplicates --format jsonl '" + twice + "'");
  const BinaryRun dup2 = run_binary("check --jobs 2 --piece-bytes 777 --duplicates --format jsonl '" + twice + "'");
  EXPECT_EQ(dup2.out, dup1.out);
  EXPECT_GT(std::count(dup1.out.begin(), dup1.out.end(), '\n'), 100);
  EXPECT_NE(dup1.out.find("\"code\":\"duplicate-game\""), std::string::npos);
  std::array<std::string, 3> one;
  for (const char* jobs : {"1", "2 --piece-bytes 4096", "2 --piece-bytes 333"}) {
    const std::string v = (dir / "v").string(), i = (dir / "i").string(), u = (dir / "u").string();
    run_binary(std::string("check -q --jobs ") + jobs + " --valid-out '" + v + "' --invalid-out '" + i +
               "' --unreadable-out '" + u + "' '" + in + "'");
    const std::array<std::string, 3> got = {read_file(v), read_file(i), read_file(u)};
    if (std::string(jobs) == "1") {
      one = got;
      EXPECT_GT(one[0].size(), 100000u);
      EXPECT_GT(one[1].size(), 1000u);
    } else {
      EXPECT_EQ(got, one) << jobs;
    }
  }
}

TEST(SortedOutputs, BadNamesAreRefused) {
  test::ScratchDir dir;
  const std::string in = (dir / "in.bpgn").string();
  std::ofstream(in) << kValid1;
  const std::string out = (dir / "o.bpgn").string();
  EXPECT_EQ(run_binary("check --valid-out - '" + in + "'").exit_code, 2);
  EXPECT_EQ(run_binary("check --valid-out '" + out + "' --invalid-out '" + out + "' '" + in + "'").exit_code, 2);
  EXPECT_EQ(run_binary("check --invalid-out '" + in + "' '" + in + "'").exit_code, 2);
  EXPECT_EQ(read_file(in), kValid1);  // not touched
  EXPECT_EQ(run_binary("check --valid-out '" + (dir / "no/such/dir/x").string() + "' '" + in + "'").exit_code, 3);
}

}  // namespace
}  // namespace bpgn::check_test
