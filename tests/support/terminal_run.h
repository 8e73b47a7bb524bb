// Runs the built binary (BPGN_BINARY) on a pseudo-terminal of its own, as a person at a terminal
// runs it: standard input, output and error are the terminal. What it writes is collected; text can
// be typed once a prompt appears; a run that outlives its limit is killed and says so, so a test
// never waits for ever on a program that waits for input.
#pragma once

#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <string>
#include <vector>

extern char** environ;

namespace bpgn::test {

struct TerminalRun {
  int exit_code = -1;      // -1: ended by a signal, or killed at the limit
  bool timed_out = false;  // killed at the limit
  std::string text;        // everything written to the terminal (newlines as the terminal sends them: \r\n)
};

struct TerminalInput {
  std::string after;  // typed once this text has appeared ("" : at once)
  std::string keys;   // e.g. "\x04" (Ctrl-D: end of input); "" : nothing typed
};

inline TerminalRun run_on_terminal(const std::vector<std::string>& args, const std::vector<std::string>& extra_env = {},
                                   const TerminalInput& input = {},
                                   std::chrono::milliseconds limit = std::chrono::seconds(60)) {
  // Everything the child needs is made before the fork: after it, only async-signal-safe calls.
  std::vector<std::string> argv_text{BPGN_BINARY};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_text(extra_env);
  for (char** e = environ; *e != nullptr; ++e) env_text.emplace_back(*e);
  std::vector<char*> envp;
  for (std::string& e : env_text) envp.push_back(e.data());
  envp.push_back(nullptr);

  TerminalRun run;
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
  if (pid < 0) {
    run.text = "forkpty failed";
    return run;
  }
  if (pid == 0) {
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + limit;
  bool typed = input.keys.empty();
  bool open = true;  // the terminal has a reader on the other side
  int status = 0;
  bool ended = false;
  while (!ended) {
    if (open) {
      pollfd p{master, POLLIN, 0};
      if (::poll(&p, 1, 20) > 0) {
        char buffer[4096];
        const ssize_t n = ::read(master, buffer, sizeof buffer);
        if (n > 0) {
          run.text.append(buffer, std::size_t(n));
        } else if (n == 0 || errno != EINTR) {
          open = false;  // EIO: every copy of the terminal's other side is closed
        }
      }
    } else {
      ::usleep(20'000);
    }
    if (!typed && run.text.find(input.after) != std::string::npos) {
      typed = ::write(master, input.keys.data(), input.keys.size()) == ssize_t(input.keys.size());
    }
    ended = ::waitpid(pid, &status, WNOHANG) == pid;
    if (!ended && std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      run.timed_out = true;
      ended = true;
    }
  }
  // What was written just before the end.
  for (pollfd p{master, POLLIN, 0}; open && ::poll(&p, 1, 50) > 0;) {
    char buffer[4096];
    const ssize_t n = ::read(master, buffer, sizeof buffer);
    if (n <= 0) break;
    run.text.append(buffer, std::size_t(n));
  }
  ::close(master);
  if (!run.timed_out && WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  return run;
}

}  // namespace bpgn::test
