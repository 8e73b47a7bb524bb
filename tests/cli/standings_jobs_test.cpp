// standings --jobs N reads its matches through the ordered parallel driver: the table, the summary
// and the exit code are those of one thread, whatever the threads and wherever the pieces are cut.
#include "cli/binary_run.h"
#include "support/in_process_run.h"
#include "support/small_pieces.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace bpgn::check_test {
namespace {

// Files quoted for the command line.
std::string quoted_files(const std::vector<std::string>& files) {
  std::string list;
  for (const std::string& f : files) list += " '" + f + "'";
  return list;
}

// `standings OPTIONS` over `files` in one thread, then in each (threads, bytes a piece).
void expect_table_same_in_pieces(const std::string& options, const std::vector<std::string>& file_list,
                                 const std::vector<std::pair<int, int>>& cuts) {
  const std::string files = quoted_files(file_list);
  const BinaryRun one = run_in_process("standings --jobs 1 " + options + files);
  ASSERT_NE(one.exit_code, -1);
  // The corpus holds FICS matches: the table is not empty, and says how many matches it read.
  EXPECT_NE(one.err.find("matches read"), std::string::npos) << options << one.err;
  for (const auto& [jobs, piece] : cuts) {
    const std::string what = options + " --jobs " + std::to_string(jobs) + " --piece-bytes " + std::to_string(piece);
    const BinaryRun many = run_in_process("standings --jobs " + std::to_string(jobs) + " --piece-bytes " +
                                          std::to_string(piece) + " " + options + files);
    EXPECT_EQ(many.exit_code, one.exit_code) << what;
    EXPECT_EQ(many.out, one.out) << what;
    EXPECT_EQ(many.err, one.err) << what;
  }
}

// Every record in pieces of a byte and of several games. A large file is cut in small pieces once
// (support/small_pieces.h): with the first option set; with the others it is read in pieces of
// several games, and the pieces of a byte go over the other files.
void expect_table_same_in_pieces(const std::string& options, bool large_in_small_pieces) {
  const std::vector<std::string> all = every_corpus_file({".json"});  // not the chess.com board files
  if (large_in_small_pieces) {
    expect_table_same_in_pieces(options, all, {{2, 1}, {3, 97}, {2, 4096}});
  } else {
    expect_table_same_in_pieces(options, all, {{3, 97}, {2, 4096}});
    expect_table_same_in_pieces(options, test::without_large_files(all), {{2, 1}});
  }
}

TEST(StandingsJobs, TheTableIsTheSameInAnyThreadsAndPieces) { expect_table_same_in_pieces("--format json", true); }

TEST(StandingsJobs, TheTableIsTheSameInAnyThreadsAndPiecesWithOptions) {
  for (const std::string options : {"--format text --by team", "--format csv --player 'R*'",
                                    "--format markdown --has illegal-move", "--exclude-invalid"}) {
    expect_table_same_in_pieces(options, false);
  }
}

// The round of a match whose record names none is its number in the run: numbered by the writer,
// in input order, whichever thread scored it.
TEST(StandingsJobs, AMatchWithoutARoundIsNumberedInInputOrder) {
  const std::string file = temp_path("standings-jobs-rounds.bpgn");
  std::string text;
  for (int i = 0; i < 12; ++i) text += bpgn("1A. e4 {179} 1a. e5 {179} 1B. d4 {178} 1b. d5 {178}") + "\n";
  std::ofstream(file, std::ios::binary) << text;
  const BinaryRun one = run_in_process("standings --format json --jobs 1 '" + file + "'");
  const BinaryRun many = run_in_process("standings --format json --jobs 2 --piece-bytes 1 '" + file + "'");
  std::filesystem::remove(file);
  EXPECT_EQ(many.out, one.out);
  for (int round = 1; round <= 12; ++round) {
    EXPECT_NE(one.out.find("\"round\":\"" + std::to_string(round) + "\""), std::string::npos) << round << one.out;
  }
}

}  // namespace
}  // namespace bpgn::check_test
