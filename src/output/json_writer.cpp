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
#include <cstring>

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

constexpr std::uint64_t kOnes = 0x0101010101010101u;
constexpr std::uint64_t kHighs = 0x8080808080808080u;

std::uint64_t load8(const unsigned char* p) {
  std::uint64_t word;
  std::memcpy(&word, p, sizeof word);
  return word;
}

// The high bit of each byte of `w` that is below 0x20, `"`, `\` or 0x80 and above; 0 when none is
// (exact as a whole: a borrow that spills into the next byte comes only from a byte that counts).
std::uint64_t special_bytes(std::uint64_t w) {
  const std::uint64_t quote = w ^ (kOnes * '"'), backslash = w ^ (kOnes * '\\');
  return (((w - kOnes * 0x20) & ~w) | ((quote - kOnes) & ~quote) | ((backslash - kOnes) & ~backslash) | w) & kHighs;
}

// Past the first 8-byte blocks of `p..end` that hold only bytes copied as they are (kPlain).
const unsigned char* skip_plain_blocks(const unsigned char* p, const unsigned char* end) {
  while (end - p >= 8 && special_bytes(load8(p)) == 0) p += 8;
  return p;
}

// append_json_string without its quotes.
void append_json_body(std::string& out, std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* const end = p + s.size();
  const auto* copied = p;  // bytes before this one are in `out`
  while (p != end) {
    p = skip_plain_blocks(p, end);
    if (p == end) break;
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

bool is_plain_text(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* const end = p + s.size();
  for (; end - p >= 8; p += 8) {
    const std::uint64_t w = load8(p);
    // DEL (0x7F) as well: visible_text and append_json_text write it otherwise.
    if (special_bytes(w) | ((w + kOnes) & kHighs)) return false;
  }
  for (; p != end; ++p) {
    if (*p < 0x20 || *p > 0x7E || *p == '"' || *p == '\\') return false;
  }
  return true;
}

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

namespace {

// Short plain text (a code, a status, a board's name) goes into the buffer in one piece with its
// comma and quotes.
constexpr std::size_t kShortText = 48;

// Appends `,"s"` (the comma when `comma`) and then `tail` (`:` after a key, or nothing): the bytes
// append_json_string writes for plain text.
void append_plain(std::string& out, bool comma, std::string_view s, std::string_view tail) {
  if (s.size() > kShortText) {
    out.append(comma ? ",\"" : "\"", comma ? 2 : 1);
    out += s;
    out += '"';
    out += tail;
    return;
  }
  char token[kShortText + 4];
  char* p = token;
  if (comma) *p++ = ',';
  *p++ = '"';
  // An empty view may hold no pointer at all (std::string_view{}), which memcpy may not be given.
  if (!s.empty()) std::memcpy(p, s.data(), s.size());
  p += s.size();
  *p++ = '"';
  if (!tail.empty()) std::memcpy(p, tail.data(), tail.size());
  p += tail.size();
  out.append(token, std::size_t(p - token));
}

// `s` as a JSON string after a comma (when `comma`), then `tail`: plain text in one piece,
// anything else escaped by `escape` (append_json_string or append_json_text).
void append_quoted(std::string& out, bool comma, std::string_view s, std::string_view tail,
                   void (*escape)(std::string&, std::string_view)) {
  if (is_plain_text(s)) return append_plain(out, comma, s, tail);
  if (comma) out += ',';
  escape(out, s);
  out += tail;
}

}  // namespace

JsonWriter& JsonWriter::given_key(std::string_view name) {
  append_quoted(out_, comma_, name, ":", append_json_string);
  comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::text_key(std::string_view name) {
  append_quoted(out_, comma_, name, ":", append_json_text);
  comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::string(std::string_view s) {
  append_quoted(out_, comma_, s, {}, append_json_string);
  comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::text(std::string_view s) {
  append_quoted(out_, comma_, s, {}, append_json_text);
  comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
  if (comma_) out_ += ',';
  out_ += json;
  comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::integer(std::int64_t n) {
  char text[24];
  text[0] = ',';
  const auto r = std::to_chars(text + 1, text + sizeof text, n);
  out_.append(text + !comma_, std::size_t(r.ptr - text) - !comma_);
  comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::unsigned_integer(std::uint64_t n) {
  char text[24];
  text[0] = ',';
  const auto r = std::to_chars(text + 1, text + sizeof text, n);
  out_.append(text + !comma_, std::size_t(r.ptr - text) - !comma_);
  comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::number(double x) {
  if (!std::isfinite(x)) return null();
  char text[64];
  text[0] = ',';
  const char* end = nlohmann::detail::to_chars(text + 1, text + sizeof text, x);
  out_.append(text + !comma_, std::size_t(end - text) - !comma_);
  comma_ = true;
  return *this;
}

}  // namespace bpgn
