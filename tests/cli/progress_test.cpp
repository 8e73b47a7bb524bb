// The progress line: its exact text, and when it shows (a terminal, the report elsewhere, not
// --quiet) and goes (cleared before the summary).
#include "cli/binary_run.h"
#include "cli/progress.h"
#include "support/scratch_dir.h"
#include "support/terminal_run.h"

#include <fstream>

namespace bpgn::check_test {
namespace {

TEST(Progress, TheLineSaysBytesGamesRateAndTimeLeft) {
  EXPECT_EQ(progress_line(12'300'000, 200'000'000, 12345, 2.0),
            "12.3 MB of 200.0 MB (6%), 12,345 games, 6.2 MB/s, 0:31 left");
  EXPECT_EQ(progress_line(1'000'000, 0, 1, 0.5), "1.0 MB, 1 game, 2.0 MB/s");  // size unknown: standard input
  EXPECT_EQ(progress_line(0, 5'000'000, 0, 0.0), "0.0 MB of 5.0 MB (0%), 0 games, 0.0 MB/s");
  EXPECT_EQ(progress_line(1'000'000, 7'201'000'000, 1'234'567, 1.0),
            "1.0 MB of 7201.0 MB (0%), 1,234,567 games, 1.0 MB/s, 2:00:00 left");
}

// Runs the binary with a terminal for all three streams, progress every millisecond.
std::string on_terminal(const std::vector<std::string>& args) {
  const test::TerminalRun r = test::run_on_terminal(args, {"BPGN_PROGRESS_INTERVAL_MS=1"});
  EXPECT_FALSE(r.timed_out) << r.text;
  return r.text;
}

TEST(Progress, ShowsOnATerminalAndIsClearedBeforeTheSummary) {
  test::ScratchDir dir;
  const std::string in = (dir / "big.bpgn").string();
  {
    std::ofstream f(in);
    const std::string game = read_file(std::string(BPGN_CORPUS_DIR) + "/fics/1934301.bpgn");
    for (int i = 0; i < 3000; ++i) f << game << "\n";
  }
  const std::string report = (dir / "r.jsonl").string();
  for (const char* jobs : {"1", "2"}) {
    const std::string t = on_terminal({"check", "--jobs", jobs, "--format", "jsonl", "-o", report, in});
    const std::size_t line = t.find(" MB of ");
    ASSERT_NE(line, std::string::npos) << t;
    EXPECT_NE(t.find(" games, "), std::string::npos) << t;
    EXPECT_EQ(t.rfind("\r\033[K", line), t.find("\r\033[K")) << "each line starts by clearing the last";
    // The summary comes after the last progress line has been cleared.
    const std::size_t summary = t.find("bpgn check: 3000 games read");
    ASSERT_NE(summary, std::string::npos) << t;
    EXPECT_EQ(t.compare(summary - 4, 4, "\r\033[K"), 0) << t.substr(summary - 20, 30);
  }
  // --quiet, or the report on the terminal itself: no progress.
  EXPECT_EQ(on_terminal({"check", "-q", in}).find(" MB of "), std::string::npos);
  EXPECT_EQ(on_terminal({"check", "--format", "jsonl", in}).find(" MB of "), std::string::npos);
  // fmt too.
  EXPECT_NE(on_terminal({"fmt", "-o", (dir / "f.bpgn").string(), in}).find(" MB of "), std::string::npos);
}

}  // namespace
}  // namespace bpgn::check_test
