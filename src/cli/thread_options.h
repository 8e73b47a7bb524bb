// --jobs N and the hidden --piece-bytes N of every command that reads games through the ordered
// parallel driver (pipeline/run/ordered_driver.h): check, fmt, convert, standings.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bpgn {

class CommandApp;  // cli/command_app.h

struct ThreadOptions {
  // --jobs N: games read in N threads, the output in input order and the same for every N; unset:
  // the number of cores.
  std::optional<unsigned> jobs;
  // --piece-bytes N (hidden): --jobs N > 1 cuts the inputs into pieces of about N bytes, each
  // read by one thread (docs/performance.md, *Parallel parsing*).
  std::size_t piece_bytes = std::size_t{64} << 10;

  // The threads to run over `files`: --jobs, else the number of cores, or one when the files are
  // known to be too small for threads to pay (pipeline/input/small_input.h).
  unsigned threads(const std::vector<std::string>& files) const;
};

// Adds -j/--jobs and the hidden --piece-bytes; `what` starts the help ("Check games", "Format
// games"), `note` is added in the parentheses after the default ("--in-place and --check: one").
void add_thread_options(CommandApp& cmd, ThreadOptions& options, const std::string& what, const std::string& note = {});

}  // namespace bpgn
