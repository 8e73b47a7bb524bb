// The inputs a command line names: files as given, folders searched recursively for records, and
// lists of paths read from a file (`--files-from`). Shared by check and fmt (docs/check.md, *Inputs*).
#pragma once

#include <cstddef>
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
  bool allow_empty = false;  // --allow-empty: a run that reads no game at all is no failure
};

// The names a folder's files are taken by when no --include is given: records, compressed
// records and archives (which are read by content, whatever their name, when named directly).
inline const std::vector<std::string> kDefaultRecordPatterns = {
    "*.[bB][pP][gG][nN]",      "*.[pP][gG][nN]",      "*.[bB][pP][gG][nN].gz", "*.[pP][gG][nN].gz",
    "*.[bB][pP][gG][nN].bz2",  "*.[pP][gG][nN].bz2",  "*.[bB][pP][gG][nN].xz", "*.[pP][gG][nN].xz",
    "*.[bB][pP][gG][nN].zst",  "*.[pP][gG][nN].zst",  "*.[bB][pP][gG][nN].lz4", "*.[pP][gG][nN].lz4",
    "*.zip", "*.ZIP", "*.tar", "*.tar.gz", "*.tgz", "*.tar.bz2", "*.tar.xz", "*.tar.zst", "*.7z"};

// Adds --include, --files-from and --allow-empty to a subcommand.
void add_input_options(CLI::App& cmd, InputOptions& options);

// Adds --allow-empty alone (convert, which takes no folders of records).
void add_allow_empty_option(CLI::App& cmd, bool& allow_empty);

// A run that read no game at all (empty files, empty folders, nothing on standard input) is a
// failure, exit 1, unless --allow-empty (docs/check.md, *Exit codes*): true after saying
// "bpgn COMMAND: no games read" on `err`.
bool fails_for_no_games(std::string_view command, std::size_t games_read, bool allow_empty, std::ostream& err);

struct InputList {
  // The inputs, folders expanded; a folder that could not be opened or read is among them in its
  // place, so that opening it fails as it did and the command reports it like an unreadable file.
  std::vector<std::string> files;
  std::vector<std::string> errors;  // lists (--files-from) that could not be read
  std::vector<std::string> notes;   // folders that hold no file to read
};

// The files to read, in order: each argument as given ('-' stays standard input), a folder's
// matching files in path order (recursively, symbolic links to folders not followed), then the
// paths of --files-from (blank lines skipped; a path there may be a folder too). A name that does
// not exist is kept, so that reading it says so.
InputList expand_inputs(const std::vector<std::string>& args, const InputOptions& options);

struct FolderFiles {
  std::size_t files = 0;   // regular files appended
  std::size_t unread = 0;  // folders (or names) appended because they could not be opened or read
};

// Appends to `files` the regular files in `folder` whose names match `patterns` (none: every
// file), in path order; with `recursive`, those in its subfolders too. Symbolic links to files
// count as files, links to folders are not followed. A folder that cannot be opened or read
// (no permission, a path longer than PATH_MAX, an I/O error) is appended in its place instead of
// its files. The walk holds one folder open at a time, and in memory the names of the folders
// on the current path.
FolderFiles folder_files(const std::string& folder, const std::vector<std::string>& patterns, bool recursive,
                         std::vector<std::string>& files);

// Why `folder`, listed among the files by folder_files, cannot be read: the errno of opening it
// (EISDIR when it opens now), for commands that open their inputs by other means than InputFile.
int folder_failure(const std::string& folder);

// A command that reads standard input while it is a terminal says so on `err` (it would seem to hang
// otherwise): "bpgn check: reading records from standard input; end with Ctrl-D, or name FILEs".
void say_if_reading_a_terminal(std::string_view command, std::ostream& err);

}  // namespace bpgn
