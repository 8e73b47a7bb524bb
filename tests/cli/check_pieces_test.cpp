// `bpgn check --jobs N` cuts its inputs into pieces that threads read at once, guessing that a line
// `[Event` starts a game and keeping a piece's games only when the games before it end exactly
// there. These tests cut inputs into pieces of a few bytes, so that every seam is tried: inside
// tags, comments, moves, broken games and byte order marks. The report must be byte for byte that
// of --jobs 1, on every file of corpus/ (the fuzz regressions included) and on hand-made seams.
#include "cli/binary_run.h"
#include "support/in_process_run.h"
#include "pipeline/input/piece_cut.h"
#include "pipeline/run/exit_codes.h"
#include "replay/check_test_util.h"
#include "support/small_pieces.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <vector>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;


std::string file_list(const std::vector<std::string>& files) {
  std::string list;
  for (const std::string& f : files) list += " " + shell_quoted(f);
  return list;
}

// Runs `check ARGS FILES` with --jobs 1 and then with each (jobs, piece bytes); every run must
// give the same exit code, standard output and standard error. The runs are in this process (the
// command line of the binary, tests/support/in_process_run.h): there are about 1,500 of them.
void expect_same_in_pieces(const std::string& args, const std::vector<std::string>& files,
                           const std::vector<std::pair<unsigned, std::size_t>>& cuts) {
  const std::string tail = file_list(files);
  const BinaryRun one = run_in_process("check --jobs 1 " + args + tail);
  ASSERT_NE(one.exit_code, -1);
  for (const auto& [jobs, piece] : cuts) {
    const BinaryRun many =
        run_in_process("check --jobs " + std::to_string(jobs) + " --piece-bytes " + std::to_string(piece) + " " + args + tail);
    const std::string what = args + " --jobs " + std::to_string(jobs) + " --piece-bytes " + std::to_string(piece) + tail;
    EXPECT_EQ(many.exit_code, one.exit_code) << what;
    EXPECT_EQ(many.out, one.out) << what;
    EXPECT_EQ(many.err, one.err) << what;
  }
}


// A piece of blank space is kept as the bytes it repeats: `\n`, `\r\n`, ` \n` (cut anywhere);
// anything else, or a period past four (`\n\n\n\n\n `, ` \t\r\n\f` over and over), is kept as text. The run made again is the text.
TEST(CheckPieces, BlankRunsAreKeptAsThePatternTheyRepeat) {
  for (const std::string run : {std::string(1000, '\n'), std::string(999, ' '), std::string("\r\n\r\n\r\n\r"),
                                std::string(" \n \n \n"), std::string("\t\t\r\n\t\t\r\n"), std::string("\n")}) {
    const std::optional<BlankPattern> p = blank_pattern(run);
    ASSERT_TRUE(p) << run.size();
    EXPECT_LE(p->period, 4);
    for (std::size_t at : {std::size_t{0}, std::size_t{1}, run.size() / 2}) {
      std::string made(run.size() - at, '?');
      p->fill(made.data(), at, made.size());
      EXPECT_EQ(made, run.substr(at)) << run.size() << " from " << at;
    }
  }
  for (const std::string text : {std::string("\n\n\n[Event \"x\"]"), std::string("\n\n\n\n\n "), std::string("     \n\t"),
                                 std::string(" \t\r\n\f \t\r\n\f")}) {
    EXPECT_FALSE(blank_pattern(text)) << text;
  }
}

// Every file alone; a large file is cut in small pieces once (support/small_pieces.h): here, in
// pieces of a byte, its one small-piece run of check.
TEST(CheckPieces, EveryCorpusFileIsReportedTheSameInAnyPieces) {
  const std::vector<std::string> files = every_corpus_file();
  ASSERT_GT(files.size(), 60u);
  for (const std::string& file : files) {
    if (test::large_corpus_file(file)) expect_same_in_pieces("--format jsonl", {file}, {{2, 1}, {2, 200}});
    else expect_same_in_pieces("--format jsonl", {file}, {{2, 1}, {3, 13}, {2, 200}});
  }
}

TEST(CheckPieces, EveryCorpusFileWithMaxErrorsIsReportedTheSameInAnyPieces) {
  const std::vector<std::string> files = every_corpus_file();
  ASSERT_GT(files.size(), 60u);
  for (const std::string& file : files) {
    if (test::large_corpus_file(file)) expect_same_in_pieces("--max-errors 1", {file}, {{3, 64}});
    else expect_same_in_pieces("--max-errors 1", {file}, {{2, 7}, {3, 64}});
  }
}

// The whole corpus as one stream in one report format (a test per format, so that ctest spreads
// them), with an input that cannot be opened and a folder (walked: corpus/ itself, every record
// read a second time) among the others: in pieces of several games; and in pieces of a byte
// without the large files (cut so above), the folder corpus/invalid instead (corpus/ holds them).
void expect_whole_corpus_same_in_pieces(const std::string& format) {
  std::vector<std::string> files = every_corpus_file();
  files.insert(files.begin() + 5, "/nonexistent/bpgn-input");
  files.insert(files.begin() + 9, BPGN_CORPUS_DIR);
  expect_same_in_pieces(format, files, {{3, 97}, {2, 4096}, {8, 65536}});
  std::vector<std::string> small = test::without_large_files(files);
  small[9] = std::string(BPGN_CORPUS_DIR) + "/invalid";
  expect_same_in_pieces(format, small, {{2, 1}});
}

TEST(CheckPieces, WholeCorpusAsOneStreamIsReportedTheSameInAnyPiecesAsText) {
  expect_whole_corpus_same_in_pieces("--format text");
}

TEST(CheckPieces, WholeCorpusAsOneStreamIsReportedTheSameInAnyPiecesAsJson) {
  expect_whole_corpus_same_in_pieces("--format json");
}

