// How many threads a command starts (src/cli/thread_options.h): --jobs as given; without it the
// cores, or one thread for inputs too small for threads to pay, with the same report.
#include "cli/thread_options.h"
#include "support/in_process_run.h"
#include "replay/check_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <thread>

namespace bpgn {
namespace {

using check_test::BinaryRun;
using check_test::run_in_process;

const std::string kOneGame = std::string(BPGN_CORPUS_DIR) + "/fics/1283326.bpgn";

TEST(ThreadOptions, OneThreadForASmallInputUnlessJobsAreGiven) {
  const unsigned cores = std::max(std::thread::hardware_concurrency(), 1u);
  ThreadOptions options;
  EXPECT_EQ(options.threads({kOneGame}), 1u);
  EXPECT_EQ(options.threads({}), cores);  // standard input: its size is not known
  options.piece_bytes = 100;              // the game is more than one piece now
  EXPECT_EQ(options.threads({kOneGame}), cores);
  options.jobs = 3;
  EXPECT_EQ(options.threads({kOneGame}), 3u);
  options.piece_bytes = std::size_t{64} << 10;
  EXPECT_EQ(options.threads({kOneGame}), 3u);
}

TEST(ThreadOptions, ASmallInputGivesTheReportOfOneJob) {
  for (const std::string format : {"text", "jsonl"}) {
    const BinaryRun one = run_in_process("check --jobs 1 -v --format " + format + " " + kOneGame);
    const BinaryRun chosen = run_in_process("check -v --format " + format + " " + kOneGame);
    EXPECT_EQ(chosen.exit_code, one.exit_code) << format;
    EXPECT_EQ(chosen.out, one.out) << format;
    EXPECT_EQ(chosen.err, one.err) << format;
  }
}

}  // namespace
}  // namespace bpgn
