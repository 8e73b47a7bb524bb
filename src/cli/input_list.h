// The inputs a command line names: files as given, folders searched recursively for records, and
// lists of paths read from a file (`--files-from`). Shared by check and fmt (docs/check.md, *Inputs*).
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace bpgn {

struct InputOptions {
  // File-name patterns (shell style: `*.bpgn`, `2019-??.pgn`) a file found in a folder must match;
  // none: kDefaultRecordPatterns. Files named on the command line are read whatever their name.
  std::vector<std::string> include;
  std::string files_from;  // a file with one path per line ('-': standard input); empty: none
};

// The names a folder's files are taken by when no --include is given: records, compressed
// records and archives (which are read by content, whatever their name, when named directly).
inline const std::vector<std::string> kDefaultRecordPatterns = {
    "*.[bB][pP][gG][nN]",      "*.[pP][gG][nN]",      "*.[bB][pP][gG][nN].gz", "*.[pP][gG][nN].gz",
    "*.[bB][pP][gG][nN].bz2",  "*.[pP][gG][nN].bz2",  "*.[bB][pP][gG][nN].xz", "*.[pP][gG][nN].xz",
    "*.[bB][pP][gG][nN].zst",  "*.[pP][gG][nN].zst",  "*.[bB][pP][gG][nN].lz4", "*.[pP][gG][nN].lz4",
    "*.zip", "*.ZIP", "*.tar", "*.tar.gz", "*.tgz", "*.tar.bz2", "*.tar.xz", "*.tar.zst", "*.7z"};

// Adds --include and --files-from to a subcommand.
void add_input_options(CLI::App& cmd, InputOptions& options);

struct InputList {
  std::vector<std::string> files;
  std::vector<std::string> errors;  // folders or lists that could not be read
  std::vector<std::string> notes;   // folders that hold no file to read
};

// The files to read, in order: each argument as given ('-' stays standard input), a folder's
// matching files in path order (recursively, symbolic links to folders not followed), then the
// paths of --files-from (blank lines skipped; a path there may be a folder too). A name that does
// not exist is kept, so that reading it says so.
InputList expand_inputs(const std::vector<std::string>& args, const InputOptions& options);

// A command that reads standard input while it is a terminal says so on `err` (it would seem to hang
// otherwise): "bpgn check: reading records from standard input; end with Ctrl-D, or name FILEs".
void say_if_reading_a_terminal(std::string_view command, std::ostream& err);

}  // namespace bpgn
