// check --format junit --junit-case file|game: with `file`, one testcase per input file, its
// games' problems listed in one failure (an error when a game is unreadable), the warnings of its
// valid games in its system-out; the suite's counts count testcases. `game` (the default) keeps one
// testcase per game.
#include "cli/binary_run.h"
#include "pipeline/run/exit_codes.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;

const char* const kJunitInvalid = "[Event \"i\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";
const char* const kJunitWarning = "[Event \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";
const char* const kJunitClean = "[Event \"c\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n";

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The testcase element (with its body) whose name starts `name`.
std::string testcase_named(const std::string& xml, const std::string& name) {
  const std::size_t at = xml.find("<testcase classname=\"" + name + "\"");
  if (at == std::string::npos) return "";
  return xml.substr(at, xml.find("</testcase>", at) + 11 - at);
}

struct JunitFiles {
  // mixed: an invalid game and a valid one with a warning; clean: one clean game; broken: a clean
  // game and an unreadable one.
  std::string mixed = write_temp("junit_mixed.pgn", std::string(kJunitInvalid) + kJunitWarning);
  std::string clean = write_temp("junit_clean.pgn", kJunitClean);
  std::string broken = write_temp("junit_broken.pgn", std::string(kJunitClean) + "[Event \"broken]\n");
  std::string missing = temp_path("junit_missing.pgn");
  std::string all() const {
    return shell_quoted(mixed) + " " + shell_quoted(clean) + " " + shell_quoted(broken) + " " + shell_quoted(missing);
  }
  ~JunitFiles() {
    fs::remove(mixed);
    fs::remove(clean);
    fs::remove(broken);
  }
};

TEST(JunitCase, FileMakesOneTestcasePerInputFile) {
  const JunitFiles f;
  const BinaryRun r = run_binary("check --format junit --junit-case file " + f.all());
  EXPECT_EQ(r.exit_code, kExitIo) << r.err;
  const std::string& xml = r.out;
  // Three files and the one that could not be read; failures: mixed; errors: broken and missing.
  EXPECT_NE(xml.find("<testsuite name=\"bpgn check\" tests=\"4\" failures=\"1\" errors=\"2\" skipped=\"0\">"),
            std::string::npos)
      << xml;
  EXPECT_EQ(occurrences(xml, "<testcase "), 4u) << xml;
  EXPECT_EQ(occurrences(xml, "<failure "), 1u) << xml;
  EXPECT_EQ(occurrences(xml, "<error "), 2u) << xml;

  const std::string mixed = testcase_named(xml, f.mixed);
  ASSERT_FALSE(mixed.empty()) << xml;
  EXPECT_NE(mixed.find("name=\"file " + f.mixed + ": 2 games\" file=\"" + f.mixed + "\" games=\"2\">"),
            std::string::npos)
      << mixed;
  EXPECT_NE(mixed.find("<failure type=\"illegal-move\" message=\"1 of 2 games invalid, 0 unreadable; the first at line "
                       "6: White (a) cannot play 2. Ke3: no king can make that move\">" +
                       f.mixed + ":6:"),
            std::string::npos)
      << mixed;
  // The invalid game's error is listed in the failure; the valid game's warning in system-out.
  const std::size_t failure_end = mixed.find("</failure>");
  EXPECT_LT(mixed.find("error[illegal-move]"), failure_end) << mixed;
  EXPECT_GT(mixed.find("<system-out>" + f.mixed + ":8:1: warning[missing-tag]"), failure_end) << mixed;

  const std::string clean = testcase_named(xml, f.clean);
  EXPECT_NE(clean.find("games=\"1\"></testcase>"), std::string::npos) << clean;  // passed: nothing inside

  const std::string broken = testcase_named(xml, f.broken);
  EXPECT_NE(broken.find("<error type=\"syntax\" message=\"0 of 2 games invalid, 1 unreadable; the first at line 8: "),
            std::string::npos)
      << broken;
  EXPECT_NE(xml.find("name=\"input " + f.missing + "\"><error type=\"unreadable-input\""), std::string::npos) << xml;
}

TEST(JunitCase, GameIsTheDefaultAndKeepsOneTestcasePerGame) {
  const JunitFiles f;
  const BinaryRun plain = run_binary("check --format junit " + f.all());
  const BinaryRun game = run_binary("check --format junit --junit-case game " + f.all());
  EXPECT_EQ(plain.out, game.out);
  EXPECT_EQ(occurrences(game.out, "<testcase "), 6u);  // five games, one input
  EXPECT_NE(game.out.find("tests=\"6\" failures=\"1\" errors=\"2\""), std::string::npos) << game.out;
  EXPECT_EQ(run_binary("check --format junit --junit-case suite " + f.all()).exit_code, kExitUsage);
}

TEST(JunitCase, AFileReadTwiceIsTwoTestcases) {
  const JunitFiles f;
  const BinaryRun r = run_binary("check --format junit --junit-case file " + shell_quoted(f.mixed) + " " +
                                 shell_quoted(f.mixed) + " --max-errors 0");
  EXPECT_EQ(occurrences(r.out, "<testcase "), 2u) << r.out;
  EXPECT_NE(r.out.find("tests=\"2\" failures=\"2\" errors=\"0\""), std::string::npos) << r.out;
  // --max-errors 0: no problem listed, the failure still says what it counts.
  EXPECT_EQ(r.out.find("error[illegal-move]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("message=\"1 of 2 games invalid"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace bpgn::check_test
