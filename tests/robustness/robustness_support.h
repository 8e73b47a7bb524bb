// Helpers of the robustness tests: the built program run as a child (exit code, peak memory),
// scratch files, and counting what comes out (games read back, JSON lines and their indices).
#pragma once

#include "record/reader.h"
#include "support/sanitizer.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace bpgn::robustness {

// Sanitizer builds keep freed memory in quarantine: their peak RSS says nothing about bounds.
inline constexpr bool kSanitized = test::kUnderSanitizer;

inline const std::string kCorpus = BPGN_CORPUS_DIR;

using Scratch = test::ScratchDir;

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  ASSERT_TRUE(out) << "cannot write " << path;
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct ChildRun {
  int code = -1;            // exit code; -1 when killed by a signal
  int signal = 0;           // the signal that ended it, if any
  long peak_rss_kb = 0;     // the child's own peak resident set (wait4's rusage)
};

// A resource limit set in the child before the program starts.
struct ChildLimit {
  int resource;
  rlim_t value;
};

// Starts the built program (BPGN_BINARY) with `args`, standard output to `stdout_path`, standard
// error to `stderr_path` (both files), standard input from /dev/null; in the child first the
// `limits` (exit 125 when one cannot be set) and, when given, `dir` as the working folder. The
// child's pid, or -1 when fork failed.
inline pid_t start_bpgn(const std::vector<std::string>& args, const std::string& stdout_path,
                        const std::string& stderr_path, const std::vector<ChildLimit>& limits = {},
                        const std::string& dir = {}) {
  std::vector<std::string> argv_strings{BPGN_BINARY};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (!dir.empty() && ::chdir(dir.c_str()) != 0) ::_exit(126);
    for (const ChildLimit& l : limits) {
      const struct rlimit r{l.value, l.value};
      if (::setrlimit(l.resource, &r) != 0) ::_exit(125);
    }
    const int in = ::open("/dev/null", O_RDONLY);
    const int out = ::open(stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) ::_exit(126);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  return pid;
}

// Runs the built program as start_bpgn starts it and waits for it.
inline ChildRun run_bpgn(const std::vector<std::string>& args, const std::string& stdout_path,
                         const std::string& stderr_path, const std::vector<ChildLimit>& limits = {}) {
  const pid_t pid = start_bpgn(args, stdout_path, stderr_path, limits);
  ChildRun run;
  if (pid < 0) {
    ADD_FAILURE() << "fork failed";
    return run;
  }
  int status = 0;
  struct rusage usage {};
  if (::wait4(pid, &status, 0, &usage) != pid) {
    ADD_FAILURE() << "wait4 failed";
    return run;
  }
  if (WIFEXITED(status)) run.code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  run.peak_rss_kb = usage.ru_maxrss;
  return run;
}

// Games the reader finds in a file.
inline std::size_t games_in_file(const std::string& path) {
  Reader reader(path);
  Game game;
  std::size_t n = 0;
  while (reader.next(game)) ++n;
  return n;
}

inline std::size_t games_in_text(std::string_view text) {
  Reader reader("text", text);
  Game game;
  std::size_t n = 0;
  while (reader.next(game)) ++n;
  return n;
}

// One JSON-lines report (check --format jsonl, convert --to json), read without a JSON parser
// (they are large): every line starts with `{"index":N,`, and the status is the first `"status":`.
struct JsonLines {
  std::size_t lines = 0;
  bool indices_in_order = true;  // 1, 2, 3, ...
  std::vector<std::string> statuses;
};

inline JsonLines read_json_lines(const std::string& path, bool keep_statuses) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot read " << path;
  JsonLines r;
  std::string line;
  while (std::getline(in, line)) {
    ++r.lines;
    const std::string expected = "{\"index\":" + std::to_string(r.lines) + ",";
    if (line.compare(0, expected.size(), expected) != 0) r.indices_in_order = false;
    if (keep_statuses) {
      const std::string key = "\"status\":\"";
      const std::size_t at = line.find(key);
      const std::size_t end = at == std::string::npos ? at : line.find('"', at + key.size());
      r.statuses.push_back(end == std::string::npos ? "" : line.substr(at + key.size(), end - at - key.size()));
    }
  }
  return r;
}

}  // namespace bpgn::robustness
