// Texts that are not game records, read through the input opener (so that a compressed one works
// too): --files-from lists, standings' alias file, summary files, chess.com board files.
#pragma once

#include "pipeline/inputs.h"

#include <cstddef>
#include <limits>
#include <memory>
#include <string>

namespace bpgn {

// The lines of the stream `inputs` is on, a buffer at a time.
class InputLines {
 public:
  explicit InputLines(InputStreams& inputs, std::size_t max_line = std::numeric_limits<std::size_t>::max());
  ~InputLines();

  enum class Got { Line, End, TooLong };
  // The next line, without its '\n' (a '\r' before it is kept); TooLong when it holds more than
  // max_line bytes (the line is not read further). Throws as InputStreams::read.
  Got next(std::string& line);

 private:
  InputStreams& inputs_;
  std::size_t max_line_;
  std::unique_ptr<char[]> buffer_;
  std::size_t at_ = 0, size_ = 0;
};

// The whole text of the stream `inputs` is on, appended to `text`. Throws as InputStreams::read.
void read_stream_text(InputStreams& inputs, std::string& text);

}  // namespace bpgn
