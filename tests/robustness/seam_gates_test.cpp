// The gates of issue 36 for JSON, threads, compressed streams and the reader's window
// (docs/robustness.md, *Gates*): each test fails without its gate.
#include "robustness/robustness_support.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

namespace bpgn::robustness {
namespace {

namespace fs = std::filesystem;

const std::string kMixed = kCorpus + "/check/mixed.bpgn";

// Names in `dir` that look like a temporary output (`.NAME.bpgn-PID-N.tmp`).
std::vector<std::string> temporary_files(const fs::path& dir) {
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.find(".tmp") != std::string::npos) found.push_back(name);
  }
  return found;
}

// ---- JSON ------------------------------------------------------------------------------------

std::string nested_arrays(std::size_t levels) { return std::string(levels, '[') + std::string(levels, ']'); }

TEST(JsonGate, DeepChessComBoardIsAnUnreadableInputNotACrash) {
  Scratch dir;
  const std::string board = (dir / "deep.json").string();
  write_file(board, "{\"game\":{\"moveList\":\"\",\"id\":1,\"pgnHeaders\":{\"x\":" + nested_arrays(100000) + "}}}");
  const std::string out = (dir / "out.bpgn").string(), so = (dir / "so").string(), se = (dir / "se").string();
  const ChildRun run = run_bpgn({"convert", "--from", "chesscom", "--to", "bpgn", "-o", out, board}, so, se);
  EXPECT_EQ(run.signal, 0);
  EXPECT_EQ(run.code, 3);
  EXPECT_NE(read_file(se).find("cannot read " + board + ": JSON nested deeper than 64 levels"), std::string::npos)
      << read_file(se);
  EXPECT_TRUE(temporary_files(dir.path()).empty());
}

TEST(JsonGate, DeepBoardAmongGoodOnesFailsTheRunAndLeavesNoTemporaryFile) {
  Scratch dir;
  const std::string deep = (dir / "deep.json").string();
  write_file(deep, "{\"game\":{\"moveList\":\"\",\"id\":7," + std::string("\"x\":") + nested_arrays(65) + "}}");
  const std::string out = (dir / "out.bpgn").string(), so = (dir / "so").string(), se = (dir / "se").string();
  const ChildRun run =
      run_bpgn({"convert", "--from", "chesscom", "--to", "bpgn", "-o", out, kCorpus + "/chesscom", deep}, so, se);
  EXPECT_EQ(run.code, 3) << read_file(se);
  EXPECT_NE(read_file(se).find("JSON nested deeper than 64 levels"), std::string::npos);
  EXPECT_TRUE(temporary_files(dir.path()).empty());
}

TEST(JsonGate, SixtyFourLevelsAreRead) {
  Scratch dir;
  const std::string board = (dir / "b.json").string();
  // The document is level 1, "game" 2, "x" holds 62 more: 64 in all.
  write_file(board, "{\"game\":{\"moveList\":\"\",\"id\":1,\"x\":" + nested_arrays(62) + "}}");
  const ChildRun run = run_bpgn({"convert", "--from", "chesscom", "--to", "bpgn", board}, (dir / "so").string(),
                                (dir / "se").string());
  EXPECT_EQ(read_file((dir / "se").string()).find("nested deeper"), std::string::npos);
  EXPECT_NE(run.code, 3);
}

TEST(JsonGate, DeepSummaryIsRefusedBeforeItsDepthMatters) {
  Scratch dir;
  const std::string s = (dir / "s.json").string();
  write_file(s, "{\"command\":\"check\",\"a\":" + nested_arrays(100000) + "}\n");
  const ChildRun run = run_bpgn({"summary", "merge", s}, (dir / "so").string(), (dir / "se").string());
  EXPECT_EQ(run.signal, 0);
  EXPECT_EQ(run.code, 3);
}

// ---- threads ---------------------------------------------------------------------------------

struct ThreadCase {
  std::vector<std::string> args;
};

const std::vector<ThreadCase>& thread_cases() {
  static const std::vector<ThreadCase> cases = {
      {{"check", "--format", "jsonl"}}, {{"fmt"}}, {{"convert", "--to", "json"}}, {{"standings"}}};
  return cases;
}

