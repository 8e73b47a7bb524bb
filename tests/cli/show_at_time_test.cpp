// `bpgn show --at TIME` on a real FICS record (corpus/fics/1934461.bpgn, 300 s each, no increment):
// both boards and the four clocks at an instant between moves and at the instant a flag fell, the
// clocks worked out by hand from the record's readings; and the times --at refuses.
#include "cli/binary_run.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>

namespace bpgn::check_test {
namespace {

const std::string kRecord = std::string(BPGN_CORPUS_DIR) + "/fics/1934461.bpgn";

BinaryRun show_at(const std::string& at) {
  return run_binary("show --ascii --color never " + shell_quoted(kRecord) + " --at " + shell_quoted(at));
}

// The seat line of `name` in show's view: the name and the clock after it.
std::string clock_of(const std::string& out, const std::string& name) {
  const std::size_t at = out.find("  " + name, out.find("Board A"));
  if (at == std::string::npos) return "(no " + name + ")";
  std::size_t from = at + 2 + name.size();
  while (from < out.size() && out[from] == ' ') ++from;
  std::size_t to = from;
  while (to < out.size() && out[to] != ' ' && out[to] != '\n') ++to;
  return out.substr(from, to - from);
}

// Match time on a board = (300 - White's last reading) + (300 - Black's last reading).
// Board A's last ply: 31A. exd6 {73.103} after 30a. Qxd6 {88.569}: at 600 - 73.103 - 88.569 =
// 438.328 s; Black A (Rabbos) thinks from then on with 88.569 s.
// Board B: 31B. B@b4+ {3.986}, 31b. Kxb4 {138.392} at 600 - 3.986 - 138.392 = 457.622 s; 32B. a3+
// {0.646} at 600 - 0.646 - 138.392 = 460.962 s; 32b. Ka5 {136.738} at 600 - 0.646 - 136.738 =
// 462.616 s, the record's last ply. White B (Giomaxxim) then had 0.646 s: his flag fell at
// 462.616 + 0.646 = 463.262 s (7:43.262), and the match ended so ("Giomaxxim forfeits on time").
TEST(ShowAtTime, BetweenMoves) {
  // At 7:40 (460 s): 31b. Kxb4 (457.622 s) is made, 32B. a3+ (460.962 s) is not. White B thinks
  // since 457.622 s: 3.986 - 2.378 = 1.608 (0:01.6); Black B stands at 138.392 (2:18.3); Black A
  // 88.569 - (460 - 438.328) = 66.897 (1:06.8); White A stands at 73.103 (1:13.1).
  const BinaryRun r = show_at("7:40");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("At match time 7:40, after 31b. Kxb4 (ply 123 of 125)\n"), std::string::npos) << r.out;
  EXPECT_EQ(clock_of(r.out, "WhiteB Giomaxxim"), "0:01.6");
  EXPECT_EQ(clock_of(r.out, "BlackB BobBughouse"), "2:18.3");
  EXPECT_EQ(clock_of(r.out, "BlackA Rabbos"), "1:06.8");
  EXPECT_EQ(clock_of(r.out, "WhiteA Stesox"), "1:13.1");
  EXPECT_EQ(r.out.find("flag"), std::string::npos);
  EXPECT_NE(r.out.find("Moves on board B: 30B. N1c3 30b. bxc3 31B. B@b4+ 31b. Kxb4\n"), std::string::npos);
  // The same instant written in seconds.
  EXPECT_EQ(show_at("460s").out, r.out);
  EXPECT_EQ(show_at("460.0").out, r.out);
}

TEST(ShowAtTime, TheInstantTheFlagFell) {
  // At 463.262 s: White B 0:00, his flag fallen; Black B 136.738 (2:16.7); Black A 88.569 -
  // (463.262 - 438.328) = 63.635 (1:03.6); White A 73.103 (1:13.1).
  const BinaryRun r = show_at("7:43.262");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("At match time 7:43.2, after 32b. Ka5 (ply 125 of 125): the flag of WhiteB Giomaxxim fell\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(clock_of(r.out, "WhiteB Giomaxxim"), "0:00");
  EXPECT_EQ(clock_of(r.out, "BlackB BobBughouse"), "2:16.7");
  EXPECT_EQ(clock_of(r.out, "BlackA Rabbos"), "1:03.6");
  EXPECT_EQ(clock_of(r.out, "WhiteA Stesox"), "1:13.1");
  EXPECT_NE(r.out.find("The flag of WhiteB Giomaxxim fell at 7:43.2 of match time\n"), std::string::npos);
  // A tenth of a second before, the flag stands: 0.646 - (463.162 - 462.616) = 0.1.
  const BinaryRun before = show_at("463.162");
  EXPECT_EQ(clock_of(before.out, "WhiteB Giomaxxim"), "0:00.1");
  EXPECT_EQ(before.out.find("flag"), std::string::npos);
}

TEST(ShowAtTime, TimesThatAreNoInstantOfTheMatch) {
  const BinaryRun past = show_at("7:44");
  EXPECT_EQ(past.exit_code, 2);
  EXPECT_NE(past.err.find("--at `7:44`: past the end of the match (it ends at 463.262 s of match time)"),
            std::string::npos)
      << past.err;
  for (const std::string bad : {"-1s", "-0:01", "7:4", "7:60", "abc", "1:2:3", "7:40s"}) {
    const BinaryRun r = show_at(bad);
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_NE(r.err.find("--at `" + bad + "`"), std::string::npos) << bad << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << bad;
  }
  // The moves and words --at took before still work.
  EXPECT_NE(show_at("32b").out.find("After 32b. Ka5 (ply 125 of 125, match time 7:42.6)"), std::string::npos);
  EXPECT_NE(show_at("start").out.find("At the start of the match"), std::string::npos);
  EXPECT_NE(show_at("0:00").out.find("At match time 0:00, before the first move"), std::string::npos);
}

// view --at takes the same times: the page opens at the instant, a moment of its own; with inputs
// that hold several games it is refused, and no page is written.
TEST(ShowAtTime, ViewOpensAtTheInstant) {
  test::ScratchDir dir;
  const std::string page = (dir / "match.html").string();
  const BinaryRun r = run_binary("view " + shell_quoted(kRecord) + " --at 7:40 -o " + shell_quoted(page));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string html = read_file(page);
  // 125 plies: the start, plies 1-123 (to 31b. Kxb4), then the instant 7:40: the 125th moment.
  EXPECT_NE(html.find(R"("open":{"moment":124,"by":"time")"), std::string::npos);
  EXPECT_NE(html.find(R"x("caption":"At match time 7:40, after 31b. Kxb4 (ply 123 of 125)")x"), std::string::npos);
  const std::string several = (dir / "several.html").string();
  const BinaryRun s = run_binary("view " + shell_quoted(std::string(BPGN_CORPUS_DIR) + "/fics/2001-03-03-fifteen-games.bpgn") +
                                 " --at 3:00 -o " + shell_quoted(several));
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_NE(s.err.find("--at names a moment of one game"), std::string::npos) << s.err;
  EXPECT_FALSE(std::filesystem::exists(several));
  EXPECT_EQ(run_binary("view " + shell_quoted(kRecord) + " --at 7:44 -o " + shell_quoted(several)).exit_code, 2);
}

}  // namespace
}  // namespace bpgn::check_test
