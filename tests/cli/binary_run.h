// Runs the built binary (BPGN_BINARY) through the shell, as scripts drive it, and collects its
// exit code, standard output and standard error.
#pragma once

#include "replay/check_test_util.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace bpgn::check_test {

struct BinaryRun {
  int exit_code = -1;
  std::string out, err;
};

// A path under the temporary folder, unique to this process (tests run as parallel processes).
inline std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("bpgn_test_" + std::to_string(::getpid()) + "_" + name)).string();
}

// `s` in single quotes, for a shell command line (the tests' paths hold no quote). Not named
// `quoted`: with a std::string argument, argument-dependent lookup would also find std::quoted.
inline std::string shell_quoted(const std::string& s) { return "'" + s + "'"; }

// Writes `text` to temp_path(name) and returns that path.
inline std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// A whole shell command line (`command`, run by /bin/sh as written), its standard output and
// error caught. `input`, when given, is a redirection appended after them (" <'FILE'").
inline BinaryRun run_shell(const std::string& command, const std::string& input = "") {
  const std::string out = temp_path("run.out"), err = temp_path("run.err");
  const int status = std::system((command + " >'" + out + "' 2>'" + err + "'" + input).c_str());
  BinaryRun r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_file(out);
  r.err = read_file(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

// `args` are appended as written (quote paths yourself); `stdin_file`, when given, is the input.
inline BinaryRun run_binary(const std::string& args, const std::string& stdin_file = "") {
  return run_shell(std::string("'") + BPGN_BINARY + "' " + args, stdin_file.empty() ? "" : " <'" + stdin_file + "'");
}

}  // namespace bpgn::check_test
