// An output folder written whole or not at all (`convert --to csv -o DIR`): its files go to a
// temporary folder beside it, renamed to its name at the end (docs/check.md, "Output files").
#pragma once

#include "io/commit/atomic_file.h"
#include "io/commit/temporary.h"

#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace bpgn {

// A new folder, made atomically: the files are written in a temporary folder in the target's
// parent (`.<name>.bpgn-<pid>-<n>.tmp`, created exclusively, mode 0777 minus the umask), which is
// renamed to the target when every file was written. The target must not exist, or be an empty
// folder (which rename(2) replaces); nothing else is ever replaced. The target is resolved as every
// output is (io/commit/output_path.h): a symbolic link is kept, the folder made where it leads. On any failure, a signal
// (io/commit/temp_files.h) or without commit(), the temporary folder and its files are removed.
class AtomicFolder {
 public:
  explicit AtomicFolder(const std::string& target);
  ~AtomicFolder();
  AtomicFolder(const AtomicFolder&) = delete;
  AtomicFolder& operator=(const AtomicFolder&) = delete;

  // False when the temporary folder could not be made; error() says why.
  bool opened() const { return opened_; }
  // A file of the folder (a plain name), written through an AtomicFile inside the temporary
  // folder; null after error() is set when it could not be created.
  std::ostream* add(const std::string& name);
  // Finishes every file, then renames the folder to its target (signals held meanwhile: the folder
  // appears whole or not at all). False with error() set when anything failed: then nothing is left.
  bool commit();
  // Removes the temporary folder and its files.
  void discard();
  // One phrase: "cannot write out/games.csv: No space left on device; out was not made".
  const std::string& error() const { return error_; }
  const std::string& temp_path() const { return temp_; }

 private:
  void fail(std::string text);

  std::string target_;  // as named (for messages)
  std::string made_;    // where the folder is made: the target, its links followed
  std::string temp_;
  Temporary tmp_;  // the temporary folder (io/commit/temporary.h)
  bool opened_ = false;
  std::vector<std::string> names_;
  std::vector<std::unique_ptr<AtomicFile>> files_;
  std::string error_;
  bool done_ = false;
};

// Why `path` cannot be made a new folder (empty when it can): it exists and is not a folder, or is
// a folder with something in it.
std::string why_not_a_new_folder(const std::string& path);

}  // namespace bpgn