TEST(CheckPieces, WholeCorpusAsOneStreamIsReportedTheSameInAnyPiecesAsJsonLines) {
  expect_whole_corpus_same_in_pieces("--format jsonl");
}

TEST(CheckPieces, WholeCorpusAsOneStreamIsReportedTheSameInAnyPiecesQuietStrict) {
  expect_whole_corpus_same_in_pieces("--quiet --strict");
}

TEST(CheckPieces, WholeCorpusAsOneStreamIsReportedTheSameInAnyPiecesVerbose) {
  expect_whole_corpus_same_in_pieces("--verbose");
}

// Texts whose cuts at lines `[Event` fall where no game starts, or whose games run over many
// pieces, read in pieces of 1 to 40 bytes.
TEST(CheckPieces, HandMadeSeamsAreReadAsOneReaderReadsThem) {
  const std::string clean = bpgn("1A. e4 {179} 1a. e5 {179} 1B. d4 {178} 1b. d5 {178}");
  const std::string illegal = bpgn("1A. e4 1a. Ke3 1B. d4");
  const std::vector<std::pair<std::string, std::string>> texts = {
      // A comment holding lines that start `[Event`: the cuts there start no game.
      {"comment", clean + "\n" + bpgn("1A. e4 {a comment\n\n[Event \"not a game\"]\n\n[Event \"x\"]\n} 1a. e5") + "\n" +
                      illegal},
      // A broken game (unclosed comment) whose skipping runs over `[Event` lines.
      {"broken", "[Event \"broken\"]\n[Site \"s\"]\n\n1A. e4 {unclosed\n[Event \"inside\"]\n\n" + clean + "\n" + illegal},
      // `[EventDate` lines inside headers (cut only at `[Event `, but a cut there would be run over).
      {"event-date", "[Event \"a\"]\n[EventDate \"2025.06.19\"]\n[Event2 \"x\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n[EventDate \"y\"]\n\n1. d4 *\n"},
      // Tags that run into the next game's on one line.
      {"tags-then-body", "[Event \"a\"][Event \"b\"]\n\n1. e4 *\n\n" + clean},
      // A byte order mark, CRLF line ends, Latin-1 bytes (columns count characters).
      {"bom-crlf", "\xEF\xBB\xBF[Event \"bom\"]\r\n[Site \"caf\xE9\"]\r\n\r\n1. e4 e5 2. Kf3 *\r\n\r\n" + clean},
      // No `[Event` line at all: tag-less games and text outside any game.
      {"no-event", "1. e4 e5 *\n\nsome words\n\n1. d4 d5 2. Kd3 *\n"},
      // Blank space only, and nothing.
      {"blank", " \n\n\t\n"},
      {"empty", ""},
  };
  std::vector<std::pair<unsigned, std::size_t>> cuts;
  for (std::size_t piece = 1; piece <= 40; ++piece) cuts.push_back({piece % 2 ? 2u : 3u, piece});
  std::vector<std::string> paths;
  for (const auto& [name, text] : texts) {
    paths.push_back(write_temp("pieces-" + name + ".pgn", text));
    expect_same_in_pieces("--format jsonl", {paths.back()}, cuts);
    expect_same_in_pieces("--format text", {paths.back()}, {{2, 1}, {2, 3}, {3, 11}});
  }
  expect_same_in_pieces("--format json", paths, cuts);
  for (const std::string& p : paths) fs::remove(p);
}

// The same games whether the seams fall where games start or not: many games, every piece size up
// to about two games, and the game numbers run on across pieces.
TEST(CheckPieces, ManyGamesKeepTheirNumbersAcrossPieces) {
  std::string text;
  for (int i = 0; i < 60; ++i) {
    text += i % 3 == 0 ? bpgn("1A. e4 1a. Ke3") : bpgn("1A. e4 {179} 1a. e5 {179}");
    text += "\n";
  }
  const std::string path = write_temp("pieces-many.bpgn", text);
  const BinaryRun one = run_binary("check --jobs 1 --format jsonl " + shell_quoted(path));
  EXPECT_EQ(one.exit_code, kExitInvalid);
  EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '\n'), 60);
  EXPECT_NE(one.out.find("\"index\":60,"), std::string::npos);
  std::vector<std::pair<unsigned, std::size_t>> cuts;
  for (std::size_t piece = 1; piece <= 400; piece += 37) cuts.push_back({2, piece});
  expect_same_in_pieces("--format jsonl", {path}, cuts);
  fs::remove(path);
}

// The reading thread makes pieces past the limit only for the worker of the front piece, and one
// at a time: a worker further back that has read to the last piece made waits (were it let through,
// a stalled front worker would let the others read on, holding every report: peak memory grew with
// the input, 157 MB under valgrind's massif for 300,000 games, 13 MB now).
TEST(CheckPieces, OnlyTheFrontWorkerMakesTheReaderPassTheLimit) {
  // Pieces 10..15 in flight (the front is 10); the next piece made is 16.
  const std::vector<WaitingWorker> none;
  EXPECT_FALSE(may_pass_the_limit(10, 6, none));
  const std::vector<WaitingWorker> back{{12, 16}, {14, 16}};
  EXPECT_FALSE(may_pass_the_limit(10, 6, back));
  const std::vector<WaitingWorker> front{{12, 16}, {10, 16}};
  EXPECT_TRUE(may_pass_the_limit(10, 6, front));
  // Once piece 16 is made, the front worker must take it before another is made.
  EXPECT_FALSE(may_pass_the_limit(10, 7, front));
  // When the front is written, the next worker's own piece is the front.
  EXPECT_TRUE(may_pass_the_limit(12, 4, back));
}

}  // namespace
}  // namespace bpgn::check_test
