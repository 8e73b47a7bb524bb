#include "output/canonical_movetext.h"

#include "core/ascii.h"

#include <cstdint>
#include <cstring>

namespace bpgn {
namespace {

// `[` alone or followed by a tag name's character (letters, digits, `_`: grammar/tag.h).
bool may_start_tag(std::string_view word) {
  if (word.empty() || word.front() != '[') return false;
  if (word.size() == 1) return true;
  const char c = word[1];
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == ' ' ||
         c == '\t';
}

}  // namespace

int text_columns(std::string_view utf8) {
  // Characters are the bytes that are not continuation bytes (10xxxxxx). Eight bytes at a time: a
  // byte's bit 7 set and bit 6 clear (x & ~(x << 1), bit 7 of each byte) marks a continuation;
  // the multiplication adds the eight marks up in the top byte (no popcount instruction needed).
  constexpr std::uint64_t kHigh = 0x8080808080808080ull;
  constexpr std::uint64_t kOnes = 0x0101010101010101ull;
  const char* p = utf8.data();
  std::size_t left = utf8.size();
  std::size_t continuations = 0;
  for (; left >= 8; p += 8, left -= 8) {
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    continuations += std::size_t((((x & ~(x << 1) & kHigh) >> 7) * kOnes) >> 56);
  }
  for (; left > 0; ++p, --left) continuations += (static_cast<unsigned char>(*p) & 0xC0) == 0x80;
  return int(utf8.size() - continuations);
}

std::string single_line(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_single_line(out, text);
  return out;
}

void append_single_line(std::string& out, std::string_view text) {
  const std::size_t at = out.size();
  out.resize(at + text.size());  // the most it can take
  out.resize(std::size_t(write_single_line(out.data() + at, text) - out.data()));
}

char* write_single_line(char* out, std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    // The run up to the next blank space as it is.
    std::size_t j = i;
    while (j < text.size() && !is_ascii_space(text[j])) ++j;
    std::memcpy(out, text.data() + i, j - i);
    out += j - i;
    i = j;
    if (i == text.size()) break;
    bool breaks = false;
    while (j < text.size() && is_ascii_space(text[j])) {
      breaks = breaks || text[j] != ' ';
      ++j;
    }
    if (breaks) {
      *out++ = ' ';
    } else {
      std::memcpy(out, text.data() + i, j - i);
      out += j - i;
    }
    i = j;
  }
  return out;
}

void MovetextWriter::place(std::string_view piece1, std::string_view piece2, std::string_view piece3) {
  const int len = text_columns(piece1) + text_columns(piece2) + text_columns(piece3);
  separate(len, piece1.empty() ? piece2 : piece1);
  out_ += piece1;
  out_ += piece2;
  out_ += piece3;
  column_ += len;
  wrote_ = true;
}

void MovetextWriter::separate(int len, std::string_view first) {
  if (column_ > 0) {
    if (column_ + 1 + len > width_) {
      out_ += '\n';
      column_ = 0;
    } else {
      out_ += ' ';
      ++column_;
    }
  }
  // A line never starts with what may be a tag (`[Name`, `[ Name`): the reader would take the
  // line for the next game's tags. Such a word of a comment or variation gets one blank before it.
  if (column_ == 0 && wrote_ && may_start_tag(first)) {
    out_ += ' ';
    ++column_;
  }
}

void MovetextWriter::token(std::string_view text, int columns) {
  if (column_ > 0 && column_ + 1 + columns <= width_) {  // separate()'s common case: a space
    out_ += ' ';
    ++column_;
  } else {
    separate(columns, text);
  }
  out_ += text;
  column_ += columns;
  wrote_ = true;
}

void MovetextWriter::words(std::string_view open, std::string_view text, std::string_view close) {
  std::size_t i = 0;
  bool first = true;
  std::string_view pending;  // the previous word, placed once we know whether it is the last
  bool have_pending = false;
  auto flush = [&](bool last) {
    place(first ? open : std::string_view{}, pending, last ? close : std::string_view{});
    first = false;
  };
  while (i < text.size()) {
    while (i < text.size() && is_ascii_space(text[i])) ++i;
    if (i >= text.size()) break;
    std::size_t j = i;
    while (j < text.size() && !is_ascii_space(text[j])) ++j;
    if (have_pending) flush(false);
    pending = text.substr(i, j - i);
    have_pending = true;
    i = j;
  }
  if (have_pending) {
    flush(true);
  } else {
    place(open, close);  // an empty comment `{}`
  }
}

void MovetextWriter::pieces(std::string_view open, const std::vector<std::string>& pieces,
                            std::string_view close) {
  if (pieces.empty()) {
    place(open, close);
    return;
  }
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    place(i == 0 ? open : std::string_view{}, pieces[i], i + 1 == pieces.size() ? close : std::string_view{});
  }
}

void MovetextWriter::finish() {
  if (column_ > 0) out_ += '\n';
  column_ = 0;
}

}  // namespace bpgn
