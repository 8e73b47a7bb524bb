// The one folder walk of the commands: a folder's files, in path order, holding one folder open at
// a time (docs/check.md, *Inputs*).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace bpgn {

struct FolderFiles {
  std::size_t files = 0;   // regular files appended
  std::size_t unread = 0;  // folders (or names) appended because they could not be opened or read
};

// Appends to `files` the regular files in `folder` whose names match `patterns` (shell style; none:
// every file), in path order; with `recursive`, those in its subfolders too. Symbolic links to
// files count as files, links to folders are not followed. A folder that cannot be opened or read
// (no permission, a path longer than PATH_MAX, an I/O error) is appended in its place instead of
// its files: opening it as an input says why. The walk holds one folder open at a time, and in
// memory the names of the folders on the current path.
FolderFiles folder_files(const std::string& folder, const std::vector<std::string>& patterns, bool recursive,
                         std::vector<std::string>& files);

}  // namespace bpgn
