#include "output/json_writer.h"

#include "output/utf8_sequence.h"
#include "text/visible_text.h"

// nlohmann::json's own double-to-text conversion (Grisu2 and its layout), header-only and free of
// the DOM: it keeps doubles byte-identical with the reports nlohmann::json wrote. (std::to_chars
// gives the truly shortest digits, which differ for about 0.1 % of arbitrary 17-digit doubles.)
#include <nlohmann/detail/conversions/to_chars.hpp>

#include <array>
#include <charconv>
#include <cmath>

namespace bpgn {
namespace {

// Bytes copied as they are: printable ASCII other than `"` and `\`.
constexpr auto kPlain = [] {
  std::array<bool, 256> plain{};
  for (int c = 0x20; c < 0x80; ++c) plain[std::size_t(c)] = c != '"' && c != '\\';
  return plain;
}();

}  // namespace

namespace {

constexpr char kJsonHex[] = "0123456789abcdef";

// append_json_string without its quotes.
void append_json_body(std::string& out, std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* const end = p + s.size();
  const auto* copied = p;  // bytes before this one are in `out`
  while (p != end) {
    const unsigned char c = *p;
    if (kPlain[c]) {
      ++p;
      continue;
    }
    if (c >= 0x80) {
      std::size_t bad = 0;
      if (const std::size_t n = utf8_sequence(p, end, bad)) {
        p += n;
        continue;
      }
      out.append(reinterpret_cast<const char*>(copied), std::size_t(p - copied));
      out += "\xEF\xBF\xBD";
      p += bad;
      copied = p;
      continue;
    }
    out.append(reinterpret_cast<const char*>(copied), std::size_t(p - copied));
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\f': out += "\\f"; break;
      case '\r': out += "\\r"; break;
      default: {
        const char escape[] = {'\\', 'u', '0', '0', kJsonHex[c >> 4], kJsonHex[c & 0xF]};
        out.append(escape, sizeof escape);
      }
    }
    copied = ++p;
  }
  out.append(reinterpret_cast<const char*>(copied), std::size_t(p - copied));
}

// The code point of the well-formed UTF-8 sequence of `n` bytes at `p`.
std::uint32_t utf8_code_point(const unsigned char* p, std::size_t n) {
  std::uint32_t cp = n == 1 ? p[0] : n == 2 ? p[0] & 0x1Fu : n == 3 ? p[0] & 0x0Fu : p[0] & 0x07u;
  for (std::size_t i = 1; i < n; ++i) cp = (cp << 6) | (p[i] & 0x3Fu);
  return cp;
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  append_json_body(out, s);
  out += '"';
}

void append_json_text(std::string& out, std::string_view s) {
  out += '"';
  const auto* const begin = reinterpret_cast<const unsigned char*>(s.data());
  const auto* const end = begin + s.size();
  const auto* p = begin;
  const auto* copied = p;  // bytes before this one are in `out`
  while (p != end) {
    std::size_t n = 1, bad = 0;
    if (*p >= 0x80 && (n = utf8_sequence(p, end, bad)) == 0) {
      p += bad;  // replaced by append_json_body
      continue;
    }
    const std::uint32_t cp = utf8_code_point(p, n);
    if (cp < 0x20 || !is_invisible(cp)) {  // C0 controls: append_json_body's own escapes (\n, \u001b)
      p += n;
      continue;
    }
    append_json_body(out, std::string_view(reinterpret_cast<const char*>(copied), std::size_t(p - copied)));
    const char escape[] = {'\\', 'u', kJsonHex[(cp >> 12) & 0xF], kJsonHex[(cp >> 8) & 0xF], kJsonHex[(cp >> 4) & 0xF], kJsonHex[cp & 0xF]};
    out.append(escape, sizeof escape);
    p += n;
    copied = p;
  }
  append_json_body(out, std::string_view(reinterpret_cast<const char*>(copied), std::size_t(p - copied)));
  out += '"';
}

JsonWriter& JsonWriter::integer(std::int64_t n) {
  char text[24];
  const auto r = std::to_chars(text, text + sizeof text, n);
  return raw(std::string_view(text, std::size_t(r.ptr - text)));
}

JsonWriter& JsonWriter::unsigned_integer(std::uint64_t n) {
  char text[24];
  const auto r = std::to_chars(text, text + sizeof text, n);
  return raw(std::string_view(text, std::size_t(r.ptr - text)));
}

JsonWriter& JsonWriter::number(double x) {
  if (!std::isfinite(x)) return null();
  char text[64];
  const char* end = nlohmann::detail::to_chars(text, text + sizeof text, x);
  return raw(std::string_view(text, std::size_t(end - text)));
}

}  // namespace bpgn
