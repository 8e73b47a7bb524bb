// The one way an output is committed (docs/architecture.md, *Output files*): its bytes go to a
// temporary entry beside it, named by one scheme and remembered by the one signal-time clean-up
// (io/commit/temp_files.h), renamed over the target when whole, removed on any other end. Files
// (AtomicFile, OutputGroup), folders (AtomicFolder) and SQLite archives (db::SqliteWriter) are
// made through it; an appended file (AppendFile) that the run made is remembered the same way.
#pragma once

#include <functional>
#include <string>

namespace bpgn {

// The one temporary-name scheme: the `n`th candidate beside `target` is `.<name>.bpgn-<pid>-<n>.tmp`
// in the target's folder (`.bpgn-<pid>-<n>.tmp` when the name is over 200 bytes: no room is left
// for the affixes under the file systems' 255-byte limit).
std::string temporary_name(const std::string& target, int n);
// Whether `leaf` (a file name without folder) is a name of that scheme.
bool is_temporary_name(const std::string& leaf);

// A temporary entry beside a target: a file or a folder, in the signal handler's table while it lives.
struct Temporary {
  std::string path;  // empty: none was made
  int slot = -1;     // in the signal handler's table (-1: not in it)
  int error = 0;     // errno of the failure, when none was made
};

// Makes the first free name of the scheme with `make(path)` (creates it exclusively and returns 0,
// or returns errno: EEXIST tries the next name; 100 tries), and remembers it for the signal-time
// clean-up. On failure `path` is empty, `error` says why and `tried` the last name tried.
Temporary make_temporary(const std::string& target, const std::function<int(const std::string&)>& make,
                         std::string* tried = nullptr);
// Renames it over `target` and forgets it (0), or returns the rename's errno (it is left for the
// owner to remove: a folder's files first).
int rename_temporary(Temporary& temp, const std::string& target);
// Removes it (a file, or an empty folder) and forgets it; nothing when none was made.
void remove_temporary(Temporary& temp);
// A file the run made in place (an appended file that did not exist), remembered as a temporary
// entry: removed by a signal or by remove_temporary() until keep_temporary().
Temporary adopt_made_file(const std::string& path);
// Forgets it: it stays where it is (appended to).
void keep_temporary(Temporary& temp);

}  // namespace bpgn
