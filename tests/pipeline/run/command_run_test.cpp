// The one command run (pipeline/run/command_run.h) with a made-up command: its steps in their
// order, and what each way of ending does to the outputs and the exit code.
#include "pipeline/run/command_run.h"

#include "pipeline/run/command_error.h"
#include "pipeline/run/exit_codes.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace bpgn {
namespace {

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// A command whose games are the lines of its inputs: each is copied to -o. Every step notes its
// name in `steps`; the knobs make a step end the run.
struct MadeUpSteps : CommandSteps {
  std::string output_path;
  std::vector<std::string> steps;
  bool hold_ok = true, whole = true, open_ok = true;
  std::optional<int> stream_exit;
  RunOutput* output = nullptr;

  void prepare(const RunFiles& files, std::ostream&) override {
    steps.push_back("prepare " + std::to_string(files.files.size()));
  }
  bool open(OutputGroup& outputs, std::ostream& err) override {
    steps.push_back("open");
    if (!open_ok) return false;
    output = outputs.open(output_path, err);
    return output != nullptr;
  }
  StreamResult stream(InputStreams& inputs, std::ostream&) override {
    steps.push_back("stream");
    StreamResult run;
    for (InputStreams::Step step; (step = inputs.next()) != InputStreams::Step::End;) {
      if (step == InputStreams::Step::Failure) {
        run.inputs_ok = false;
        continue;
      }
      std::string text;
      char buffer[64];
      for (std::size_t n; (n = inputs.read(buffer, sizeof buffer)) > 0;) text.append(buffer, n);
      std::istringstream lines(text);
      for (std::string line; std::getline(lines, line);) {
        output->stream() << line << '\n';
        ++run.games_read;
      }
    }
    run.run_whole = whole;
    run.exit = stream_exit;
    return run;
  }
  bool hold(std::ostream&) override {
    steps.push_back("hold");
    return hold_ok;
  }
  std::optional<int> before_commit(OutputGroup&, const StreamResult& run, std::ostream&) override {
    steps.push_back("before_commit " + std::to_string(run.games_read));
    return {};
  }
  std::optional<int> after_commit(bool committed, const StreamResult&, std::ostream&) override {
    steps.push_back(committed ? "after_commit committed" : "after_commit not committed");
    return {};
  }
  int exit_code(const StreamResult&) const override { return 7; }  // the command's own code
};

struct CommandRunTest : ::testing::Test {
  test::ScratchDir dir;
  std::string input = (dir / "games.txt").string();
  std::string output = (dir / "out.txt").string();
  CommandPlan plan;
  MadeUpSteps steps;
  std::ostringstream out, err;

  void SetUp() override {
    write_file(input, "game one\ngame two\n");
    write_file(output, "as it was\n");
    plan.command = "madeup";
    plan.names = {input};
    plan.claims = {CommandPlan::output(output, "-o")};
    steps.output_path = output;
  }
  int run() { return run_command(plan, steps, out, err); }
};

TEST_F(CommandRunTest, GoesThroughEveryStepInOrderAndCommitsTheOutput) {
  EXPECT_EQ(run(), 7);
  EXPECT_EQ(steps.steps, (std::vector<std::string>{"prepare 1", "open", "stream", "hold", "before_commit 2",
                                                   "after_commit committed"}));
  EXPECT_EQ(read_file(output), "game one\ngame two\n");
  EXPECT_EQ(err.str(), "");
}

TEST_F(CommandRunTest, AnOutputOntoAnInputIsRefusedBeforeAnyStep) {
  plan.claims = {CommandPlan::output(input, "-o")};
  try {
    run();
    FAIL() << "no UsageError";
  } catch (const UsageError& e) {
    EXPECT_EQ(e.exit_code, kExitUsage);
  }
  EXPECT_TRUE(steps.steps.empty());
  EXPECT_EQ(read_file(input), "game one\ngame two\n");
}

TEST_F(CommandRunTest, AnOutputThatNeedsAFileRefusesStandardOutput) {
  plan.claims = {CommandPlan::file_output("-", "--valid-out")};
  try {
    run();
    FAIL() << "no UsageError";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "madeup: --valid-out needs a file name");
  }
  EXPECT_TRUE(steps.steps.empty());
}

TEST_F(CommandRunTest, AnInputThatFailsIsExit3AfterTheOthersAreWritten) {
  plan.names = {(dir / "missing.txt").string(), input};
  EXPECT_EQ(run(), kExitIo);
  EXPECT_EQ(steps.steps.back(), "after_commit committed");
  EXPECT_EQ(read_file(output), "game one\ngame two\n");
}

TEST_F(CommandRunTest, AStreamThatEndsTheRunCommitsNothing) {
  steps.stream_exit = kExitIo;
  EXPECT_EQ(run(), kExitIo);
  EXPECT_EQ(steps.steps, (std::vector<std::string>{"prepare 1", "open", "stream"}));
  EXPECT_EQ(read_file(output), "as it was\n");
}

TEST_F(CommandRunTest, ADecisionThatHoldsToNoGameIsExit2AndCommitsNothing) {
  steps.hold_ok = false;
  EXPECT_EQ(run(), kExitUsage);
  EXPECT_EQ(steps.steps.back(), "hold");
  EXPECT_EQ(read_file(output), "as it was\n");
}

TEST_F(CommandRunTest, AGameNotWrittenWholeCommitsNothingAndIsExit3) {
  steps.whole = false;
  EXPECT_EQ(run(), kExitIo);
  EXPECT_EQ(steps.steps.back(), "after_commit not committed");
  EXPECT_EQ(read_file(output), "as it was\n");
}

TEST_F(CommandRunTest, AnOutputThatCannotBeOpenedIsExit3BeforeAnyGame) {
  steps.open_ok = false;
  EXPECT_EQ(run(), kExitIo);
  EXPECT_EQ(steps.steps, (std::vector<std::string>{"prepare 1", "open"}));
}

TEST_F(CommandRunTest, NoGamesReadIsExit1UnlessAllowEmpty) {
  write_file(input, "");
  EXPECT_EQ(run(), kExitInvalid);
  EXPECT_EQ(err.str(), "bpgn madeup: no games read (--allow-empty accepts that)\n");
  EXPECT_EQ(read_file(output), "");  // the outputs are committed before the gate

  MadeUpSteps again;
  again.output_path = output;
  std::ostringstream err2;
  plan.inputs.allow_empty = true;
  EXPECT_EQ(run_command(plan, again, out, err2), 7);
  EXPECT_EQ(err2.str(), "");
}

TEST_F(CommandRunTest, NoGamesReadIsNoFailureForACommandThatCountsNone) {
  write_file(input, "");
  plan.counts_games = false;
  EXPECT_EQ(run(), 7);
  EXPECT_EQ(err.str(), "");
}

TEST_F(CommandRunTest, FoldersAreExpandedIntoTheirRecordFiles) {
  std::filesystem::create_directory(dir / "folder");
  write_file(dir / "folder" / "a.bpgn", "game a\n");
  write_file(dir / "folder" / "b.txt", "not a record file\n");
  plan.names = {(dir / "folder").string()};
  EXPECT_EQ(run(), 7);
  EXPECT_EQ(steps.steps.front(), "prepare 1");
  EXPECT_EQ(read_file(output), "game a\n");
}

}  // namespace
}  // namespace bpgn
