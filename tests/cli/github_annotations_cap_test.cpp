// check --format github: --max-annotations (default 50) with one closing notice counting the rest,
// and the Markdown job summary appended to the file GITHUB_STEP_SUMMARY names (escaped; an output
// like any other: never an input or another output; no temporary file left).
#include "cli/binary_run.h"
#include "pipeline/run/exit_codes.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <regex>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> annotation_lines(const std::string& s) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < s.size()) {
    const std::size_t end = s.find('\n', at);
    out.push_back(s.substr(at, end - at));
    at = end == std::string::npos ? s.size() : end + 1;
  }
  return out;
}

// A game with one illegal move by a player whose name is hostile to Markdown.
std::string illegal_king_game(int n, const std::string& white = "a") {
  return "[Event \"g" + std::to_string(n) + "\"]\n[White \"" + white +
         "\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";
}

// Five invalid games (one error each) and one valid game with a warning (no White tag).
std::string five_errors_one_warning_games() {
  std::string text;
  for (int n = 1; n <= 5; ++n) text += illegal_king_game(n);
  return text + "[Event \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
}

// Sets an environment variable for the scope (the binary the test runs inherits it).
struct StepSummaryEnv {
  explicit StepSummaryEnv(const std::string& value) { ::setenv("GITHUB_STEP_SUMMARY", value.c_str(), 1); }
  ~StepSummaryEnv() { ::unsetenv("GITHUB_STEP_SUMMARY"); }
};

std::size_t count_starting(const std::vector<std::string>& lines, const std::string& prefix) {
  return std::size_t(std::count_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.starts_with(prefix); }));
}

TEST(GithubCap, TheCapLeavesOutTheRestAndOneNoticeCountsThem) {
  const std::string in = write_temp("cap_six.pgn", five_errors_one_warning_games());
  const BinaryRun all = run_binary("check --format github " + shell_quoted(in));
  EXPECT_EQ(all.exit_code, kExitInvalid);
  const auto every = annotation_lines(all.out);
  ASSERT_EQ(every.size(), 6u) << all.out;  // under the default cap: all, no notice
  EXPECT_EQ(count_starting(every, "::error "), 5u);
  EXPECT_EQ(count_starting(every, "::warning "), 1u);

  const BinaryRun two = run_binary("check --format github --max-annotations 2 " + shell_quoted(in));
  EXPECT_EQ(two.exit_code, kExitInvalid);
  const auto lines = annotation_lines(two.out);
  ASSERT_EQ(lines.size(), 3u) << two.out;
  EXPECT_EQ(lines[0], every[0]);
  EXPECT_EQ(lines[1], every[1]);
  EXPECT_EQ(lines[2],
            "::notice title=bpgn check::4 more annotations left out (3 errors, 1 warning, 0 notices): "
            "--max-annotations 2 annotated the first 2; every one is in the other formats (bpgn check --format text)");

  const BinaryRun none = run_binary("check --format github --max-annotations 0 " + shell_quoted(in));
  const auto only = annotation_lines(none.out);
  ASSERT_EQ(only.size(), 1u) << none.out;
  EXPECT_TRUE(only[0].starts_with("::notice title=bpgn check::6 more annotations left out (5 errors, 1 warning")) << only[0];

  // Exactly at the cap: nothing left out, no notice.
  EXPECT_EQ(annotation_lines(run_binary("check --format github --max-annotations 6 " + shell_quoted(in)).out).size(), 6u);
  EXPECT_EQ(run_binary("check --format github --max-annotations -1 " + shell_quoted(in)).exit_code, kExitUsage);
  fs::remove(in);
}

TEST(GithubCap, TheDefaultIsFiftyAndTheSameForEveryJobs) {
  std::string text;
  for (int n = 1; n <= 60; ++n) text += illegal_king_game(n);
  const std::string in = write_temp("cap_sixty.pgn", text);
  const BinaryRun one = run_binary("check --format github --jobs 1 " + shell_quoted(in));
  const auto lines = annotation_lines(one.out);
  ASSERT_EQ(lines.size(), 51u);
  EXPECT_EQ(count_starting(lines, "::error "), 50u);
  EXPECT_TRUE(lines[50].starts_with("::notice title=bpgn check::10 more annotations left out (10 errors,")) << lines[50];
  const BinaryRun two = run_binary("check --format github --jobs 2 --piece-bytes 256 " + shell_quoted(in));
  EXPECT_EQ(two.out, one.out);
  fs::remove(in);
}

