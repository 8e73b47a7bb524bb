// The one resolution of an output path (docs/robustness.md, "Gates"): what every output of every
// command (files, folders, archives, and the claims that compare them) writes when it is given a
// name.
#pragma once

#include <string>

namespace bpgn {

// An output as named, and the path written in its place: the symbolic links of its last component
// followed one by one, so that the link is kept and its target written (a dangling link: the file
// it names is made). The folders on the way are left to the kernel.
struct OutputPath {
  enum class Kind {
    Missing,  // nothing there yet (or a folder on the way is missing: opening it says so)
    File,     // a regular file
    Folder,
    Device,  // a character or block device, a FIFO, a socket: written directly, never replaced
  };
  std::string named;    // as given
  std::string written;  // the path written: `named`, or what its links lead to
  Kind kind = Kind::Missing;
  // Set when the links lead nowhere: "a loop of symbolic links" (ELOOP, or more than 40 links).
  std::string error;
  bool is_link() const { return written != named; }
};

// Follows the links of `path` (not "-" nor empty) as described; never throws.
OutputPath resolve_output_path(const std::string& path);

}  // namespace bpgn
