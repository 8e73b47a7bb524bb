// The ordered parallel driver (src/pipeline/run/ordered_driver.h), in process: whatever the threads and
// however small the pieces, the consumer sees the games, their places (index in the run, file_index
// in their own stream) and the inputs' events exactly as one reader over the same inputs gives them.
#include "pipeline/run/ordered_driver.h"
#include "replay/check_test_util.h"
#include "support/small_pieces.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

namespace bpgn {
namespace {

namespace fs = std::filesystem;

// Each game as the job saw it: its first line and byte, its text's length.
struct Seen : PieceWork {
  std::vector<std::string> games;
};

class SeenJob : public GameJob {
 public:
  std::unique_ptr<PieceWork> new_piece() override { return std::make_unique<Seen>(); }
  void game(Game& game, PieceWork& work) override {
    static_cast<Seen&>(work).games.push_back(game.file + ":" + std::to_string(game.start.line) + ":" +
                                             std::to_string(game.start.column) + " bytes " +
                                             std::to_string(game.bytes.begin) + "-" + std::to_string(game.bytes.end) +
                                             (game.error ? " error" : "") + " plies " + std::to_string(game.plies.size()));
  }
};

// One line per event, in the order the consumer is called.
class Recorder : public OrderedConsumer {
 public:
  std::vector<std::string> lines;
  std::unique_ptr<GameJob> make_job() override { return std::make_unique<SeenJob>(); }
  void game(PieceWork& work, std::size_t nth, const GamePlace& place) override {
    lines.push_back("game " + std::to_string(place.index) + " (" + std::to_string(place.file_index) + " in " +
                    *place.file + ", input " + std::to_string(place.input) + ") " + static_cast<Seen&>(work).games[nth]);
  }
  void input_failure(const StreamPlace& place, const InputFailure& failure) override {
    lines.push_back("failure " + failure.file + " (input " + std::to_string(place.input) + "): " + failure.reason);
  }
  void no_games(const StreamPlace& place) override {
    lines.push_back("no games " + *place.file + " (input " + std::to_string(place.input) + ")");
  }
};

std::vector<std::string> run(const std::vector<std::string>& files, unsigned jobs, std::size_t piece_bytes, bool* ok = nullptr) {
  InputStreams inputs(files);
  DriverSettings settings;
  settings.jobs = jobs;
  settings.piece_bytes = piece_bytes;
  Recorder recorder;
  const bool read = run_in_order(inputs, settings, recorder);
  if (ok) *ok = read;
  return recorder.lines;
}

// Every file alone; a large file is cut in small pieces once (support/small_pieces.h): here, in
// pieces of 2 bytes, its one small-piece run of the driver.
TEST(OrderedDriver, EveryCorpusFileGivesTheGamesOfOneReaderInAnyPieces) {
  const std::vector<std::string> files = check_test::every_corpus_file();
  ASSERT_GT(files.size(), 60u);
  for (const std::string& file : files) {
    const std::vector<std::string> one = run({file}, 1, 1);
    for (const auto& [jobs, piece] : test::large_corpus_file(file)
                                         ? std::vector<std::pair<unsigned, std::size_t>>{{2, 2}, {4, 500}}
                                         : std::vector<std::pair<unsigned, std::size_t>>{{2, 2}, {3, 7}, {4, 500}}) {
      EXPECT_EQ(run({file}, jobs, piece), one) << file << " --jobs " << jobs << " pieces of " << piece;
    }
  }
}

// The whole corpus as one run, in pieces of several games, and of a few bytes without the large
// files (cut so above).
TEST(OrderedDriver, TheWholeCorpusAsOneRunKeepsIndexesFileIndexesAndEvents) {
  std::vector<std::string> files = check_test::every_corpus_file();
  files.insert(files.begin() + 3, "/nonexistent/bpgn-input");
  files.insert(files.begin() + 8, BPGN_CORPUS_DIR);  // a folder: cannot be read
  bool ok_one = true;
  const std::vector<std::string> one = run(files, 1, 1, &ok_one);
  EXPECT_FALSE(ok_one);
  // The numbering is that of one reader: the run's index runs on, file_index starts at 1 in each file.
  ASSERT_GT(one.size(), 100u);
  EXPECT_EQ(std::count_if(one.begin(), one.end(), [](const std::string& l) { return l.rfind("failure ", 0) == 0; }), 2);
  bool ok = true;
  EXPECT_EQ(run(files, 2, 4096, &ok), one) << "--jobs 2 pieces of 4096";
  EXPECT_FALSE(ok);
  const std::vector<std::string> small = test::without_large_files(files);
  const std::vector<std::string> small_one = run(small, 1, 1);
  for (const auto& [jobs, piece] : std::vector<std::pair<unsigned, std::size_t>>{{2, 5}, {3, 13}}) {
    EXPECT_EQ(run(small, jobs, piece, &ok), small_one) << "--jobs " << jobs << " pieces of " << piece << ", without the large files";
    EXPECT_FALSE(ok);
  }
}

// file_index is counted per stream in input order, also across pieces: two files of 30 games each.
TEST(OrderedDriver, FileIndexRestartsInEachFileAndIndexRunsOn) {
  std::string text;
  for (int i = 0; i < 30; ++i) text += check_test::bpgn("1A. e4 {179} 1a. e5 {179}") + "\n";
  const fs::path dir = fs::temp_directory_path();
  const std::string a = (dir / "driver-a.bpgn").string(), b = (dir / "driver-b.bpgn").string();
  std::ofstream(a, std::ios::binary) << text;
  std::ofstream(b, std::ios::binary) << text;
  for (const auto& [jobs, piece] : std::vector<std::pair<unsigned, std::size_t>>{{1, 1}, {2, 1}, {3, 50}, {2, 333}}) {
    const std::vector<std::string> lines = run({a, b}, jobs, piece);
    ASSERT_EQ(lines.size(), 60u);
    EXPECT_EQ(lines[0].substr(0, lines[0].find(')') + 1), "game 1 (1 in " + a + ", input 0)");
    EXPECT_EQ(lines[29].substr(0, lines[29].find(')') + 1), "game 30 (30 in " + a + ", input 0)");
    EXPECT_EQ(lines[30].substr(0, lines[30].find(')') + 1), "game 31 (1 in " + b + ", input 1)");
    EXPECT_EQ(lines[59].substr(0, lines[59].find(')') + 1), "game 60 (30 in " + b + ", input 1)");
  }
  fs::remove(a);
  fs::remove(b);
}

}  // namespace
}  // namespace bpgn
