#include "convert/game_source.h"

#include "record/encoding.h"
#include "replay/replay.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>
#include <sstream>

namespace bpgn {
namespace {

// Bytes that `chars` characters take in `text`: UTF-8 code points in a game read as UTF-8, bytes
// in a Latin-1 game, as the reader counts columns.
std::size_t bytes_of_chars(std::string_view text, std::uint32_t chars, Encoding encoding) {
  if (encoding == Encoding::Latin1) return std::min<std::size_t>(chars, text.size());
  // A character is its lead byte and the continuation bytes the lead byte announces; a byte that
  // follows them (a stray byte of the Latin-1 game after this one) is not taken along.
  std::size_t i = 0;
  for (std::uint32_t seen = 0; seen < chars && i < text.size(); ++seen) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    std::size_t next = i + 1;
    while (next < i + length && next < text.size() && (static_cast<unsigned char>(text[next]) & 0xC0) == 0x80) ++next;
    i = next;
  }
  return i;
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

void GameSource::advance(SourcePos to, Encoding before, std::string* sink) {
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
  // The reader counts the columns of a game's text in that game's encoding, from the game's start
  // when the game began on this line, else from the line's start: so must this.
  const bool from_anchor = anchor_line_ == line_number_ && to.column >= anchor_column_;
  const std::size_t base = from_anchor ? anchor_byte_ : 0;
  const std::uint32_t chars = from_anchor ? to.column - anchor_column_ : (to.column > 0 ? to.column - 1 : 0);
  const std::size_t target =
      std::max(line_offset_, base + bytes_of_chars(std::string_view(line_).substr(base), chars, before));
  if (sink) sink->append(line_, line_offset_, target - line_offset_);
  line_offset_ = target;
  anchor_line_ = line_number_;
  anchor_column_ = to.column;
  anchor_byte_ = target;
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
  // Every game start is passed (not only a broken game's): where games share a line, the columns
  // of one game start are counted from the one before, in that game's encoding.
  advance(game.start, previous_encoding_, nullptr);
  if (game.error || game.has_broken_tag() || unsupported_variant(game))
    advance(has_pending_ ? pending_.start : kEnd, game.encoding, &raw_);
  previous_encoding_ = game.encoding;
  return true;
}

}  // namespace bpgn
