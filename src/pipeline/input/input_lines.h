// Texts that are not game records, read through the input opener (so that a compressed one works
// too): --files-from and --files0-from lists, --adjudications and --alias files, summary files
// (the side files), chess.com board files. The side files are read through the one bounded line
// reader below: a limit per line and per file, a byte order mark at the start skipped, a folder or
// a device refused (docs/robustness.md, *Gates*).
#pragma once

#include "pipeline/input/inputs.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>

namespace bpgn {

// The most a side file may hold: bytes in one line (its separator not counted), bytes in all.
struct SideFileLimits {
  std::size_t line = std::numeric_limits<std::size_t>::max();
  std::uint64_t total = std::numeric_limits<std::uint64_t>::max();
};
// A --files-from / --files0-from list: a name of at most 64 KiB (PATH_MAX is 4 KiB), 64 MiB in all
// (and at most kMostListNames names, pipeline/input/input_paths.h: the names are held until the run).
inline constexpr SideFileLimits kListLimits{std::size_t{64} << 10, std::uint64_t{64} << 20};
inline constexpr std::size_t kMostListNames = std::size_t{1} << 20;
// An --adjudications or --alias file: lines of at most 64 KiB, 16 MiB in all.
inline constexpr SideFileLimits kSmallSideFileLimits{std::size_t{64} << 10, std::uint64_t{16} << 20};
// A summary file (summary merge): a line of at most 16 MiB (a merged summary's names), 256 MiB in all.
inline constexpr SideFileLimits kSummaryLimits{std::size_t{16} << 20, std::uint64_t{256} << 20};

// Why `path` cannot be read as a side file: "a folder", "a device" (/dev/zero would never end);
// empty when it may be ("-", a file, a pipe, a name that does not exist: opening it says so).
std::string side_file_refusal(const std::string& path);

// The lines of the stream `inputs` is on, a buffer at a time.
class InputLines {
 public:
  explicit InputLines(InputStreams& inputs, SideFileLimits limits = {}, char separator = '\n');
  ~InputLines();

  enum class Got {
    Line,     // `line` holds the next line
    End,      // the stream ended
    TooLong,  // the line holds more than limits.line bytes (it is not read further)
    TooBig,   // the stream holds more than limits.total bytes (it is not read further)
  };
  // The next line, without its separator (a '\r' before a '\n' is kept); a UTF-8 byte order mark
  // at the start of the stream is not part of it. Throws as InputStreams::read.
  Got next(std::string& line);
  // The number of the line next() gave last (or that was too long), counted from 1.
  std::uint64_t number() const { return number_; }

 private:
  InputStreams& inputs_;
  SideFileLimits limits_;
  char separator_;
  std::unique_ptr<char[]> buffer_;
  std::size_t at_ = 0, size_ = 0;
  std::uint64_t read_ = 0, number_ = 0;
  bool started_ = false;
};

// What a side file reader says when InputLines gave TooLong or TooBig: "line 3 is longer than
// 65536 bytes (the limit of a line of it)", "it holds more than 16777216 bytes (the limit)".
std::string side_file_limit_message(InputLines::Got got, std::uint64_t number, SideFileLimits limits,
                                    std::string_view line_word = "line");

// The whole text of the stream `inputs` is on, appended to `text`. Throws as InputStreams::read.
void read_stream_text(InputStreams& inputs, std::string& text);

}  // namespace bpgn
