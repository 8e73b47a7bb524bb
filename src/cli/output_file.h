// Where a subcommand's output file goes (-o, fmt --in-place): never onto one of its own inputs,
// and written whole or not at all (docs/check.md, "Output files").
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

// True when both paths name one file, as FileClaims compares them: the same device and inode when
// both exist (so `./x`, `../d/x`, a symlink and a hard link all match), the same absolute path
// after `.`, `..` and symlinks of the existing part are resolved when neither does. "-" (standard
// input / output) is no file.
bool same_file(const std::string& a, const std::string& b);

// The one registry of the files a run reads and writes (docs/check.md, *Output files*), used by
// every subcommand: each output is claimed once, by the file's identity (device and inode; the
// resolved path of a file still to be made), against every input (lists and alias files too) and
// every other output. A device, a FIFO or a socket (/dev/null, /dev/stdout on a terminal or pipe)
// is not claimed: it is no file that can be lost, so several outputs may name it. "-" and an
// empty name are standard input / output, no file.
class FileClaims {
 public:
  // An input: `what` names it in messages ("the input", "the --files-from list").
  void input(const std::string& path, std::string_view what = "the input");
  void inputs(const std::vector<std::string>& paths);
  // Throws UsageError (exit 2) naming both options when `path` is a file already claimed:
  // "-o ./g.bpgn is the input g.bpgn (the same file); writing it would destroy the input, so
  // nothing was done[; hint]", "--invalid-out ./x and --valid-out x name the same file".
  // `hint` is added when it is an input.
  void output(const std::string& path, std::string_view option, std::string_view hint = {});

  // A file's identity: device and inode when it exists, else its resolved path (what same_file
  // compares).
  struct Claim {
    std::string path, what;  // what: an input's description, or an output's option
    bool output = false;
    bool exists = false;  // then dev and ino; else resolved
    unsigned long long dev = 0, ino = 0;
    std::string resolved;
  };
  static Claim identify(const std::string& path);
  static bool same(const Claim& a, const Claim& b);

 private:
  std::vector<Claim> claims_;
};


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

class CompressingStream;

// One output of a run: `standard_output` when `path` is empty or "-", else an AtomicFile,
// compressed when the name ends in .gz, .bz2, .xz, .zst or .lz4 (io/compressed_output.h).
// Committed by its OutputGroup.
class RunOutput {
 public:
  RunOutput(const std::string& path, std::ostream& standard_output);
  ~RunOutput();

  // False when the output file could not be opened; error() says why.
  bool opened() const;
  std::ostream& stream();
  // Flushes (a file: ends the compression, syncs and closes its temporary file, everything but
  // the rename). False with error() set when the output could not be written.
  bool finish();
  // Renames the file over its target (after finish()); false with error() set when it failed.
  bool commit();
  // Removes the temporary file: the target stays as it was.
  void discard();
  const std::string& error() const;
  // "standard output" or the path.
  const std::string& name() const { return name_; }
  // A file that is replaced (not standard output, not a device).
  bool replaces_a_file() const;
  // Committed: renamed over its target, or (standard output, a device) written through.
  bool written() const { return written_; }

 private:
  std::ostream& standard_output_;
  std::unique_ptr<AtomicFile> file_;
  std::unique_ptr<CompressingStream> compressed_;  // declared after file_: destroyed before it
  std::string name_;
  std::string error_;
  bool written_ = false;
};

// The outputs of one run, committed together (docs/check.md, *Output files*): each is written to
// its temporary file; commit() finishes them all and renames them, in the order opened, only when
// every one was written whole and the run put into them all it had to. Otherwise none is renamed:
// each is left as it was, and the messages say which failed and that nothing was written.
class OutputGroup {
 public:
  OutputGroup(std::string_view command, std::ostream& standard_output);
  ~OutputGroup();
  // Opens an output (see RunOutput); false after a message on `err` when it could not be opened
  // (then the others opened so far are dropped).
  RunOutput* open(const std::string& path, std::ostream& err);
  // `run_whole`: false when a game that belongs in an output could not be written to it (too long
  // to be written as found), said before. Says on `err` what failed and, when some output was not
  // written, the line `bpgn CMD: outputs not written: a, b (each left as it was)` (and which
  // were, when a rename failed after others were done). True: every output was written.
  bool commit(std::ostream& err, bool run_whole = true);
  // Drops every output: no file is changed.
  void discard();

 private:
  std::string command_;
  std::ostream& standard_output_;
  std::vector<std::unique_ptr<RunOutput>> outputs_;
};

}  // namespace bpgn
