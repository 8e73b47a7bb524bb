// fmt --in-place, --check and output failures. The tests run as root, for whom a read-only folder
// does not stop a write; the failures are made in ways root cannot bypass: a directory standing
// where the temporary file must be created (open(O_CREAT|O_EXCL) fails with EEXIST), a file-size
// limit (ulimit -f: write() fails with EFBIG once the temporary file reaches it; SIGXFSZ is
// ignored so that the program sees the error), and /dev/full (every write fails with ENOSPC).
#include "cli/fmt_command.h"
#include "cli/fmt_test_support.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <algorithm>
#include <string>
#include <vector>

namespace bpgn {
namespace {

using test::read_file;
using test::write_file;
using test::fmt;
using test::names_in;

const std::string kInput = test::kCorpus + "/fics/1934301.bpgn";

// fmt's output of `path`.
std::string formatted(const std::string& path) { return test::fmt_file(path).out; }

// A shell line that fills every name fmt may give the temporary file of `file` with a folder
// (fmt runs with the subshell's pid after `exec`), so that creating it fails.
std::string block_temp_names(const std::filesystem::path& file) {
  return "for n in $(seq 0 99); do mkdir \"" + file.parent_path().string() + "/." + file.filename().string() +
         ".bpgn-$BASHPID-$n.tmp\"; done; ";
}

TEST(FmtInPlace, RewritesTheFileAndKeepsItsMode) {
  test::ScratchDir dir;
  const auto file = dir / "game.bpgn";
  write_file(file, read_file(kInput));
  ::chmod(file.c_str(), 0640);
  FmtConfig config;
  config.inputs = {file.string()};
  config.in_place = true;
  const test::Run r = fmt(config);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(read_file(file), formatted(kInput));
  struct stat st {};
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"game.bpgn"})
      << "a temporary file was left behind";
}

TEST(FmtInPlace, LeavesAnUnchangedFileAlone) {
  test::ScratchDir dir;
  const auto file = dir / "game.bpgn";
  write_file(file, formatted(kInput));
  const auto before = std::filesystem::last_write_time(file);
  struct stat st_before {};
  ::stat(file.c_str(), &st_before);
  FmtConfig config;
  config.inputs = {file.string()};
  config.in_place = true;
  EXPECT_EQ(fmt(config).code, 0);
  struct stat st_after {};
  ::stat(file.c_str(), &st_after);
  EXPECT_EQ(st_before.st_ino, st_after.st_ino) << "the file was replaced although nothing changed";
  EXPECT_EQ(std::filesystem::last_write_time(file), before);
}

TEST(FmtInPlace, TemporaryFileCannotBeCreated) {
  test::ScratchDir dir;
  const auto file = dir / "game.bpgn";
  const std::string original = read_file(kInput);
  write_file(file, original);
  // Whatever stands at a temporary file's name is never overwritten: every name is taken here.
  const test::Run r = test::run_shell(
      dir, block_temp_names(file) + "exec " + std::string(BPGN_BINARY) + " fmt --in-place " + file.string());
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find("cannot create a temporary file beside " + file.string()), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("is left as it was"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(file), original);
  EXPECT_EQ(names_in(dir.path()).size(), 103u) << "the blocking folders, the file, stdout.txt, stderr.txt";
}

TEST(FmtInPlace, WriteFailsHalfway) {
  test::ScratchDir dir;
  const auto file = dir / "game.bpgn";
  const std::string original = read_file(kInput);
  ASSERT_GT(formatted(kInput).size(), 2048u) << "the output must exceed the 1 KiB limit below";
  write_file(file, original);
  // bash's ulimit -f counts 1024-byte blocks; the trap makes the limit an EFBIG error, not a signal.
  const test::Run r = test::run_shell(dir, "trap \"\" XFSZ; ulimit -f 1; exec " + std::string(BPGN_BINARY) +
                                               " fmt --in-place " + file.string());
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_NE(r.err.find("cannot write"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(file), original);
  EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{"game.bpgn", "stderr.txt", "stdout.txt"}))
      << "the temporary file was left behind";
}

TEST(FmtInPlace, OtherFilesAreStillFormatted) {
  test::ScratchDir dir;
  const auto blocked = dir / "a.bpgn";
  const auto fine = dir / "b.bpgn";
  write_file(blocked, read_file(kInput));
  write_file(fine, read_file(kInput));
  const test::Run r = test::run_shell(dir, block_temp_names(blocked) + "exec " + std::string(BPGN_BINARY) +
                                               " fmt --in-place " + blocked.string() + " " + fine.string());
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_EQ(read_file(blocked), read_file(kInput));
  EXPECT_EQ(read_file(fine), formatted(kInput));
  // The blocked file is not read at all: its game is not counted.
  EXPECT_NE(r.err.find("bpgn fmt: 1 game read, 1 written: 1 valid, 0 with errors, 0 as found (syntax error); "
                       "0 not written; 2 files: 1 rewritten, 0 already canonical, 1 left as it was (failed)"),
            std::string::npos)
      << r.err;
}

