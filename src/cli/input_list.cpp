#include "cli/input_list.h"

#include <unistd.h>

#include <CLI/CLI.hpp>

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>

namespace bpgn {
namespace {

namespace fs = std::filesystem;

bool matches(const std::string& name, const std::vector<std::string>& patterns) {
  return std::any_of(patterns.begin(), patterns.end(),
                     [&](const std::string& p) { return ::fnmatch(p.c_str(), name.c_str(), 0) == 0; });
}

std::string joined(const std::vector<std::string>& patterns) {
  std::string out;
  for (const std::string& p : patterns) out += (out.empty() ? "" : ", ") + p;
  return out;
}

void add_path(const std::string& path, const std::vector<std::string>& patterns, InputList& list) {
  std::error_code ec;
  if (path == "-" || !fs::is_directory(path, ec)) {
    list.files.push_back(path);
    return;
  }
  std::vector<std::string> found;
  fs::recursive_directory_iterator it(path, fs::directory_options::none, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    std::error_code file_ec;
    if (!it->is_regular_file(file_ec)) continue;
    if (matches(it->path().filename().string(), patterns)) found.push_back(it->path().string());
  }
  if (ec) {
    list.errors.push_back("cannot read folder " + path + ": " + ec.message());
    return;
  }
  if (found.empty()) {
    const std::string named = &patterns == &kDefaultRecordPatterns
                                  ? std::string("*.bpgn, *.pgn (plain, compressed or in an archive)")
                                  : joined(patterns);
    list.notes.push_back(path + ": no file named " + named + " in this folder");
  }
  std::sort(found.begin(), found.end());
  list.files.insert(list.files.end(), found.begin(), found.end());
}

}  // namespace

void add_input_options(CLI::App& cmd, InputOptions& options) {
  cmd.add_option("--include", options.include,
                 "In folders, read the files whose name matches PATTERN (shell style, repeatable; "
                 "default: *.bpgn and *.pgn)")
      ->take_all()
      ->allow_extra_args(false);
  cmd.add_option("--files-from", options.files_from, "Also read the files listed in FILE, one per line ('-': standard input)");
}

InputList expand_inputs(const std::vector<std::string>& args, const InputOptions& options) {
  const std::vector<std::string>& patterns = options.include.empty() ? kDefaultRecordPatterns : options.include;
  InputList out;
  for (const std::string& a : args) add_path(a, patterns, out);
  if (!options.files_from.empty()) {
    std::ifstream file;
    std::istream* in = &std::cin;
    if (options.files_from != "-") {
      file.open(options.files_from);
      if (!file) {
        out.errors.push_back("cannot read the list " + options.files_from);
        return out;
      }
      in = &file;
    }
    std::string line;
    while (std::getline(*in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) continue;
      add_path(line, patterns, out);
    }
  }
  return out;
}

void say_if_reading_a_terminal(std::string_view command, std::ostream& err) {
  if (!::isatty(STDIN_FILENO)) return;
  err << "bpgn " << command << ": reading records from standard input (a terminal); end with Ctrl-D, or name FILEs"
      << std::endl;
}

}  // namespace bpgn
