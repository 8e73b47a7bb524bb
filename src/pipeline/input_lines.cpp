#include "pipeline/input_lines.h"

#include <cstring>

namespace bpgn {
namespace {
constexpr std::size_t kBlock = std::size_t{64} << 10;
}

InputLines::InputLines(InputStreams& inputs, std::size_t max_line)
    : inputs_(inputs), max_line_(max_line), buffer_(std::make_unique_for_overwrite<char[]>(kBlock)) {}

InputLines::~InputLines() = default;

InputLines::Got InputLines::next(std::string& line) {
  line.clear();
  bool any = false;
  for (;;) {
    if (at_ == size_) {
      at_ = 0;
      size_ = inputs_.read(buffer_.get(), kBlock);
      if (size_ == 0) return any ? Got::Line : Got::End;
    }
    any = true;
    const char* begin = buffer_.get() + at_;
    const auto* end = static_cast<const char*>(std::memchr(begin, '\n', size_ - at_));
    const std::size_t n = end ? std::size_t(end - begin) : size_ - at_;
    if (n > max_line_ - line.size()) return Got::TooLong;
    line.append(begin, n);
    at_ += n;
    if (end) {
      ++at_;
      return Got::Line;
    }
  }
}

void read_stream_text(InputStreams& inputs, std::string& text) {
  const auto buffer = std::make_unique_for_overwrite<char[]>(kBlock);
  while (const std::size_t n = inputs.read(buffer.get(), kBlock)) text.append(buffer.get(), n);
}

}  // namespace bpgn