TEST(GithubCap, AnInputThatCannotBeReadIsAnnotatedBeyondTheCap) {
  const std::string in = write_temp("cap_six2.pgn", five_errors_one_warning_games());
  const std::string missing = temp_path("cap_missing.pgn");
  const BinaryRun r = run_binary("check --format github --max-annotations 1 " + shell_quoted(in) + " " + shell_quoted(missing));
  EXPECT_EQ(r.exit_code, kExitIo);
  const auto lines = annotation_lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_TRUE(lines[1].starts_with("::error file=" + missing + ",title=unreadable input::")) << lines[1];
  EXPECT_TRUE(lines[2].starts_with("::notice title=bpgn check::5 more annotations left out")) << lines[2];
  fs::remove(in);
}

// The markdown_cells of a Markdown table row: split at the `|` that are not escaped.
std::vector<std::string> markdown_cells(const std::string& row) {
  std::vector<std::string> out;
  std::string cell;
  for (std::size_t k = 0; k < row.size(); ++k) {
    if (row[k] == '\\' && k + 1 < row.size()) {
      cell += row.substr(k, 2);
      ++k;
    } else if (row[k] == '|') {
      out.push_back(cell);
      cell.clear();
    } else {
      cell += row[k];
    }
  }
  out.push_back(cell);
  return out;
}

TEST(GithubStepSummary, IsAppendedWithCountsAndTheFirstProblemsEscaped) {
  const std::string dir = temp_path("summary_dir");
  fs::create_directories(dir);
  // A file name and a player's name with Markdown's and HTML's characters.
  const std::string in = dir + "/a|b`c.pgn";
  std::ofstream(in) << illegal_king_game(1, "x|y`z<img src=q onerror=alert(1)>*_[l](u)") + illegal_king_game(2) +
                           "[Event \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
  const std::string summary = dir + "/summary.md";
  std::ofstream(summary) << "earlier step\n";
  {
    const StepSummaryEnv env(summary);
    const BinaryRun r = run_binary("check --format github " + shell_quoted(in));
    EXPECT_EQ(r.exit_code, kExitInvalid) << r.err;
    EXPECT_EQ(annotation_lines(r.out).size(), 3u) << r.out;
  }
  const std::string md = read_file(summary);
  ASSERT_TRUE(md.starts_with("earlier step\n## bpgn check\n")) << md;
  EXPECT_NE(md.find("**3 games**: 1 valid, 2 invalid, 0 unreadable; 2 errors, 1 warning, 0 notes."), std::string::npos) << md;
  EXPECT_NE(md.find("| valid | 1 |\n| invalid | 2 |\n| unreadable | 0 |\n"), std::string::npos) << md;
  EXPECT_NE(md.find("| illegal-move | error | 2 |\n"), std::string::npos) << md;
  EXPECT_NE(md.find("| missing-tag | warning | 1 |\n"), std::string::npos) << md;
  EXPECT_EQ(md.find("U+000A"), std::string::npos) << "a line's end taken into a message: " << md;
  // Nothing from the record reaches the Markdown as markup.
  EXPECT_EQ(md.find("<img"), std::string::npos) << md;
  EXPECT_NE(md.find("&lt;img src=q onerror=alert(1)&gt;"), std::string::npos) << md;
  EXPECT_NE(md.find("x\\|y\\`z"), std::string::npos) << md;
  EXPECT_NE(md.find("\\*\\_\\[l\\](u)"), std::string::npos) << md;
  // The problems: a table of four columns, each row where (file:line), level, code and message.
  const auto lines = annotation_lines(md);
  std::vector<std::vector<std::string>> rows;
  bool in_problems = false;
  for (const std::string& l : lines) {
    if (l == "| where | level | code | message |") in_problems = true;
    else if (in_problems && l.empty()) in_problems = false;
    else if (in_problems && !l.starts_with("|---")) rows.push_back(markdown_cells(l));
  }
  ASSERT_EQ(rows.size(), 3u) << md;
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), 6u) << md;  // "", 4 markdown_cells, ""
    EXPECT_NE(row[1].find("/a\\|b\\`c.pgn:"), std::string::npos) << row[1];
  }
  EXPECT_TRUE(rows[0][1].ends_with(".pgn:6 ")) << rows[0][1];
  EXPECT_EQ(rows[0][2], " error ");
  EXPECT_EQ(rows[0][3], " illegal-move ");
  EXPECT_EQ(rows[2][2], " warning ");
  fs::remove_all(dir);
}

