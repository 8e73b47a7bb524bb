#include "output/json_writer.h"

#include "output/utf8_sequence.h"

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

void append_json_string(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
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
        const char escape[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xF]};
        out.append(escape, sizeof escape);
      }
    }
    copied = ++p;
  }
  out.append(reinterpret_cast<const char*>(copied), std::size_t(p - copied));
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
