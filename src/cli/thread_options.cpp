#include "cli/thread_options.h"
#include "cli/command_app.h"

#include "cli/option_checks.h"
#include "pipeline/run/ordered_driver.h"
#include "pipeline/input/small_input.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <string>
#include <thread>

namespace bpgn {

unsigned ThreadOptions::threads(const std::vector<std::string>& files) const {
  if (jobs) return *jobs;
  return fits_one_piece(files, piece_bytes) ? 1u : std::clamp(std::thread::hardware_concurrency(), 1u, kMaxJobs);
}

void add_thread_options(CommandApp& cmd, ThreadOptions& options, const std::string& what, const std::string& note) {
  cmd.add_option("-j,--jobs", options.jobs,
                 what + " in N threads, 1 to " + std::to_string(kMaxJobs) + " (default: the number of cores" +
                     (note.empty() ? "" : "; " + note) +
                     "); the output is the same for every N; threads the system will not start mean fewer")
      ->check(between(1, kMaxJobs, "the number of threads"));
  // Hidden: the size --jobs N > 1 cuts the inputs at (tests make it tiny to try every seam).
  cmd.add_option("--piece-bytes", options.piece_bytes, "Bytes per piece of input with --jobs N")
      ->check(at_least(1, "the piece size in bytes"))
      ->group("");
}

}  // namespace bpgn