TEST(FmtCheck, ListsTheFilesThatWouldChange) {
  test::ScratchDir dir;
  const auto raw = dir / "raw.bpgn";
  const auto done = dir / "done.bpgn";
  write_file(raw, read_file(kInput));
  write_file(done, formatted(kInput));
  FmtConfig config;
  config.check = true;
  config.inputs = {done.string()};
  test::Run r = fmt(config);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  config.inputs = {raw.string(), done.string()};
  r = fmt(config);
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, raw.string() + "\n");
  EXPECT_EQ(read_file(raw), read_file(kInput)) << "--check must not write";
  // A formatted file that differs only in its last byte would change too.
  write_file(done, formatted(kInput) + "\n");
  config.inputs = {done.string()};
  EXPECT_EQ(fmt(config).code, 1);
}

TEST(FmtCheck, StandardInputAndErrorsInGames) {
  test::ScratchDir dir;
  write_file(dir / "done.bpgn", formatted(kInput));
  const test::Run same =
      test::run_shell(dir, std::string(BPGN_BINARY) + " fmt --check < " + (dir / "done.bpgn").string());
  EXPECT_EQ(same.code, 0) << same.err;
  const test::Run changed = test::run_shell(dir, std::string(BPGN_BINARY) + " fmt --check < " + kInput);
  EXPECT_EQ(changed.code, 1);
  EXPECT_EQ(changed.out, "-\n");
  // An invalid game that is already canonical: --check only speaks of formatting.
  write_file(dir / "error.bpgn", read_file(test::kGolden + "/error.out.bpgn"));
  FmtConfig config;
  config.check = true;
  config.inputs = {(dir / "error.bpgn").string()};
  EXPECT_EQ(fmt(config).code, 0);
}

TEST(FmtOutput, WriteFailureIsExitThree) {
  FmtConfig config;
  config.inputs = {kInput};
  config.output = "/dev/full";
  const test::Run r = fmt(config);
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find("cannot write /dev/full"), std::string::npos) << r.err;
}

TEST(FmtOutput, MissingInputIsExitThree) {
  test::ScratchDir dir;
  FmtConfig config;
  config.inputs = {(dir / "none.bpgn").string()};
  const test::Run r = fmt(config);
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find("cannot read"), std::string::npos) << r.err;
}

TEST(FmtOutput, OutputFileOption) {
  test::ScratchDir dir;
  FmtConfig config;
  config.inputs = {kInput};
  config.output = (dir / "out.bpgn").string();
  const test::Run r = fmt(config);
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(read_file(dir / "out.bpgn"), formatted(kInput));
}

TEST(FmtUsage, BadCombinationsAreExitTwo) {
  test::ScratchDir dir;
  write_file(dir / "g.bpgn", read_file(kInput));
  FmtConfig config;
  config.inputs = {(dir / "g.bpgn").string()};
  config.in_place = true;
  config.check = true;
  EXPECT_EQ(fmt(config).code, 2);
  config.check = false;
  config.output = (dir / "x.bpgn").string();
  EXPECT_EQ(fmt(config).code, 2);
  config.output.clear();
  config.inputs = {"-"};
  EXPECT_EQ(fmt(config).code, 2);
  FmtConfig same;
  same.inputs = {(dir / "g.bpgn").string()};
  same.output = (dir / "g.bpgn").string();
  EXPECT_EQ(fmt(same).code, 2);
  EXPECT_EQ(read_file(dir / "g.bpgn"), read_file(kInput)) << "-o onto the input must not truncate it";
  FmtConfig rules;
  rules.inputs = {kInput};
  rules.rule_options.rules = "nonsense";
  EXPECT_EQ(fmt(rules).code, 2);
  rules.rule_options.rules.clear();
  rules.rule_options.sets = {"drop_mate=maybe"};
  EXPECT_EQ(fmt(rules).code, 2);
  // Through main: an unknown option.
  const test::Run r = test::run_shell(dir, std::string(BPGN_BINARY) + " fmt --no-such-option " + kInput);
  EXPECT_EQ(r.code, 2);
}

TEST(FmtRules, RulesOptionChangesTheVerdict) {
  // Under swedish rules with drop_mate forbidden nothing in this record changes, but a rule that
  // forbids pawn drops on the 7th rank... keep it simple: chess rules reject every drop.
  FmtConfig config;
  config.inputs = {kInput};
  config.rule_options.rules = "chess";
  config.rule_options.sets = {"boards=2"};
  const test::Run r = fmt(config);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("not replayed from here"), std::string::npos);
}

}  // namespace
}  // namespace bpgn
