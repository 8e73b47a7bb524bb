// The JSON writer's fast paths: the 8-byte scan for bytes that need more than a copy, plain text
// written in one piece, member names spelled by the program, numbers with their commas. Every
// byte value is tried at every place of strings longer than one block, and the text expected is
// worked out here byte by byte from RFC 8259 (and, for text from the records, the characters
// visible_text shows), not taken from the writer.
#include "output/json_writer.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace bpgn {
namespace {

const std::string kFffd = "\xEF\xBF\xBD";

// The JSON text of one ASCII byte or a lone byte 0x80 and above (never UTF-8 on its own), as
// append_json_string writes it (`text`: as append_json_text writes it, DEL escaped too).
std::string expected_byte(unsigned char b, bool text) {
  if (b >= 0x80) return kFffd;
  switch (b) {
    case '"': return "\\\"";
    case '\\': return "\\\\";
    case '\b': return "\\b";
    case '\t': return "\\t";
    case '\n': return "\\n";
    case '\f': return "\\f";
    case '\r': return "\\r";
    default: break;
  }
  if (b < 0x20 || (text && b == 0x7F)) {
    char escape[8];
    std::snprintf(escape, sizeof escape, "\\u%04x", unsigned{b});
    return escape;
  }
  return std::string(1, char(b));
}

bool plain_byte(unsigned char b) { return b >= 0x20 && b <= 0x7E && b != '"' && b != '\\'; }

TEST(JsonWriterScan, EveryByteAtEveryPlaceOfALongString) {
  for (int b = 0; b < 256; ++b) {
    for (std::size_t at = 0; at < 19; ++at) {
      std::string s(19, 'x');
      s[at] = char(b);
      const std::string expect_string =
          '"' + std::string(at, 'x') + expected_byte((unsigned char)b, false) + std::string(18 - at, 'x') + '"';
      const std::string expect_text =
          '"' + std::string(at, 'x') + expected_byte((unsigned char)b, true) + std::string(18 - at, 'x') + '"';
      std::string out;
      append_json_string(out, s);
      EXPECT_EQ(out, expect_string) << "byte " << b << " at " << at;
      out.clear();
      JsonWriter(out).string(s);
      EXPECT_EQ(out, expect_string) << "byte " << b << " at " << at;
      out.clear();
      JsonWriter(out).text(s);
      EXPECT_EQ(out, expect_text) << "byte " << b << " at " << at;
      EXPECT_EQ(is_plain_text(s), plain_byte((unsigned char)b)) << "byte " << b << " at " << at;
    }
  }
}

TEST(JsonWriterScan, PlainTextOfEveryLength) {
  // Lengths around the 8-byte blocks, the odd byte last.
  for (std::size_t n = 0; n < 26; ++n) {
    const std::string s(n, 'a');
    EXPECT_TRUE(is_plain_text(s));
    std::string out;
    JsonWriter(out).string(s);
    EXPECT_EQ(out, '"' + s + '"');
    if (n == 0) continue;
    for (const char odd : {'"', '\\', '\x7f', '\x1f', '\x80', '\xff'}) {
      std::string t = s;
      t.back() = odd;
      EXPECT_FALSE(is_plain_text(t)) << n << ' ' << int(odd);
    }
  }
  // A long plain text (longer than the writer's short pieces) and a long one with an escape late.
  const std::string path(300, 'p');
  std::string out;
  JsonWriter(out).begin_array().string(path).string(path + "\n").end_array();
  EXPECT_EQ(out, "[\"" + path + "\",\"" + path + "\\n\"]");
}

TEST(JsonWriterScan, SpelledAndGivenNamesWriteTheSameBytes) {
  std::string spelled, given;
  JsonWriter(spelled).begin_object().key("index").number(7).key("file_index").null().key("b").begin_array().end_array().end_object();
  JsonWriter w(given);
  w.begin_object().key(std::string_view("index")).number(7).key(std::string_view("file_index")).null();
  w.key(std::string_view("b")).begin_array().end_array().end_object();
  EXPECT_EQ(spelled, "{\"index\":7,\"file_index\":null,\"b\":[]}");
  EXPECT_EQ(given, spelled);
  std::string names;
  JsonWriter(names).begin_object().key("a\"b").number(1).text_key("c\xE2\x80\xAE").number(2).end_object();
  EXPECT_EQ(names, "{\"a\\\"b\":1,\"c\\u202e\":2}");
}

TEST(JsonWriterScan, ValuesAfterACommaAndAtTheStart) {
  std::string out;
  JsonWriter(out).begin_array().number(-12).number(std::size_t{18446744073709551615u}).number(0.5).boolean(true)
      .boolean(false).null().string("").text("t").begin_object().end_object().raw("{\"r\":1}").end_array();
  EXPECT_EQ(out, "[-12,18446744073709551615,0.5,true,false,null,\"\",\"t\",{},{\"r\":1}]");
  std::string first;
  JsonWriter(first).begin_array().boolean(false).end_array();
  EXPECT_EQ(first, "[false]");
  std::string number;
  JsonWriter(number).begin_array().number(-9223372036854775807 - 1).end_array();
  EXPECT_EQ(number, "[-9223372036854775808]");
}

}  // namespace
}  // namespace bpgn
