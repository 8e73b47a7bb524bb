#include "cli/progress.h"

#include "io/input_file.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <system_error>

#include <sys/stat.h>
#include <unistd.h>

namespace bpgn {

std::atomic<std::uint64_t> Progress::games_{0};

namespace {

std::string thousands(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string duration(double seconds) {
  const auto s = static_cast<std::uint64_t>(seconds + 0.5);
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

}  // namespace

std::string progress_line(std::uint64_t bytes, std::uint64_t total, std::uint64_t games, double seconds) {
  const double mb = double(bytes) / 1e6;
  const double rate = seconds > 0 ? mb / seconds : 0;
  std::string line = fmt::format("{:.1f} MB", mb);
  if (total > 0) line += fmt::format(" of {:.1f} MB ({}%)", double(total) / 1e6, std::min<std::uint64_t>(100, bytes * 100 / total));
  line += fmt::format(", {} game{}, {:.1f} MB/s", thousands(games), games == 1 ? "" : "s", rate);
  if (total > 0 && rate > 0 && bytes <= total) line += ", " + duration(double(total - bytes) / 1e6 / rate) + " left";
  return line;
}

std::uint64_t total_input_bytes(const std::vector<std::string>& files) {
  std::uint64_t total = 0;
  for (const std::string& f : files) {
    struct stat st {};
    if (f == "-" || ::stat(f.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    total += std::uint64_t(st.st_size);
  }
  return total;
}

Progress::Progress(bool enabled, std::uint64_t total_bytes) : total_bytes_(total_bytes) {
  if (!enabled || !::isatty(STDERR_FILENO)) return;
  if (const char* ms = std::getenv("BPGN_PROGRESS_INTERVAL_MS")) interval_ms_ = std::max(1, std::atoi(ms));
  bytes_at_start_ = input_bytes_read();
  games_at_start_ = games_.load();
  try {
    thread_ = std::thread([this] { run(); });
  } catch (const std::system_error&) {
    // No thread to show progress (a thread or memory limit): the run goes on without the line.
  }
}

Progress::~Progress() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
  if (shown_) std::fputs("\r\033[K", stderr);  // the line goes; the summary follows
  std::fflush(stderr);
}

void Progress::run() {
  const auto start = std::chrono::steady_clock::now();
  std::unique_lock lock(mutex_);
  for (;;) {
    if (wake_.wait_for(lock, std::chrono::milliseconds(interval_ms_), [this] { return stop_; })) return;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::string line = progress_line(input_bytes_read() - bytes_at_start_, total_bytes_,
                                           games_.load() - games_at_start_, seconds);
    std::fprintf(stderr, "\r\033[K%s", line.c_str());
    std::fflush(stderr);
    shown_ = true;
  }
}

}  // namespace bpgn