TEST(GithubStepSummary, OnlyWithFormatGithub) {
  const std::string in = write_temp("summary_other.pgn", illegal_king_game(1));
  const std::string summary = temp_path("summary_other.md");
  std::ofstream(summary) << "x\n";
  {
    const StepSummaryEnv env(summary);
    EXPECT_EQ(run_binary("check --format sarif " + shell_quoted(in)).exit_code, kExitInvalid);
    EXPECT_EQ(run_binary("check " + shell_quoted(in)).exit_code, kExitInvalid);
  }
  EXPECT_EQ(read_file(summary), "x\n");
  fs::remove(in);
  fs::remove(summary);
}

TEST(GithubStepSummary, IsAnOutputNeverAnInputOrAnotherOutput) {
  const std::string in = write_temp("summary_claim.pgn", illegal_king_game(1));
  const std::string report = temp_path("summary_claim.out");
  const std::string before = read_file(in);
  {
    const StepSummaryEnv env(in);
    const BinaryRun r = run_binary("check --format github " + shell_quoted(in));
    EXPECT_EQ(r.exit_code, kExitUsage);
    EXPECT_NE(r.err.find("GITHUB_STEP_SUMMARY"), std::string::npos) << r.err;
  }
  EXPECT_EQ(read_file(in), before);
  {
    const StepSummaryEnv env(report);
    const BinaryRun r = run_binary("check --format github -o " + shell_quoted(report) + " " + shell_quoted(in));
    EXPECT_EQ(r.exit_code, kExitUsage);
    EXPECT_NE(r.err.find("name the same file"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(report));
  fs::remove(in);
}

TEST(GithubStepSummary, AFileThatCannotBeWrittenIsExit3AndLeavesNothing) {
  const std::string dir = temp_path("summary_fail");
  fs::create_directories(dir);
  const std::string in = write_temp("summary_fail.pgn", illegal_king_game(1));
  {
    const StepSummaryEnv env(dir + "/no-such-folder/s.md");
    const BinaryRun r = run_binary("check --format github -o " + shell_quoted(dir + "/report.txt") + " " + shell_quoted(in));
    EXPECT_EQ(r.exit_code, kExitIo);
    EXPECT_NE(r.err.find("GITHUB_STEP_SUMMARY"), std::string::npos) << r.err;
  }
  {
    const StepSummaryEnv env(dir);  // a folder
    EXPECT_EQ(run_binary("check --format github --fail-on never " + shell_quoted(in)).exit_code, kExitIo);
  }
  {
    // A new summary file whose run fails on its -o output: neither file is left behind.
    const StepSummaryEnv env(dir + "/new.md");
    const BinaryRun r = run_binary("check --format github -o /dev/full " + shell_quoted(in));
    EXPECT_EQ(r.exit_code, kExitIo) << r.err;
  }
  EXPECT_TRUE(fs::is_empty(dir)) << "something was left in " << dir;
  {
    // A new file is made when the run succeeds; nothing else is left beside it.
    const StepSummaryEnv env(dir + "/made.md");
    EXPECT_EQ(run_binary("check --format github " + shell_quoted(in)).exit_code, kExitInvalid);
  }
  EXPECT_TRUE(read_file(dir + "/made.md").starts_with("## bpgn check\n"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  fs::remove_all(dir);
  fs::remove(in);
}

}  // namespace
}  // namespace bpgn::check_test