// 200 MB of address space (the limit docs/robustness.md advises for untrusted input) and a stack
// limit so large that no thread's stack fits: not even one worker starts.
TEST(ThreadGate, NoWorkerThreadStartsAndTheRunIsTheSameInOneThread) {
  if (kSanitized) GTEST_SKIP() << "an address-space limit and a sanitizer's shadow memory do not mix";
  Scratch dir;
  for (const ThreadCase& c : thread_cases()) {
    const std::string so1 = (dir / "one.out").string(), se1 = (dir / "one.err").string();
    std::vector<std::string> one = c.args;
    one.insert(one.end(), {"--jobs", "1", kMixed});
    const ChildRun reference = run_bpgn(one, so1, se1);
    std::vector<std::string> many = c.args;
    many.insert(many.end(), {"--jobs", "16", "--piece-bytes", "64", kMixed});
    const std::string so = (dir / "many.out").string(), se = (dir / "many.err").string();
    const ChildRun run = run_bpgn(many, so, se, {{RLIMIT_STACK, rlim_t{1} << 30}, {RLIMIT_AS, rlim_t{200000} << 10}});
    SCOPED_TRACE(c.args[0]);
    EXPECT_EQ(run.signal, 0) << read_file(se);
    EXPECT_EQ(run.code, reference.code) << read_file(se);
    EXPECT_EQ(read_file(so), read_file(so1));
    const std::string err = read_file(se);
    EXPECT_NE(err.find("--jobs 16: only 0 worker threads could be started"), std::string::npos) << err;
    EXPECT_NE(err.find("reading in one thread"), std::string::npos) << err;
    EXPECT_EQ(err.find("terminate called"), std::string::npos);
  }
}

// Under `ulimit -v 200000` some of 16 threads start: fewer workers, said once, the same output.
TEST(ThreadGate, FewerWorkersUnderAMemoryLimit) {
  if (kSanitized) GTEST_SKIP() << "an address-space limit and a sanitizer's shadow memory do not mix";
  Scratch dir;
  for (const ThreadCase& c : thread_cases()) {
    std::vector<std::string> one = c.args;
    one.insert(one.end(), {"--jobs", "1", kMixed});
    const std::string so1 = (dir / "one.out").string(), se1 = (dir / "one.err").string();
    const ChildRun reference = run_bpgn(one, so1, se1);
    std::vector<std::string> many = c.args;
    many.insert(many.end(), {"--jobs", "200", "--piece-bytes", "64", kMixed});
    const std::string so = (dir / "many.out").string(), se = (dir / "many.err").string();
    const ChildRun run = run_bpgn(many, so, se, {{RLIMIT_AS, rlim_t{200000} << 10}});
    SCOPED_TRACE(c.args[0]);
    EXPECT_EQ(run.signal, 0) << read_file(se);
    EXPECT_EQ(run.code, reference.code) << read_file(se);
    EXPECT_EQ(read_file(so), read_file(so1));
    const std::string err = read_file(se);
    const std::size_t note = err.find("--jobs 200: only ");
    EXPECT_NE(note, std::string::npos) << err;
    EXPECT_EQ(err.find("--jobs 200: only ", note + 1), std::string::npos) << "said once";
  }
}

TEST(ThreadGate, JobsBeyondTheMaximumIsABadCommandLine) {
  Scratch dir;
  for (const ThreadCase& c : thread_cases()) {
    std::vector<std::string> args = c.args;
    args.insert(args.end(), {"--jobs", "40000", kMixed});
    const std::string so = (dir / "so").string(), se = (dir / "se").string();
    const ChildRun run = run_bpgn(args, so, se);
    SCOPED_TRACE(c.args[0]);
    EXPECT_EQ(run.signal, 0);
    EXPECT_EQ(run.code, 2) << read_file(se);
    EXPECT_NE(read_file(se).find("1 to 256"), std::string::npos) << read_file(se);
  }
}


// ---- compressed streams ----------------------------------------------------------------------

namespace integrity {

// `plain` compressed by `tool` (a shell command reading standard input) into `to`.
void compress(const std::string& tool, const std::string& plain, const std::string& to) {
  const std::string command = tool + " <'" + plain + "' >'" + to + "'";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
}

void flip(std::string& bytes, std::size_t at) {
  ASSERT_LT(at, bytes.size());
  bytes[at] = char(bytes[at] ^ 0x55);
}

// The file with a byte of its integrity check changed: gzip's CRC-32 (the trailer's first four
// bytes), xz's stream footer check, zstd's content checksum (the last four bytes), a zip member's
// CRC-32 (in its local header and in the central directory).
void damage_check(const std::string& path, const std::string& kind) {
  std::string bytes = read_file(path);
  if (kind == "gz") {
    flip(bytes, bytes.size() - 8);
  } else if (kind == "xz") {
    flip(bytes, bytes.size() - 12);
  } else if (kind == "zst") {
    flip(bytes, bytes.size() - 1);
  } else if (kind == "zip") {
    flip(bytes, 14);  // the local header's CRC-32
    const std::size_t central = bytes.find(std::string("PK\1\2", 4));
    ASSERT_NE(central, std::string::npos);
    flip(bytes, central + 16);
  }
  write_file(path, bytes);
}

struct Kind {
  std::string extension;
  std::string tool;  // empty: a zip archive of the file

