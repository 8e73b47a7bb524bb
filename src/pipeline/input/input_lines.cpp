#include "pipeline/input/input_lines.h"

#include <fmt/format.h>

#include <sys/stat.h>

#include <cstring>

namespace bpgn {
namespace {
constexpr std::size_t kBlock = std::size_t{64} << 10;
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
}  // namespace

std::string side_file_refusal(const std::string& path) {
  if (path == "-") return {};
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return {};
  if (S_ISDIR(st.st_mode)) return "it is a folder";
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return "it is a device, not a file";
  return {};
}

InputLines::InputLines(InputStreams& inputs, SideFileLimits limits, char separator)
    : inputs_(inputs), limits_(limits), separator_(separator), buffer_(std::make_unique_for_overwrite<char[]>(kBlock)) {}

InputLines::~InputLines() = default;

InputLines::Got InputLines::next(std::string& line) {
  line.clear();
  bool any = false;
  for (;;) {
    if (at_ == size_) {
      at_ = 0;
      size_ = inputs_.read(buffer_.get(), kBlock);
      if (size_ == 0) {
        if (any) ++number_;
        return any ? Got::Line : Got::End;
      }
      read_ += size_;
      if (read_ > limits_.total) return Got::TooBig;
    }
    if (!started_) {
      started_ = true;
      // A byte order mark (an editor's UTF-8) is no part of the first line: it is read past. The
      // first block holds all three bytes unless the whole stream is shorter.
      if (size_ - at_ >= kByteOrderMark.size() &&
          std::string_view(buffer_.get() + at_, kByteOrderMark.size()) == kByteOrderMark) {
        at_ += kByteOrderMark.size();
        continue;
      }
    }
    any = true;
    const char* begin = buffer_.get() + at_;
    const auto* end = static_cast<const char*>(std::memchr(begin, separator_, size_ - at_));
    const std::size_t n = end ? std::size_t(end - begin) : size_ - at_;
    if (n > limits_.line - line.size()) {
      ++number_;
      return Got::TooLong;
    }
    line.append(begin, n);
    at_ += n;
    if (end) {
      ++at_;
      ++number_;
      return Got::Line;
    }
  }
}

std::string side_file_limit_message(InputLines::Got got, std::uint64_t number, SideFileLimits limits,
                                     std::string_view line_word) {
  if (got == InputLines::Got::TooLong) {
    return fmt::format("{} {} is longer than {} bytes (the limit)", line_word, number, limits.line);
  }
  return fmt::format("it holds more than {} bytes (the limit)", limits.total);
}

void read_stream_text(InputStreams& inputs, std::string& text) {
  const auto buffer = std::make_unique_for_overwrite<char[]>(kBlock);
  while (const std::size_t n = inputs.read(buffer.get(), kBlock)) text.append(buffer.get(), n);
}

}  // namespace bpgn
