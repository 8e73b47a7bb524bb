// Progress of a long run on standard error, for a person at a terminal (docs/check.md,
// *Progress*): bytes and games done, the rate, and the time left when the inputs' size is known;
// one line, rewritten at most once a second, cleared at the end. Nothing when standard error is
// not a terminal, or with --quiet.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace bpgn {

// "12.3 MB of 200.0 MB (6%), 12,345 games, 45.1 MB/s, 0:04 left" (total 0: unknown, then
// "12.3 MB, 12,345 games, 45.1 MB/s").
std::string progress_line(std::uint64_t bytes, std::uint64_t total_bytes, std::uint64_t games, double seconds);

// The size of the inputs on disk (compressed where they are); 0 when one is standard input or
// not a regular file (then no time left is shown).
std::uint64_t total_input_bytes(const std::vector<std::string>& files);

class Progress {
 public:
  // Starts the meter when `enabled` and standard error is a terminal. The environment variable
  // BPGN_PROGRESS_INTERVAL_MS changes the once-a-second (tests).
  Progress(bool enabled, std::uint64_t total_bytes);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Games done, counted by the commands from any thread.
  static void add_games(std::size_t n) { games_.fetch_add(n, std::memory_order_relaxed); }

 private:
  void run();

  static std::atomic<std::uint64_t> games_;
  std::uint64_t total_bytes_ = 0;
  std::uint64_t bytes_at_start_ = 0, games_at_start_ = 0;
  int interval_ms_ = 1000;
  bool shown_ = false;
  bool stop_ = false;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread thread_;
};

}  // namespace bpgn
