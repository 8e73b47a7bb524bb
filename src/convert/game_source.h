// The games of one input, each with the text it was read from when that text is needed (a record
// the reader could not read is written back as found). Streams: memory holds one game ahead.
#pragma once

#include "record/game.h"
#include "record/reader.h"

#include <cstdint>
#include <istream>
#include <memory>
#include <string>

namespace bpgn {

class GameSource {
 public:
  // A named file, or "-" for standard input (read into memory first, as it cannot be read twice).
  // Throws std::system_error when the file cannot be opened.
  explicit GameSource(const std::string& path);
  // A text in memory (tests); `name` is used in positions.
  GameSource(std::string name, std::string text);
  ~GameSource();

  // The next game (false at the end). When the game has a syntax error, a broken tag or a Variant
  // bpgn cannot check (unsupported_variant), raw() holds its text from its first byte to the next
  // game's first byte.
  bool next(Game& game);
  const std::string& raw() const { return raw_; }

 private:
  // Moves the raw cursor to `to`, appending what it passes to `sink` when not null; `before` is
  // the encoding of the game whose text the cursor passes.
  void advance(SourcePos to, Encoding before, std::string* sink);
  bool open_raw();

  std::string path_;
  std::string text_;  // standard input or a text in memory
  bool in_memory_ = false;
  std::unique_ptr<Reader> reader_;
  Game pending_;
  bool primed_ = false;
  bool has_pending_ = false;
  std::string raw_;

  // The second, lazily opened read of the same bytes that raw() is cut from.
  std::unique_ptr<std::istream> raw_in_;
  std::string line_;               // the raw cursor's current line, without its LF
  std::size_t line_offset_ = 0;    // bytes of line_ already passed
  std::uint32_t line_number_ = 0;  // 0: no line read yet
  bool raw_eof_ = false;
  // The last game start passed: its line, its column as the reader counts it, its byte in line_.
  std::uint32_t anchor_line_ = 0;
  std::uint32_t anchor_column_ = 0;
  std::size_t anchor_byte_ = 0;
  Encoding previous_encoding_ = Encoding::Utf8;  // of the game before the current one
};

}  // namespace bpgn
