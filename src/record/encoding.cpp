#include "record/encoding.h"

#include <algorithm>

#include <cstdint>
#include <cstring>

namespace bpgn {

bool is_ascii(std::string_view text) {
  const char* p = text.data();
  const char* end = p + text.size();
  // Eight bytes at a time: game records are nearly all ASCII, and the check runs on every game.
  for (; end - p >= 8; p += 8) {
    std::uint64_t word;
    std::memcpy(&word, p, 8);
    if (word & 0x8080808080808080ULL) return false;
  }
  for (; p < end; ++p)
    if (static_cast<unsigned char>(*p) >= 0x80) return false;
  return true;
}

bool is_valid_utf8(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  auto continuation = [&](const unsigned char* q) { return q < end && (*q & 0xC0) == 0x80; };
  while (p < end) {
    const unsigned char c = *p;
    if (c < 0x80) {
      ++p;
    } else if (c >= 0xC2 && c <= 0xDF) {
      if (!continuation(p + 1)) return false;
      p += 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      if (!continuation(p + 1) || !continuation(p + 2)) return false;
      if (c == 0xE0 && p[1] < 0xA0) return false;  // overlong
      if (c == 0xED && p[1] > 0x9F) return false;  // surrogate
      p += 3;
    } else if (c >= 0xF0 && c <= 0xF4) {
      if (!continuation(p + 1) || !continuation(p + 2) || !continuation(p + 3)) return false;
      if (c == 0xF0 && p[1] < 0x90) return false;  // overlong
      if (c == 0xF4 && p[1] > 0x8F) return false;  // above U+10FFFF
      p += 4;
    } else {
      return false;
    }
  }
  return true;
}

std::string latin1_to_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x80) {
      out.push_back(ch);
    } else {
      out.push_back(static_cast<char>(0xC0 | (c >> 6)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }
  return out;
}

std::string latin1_to_utf8_keeping_marks(std::string_view text) {
  constexpr std::string_view kMark = "\xEF\xBB\xBF";
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t mark = std::min(text.find(kMark, at), text.size());
    out += latin1_to_utf8(text.substr(at, mark - at));
    if (mark == text.size()) break;
    out += kMark;
    at = mark + kMark.size();
  }
  return out;
}

std::size_t utf8_length(std::string_view text) {
  std::size_t n = 0;
  for (char ch : text) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
  return n;
}

}  // namespace bpgn
