// The outputs of one run (-o, --summary-json, the sorted outputs, ...), standard output or files,
// compressed by their names, committed together (docs/check.md, "Output files").
#pragma once

#include "io/commit/atomic_file.h"

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

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
  // "standard output" or the path, as named (messages show it through shown_path()).
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
  // Drops one output before commit(): its file is left as it was (standard output and devices
  // were written through already), commit() no longer counts it.
  void withhold(const RunOutput* output);

 private:
  std::string command_;
  std::ostream& standard_output_;
  std::vector<std::unique_ptr<RunOutput>> outputs_;
};

}  // namespace bpgn
