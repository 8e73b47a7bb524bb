// However a run ends, no temporary file stays and no output is half committed: SIGINT and SIGTERM
// during a real run (its input a pipe that is still open, so the run is surely going) remove the
// temporary files and end the process with that signal; a file-size limit (ulimit -f) is an
// ordinary write failure, exit 3 with a message, not a death by SIGXFSZ (issue 22).
#include "cli/fmt_test_support.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace bpgn {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::write_file;
using test::kFifteen;
using test::names_in;



bool has_temporary_file(const fs::path& folder, const std::string& name) {
  for (const auto& e : fs::directory_iterator(folder)) {
    const std::string n = e.path().filename().string();
    if (n.starts_with("." + name + ".bpgn-") && n.ends_with(".tmp") && e.file_size() > 0) return true;
  }
  return false;
}

// `bpgn check --jobs 2 --valid-out X -o R.json -` in `folder`, fed `games` through a pipe that
// stays open; once X's temporary file holds games, `signal_number` is sent. Returns the wait status.
int signal_a_running_check(const fs::path& folder, const std::string& games, int signal_number) {
  const std::string x = (folder / "X").string(), r = (folder / "R.json").string(), err = (folder / "err.txt").string();
  std::vector<std::string> args = {BPGN_BINARY, "check", "--jobs", "2", "--format", "json", "--valid-out", x, "-o", r, "-"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int fds[2];
  if (::pipe(fds) != 0) return -1;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(fds[0], 0);
    ::close(fds[0]);
    ::close(fds[1]);
    const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(e, 1);
    ::dup2(e, 2);
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
    ::signal(SIGPIPE, SIG_DFL);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(fds[0]);
  const auto old_pipe = ::signal(SIGPIPE, SIG_IGN);  // should the child be gone, a write fails instead
  for (std::size_t at = 0; at < games.size();) {
    const ssize_t n = ::write(fds[1], games.data() + at, games.size() - at);
    if (n <= 0) break;
    at += std::size_t(n);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!has_temporary_file(folder, "X") && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(has_temporary_file(folder, "X")) << "the run wrote nothing yet";
  EXPECT_TRUE(has_temporary_file(folder, "R.json"));
  ::kill(pid, signal_number);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ::close(fds[1]);
  ::signal(SIGPIPE, old_pipe);
  return status;
}

TEST(OutputSignals, SigintAndSigtermLeaveNoTemporaryFile) {
  std::string games;
  const std::string fifteen = read_file(kFifteen);
  for (int i = 0; i < 200; ++i) games += fifteen + "\n";  // 2 MB: more than one piece of every thread
  for (const int signal_number : {SIGINT, SIGTERM}) {
    test::ScratchDir dir;
    write_file(dir / "R.json", "the old report\n");
    const int status = signal_a_running_check(dir.path(), games, signal_number);
    ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status << ": " << read_file(dir / "err.txt");
    EXPECT_EQ(WTERMSIG(status), signal_number);
    // The old report whole, no X, no temporary file.
    EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{"R.json", "err.txt"})) << signal_number;
    EXPECT_EQ(read_file(dir / "R.json"), "the old report\n");
  }
}

TEST(OutputSignals, AFileSizeLimitIsAWriteFailureNotADeath) {
  test::ScratchDir dir;
  const fs::path work = dir / "work";
  fs::create_directories(work);
  {
    std::string games;
    const std::string fifteen = read_file(kFifteen);
    for (int i = 0; i < 100; ++i) games += fifteen + "\n";  // 1 MB, past the 100 KiB limit
    write_file(work / "big.bpgn", games);
  }
  write_file(work / "R.json", "the old report\n");
  const std::string bin = BPGN_BINARY;
  // No `trap "" XFSZ`: the program itself keeps the signal from ending it.
  const test::Run r = test::run_shell(
      dir, "cd " + work.string() + " && ulimit -f 100 && exec " + bin +
               " check --jobs 2 --format json --valid-out X -o R.json --summary-json S.json big.bpgn");
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_NE(r.err.find("bpgn check: cannot write X: File too large\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("bpgn check: cannot write R.json: File too large; R.json is left as it was\n"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("bpgn check: outputs not written: R.json, X, S.json (each left as it was)\n"), std::string::npos)
      << r.err;
  EXPECT_EQ(names_in(work), (std::vector<std::string>{"R.json", "big.bpgn"}));
  EXPECT_EQ(read_file(work / "R.json"), "the old report\n");
  // Standard output past the limit: the same, in words.
  const test::Run out = test::run_shell(dir, "ulimit -f 100 && exec " + bin + " fmt " + (work / "big.bpgn").string() +
                                                 " > " + (work / "out.bpgn").string());
  EXPECT_EQ(out.code, 3) << out.err;
  EXPECT_NE(out.err.find("bpgn fmt: cannot write standard output"), std::string::npos) << out.err;
}

}  // namespace
}  // namespace bpgn
