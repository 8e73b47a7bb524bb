#include "pipeline/input/input_paths.h"

#include "pipeline/run/command_error.h"
#include "pipeline/input/folder_walk.h"
#include "pipeline/input/input_lines.h"
#include "text/visible_text.h"

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

// The paths of a --files-from list (`separator` '\n') or a --files0-from list ('\0'), each stream
// of it (an archive's members in turn) through the bounded line reader. `option` names the list's
// option in messages.
void add_list(const std::string& list_path, char separator, std::string_view option,
              const std::vector<std::string>& patterns, InputList& out) {
  const std::string list_name = std::string(option) + " list " + input_label(list_path);
  if (const std::string why = side_file_refusal(list_path); !why.empty()) {
    throw IoError("cannot read the " + list_name + ": " + why);
  }
  InputStreams list({list_path});
  std::string line;
  std::size_t names = 0;
  for (InputStreams::Step step; (step = list.next()) != InputStreams::Step::End;) {
    if (step == InputStreams::Step::Failure) {
      out.failures.push_back({out.files.size(), list.failure()});
      continue;
    }
    try {
      InputLines lines(list, kListLimits, separator);
      for (InputLines::Got got; (got = lines.next(line)) != InputLines::Got::End;) {
        const auto where = [&] { return input_label(list.file()) + ":" + std::to_string(lines.number()); };
        if (got != InputLines::Got::Line) {
          throw IoError("cannot read the " + list_name + ": " +
                        side_file_limit_message(got, lines.number(), kListLimits,
                                                separator == '\n' ? "line" : "name"));
        }
        if (++names > kMostListNames) {
          throw IoError("cannot read the " + list_name + ": it names more than " + std::to_string(kMostListNames) +
                        " files (the limit)");
        }
        if (separator == '\0') {
          // As GNU du, wc and sort read it: every name as it is, a newline in it too; only an
          // empty name (two NULs, a NUL first) is no name.
          if (line.empty()) {
            throw UsageError(std::string(option) + " " + where() + ": an empty name (two NUL bytes in a row)");
          }
          add_path(line, patterns, out);
          continue;
        }
        if (line.find('\0') != std::string::npos) {
          throw UsageError(std::string(option) + " " + where() +
                           ": a name holds a NUL byte; a list of NUL-separated names (find -print0) is read with "
                           "--files0-from FILE");
        }
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
  if (options.files_from == "-" && options.files0_from == "-") {
    throw UsageError("--files-from - and --files0-from - both name standard input: give one of them");
  }
  if (!options.files_from.empty()) add_list(options.files_from, '\n', "--files-from", patterns, out);
  if (!options.files0_from.empty()) add_list(options.files0_from, '\0', "--files0-from", patterns, out);
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
