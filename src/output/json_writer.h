// A streaming JSON writer: appends one JSON text to a std::string, value by value, with no
// document in memory. Used by every JSON report (`check --format json|jsonl`, `convert --to json`).
//
// The text is the one nlohmann::json's dump() gives for the same values (compact, ensure_ascii off,
// invalid UTF-8 replaced), so reports keep their bytes: strings escape `"`, `\` and the control
// characters U+0000..U+001F (\b \t \n \f \r by name, the rest as \u00XX in lower-case hex); every
// other valid UTF-8 sequence, DEL included, is copied as it is; each maximal ill-formed part of a
// UTF-8 sequence (a lone continuation byte, a truncated, overlong or surrogate sequence, a byte
// that is never UTF-8) is written as one U+FFFD. Numbers: integers in decimal, doubles in the
// shortest form that reads back the same (`2.0`, `0.5`, `1e+20`), NaN and infinities as null.
//
// Commas are written for the caller: every value or key after another one in the same object or
// array gets one. The caller pairs begin_/end_ calls and gives a key before each object member.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstring>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace bpgn {

// Appends `s` as a JSON string (quotes included), escaped as above.
void append_json_string(std::string& out, std::string_view s);
// Appends text from a record or a file name (a tag's value, a comment, a move as written) as a
// JSON string: as append_json_string, and besides every character visible_text shows as
// `<U+XXXX>` (text/visible_text.h: DEL, the C1 controls such as U+009B, the soft hyphen, the
// zero-width and bidirectional marks such as U+202E, U+FEFF) is written `\uXXXX` (lower-case hex).
// A JSON reader gets the text back whole; a terminal showing the JSON sees no control and no
// reordering mark.
void append_json_text(std::string& out, std::string_view s);
// Whether every byte of `s` is printable ASCII (0x20..0x7E) other than `"` and `\`: text that
// append_json_string, append_json_text and visible_text (text/visible_text.h) all copy as it is.
bool is_plain_text(std::string_view s);

// A member name written in the program, checked when compiling: whether it is plain text.
struct JsonName {
  static constexpr std::size_t kMax = 60;
  template <std::size_t N>
    requires(N >= 1 && N <= kMax)
  consteval JsonName(const char (&name)[N]) : text(name, N - 1) {
    for (const char c : text) {
      if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') plain = false;
    }
  }
  std::string_view text;
  bool plain = true;
};

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }

  // An object member's name; its value follows with the next call.
  template <class Name>
    requires(!std::is_array_v<Name> && std::convertible_to<const Name&, std::string_view>)
  JsonWriter& key(const Name& name) {
    return given_key(std::string_view(name));
  }
  // A name the program spells (a literal such as "file_index"): the same bytes, in one piece when
  // the literal needs no escaping (known when compiling; `"m\n"` takes the other path).
  JsonWriter& key(JsonName name) {
    if (!name.plain) return given_key(name.text);
    char token[JsonName::kMax + 4];  // `,"name":`
    char* p = token;
    if (comma_) *p++ = ',';
    *p++ = '"';
    std::memcpy(p, name.text.data(), name.text.size());
    p += name.text.size();
    *p++ = '"';
    *p++ = ':';
    out_.append(token, std::size_t(p - token));
    comma_ = false;
    return *this;
  }

  // An object member's name taken from outside (a round, a file name): escaped as text() escapes.
  JsonWriter& text_key(std::string_view name);

  JsonWriter& string(std::string_view s);
  // `null` for the empty string (a field the record or the outcome does not have).
  JsonWriter& string_or_null(std::string_view s) { return s.empty() ? null() : string(s); }
  // Text from outside (a record, a file name): append_json_text.
  JsonWriter& text(std::string_view s);
  JsonWriter& text_or_null(std::string_view s) { return s.empty() ? null() : text(s); }

  // A string whose text `fill(std::string&)` appends straight to the buffer, unescaped: only for
  // text that never needs escaping (a FEN, a UCI move: printable ASCII without `"` or `\`).
  template <class Fill>
  JsonWriter& plain_string(Fill&& fill) {
    out_.append(comma_ ? ",\"" : "\"", comma_ ? 2 : 1);
    fill(out_);
    out_ += '"';
    comma_ = true;
    return *this;
  }

  template <std::integral T>
    requires(!std::same_as<T, bool>)
  JsonWriter& number(T n) {
    if constexpr (std::signed_integral<T>) return integer(std::int64_t(n));
    else return unsigned_integer(std::uint64_t(n));
  }
  JsonWriter& number(double x);
  template <class T>
  JsonWriter& number_or_null(const std::optional<T>& n) {
    return n ? number(*n) : null();
  }

  JsonWriter& boolean(bool b) { return b ? token(",true") : token(",false"); }
  JsonWriter& null() { return token(",null"); }

  // A value already rendered as JSON text (e.g. a cached object), written as it is.
  JsonWriter& raw(std::string_view json);

 private:
  JsonWriter& given_key(std::string_view name);
  JsonWriter& open(char c) {
    const char token[2] = {',', c};
    out_.append(token + !comma_, comma_ ? 2 : 1);
    comma_ = false;
    return *this;
  }
  JsonWriter& close(char c) {
    out_ += c;
    comma_ = true;
    return *this;
  }
  // A short value that needs no escaping, given with a comma before it (`,null`): appended in
  // one piece, with or without that comma.
  template <std::size_t N>
  JsonWriter& token(const char (&comma_and_value)[N]) {
    out_.append(comma_and_value + !comma_, N - 1 - !comma_);
    comma_ = true;
    return *this;
  }
  JsonWriter& integer(std::int64_t n);
  JsonWriter& unsigned_integer(std::uint64_t n);

  std::string& out_;
  bool comma_ = false;  // a value was completed: the next key or element needs a comma first
};

}  // namespace bpgn
