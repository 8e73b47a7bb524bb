#include "text/visible_text.h"

#include <cstdint>

namespace bpgn {
namespace {

constexpr char kHex[] = "0123456789ABCDEF";

// The length of the well-formed UTF-8 sequence at `p` (at least one byte before `end`) and its
// code point, or 0 when the byte at `p` does not begin one (strict UTF-8: no overlong forms, no
// surrogates, nothing above U+10FFFF).
std::size_t decode(const unsigned char* p, const unsigned char* end, std::uint32_t& cp) {
  const unsigned char lead = *p;
  if (lead < 0x80) {
    cp = lead;
    return 1;
  }
  std::size_t need;
  unsigned char lo = 0x80, hi = 0xBF;  // the range of the first continuation byte
  if (lead >= 0xC2 && lead <= 0xDF) {
    need = 1;
    cp = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    need = 2;
    cp = lead & 0x0Fu;
    if (lead == 0xE0) lo = 0xA0;  // below: overlong
    if (lead == 0xED) hi = 0x9F;  // above: surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    need = 3;
    cp = lead & 0x07u;
    if (lead == 0xF0) lo = 0x90;  // below: overlong
    if (lead == 0xF4) hi = 0x8F;  // above: beyond U+10FFFF
  } else {
    return 0;
  }
  if (std::size_t(end - p) <= need) return 0;
  for (std::size_t i = 1; i <= need; ++i) {
    if (p[i] < lo || p[i] > hi) return 0;
    cp = (cp << 6) | (p[i] & 0x3Fu);
    lo = 0x80;
    hi = 0xBF;
  }
  return need + 1;
}

}  // namespace

bool is_invisible(std::uint32_t cp) {
  return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0) || cp == 0xAD || (cp >= 0x200B && cp <= 0x200F) ||
         (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x2069) || cp == 0xFEFF;
}

namespace {

void append_code_point(std::string& out, std::uint32_t cp) {
  char digits[8];
  int n = 0;
  do {
    digits[n++] = kHex[cp & 0xF];
    cp >>= 4;
  } while (cp != 0 || n < 4);
  out += "<U+";
  while (n > 0) out += digits[--n];
  out += '>';
}

}  // namespace

void append_visible_text(std::string& out, std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = p + text.size();
  const auto* copied = p;  // bytes before this one are in `out`
  auto flush = [&] { out.append(reinterpret_cast<const char*>(copied), std::size_t(p - copied)); };
  while (p != end) {
    if (*p >= 0x20 && *p < 0x7F) {  // printable ASCII: the common case
      ++p;
      continue;
    }
    std::uint32_t cp = 0;
    const std::size_t n = decode(p, end, cp);
    if (n != 0 && !is_invisible(cp)) {
      p += n;
      continue;
    }
    flush();
    if (n == 0) {
      const char byte[] = {'\\', 'x', char(kHex[*p >> 4] | 0x20), char(kHex[*p & 0xF] | 0x20)};  // lower case
      out.append(byte, sizeof byte);
      ++p;
    } else {
      append_code_point(out, cp);
      p += n;
    }
    copied = p;
  }
  flush();
}

std::string visible_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_visible_text(out, text);
  return out;
}

std::string clipped(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t cut = max_bytes;
  // Back to the start of a character (at most three continuation bytes), so that a valid name
  // stays valid; bytes that are not UTF-8 at all are cut where they fall.
  for (std::size_t back = 0; back < 3 && cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80; ++back) --cut;
  std::string out(text.substr(0, cut));
  out += "\xE2\x80\xA6 (" + std::to_string(text.size()) + " bytes)";
  return out;
}

std::string quoted_value(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return '"' + std::string(text) + '"';
  std::string out = clipped(text, max_bytes);
  const std::size_t tail = out.rfind(" (");
  out.insert(tail, 1, '"');
  return '"' + out;
}

std::string shown_path(std::string_view path) { return visible_text(path); }

std::string shown_message(std::string_view message) {
  return message.size() <= kMessageBytes ? visible_text(message) : visible_text(clipped(message, kMessageBytes));
}

}  // namespace bpgn
