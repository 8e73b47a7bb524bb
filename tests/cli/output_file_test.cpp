// same_file and FileClaims, the one check every subcommand's outputs go through.
#include "pipeline/output/file_claims.h"
#include "pipeline/output/run_outputs.h"
#include "cli/errors.h"
#include "cli/binary_run.h"
#include "cli/fmt_test_support.h"
#include "replay/check_test_util.h"
#include "support/text.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace bpgn {
namespace {

namespace fs = std::filesystem;

TEST(SameFile, EveryWayOfNamingOneFile) {
  test::ScratchDir dir;
  fs::create_directories(dir / "sub");
  test::write_file(dir / "a.bpgn", "x");
  test::write_file(dir / "b.bpgn", "x");  // the same bytes, another file
  fs::create_symlink(dir / "a.bpgn", dir / "link.bpgn");
  fs::create_hard_link(dir / "a.bpgn", dir / "hard.bpgn");
  const std::string a = (dir / "a.bpgn").string();
  EXPECT_TRUE(same_file(a, a));
  EXPECT_TRUE(same_file(a, (dir / "sub" / ".." / "a.bpgn").string()));
  EXPECT_TRUE(same_file(a, (dir / "." / "a.bpgn").string()));
  EXPECT_TRUE(same_file(a, (dir / "link.bpgn").string()));
  EXPECT_TRUE(same_file((dir / "hard.bpgn").string(), a));
  EXPECT_FALSE(same_file(a, (dir / "b.bpgn").string()));
  EXPECT_FALSE(same_file(a, "-"));
  EXPECT_FALSE(same_file("-", "-"));  // standard input and standard output
  EXPECT_FALSE(same_file(a, ""));
  // Files that do not exist: by their resolved paths.
  EXPECT_TRUE(same_file((dir / "new.bpgn").string(), (dir / "sub" / ".." / "new.bpgn").string()));
  EXPECT_FALSE(same_file((dir / "new.bpgn").string(), (dir / "other.bpgn").string()));
}

TEST(SameFile, RefusalNamesBothPaths) {
  test::ScratchDir dir;
  test::write_file(dir / "a.bpgn", "x");
  fs::create_symlink(dir / "a.bpgn", dir / "link.bpgn");
  const std::string a = (dir / "a.bpgn").string(), link = (dir / "link.bpgn").string();
  const auto claim_output = [](const std::string& output, const std::vector<std::string>& inputs,
                                 std::string_view hint = {}) {
    FileClaims claims;
    claims.inputs(inputs);
    claims.output(output, "-o", hint);
  };
  try {
    claim_output(link, {(dir / "none.bpgn").string(), a}, "a hint");
    FAIL() << "not refused";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()), "-o " + link + " is the input " + a +
                                         " (the same file); writing it would destroy the input, so nothing "
                                         "was done; a hint");
  }
  EXPECT_NO_THROW(claim_output((dir / "out.json").string(), {a, "-"}));
  EXPECT_NO_THROW(claim_output("", {a}));
  EXPECT_NO_THROW(claim_output("-", {"-"}));
}

// One registry for every output: each claimed once against the inputs and the outputs before it.
TEST(FileClaims, EachOutputOnceAgainstInputsAndOutputs) {
  test::ScratchDir dir;
  test::write_file(dir / "in.bpgn", "x");
  test::write_file(dir / "list.txt", "in.bpgn\n");
  const std::string in = (dir / "in.bpgn").string(), list = (dir / "list.txt").string();
  const auto refusal = [&](const std::string& path, std::string_view option) -> std::string {
    FileClaims claims;
    claims.inputs({in, "-"});
    claims.input(list, "the --files-from list");
    claims.output((dir / "r.json").string(), "-o");
    claims.output("/dev/null", "--valid-out");  // a device: not claimed
    try {
      claims.output(path, option);
    } catch (const UsageError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(refusal((dir / "sub" / ".." / "r.json").string(), "--summary-json"),
            "--summary-json " + (dir / "sub" / ".." / "r.json").string() + " and -o " + (dir / "r.json").string() +
                " name the same file");
  EXPECT_EQ(refusal(list, "--valid-out"), "--valid-out " + list + " is the --files-from list " + list +
                                              " (the same file); writing it would destroy the input, so nothing was done");
  EXPECT_NE(refusal(in, "--summary-json").find("--summary-json " + in + " is the input " + in), std::string::npos);
  EXPECT_EQ(refusal("/dev/null", "--summary-json"), "");
  EXPECT_EQ(refusal("-", "--summary-json"), "");
  EXPECT_EQ(refusal((dir / "other.json").string(), "--summary-json"), "");
}

// An input claimed after the outputs (--adjudications is read once the outputs are claimed) is
// held to them too: check, standings and view once wrote their report over the adjudications file.
TEST(FileClaims, AnInputClaimedLateIsHeldToTheOutputs) {
  test::ScratchDir dir;
  test::write_file(dir / "decisions.txt", "match: x\n");
  const std::string decisions = (dir / "decisions.txt").string();
  FileClaims claims;
  claims.output((dir / "." / "decisions.txt").string(), "-o");
  try {
    claims.input(decisions, "the --adjudications file");
    ADD_FAILURE() << "an output onto the --adjudications file was accepted";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()), "-o " + (dir / "." / "decisions.txt").string() + " is the --adjudications file " +
                                         decisions + " (the same file); writing it would destroy the input, so nothing was done");
  }
  FileClaims fine;
  fine.output((dir / "report.txt").string(), "-o");
  EXPECT_NO_THROW(fine.input(decisions, "the --adjudications file"));
  EXPECT_NO_THROW(fine.input("-", "the --adjudications file"));
}

// Through the binary: every command that takes --adjudications refuses to write onto it.
TEST(FileClaims, NoCommandWritesOntoItsAdjudicationsFile) {
  test::ScratchDir dir;
  const std::string game = (dir / "g.bpgn").string(), decisions = (dir / "d.txt").string();
  test::write_file(dir / "g.bpgn", check_test::bpgn("1A. e4 1a. e5"));
  const std::string text = "match: " + game + ":1\nresult: 1-0\nreason: r\n";
  for (const std::string command : {"check", "standings", "view"}) {
    test::write_file(dir / "d.txt", text);
    const check_test::BinaryRun r =
        check_test::run_binary(command + " --adjudications " + check_test::shell_quoted(decisions) + " -o " +
                               check_test::shell_quoted(decisions) + " " + check_test::shell_quoted(game));
    EXPECT_EQ(r.exit_code, 2) << command << ": " << r.err;
    EXPECT_NE(r.err.find("is the --adjudications file"), std::string::npos) << command << ": " << r.err;
    EXPECT_EQ(test::slurp(decisions), text) << command;
  }
}

}  // namespace
}  // namespace bpgn
