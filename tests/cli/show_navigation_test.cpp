// `bpgn show` reached from a report: FILE:LINE (a diagnostic's file:line:column, a report's file
// and line), --index N (check's numbering over several inputs), beside --game N; and the usage
// errors when they conflict or name no game.
#include "cli/binary_run.h"
#include "io/archive_fixture.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

namespace bpgn::check_test {
namespace {

// `text` with every `from` made `to` (the same game read under another name).
std::string renamed(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

BinaryRun show(const std::string& args) { return run_binary("show --ascii --color never " + args); }

struct Files {
  test::ScratchDir dir;
  std::string mixed, fifteen, zip;
  Files() {
    mixed = (dir / "mixed.bpgn").string();
    fifteen = (dir / "fifteen.bpgn").string();
    zip = (dir / "two.zip").string();
    const std::string corpus = BPGN_CORPUS_DIR;
    test::write_bytes(mixed, read_file(corpus + "/check/mixed.bpgn"));
    test::write_bytes(fifteen, read_file(corpus + "/fics/2001-03-03-fifteen-games.bpgn"));
    test::write_archive(zip, test::Filter::None, test::Container::Zip,
                        {{"m1.bpgn", read_file(mixed)}, {"m2.bpgn", read_file(fifteen)}});
  }
};

// corpus/check/mixed.bpgn: game 1 on lines 1-6, line 7 blank, game 2 on lines 8-12 (its moves on
// 12), then a blank line, a line of stray text and a blank line, game 3 on lines 16-21.
TEST(ShowNavigation, ALineOfAGameShowsThatGame) {
  Files f;
  ASSERT_EQ(event_lines(read_file(f.mixed)), (std::vector<std::uint32_t>{1, 8, 16}));
  const BinaryRun second = show("--game 2 " + shell_quoted(f.mixed));
  ASSERT_NE(second.out.find(", game 2:"), std::string::npos) << second.out << second.err;
  // Its first line, a tag line, its moves' line (the last), with a column as a diagnostic writes it.
  // Line 14, stray text read past after it, is its too (check warns of it on game 2). The game is
  // named on show's first line; a place among the moves also names a moment (place_moment_test).
  const auto header = [](const std::string& out) { return out.substr(0, out.find('\n')); };
  for (const std::string at : {"8", "9", "12", "12:5", "14"}) {
    const BinaryRun r = show(shell_quoted(f.mixed + ":" + at));
    EXPECT_EQ(r.exit_code, second.exit_code) << at << r.err;
    EXPECT_EQ(header(r.out), header(second.out)) << at;
  }
  // A tag line and the line of the game's only error: show's default moment, the first error.
  for (const std::string at : {"8", "12"}) EXPECT_EQ(show(shell_quoted(f.mixed + ":" + at)).out, second.out) << at;
  const BinaryRun first = show("--game 1 " + shell_quoted(f.mixed)), third = show("--game 3 " + shell_quoted(f.mixed));
  for (const std::string at : {"1", "3", "6:20"}) EXPECT_EQ(header(show(shell_quoted(f.mixed + ":" + at)).out), header(first.out)) << at;
  for (const std::string at : {"16", "21", "21:1"}) EXPECT_EQ(header(show(shell_quoted(f.mixed + ":" + at)).out), header(third.out)) << at;
  EXPECT_EQ(show(shell_quoted(f.mixed + ":1")).out, first.out);
}

TEST(ShowNavigation, IndexCountsOverSeveralFilesAsCheckDoes) {
  Files f;
  // mixed.bpgn holds 3 games: the run's 5th is fifteen's 2nd.
  const BinaryRun fifth = show("--index 5 " + shell_quoted(f.mixed) + " " + shell_quoted(f.fifteen));
  const BinaryRun second = show("--game 2 " + shell_quoted(f.fifteen));
  EXPECT_EQ(fifth.exit_code, second.exit_code);
  EXPECT_EQ(fifth.out, second.out);
  ASSERT_NE(second.out.find(", game 2:"), std::string::npos);
  // mixed (3), fifteen (15), then the archive: m1 (3), m2: the 3 + 15 + 3 + 4 = 25th is m2's 4th.
  const BinaryRun m2 = show("--index 25 " + shell_quoted(f.mixed) + " " + shell_quoted(f.fifteen) + " " + shell_quoted(f.zip));
  EXPECT_EQ(m2.out, renamed(show("--game 4 " + shell_quoted(f.fifteen)).out, f.fifteen, f.zip + ":m2.bpgn"));
  EXPECT_EQ(m2.out, show("--game 7 " + shell_quoted(f.zip)).out);
  // A folder is read as check reads it (its files in name order: fifteen, mixed, two.zip).
  EXPECT_EQ(show("--index 16 " + shell_quoted(f.dir.path().string())).out, show("--game 1 " + shell_quoted(f.mixed)).out);
  // A member's line.
  const std::uint32_t line = event_lines(read_file(f.fifteen))[3];
  EXPECT_EQ(show(shell_quoted(f.zip + ":m2.bpgn:" + std::to_string(line))).out, m2.out);
}

TEST(ShowNavigation, EveryJsonlLineLeadsToItsGame) {
  Files f;
  const std::string files = shell_quoted(f.mixed) + " " + shell_quoted(f.zip);
  const BinaryRun report = run_binary("check --format jsonl " + files);
  std::istringstream lines(report.out);
  std::size_t games = 0;
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json g = nlohmann::json::parse(line);
    const std::string place = g["file"].get<std::string>() + ":" + std::to_string(g["line"].get<int>());
    const BinaryRun by_line = show(shell_quoted(place));
    EXPECT_EQ(by_line.out, show("--index " + std::to_string(g["index"].get<int>()) + " " + files).out) << place;
    std::ostringstream head;
    head << g["file"].get<std::string>() << ", game " << g["file_index"].get<int>() << ":";
    EXPECT_TRUE(by_line.out.starts_with(head.str())) << place << "\n" << by_line.out.substr(0, 200);
    ++games;
  }
  EXPECT_EQ(games, 3u + 3u + 15u);
}

TEST(ShowNavigation, AFileWhoseNameHasColons) {
  Files f;
  const std::string odd = (f.dir / "games:2").string();
  test::write_bytes(odd, read_file(f.mixed));
  EXPECT_EQ(show(shell_quoted(odd)).out, renamed(show(shell_quoted(f.mixed)).out, f.mixed, odd));
  EXPECT_EQ(show(shell_quoted(odd + ":16")).out, renamed(show("--game 3 " + shell_quoted(f.mixed)).out, f.mixed, odd));
  EXPECT_EQ(show(shell_quoted(odd + ":16:1")).out, renamed(show("--game 3 " + shell_quoted(f.mixed)).out, f.mixed, odd));
}

TEST(ShowNavigation, UsageErrors) {
  Files f;
  const std::string m = shell_quoted(f.mixed), m_line = shell_quoted(f.mixed + ":8");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {shell_quoted(f.mixed + ":22"), f.mixed + " has 21 lines: there is no line 22 (its last game, game 3, starts at line 16)"},
      {shell_quoted(f.mixed + ":7:1"), "line 7 of " + f.mixed + " is between game 1 (lines 1-6) and game 2 (from line 8)"},
      {"--index 19 " + m + " " + shell_quoted(f.fifteen), "the inputs hold 18 games in all: there is no game with index 19"},
      {"--game 4 " + m, "holds 3 games: there is no game 4"},
      {"--game 1 --index 1 " + m, "--game and --index both say which game: give one of them"},
      {"--game 1 " + m_line, "names a line and --game a game: give one of them"},
      {"--index 1 " + m_line, "names a line and --index a game: give one of them"},
      {m + " " + shell_quoted(f.fifteen), "several files: say which game of them with --index N"},
      {"--game 2 " + m + " " + shell_quoted(f.fifteen), "several files: say which game of them with --index N"},
      {shell_quoted(f.mixed + ":0"), "line 0: lines are counted from 1"},
  };
  for (const auto& [args, message] : cases) {
    const BinaryRun r = show(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << "\n" << r.err;
    EXPECT_TRUE(r.err.starts_with("bpgn show: ")) << r.err;
  }
  // A file that cannot be read: 3, as before.
  EXPECT_EQ(show(shell_quoted(f.mixed + ".none:4")).exit_code, 3);
  EXPECT_EQ(show("--index 2 " + shell_quoted(f.mixed + ".none") + " " + m).exit_code, 3);
}

}  // namespace
}  // namespace bpgn::check_test
