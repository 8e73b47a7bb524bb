// The cost of starting bpgn: the CPU time (user + system) of one `bpgn --version` and of one
// one-game `bpgn check` (with its default jobs, and with --jobs 1), beside `/bin/true` run the same way in the same process, so that the
// figures can be read as ratios on a busy machine.
//
//   bpgn_startup_bench [--runs N] [--bpgn PATH] [--game FILE]
//
// Each command is started N times (default 300) with posix_spawn, its output to /dev/null, and its
// CPU time read from wait4's rusage; the commands take turns (true, --version, check, true, ...)
// so that a busy spell of the machine falls on all of them alike. Prints, per command, the median
// and the mean CPU time per run, the median wall time, and the median CPU as a multiple of
// /bin/true's; exits 1 when a run fails (the check must find its game valid: exit 0).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace {

struct Command {
  std::string label;
  std::vector<std::string> argv;
  std::vector<double> cpu_ms;   // user + system of each run
  std::vector<double> wall_ms;  // spawn to reaped
};

double ms(const timeval& t) { return double(t.tv_sec) * 1e3 + double(t.tv_usec) / 1e3; }

// Runs `c` once and records its times; false when it could not be started or did not exit 0.
bool run_once(Command& c, int null_fd) {
  std::vector<char*> argv;
  for (std::string& a : c.argv) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, null_fd, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, null_fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, null_fd, STDERR_FILENO);
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  const int err = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) {
    std::fprintf(stderr, "cannot start %s: %s\n", argv[0], std::strerror(err));
    return false;
  }
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) return false;
  const auto end = std::chrono::steady_clock::now();
  c.wall_ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());
  c.cpu_ms.push_back(ms(usage.ru_utime) + ms(usage.ru_stime));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "%s: exit status %d\n", c.label.c_str(), WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    return false;
  }
  return true;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double mean(const std::vector<double>& v) { return std::accumulate(v.begin(), v.end(), 0.0) / double(v.size()); }

[[noreturn]] void usage() {
  std::fprintf(stderr, "usage: bpgn_startup_bench [--runs N] [--bpgn PATH] [--game FILE]\n");
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 300;
  std::string bpgn = BPGN_BINARY;
  std::string game = BPGN_CORPUS_DIR "/fics/1283326.bpgn";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) usage();
    if (a == "--runs") {
      runs = std::atoi(argv[++i]);
    } else if (a == "--bpgn") {
      bpgn = argv[++i];
    } else if (a == "--game") {
      game = argv[++i];
    } else {
      usage();
    }
  }
  if (runs < 1) usage();
  const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null_fd < 0) {
    std::perror("/dev/null");
    return 2;
  }
  std::vector<Command> commands = {
      {"/bin/true", {"/bin/true"}, {}, {}},
      {"bpgn --version", {bpgn, "--version"}, {}, {}},
      {"bpgn check (one game)", {bpgn, "check", game}, {}, {}},
      // The same without the worker threads a check starts by default.
      {"bpgn check --jobs 1", {bpgn, "check", "--jobs", "1", game}, {}, {}},
  };
  for (int r = 0; r < runs; ++r) {
    for (Command& c : commands) {
      if (!run_once(c, null_fd)) return 1;
    }
  }
  const double base = median(commands[0].cpu_ms);
  std::printf("%s\n%d runs of each, in turn; CPU = user + system of the child (wait4)\n", bpgn.c_str(), runs);
  std::printf("%-24s %12s %12s %12s %14s\n", "command", "median CPU", "mean CPU", "median wall", "CPU / true");
  for (const Command& c : commands) {
    std::printf("%-24s %9.3f ms %9.3f ms %9.3f ms %13.2fx\n", c.label.c_str(), median(c.cpu_ms), mean(c.cpu_ms),
                median(c.wall_ms), base > 0 ? median(c.cpu_ms) / base : 0.0);
  }
  return 0;
}
