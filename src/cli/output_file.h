// Where a subcommand's output file goes (-o, fmt --in-place): never onto one of its own inputs,
// and written whole or not at all (docs/check.md, "Output files").
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

// True when both paths name one file: the same device and inode when both exist (so `./x`, `../d/x`,
// a symlink and a hard link all match), else the same absolute path after `.`, `..` and symlinks
// of the existing part are resolved. "-" (standard input / output) is no file.
bool same_file(const std::string& a, const std::string& b);

// Throws UsageError (exit 2) naming both paths when `output` is the same file as one of `inputs`:
// writing it would destroy the input before it is read. `hint` is added to the message.
void refuse_output_among_inputs(std::string_view command, const std::string& output,
                                const std::vector<std::string>& inputs, std::string_view hint = {});

// A file replaced atomically: the text goes to a temporary file in the target's folder
// (`.<name>.bpgn-<pid>-<n>.tmp`, `.bpgn-<pid>-<n>.tmp` for a name over 200 bytes; created exclusively, with
// the old file's permission bits or 0666 minus the umask), which is flushed to disk, closed and renamed over
// the target. On any failure, or without commit(), the temporary file is removed and the old file stays
// whole. A target that is a character device, a FIFO or a socket (/dev/null, /dev/stdout) is written
// directly: it cannot be replaced. A symlink target is followed: the file it names is replaced.
class AtomicFile {
 public:
  explicit AtomicFile(const std::string& target);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  // False when the temporary file (or the device) could not be opened; error() says why.
  bool opened() const;
  std::ostream& stream();
  // Flushes, syncs, closes and renames. False with error() set when anything failed: then the
  // temporary file is gone and the target is as it was.
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

class CompressingStream;

// The main output of a run: `standard_output` when `path` is empty or "-", else an AtomicFile,
// compressed when the name ends in .gz, .bz2, .xz, .zst or .lz4 (io/compressed_output.h).
class RunOutput {
 public:
  RunOutput(const std::string& path, std::ostream& standard_output);
  ~RunOutput();

  // False when the output file could not be opened; error() says why.
  bool opened() const;
  std::ostream& stream();
  // Flushes (and commits the file). False with error() set when the output could not be written.
  bool finish();
  const std::string& error() const;
  // "standard output" or the path.
  const std::string& name() const { return name_; }

 private:
  std::ostream& standard_output_;
  std::unique_ptr<AtomicFile> file_;
  std::unique_ptr<CompressingStream> compressed_;  // declared after file_: destroyed before it
  std::string name_;
  std::string error_;
};

}  // namespace bpgn
