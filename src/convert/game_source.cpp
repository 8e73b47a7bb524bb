#include "convert/game_source.h"

#include "record/encoding.h"

#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>
#include <sstream>

namespace bpgn {
namespace {

// Byte offset of the character `column` (1-based) in a line; columns count UTF-8 code points in
// a valid UTF-8 line and bytes otherwise, as the reader counts them.
std::size_t byte_of_column(std::string_view line, std::uint32_t column) {
  if (column <= 1) return 0;
  const bool utf8 = is_valid_utf8(line);
  std::size_t chars = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const bool starts_char = !utf8 || (static_cast<unsigned char>(line[i]) & 0xC0) != 0x80;
    if (starts_char) {
      if (chars == column - 1) return i;
      ++chars;
    }
  }
  return line.size();
}

constexpr SourcePos kEnd{std::numeric_limits<std::uint32_t>::max(), 0};

}  // namespace

GameSource::GameSource(const std::string& path) : path_(path) {
  if (path == "-") {
    in_memory_ = true;
    text_.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    reader_ = std::make_unique<Reader>("-", text_);
  } else {
    reader_ = std::make_unique<Reader>(path);
  }
}

GameSource::GameSource(std::string name, std::string text)
    : path_(std::move(name)), text_(std::move(text)), in_memory_(true) {
  reader_ = std::make_unique<Reader>(path_, text_);
}

GameSource::~GameSource() = default;

bool GameSource::open_raw() {
  if (raw_in_) return true;
  if (in_memory_) {
    raw_in_ = std::make_unique<std::istringstream>(text_);
  } else {
    auto file = std::make_unique<std::ifstream>(path_, std::ios::binary);
    if (!*file) return false;
    raw_in_ = std::move(file);
  }
  return true;
}

void GameSource::advance(SourcePos to, std::string* sink) {
  if (!raw_in_ && !open_raw()) return;
  auto read_line = [&] {
    if (!std::getline(*raw_in_, line_)) {
      raw_eof_ = true;
      line_.clear();
    }
    // The reader skips a UTF-8 byte order mark at the start and counts columns after it.
    if (line_number_ == 0 && line_.starts_with("\xEF\xBB\xBF")) line_.erase(0, 3);
    ++line_number_;
    line_offset_ = 0;
  };
  if (line_number_ == 0) read_line();
  while (!raw_eof_ && line_number_ < to.line) {
    if (sink) {
      sink->append(line_, line_offset_);
      if (!raw_in_->eof()) *sink += '\n';
    }
    read_line();
  }
  if (raw_eof_) return;
  const std::size_t target = std::max(line_offset_, byte_of_column(line_, to.column));
  if (sink) sink->append(line_, line_offset_, target - line_offset_);
  line_offset_ = target;
}

bool GameSource::next(Game& game) {
  if (!primed_) {
    has_pending_ = reader_->next(pending_);
    primed_ = true;
  }
  if (!has_pending_) return false;
  std::swap(game, pending_);  // the old game's buffers are reused for the next one
  has_pending_ = reader_->next(pending_);
  raw_.clear();
  if (game.error) {
    advance(game.start, nullptr);
    advance(has_pending_ ? pending_.start : kEnd, &raw_);
  }
  return true;
}

}  // namespace bpgn
