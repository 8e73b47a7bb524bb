// check --fail-on error|warning|never: which findings make exit 1. Exit 3 (an input or output
// failed) and exit 2 (a bad command line) stand whatever it says; --strict decides the statuses.
#include "cli/binary_run.h"
#include "pipeline/run/exit_codes.h"
#include "pipeline/run/fail_policy.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace bpgn::check_test {
namespace {

// A game with one warning (the White tag is missing) and no error.
const char* const kFailOnWarningOnly = "[Event \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
// A game with an error (a king cannot go to e3 from e1).
const char* const kFailOnError = "[Event \"e\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";
// A clean game.
const char* const kFailOnClean = "[Event \"c\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";

struct FailOnFiles {
  std::string clean = write_temp("failon_clean.pgn", kFailOnClean);
  std::string warning = write_temp("failon_warning.pgn", kFailOnWarningOnly);
  std::string error = write_temp("failon_error.pgn", kFailOnError);
  ~FailOnFiles() {
    std::filesystem::remove(clean);
    std::filesystem::remove(warning);
    std::filesystem::remove(error);
  }
};

int fail_on_exit(const std::string& options, const std::string& file) {
  const BinaryRun r = run_binary("check -q " + options + " " + shell_quoted(file));
  return r.exit_code;
}

TEST(FailOn, TheInputsAreWhatTheTestsSayTheyAre) {
  const FailOnFiles f;
  const BinaryRun warning = run_binary("check --format jsonl " + shell_quoted(f.warning));
  EXPECT_NE(warning.out.find("\"status\":\"valid\""), std::string::npos) << warning.out;
  EXPECT_NE(warning.out.find("\"code\":\"missing-tag\",\"severity\":\"warning\""), std::string::npos) << warning.out;
  EXPECT_EQ(warning.out.find("\"severity\":\"error\""), std::string::npos) << warning.out;
  const BinaryRun error = run_binary("check --format jsonl " + shell_quoted(f.error));
  EXPECT_NE(error.out.find("\"status\":\"invalid\""), std::string::npos) << error.out;
  const BinaryRun clean = run_binary("check --format jsonl " + shell_quoted(f.clean));
  EXPECT_NE(clean.out.find("\"violations\":[]"), std::string::npos) << clean.out;
}

TEST(FailOn, ErrorIsTheDefault) {
  const FailOnFiles f;
  EXPECT_EQ(fail_on_exit("", f.clean), kExitClean);
  EXPECT_EQ(fail_on_exit("", f.warning), kExitClean);
  EXPECT_EQ(fail_on_exit("", f.error), kExitInvalid);
  EXPECT_EQ(fail_on_exit("--fail-on error", f.clean), kExitClean);
  EXPECT_EQ(fail_on_exit("--fail-on error", f.warning), kExitClean);
  EXPECT_EQ(fail_on_exit("--fail-on error", f.error), kExitInvalid);
  EXPECT_EQ(fail_on_exit("--fail-on=error", f.error), kExitInvalid);
}

TEST(FailOn, WarningAlsoFailsOnAWarningOfAValidGame) {
  const FailOnFiles f;
  EXPECT_EQ(fail_on_exit("--fail-on warning", f.clean), kExitClean);
  EXPECT_EQ(fail_on_exit("--fail-on warning", f.warning), kExitInvalid);
  EXPECT_EQ(fail_on_exit("--fail-on warning", f.error), kExitInvalid);
  // The statuses are --strict's business: the warning game stays valid in the report.
  const BinaryRun r = run_binary("check --format jsonl --fail-on warning " + shell_quoted(f.warning));
  EXPECT_EQ(r.exit_code, kExitInvalid);
  EXPECT_NE(r.out.find("\"status\":\"valid\""), std::string::npos) << r.out;
}

TEST(FailOn, NeverFailsOnNoFinding) {
  const FailOnFiles f;
  EXPECT_EQ(fail_on_exit("--fail-on never", f.clean), kExitClean);
  EXPECT_EQ(fail_on_exit("--fail-on never", f.warning), kExitClean);
  EXPECT_EQ(fail_on_exit("--fail-on never", f.error), kExitClean);
  EXPECT_EQ(fail_on_exit("--fail-on never --strict", f.warning), kExitClean);
  // The report still says what is wrong.
  const BinaryRun r = run_binary("check --format jsonl --fail-on never " + shell_quoted(f.error));
  EXPECT_EQ(r.exit_code, kExitClean);
  EXPECT_NE(r.out.find("\"status\":\"invalid\""), std::string::npos) << r.out;
}

TEST(FailOn, StrictMakesWarningsErrorsForTheStatusThenTheDefaultFailsOnThem) {
  const FailOnFiles f;
  EXPECT_EQ(fail_on_exit("--strict", f.warning), kExitInvalid);
  EXPECT_EQ(fail_on_exit("--strict --fail-on error", f.warning), kExitInvalid);
  EXPECT_EQ(fail_on_exit("--strict --fail-on warning", f.warning), kExitInvalid);
  EXPECT_EQ(fail_on_exit("--strict --fail-on warning", f.clean), kExitClean);
  const BinaryRun r = run_binary("check --format jsonl --strict --fail-on never " + shell_quoted(f.warning));
  EXPECT_EQ(r.exit_code, kExitClean);
  EXPECT_NE(r.out.find("\"status\":\"invalid\""), std::string::npos) << r.out;
}

TEST(FailOn, AnInputThatCannotBeReadIsExit3WhateverItSays) {
  const FailOnFiles f;
  const std::string missing = temp_path("failon_missing.pgn");
  for (const char* policy : {"error", "warning", "never"}) {
    const std::string options = std::string("--fail-on ") + policy;
    EXPECT_EQ(fail_on_exit(options + " " + shell_quoted(f.error), missing), kExitIo) << policy;
    EXPECT_EQ(fail_on_exit(options + " " + shell_quoted(f.clean), missing), kExitIo) << policy;
  }
}

TEST(FailOn, AnOutputThatCannotBeWrittenIsExit3WhateverItSays) {
  const FailOnFiles f;
  for (const char* policy : {"error", "warning", "never"}) {
    const BinaryRun r = run_binary(std::string("check --fail-on ") + policy + " -o " +
                                   shell_quoted(temp_path("failon_no_folder/out.txt")) + " " + shell_quoted(f.error));
    EXPECT_EQ(r.exit_code, kExitIo) << policy << ": " << r.err;
  }
}

TEST(FailOn, ABadValueOrABadCommandLineIsExit2) {
  const FailOnFiles f;
  const BinaryRun bad = run_binary("check --fail-on sometimes " + shell_quoted(f.clean));
  EXPECT_EQ(bad.exit_code, kExitUsage);
  EXPECT_NE(bad.err.find("--fail-on"), std::string::npos) << bad.err;
  EXPECT_EQ(fail_on_exit("--fail-on never --no-such-option", f.error), kExitUsage);
  EXPECT_EQ(fail_on_exit("--fail-on never --rules nonsense", f.error), kExitUsage);
}

TEST(FailOn, NoGameReadStillFails) {
  const std::string empty = write_temp("failon_empty.pgn", "");
  EXPECT_EQ(fail_on_exit("--fail-on never", empty), kExitInvalid);
  EXPECT_EQ(fail_on_exit("--fail-on never --allow-empty", empty), kExitClean);
  std::filesystem::remove(empty);
}

TEST(FailOn, ThePolicyReadsTheSummary) {
  CheckSummary s;
  EXPECT_FALSE(findings_fail(FailOn::Error, s));
  s.warnings = 1;
  EXPECT_FALSE(findings_fail(FailOn::Error, s));
  EXPECT_TRUE(findings_fail(FailOn::Warning, s));
  s.notes = 5;
  s.warnings = 0;
  EXPECT_FALSE(findings_fail(FailOn::Warning, s));
  s.unreadable = 1;
  EXPECT_TRUE(findings_fail(FailOn::Error, s));
  EXPECT_FALSE(findings_fail(FailOn::Never, s));
  EXPECT_EQ(parse_fail_on("warning"), FailOn::Warning);
  EXPECT_EQ(parse_fail_on("Warning"), std::nullopt);
}

}  // namespace
}  // namespace bpgn::check_test
