// Runs `bpgn ARGS` inside the test's own process (the command line of src/cli/command_line.h, with
// std::cout and std::cerr caught): the same exit code and output as the binary, without starting
// a process. For tests that run the command hundreds of times (under the sanitizers a start of
// the binary costs more than checking a small file); they give file arguments, never standard input.
#pragma once

#include "cli/binary_run.h"
#include "cli/command_line.h"

#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace bpgn::check_test {

// Splits `args` as the shell does for the tests' command lines: words separated by spaces, a
// word or part of one in single quotes taken as written. Anything else the shell would read
// (double quotes, backslashes, redirections, variables) is refused: such a test runs the binary.
inline std::vector<std::string> split_words(const std::string& args) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false, quoted = false;
  for (const char c : args) {
    if (quoted) {
      if (c == '\'') quoted = false;
      else word += c;
    } else if (c == '\'') {
      quoted = in_word = true;
    } else if (c == ' ') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else if (std::string_view("\"\\<>|&;$`*?~(){}").find(c) != std::string_view::npos) {
      throw std::invalid_argument("run_in_process: a shell character in: " + args);
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quoted) throw std::invalid_argument("run_in_process: an unclosed quote in: " + args);
  if (in_word) words.push_back(word);
  return words;
}

inline BinaryRun run_in_process(const std::string& args) {
  std::vector<std::string> words = split_words(args);
  words.insert(words.begin(), "bpgn");
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  std::ostringstream out, err;
  std::streambuf* const old_out = std::cout.rdbuf(out.rdbuf());
  std::streambuf* const old_err = std::cerr.rdbuf(err.rdbuf());
  BinaryRun r;
  try {
    r.exit_code = run_command_line(static_cast<int>(words.size()), argv.data());
  } catch (...) {
    std::cout.rdbuf(old_out);
    std::cerr.rdbuf(old_err);
    throw;
  }
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace bpgn::check_test