  // The program that makes it is installed.
  bool available() const {
    const std::string program = tool.empty() ? "zip" : tool.substr(0, tool.find(' '));
    return std::system(("command -v " + program + " >/dev/null 2>&1").c_str()) == 0;
  }
};

const std::vector<Kind>& kinds() {
  static const std::vector<Kind> all = {{"gz", "gzip -c"}, {"xz", "xz -c"}, {"zst", "zstd -q -c --check"}, {"zip", ""}};
  return all;
}

// mixed.bpgn (two valid games and an invalid one) kCopies times over, large enough that games
// are read before the end of the stream, compressed as `kind`, its check damaged or not.
constexpr std::size_t kCopies = 2000;
std::string make_input(const Scratch& dir, const Kind& kind, bool damaged) {
  const std::string plain = (dir / "mixed.bpgn").string();
  const std::string one = read_file(kMixed);
  std::string text;
  for (std::size_t i = 0; i < kCopies; ++i) text += one + "\n";
  write_file(plain, text);
  const std::string packed = (dir / ("mixed.bpgn." + kind.extension)).string();
  if (kind.tool.empty()) {
    const std::string command = "cd '" + dir.path().string() + "' && zip -q -X '" + packed + "' mixed.bpgn";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
  } else {
    compress(kind.tool, plain, packed);
  }
  if (damaged) damage_check(packed, kind.extension);
  return packed;
}

}  // namespace integrity

TEST(IntegrityGate, NoSortedOutputIsCommittedFromAStreamWhoseCheckFails) {
  for (const integrity::Kind& kind : integrity::kinds()) {
    SCOPED_TRACE(kind.extension);
    if (!kind.available()) {
      std::cerr << "skipped: no " << kind.extension << " maker installed\n";
      continue;
    }
    Scratch dir;
    const std::string input = integrity::make_input(dir, kind, /*damaged=*/true);
    const std::string valid = (dir / "valid.bpgn").string(), invalid = (dir / "invalid.bpgn").string();
    const std::string report = (dir / "report.jsonl").string(), summary = (dir / "summary.json").string();
    write_file(valid, "old valid\n");
    write_file(invalid, "old invalid\n");
    const std::string se = (dir / "se").string();
    const ChildRun run = run_bpgn({"check", "--format", "jsonl", "-o", report, "--summary-json", summary, "--valid-out",
                                   valid, "--invalid-out", invalid, input},
                                  (dir / "so").string(), se);
    const std::string err = read_file(se);
    EXPECT_EQ(run.code, 3) << err;
    EXPECT_NE(err.find("cannot read "), std::string::npos) << err;
    EXPECT_EQ(read_file(valid), "old valid\n") << err;
    EXPECT_EQ(read_file(invalid), "old invalid\n");
    EXPECT_NE(err.find("sorted outputs not written: " + valid + ", " + invalid + " (each left as it was)"),
              std::string::npos)
        << err;
    // The report and the summary are committed: they name the failed input.
    EXPECT_NE(read_file(report).find("\"index\":1,"), std::string::npos);
    EXPECT_EQ(read_file(summary).find("written_to"), std::string::npos) << read_file(summary);
    EXPECT_TRUE(temporary_files(dir.path()).empty());
  }
}

TEST(IntegrityGate, AWholeStreamIsSortedAsBefore) {
  for (const integrity::Kind& kind : integrity::kinds()) {
    SCOPED_TRACE(kind.extension);
    if (!kind.available()) {
      std::cerr << "skipped: no " << kind.extension << " maker installed\n";
      continue;
    }
    Scratch dir;
    const std::string input = integrity::make_input(dir, kind, /*damaged=*/false);
    const std::string valid = (dir / "valid.bpgn").string();
    const ChildRun run = run_bpgn({"check", "-q", "--valid-out", valid, input}, (dir / "so").string(), (dir / "se").string());
    EXPECT_EQ(run.code, 1) << read_file((dir / "se").string());
    EXPECT_EQ(games_in_file(valid), 2 * integrity::kCopies);
  }
}

TEST(IntegrityGate, WithJobsTheSame) {
  Scratch dir;
  const std::string input = integrity::make_input(dir, integrity::kinds()[0], /*damaged=*/true);
  const std::string valid = (dir / "valid.bpgn").string();
  write_file(valid, "old\n");
  const ChildRun run = run_bpgn({"check", "-q", "--jobs", "3", "--piece-bytes", "64", "--valid-out", valid, input},
                                (dir / "so").string(), (dir / "se").string());
  EXPECT_EQ(run.code, 3);
  EXPECT_EQ(read_file(valid), "old\n");
}


// ---- blank space and stray bytes ---------------------------------------------------------------

