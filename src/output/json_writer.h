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
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

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

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }

  // An object member's name; its value follows with the next call.
  JsonWriter& key(std::string_view name) {
    separate();
    append_json_string(out_, name);
    out_ += ':';
    comma_ = false;
    return *this;
  }

  // An object member's name taken from outside (a round, a file name): escaped as text() escapes.
  JsonWriter& text_key(std::string_view name) {
    separate();
    append_json_text(out_, name);
    out_ += ':';
    comma_ = false;
    return *this;
  }

  JsonWriter& string(std::string_view s) {
    separate();
    append_json_string(out_, s);
    comma_ = true;
    return *this;
  }
  // `null` for the empty string (a field the record or the outcome does not have).
  JsonWriter& string_or_null(std::string_view s) { return s.empty() ? null() : string(s); }
  // Text from outside (a record, a file name): append_json_text.
  JsonWriter& text(std::string_view s) {
    separate();
    append_json_text(out_, s);
    comma_ = true;
    return *this;
  }
  JsonWriter& text_or_null(std::string_view s) { return s.empty() ? null() : text(s); }

  // A string whose text `fill(std::string&)` appends straight to the buffer, unescaped: only for
  // text that never needs escaping (a FEN, a UCI move: printable ASCII without `"` or `\`).
  template <class Fill>
  JsonWriter& plain_string(Fill&& fill) {
    separate();
    out_ += '"';
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

  JsonWriter& boolean(bool b) { return raw(b ? "true" : "false"); }
  JsonWriter& null() { return raw("null"); }

  // A value already rendered as JSON text (e.g. a cached object), written as it is.
  JsonWriter& raw(std::string_view json) {
    separate();
    out_ += json;
    comma_ = true;
    return *this;
  }

 private:
  JsonWriter& open(char c) {
    separate();
    out_ += c;
    comma_ = false;
    return *this;
  }
  JsonWriter& close(char c) {
    out_ += c;
    comma_ = true;
    return *this;
  }
  void separate() {
    if (comma_) out_ += ',';
  }
  JsonWriter& integer(std::int64_t n);
  JsonWriter& unsigned_integer(std::uint64_t n);

  std::string& out_;
  bool comma_ = false;  // a value was completed: the next key or element needs a comma first
};

}  // namespace bpgn
