// convert --jobs N reads and replays the records through the ordered parallel driver: per-board PGN
// games are joined with their partner, games numbered within their file and written in input
// order, so the output, the messages and the exit code are those of one thread.
#include "cli/binary_run.h"
#include "support/in_process_run.h"
#include "support/small_pieces.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;

std::string quoted_list(const std::vector<std::string>& files) {
  std::string list;
  for (const std::string& f : files) list += " '" + f + "'";
  return list;
}

using Cuts = std::vector<std::pair<int, int>>;  // (threads, bytes a piece)

void expect_same_in_threads(const std::string& args, const Cuts& cuts = {{2, 1}, {3, 53}, {2, 4096}}) {
  const BinaryRun one = run_in_process("convert --jobs 1 " + args);
  ASSERT_NE(one.exit_code, -1);
  for (const auto& [jobs, piece] : cuts) {
    const std::string threads = "--jobs " + std::to_string(jobs) + " --piece-bytes " + std::to_string(piece);
    const BinaryRun many = run_in_process("convert " + threads + " " + args);
    EXPECT_EQ(many.exit_code, one.exit_code) << threads << " " << args.substr(0, 200);
    EXPECT_EQ(many.out, one.out) << threads << " " << args.substr(0, 200);
    EXPECT_EQ(many.err, one.err) << threads << " " << args.substr(0, 200);
  }
}

// Every record alone in pieces of a byte, and all of them as one run in pieces of several games and
// of a byte; a test per output format, so that ctest spreads them. A large file is cut in small
// pieces once (support/small_pieces.h): alone, to JSON (whose records the consumer makes from the
// workers' replays); elsewhere it is converted in pieces of several games.
void expect_corpus_converted_the_same(const std::string& to) {
  const std::vector<std::string> files = every_corpus_file({".json"});
  ASSERT_GT(files.size(), 40u);
  expect_same_in_threads("--to " + to + quoted_list(files), {{3, 4096}});
  expect_same_in_threads("--to " + to + quoted_list(test::without_large_files(files)), {{2, 1}});
  for (const std::string& f : files) {
    if (to == "json" || !test::large_corpus_file(f)) expect_same_in_threads("--to " + to + " '" + f + "'", {{2, 1}});
    else expect_same_in_threads("--to " + to + " '" + f + "'", {{3, 4096}});
  }
}

TEST(ConvertJobs, EveryCorpusRecordIsConvertedTheSameInAnyThreadsToBpgn) { expect_corpus_converted_the_same("bpgn"); }

TEST(ConvertJobs, EveryCorpusRecordIsConvertedTheSameInAnyThreadsToPgn) { expect_corpus_converted_the_same("pgn"); }

TEST(ConvertJobs, EveryCorpusRecordIsConvertedTheSameInAnyThreadsToJson) { expect_corpus_converted_the_same("json"); }

// Per-board games wait for their partner across pieces; the one whose partner never comes is
// written last, with its note. Eight matches split into boards, then one board alone.
TEST(ConvertJobs, BoardsAreJoinedWithTheirPartnerAcrossPieces) {
  const std::string split = read_file(std::string(BPGN_CORPUS_DIR) + "/../tests/golden/split.out.pgn");
  ASSERT_NE(split.find("[Board \"A\"]"), std::string::npos);
  std::string text;
  for (int i = 0; i < 8; ++i) {
    text += std::regex_replace(split, std::regex("bughousedb-123"), "bughousedb-" + std::to_string(100 + i)) + "\n";
  }
  const std::size_t board_b = split.find("[Event", 1);
  ASSERT_NE(board_b, std::string::npos);
  text += std::regex_replace(split.substr(0, board_b), std::regex("bughousedb-123"), "bughousedb-999");
  const std::string path = temp_path("convert-jobs-split.pgn");
  std::ofstream(path, std::ios::binary) << text;
  for (const std::string to : {"bpgn", "json --fen"}) expect_same_in_threads("--to " + to + " '" + path + "'");
  const BinaryRun run = run_in_process("convert --to bpgn --jobs 2 --piece-bytes 7 '" + path + "'");
  fs::remove(path);
  EXPECT_EQ(run.exit_code, 1);  // the board without its partner
  EXPECT_NE(run.err.find("17 games read, 9 written"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("8 matches joined from 16 board games"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("has no partner board among the inputs"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace bpgn::check_test