// Blank space repeating a pattern longer than the four bytes the reading thread folds
// (` \t\n  \r\n`), read through by a worker with --jobs 2: each piece it read through was kept
// until the game before the run was written (118 MB for 210 MB of it).
TEST(ReaderWindowGate, BlankSpaceOfAnyShapeIsNotKeptWithJobs) {
  if (kSanitized) GTEST_SKIP() << "peak memory says nothing under a sanitizer";
  Scratch dir;
  const std::string path = (dir / "blank.pgn").string();
  {
    std::ofstream out(path, std::ios::binary);
    const std::string game = "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    out << game;
    std::string block;
    for (int i = 0; i < 100000; ++i) block += " \t\n  \r\n";  // 700 KB
    for (int i = 0; i < 100; ++i) out << block;                // 70 MB
    out << game;
  }
  const ChildRun run = run_bpgn({"check", "-q", "--jobs", "2", "--format", "jsonl", path}, (dir / "so").string(),
                                (dir / "se").string());
  EXPECT_EQ(run.code, 0) << read_file((dir / "se").string());
  EXPECT_EQ(read_json_lines((dir / "so").string(), false).lines, 2u);
  // The reader's window (at most 32 MiB while it looks for the end of the first game) and little
  // more; before, the 70 MB read through.
  EXPECT_LT(run.peak_rss_kb, 50 * 1024) << "peak " << run.peak_rss_kb << " KB";
}


// 1 KB of zero bytes before a record: binary garbage, an unreadable game (docs/robustness.md,
// *What happens on hostile input*). Was: a `stray-text` note on the record, exit 0.
TEST(ReaderWindowGate, ZeroBytesBeforeARecordAreAnUnreadableGame) {
  Scratch dir;
  const std::string game = "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
  const std::string zeros(1024, '\0');
  const std::string path = (dir / "zeros.pgn").string();
  write_file(path, zeros + "\n" + game);
  const std::string so = (dir / "so").string(), se = (dir / "se").string();
  const ChildRun run = run_bpgn({"check", "--format", "jsonl", path}, so, se);
  EXPECT_EQ(run.code, 1) << read_file(se);
  const JsonLines lines = read_json_lines(so, true);
  ASSERT_EQ(lines.statuses.size(), 2u) << read_file(so);
  EXPECT_EQ(lines.statuses[0], "unreadable");
  EXPECT_EQ(lines.statuses[1], "valid");
  EXPECT_EQ(read_file(so).find("stray-text"), std::string::npos);

  // fmt writes the unreadable game as found, zero bytes and all, and the record after it.
  const std::string out = (dir / "out.pgn").string();
  const ChildRun formatted = run_bpgn({"fmt", "-o", out, path}, so, se);
  EXPECT_EQ(formatted.code, 1) << read_file(se);
  const std::string written = read_file(out);
  EXPECT_EQ(written.substr(0, zeros.size()), zeros);
  EXPECT_NE(written.find("1. e4 e5 *"), std::string::npos);
}

TEST(ReaderWindowGate, ZeroBytesRightBeforeATagAreUnreadableToo) {
  Scratch dir;
  const std::string path = (dir / "zeros.pgn").string();
  write_file(path, std::string(1024, '\0') + "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 *\n");
  const std::string so = (dir / "so").string(), se = (dir / "se").string();
  const ChildRun run = run_bpgn({"check", "--format", "jsonl", path}, so, se);
  EXPECT_EQ(run.code, 1) << read_file(se);
  const JsonLines lines = read_json_lines(so, true);
  ASSERT_FALSE(lines.statuses.empty());
  EXPECT_EQ(lines.statuses[0], "unreadable");
}

// ---- view --------------------------------------------------------------------------------------

// The page's game data and clock charts go to temporary files as the games are read: memory
// follows one game, not the page. Was: the page held about three times over (94 MB for a page of
// 23.5 MB).
TEST(ViewStreaming, MemoryDoesNotFollowThePage) {
  if (kSanitized) GTEST_SKIP() << "peak memory says nothing under a sanitizer";
  Scratch dir;
  const std::string one = read_file(kCorpus + "/check/mixed.bpgn") + "\n";
  std::string text;
  for (int i = 0; i < 6000; ++i) text += one;  // 18,000 games, 3 MB
  const std::string input = (dir / "many.bpgn").string(), page = (dir / "page.html").string();
  write_file(input, text);
  const ChildRun run = run_bpgn({"view", "-o", page, input}, (dir / "so").string(), (dir / "se").string());
  EXPECT_EQ(run.code, 1) << read_file((dir / "se").string());
  const auto page_bytes = fs::file_size(page);
  EXPECT_GT(page_bytes, std::uintmax_t{30} << 20);
  EXPECT_LT(run.peak_rss_kb, 30 * 1024) << "peak " << run.peak_rss_kb << " KB for a page of " << page_bytes << " bytes";
  EXPECT_TRUE(temporary_files(dir.path()).empty());
}

}  // namespace
}  // namespace bpgn::robustness
