// An output file written whole or not at all: a temporary file beside it, renamed over it at the
// end (docs/check.md, "Output files").
#pragma once

#include <memory>
#include <ostream>
#include <string>

namespace bpgn {

// A file replaced atomically: the text goes to a temporary file in the target's folder
// (`.<name>.bpgn-<pid>-<n>.tmp`, `.bpgn-<pid>-<n>.tmp` for a name over 200 bytes; created exclusively, with
// the old file's permission bits or 0666 minus the umask), which is flushed to disk, closed and renamed over
// the target. On any failure, or without commit(), the temporary file is removed and the old file stays
// whole. A target that is a character device, a FIFO or a socket (/dev/null, /dev/stdout) is written
// directly: it cannot be replaced. The target's path is resolved by resolve_output_path()
// (io/commit/output_path.h): a symbolic link is followed and kept, the file it names replaced, or
// made when the link dangles; a loop of links is an error, nothing written.
class AtomicFile {
 public:
  explicit AtomicFile(const std::string& target);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // False when the temporary file (or the device) could not be opened; error() says why.
  bool opened() const;
  std::ostream& stream();
  // Flushes, syncs and closes the temporary file: everything but the rename. False with error()
  // set when anything failed: then the temporary file is gone and the target is as it was.
  bool finish();
  // finish() when not done yet, then the rename. False with error() set when anything failed.
  bool commit();
  // Drops the text: the temporary file is removed, the target untouched.
  void discard();
  // One phrase for the failure: "cannot write x.bpgn: No space left on device; x.bpgn is left as
  // it was".
  const std::string& error() const;
  // The temporary file's path (empty when the target is written directly).
  const std::string& temp_path() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bpgn
