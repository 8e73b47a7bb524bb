// fmt --jobs N, the filters and -q (docs/fmt.md): the same output for every N, the games the filters
// leave out neither written nor said but counted, and -q keeping standard error to the summary line.
#include "cli/binary_run.h"
#include "pipeline/run/exit_codes.h"
#include "support/text.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;


using test::count;

// The game with Alice as WhiteA (instead of "wa").
std::string with_alice(std::string game) {
  return game.replace(game.find("\"wa\""), 4, "\"Alice\"");
}

// Three games: Alice plays the first and the third; the third has an illegal move (Ke3).
std::string three_games() {
  return with_alice(bpgn("1A. e4 {179} 1a. e5 {179}", "[Round \"1\"]\n")) + "\n" +
         bpgn("1A. d4 {179} 1a. d5 {179}", "[Round \"2\"]\n") + "\n" +
         with_alice(bpgn("1A. e4 1a. Ke3", "[Round \"3\"]\n"));
}

TEST(FmtJobs, TheOutputIsTheSameForEveryNumberOfThreads) {
  const std::string path = write_temp("fmt-jobs.bpgn", three_games() + "\n" + three_games());
  const BinaryRun one = run_binary("fmt --jobs 1 '" + path + "'");
  EXPECT_EQ(one.exit_code, kExitInvalid);
  EXPECT_EQ(count(one.out, "[Event "), 6u);
  for (const std::string piece : {"1", "17", "100000"}) {
    const BinaryRun many = run_binary("fmt --jobs 2 --piece-bytes " + piece + " '" + path + "'");
    EXPECT_EQ(many.exit_code, one.exit_code) << piece;
    EXPECT_EQ(many.out, one.out) << piece;
    EXPECT_EQ(many.err, one.err) << piece;
  }
  fs::remove(path);
}

TEST(FmtJobs, FiltersLeaveGamesOutAndCountThem) {
  const std::string games = three_games();
  ASSERT_EQ(count(games, "\"Alice\""), 2u);
  const std::string path = write_temp("fmt-filter.bpgn", games);
  for (const std::string jobs : {"1", "2 --piece-bytes 3"}) {
    const BinaryRun r = run_binary("fmt --jobs " + jobs + " --player Alice '" + path + "'");
    // Rounds 1 and 3 are written, round 2 (no Alice) is not.
    EXPECT_EQ(count(r.out, "[Event "), 2u) << jobs;
    EXPECT_NE(r.out.find("[Round \"1\"]"), std::string::npos) << jobs;
    EXPECT_EQ(r.out.find("[Round \"2\"]"), std::string::npos) << jobs;
    EXPECT_NE(r.out.find("[Round \"3\"]"), std::string::npos) << jobs;
    EXPECT_NE(r.err.find("bpgn fmt: 3 games read, 1 left out by filters; 2 written: 1 valid, 1 with errors"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.exit_code, kExitInvalid) << jobs;  // the illegal move of round 3
    // Left out by --has: only the game with the illegal move remains.
    const BinaryRun has = run_binary("fmt --jobs " + jobs + " --has illegal-move '" + path + "'");
    EXPECT_EQ(count(has.out, "[Event "), 1u) << jobs << has.err;
    EXPECT_NE(has.out.find("[Round \"3\"]"), std::string::npos) << jobs;
    EXPECT_NE(has.err.find("3 games read, 2 left out by filters; 1 written"), std::string::npos) << has.err;
  }
  // A game left out says nothing: without the game with the error, no error line.
  const BinaryRun valid_only = run_binary("fmt --lacks illegal-move '" + path + "'");
  EXPECT_EQ(valid_only.exit_code, kExitClean) << valid_only.err;
  EXPECT_EQ(count(valid_only.err, "\n"), 1u) << valid_only.err;
  fs::remove(path);
}

TEST(FmtJobs, QuietSaysOnlyTheSummaryLine) {
  const std::string path = write_temp("fmt-quiet.bpgn", three_games());
  const BinaryRun loud = run_binary("fmt '" + path + "'");
  EXPECT_NE(loud.err.find("error["), std::string::npos) << loud.err;
  for (const std::string jobs : {"1", "2 --piece-bytes 5"}) {
    const BinaryRun quiet = run_binary("fmt -q --jobs " + jobs + " '" + path + "'");
    EXPECT_EQ(quiet.out, loud.out);
    EXPECT_EQ(quiet.exit_code, loud.exit_code);
    EXPECT_EQ(count(quiet.err, "\n"), 1u) << quiet.err;
    EXPECT_EQ(quiet.err.rfind("bpgn fmt: 3 games read, 3 written", 0), 0u) << quiet.err;
  }
  fs::remove(path);
}

TEST(FmtJobs, InPlaceAndCheckTakeNoFilter) {
  const std::string path = write_temp("fmt-inplace-filter.bpgn", three_games());
  for (const std::string mode : {"--in-place", "--check"}) {
    const BinaryRun r = run_binary("fmt " + mode + " --player Alice '" + path + "'");
    EXPECT_EQ(r.exit_code, kExitUsage) << mode;
    EXPECT_NE(r.err.find("takes no filter"), std::string::npos) << r.err;
  }
  fs::remove(path);
}

}  // namespace
}  // namespace bpgn::check_test
