#include "pipeline/input_paths.h"

#include "pipeline/folder_walk.h"
#include "pipeline/input_lines.h"
#include "record/visible_text.h"

#include <filesystem>
#include <system_error>

namespace bpgn {
namespace {

namespace fs = std::filesystem;

std::string joined(const std::vector<std::string>& patterns) {
  std::string out;
  for (const std::string& p : patterns) out += (out.empty() ? "" : ", ") + p;
  return out;
}

bool is_folder(const std::string& path) {
  std::error_code ec;
  return path != "-" && fs::is_directory(path, ec);
}

void add_path(const std::string& path, const std::vector<std::string>& patterns, InputList& list) {
  if (!is_folder(path)) {
    list.files.push_back(path);
    return;
  }
  const FolderFiles found = folder_files(path, patterns, true, list.files);
  if (found.files == 0 && found.unread == 0) {
    const std::string named = &patterns == &kDefaultRecordPatterns
                                  ? std::string("*.bpgn, *.pgn (plain, compressed or in an archive)")
                                  : joined(patterns);
    list.notes.push_back(shown_path(path) + ": no file named " + named + " in this folder");
  }
}

// The paths of a --files-from list, each stream of it (an archive's members in turn) line by line.
void add_list(const std::string& list_path, const std::vector<std::string>& patterns, InputList& out) {
  InputStreams list({list_path});
  std::string line;
  for (InputStreams::Step step; (step = list.next()) != InputStreams::Step::End;) {
    if (step == InputStreams::Step::Failure) {
      out.failures.push_back({out.files.size(), list.failure()});
      continue;
    }
    try {
      InputLines lines(list);
      while (lines.next(line) == InputLines::Got::Line) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        add_path(line, patterns, out);
      }
    } catch (const std::system_error& e) {
      out.failures.push_back({out.files.size(), list.fail(e)});
    }
  }
}

}  // namespace

InputList expand_inputs(const std::vector<std::string>& args, const InputOptions& options) {
  const std::vector<std::string>& patterns = options.include.empty() ? kDefaultRecordPatterns : options.include;
  InputList out;
  for (const std::string& a : args) add_path(a, patterns, out);
  if (!options.files_from.empty()) add_list(options.files_from, patterns, out);
  return out;
}

std::vector<std::string> files_and_folder_files(const std::vector<std::string>& args) {
  std::vector<std::string> files;
  for (const std::string& a : args) {
    if (is_folder(a)) {
      folder_files(a, {}, false, files);
    } else {
      files.push_back(a);
    }
  }
  return files;
}

}  // namespace bpgn
