// The streaming JSON writer: escaping of every control byte, `"` and `\`; invalid UTF-8 written as
// U+FFFD per maximal ill-formed part; numbers; commas between members and elements. Expected texts
// are written by hand from RFC 8259 and Unicode 3.9 (U+FFFD substitution of maximal subparts), and
// every one is also compared with nlohmann::json's dump (compact, replace), which the reports were
// written with before, so the reports keep their bytes.
#include "output/json_writer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace bpgn {
namespace {

const std::string kFffd = "\xEF\xBF\xBD";

std::string written(std::string_view s) {
  std::string out;
  append_json_string(out, s);
  return out;
}

std::string dumped(const std::string& s) {
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string number_text(double x) {
  std::string out;
  JsonWriter(out).number(x);
  return out;
}

TEST(JsonWriter, EveryControlByteIsEscaped) {
  // RFC 8259: U+0000..U+001F must be escaped; the five with a short form use it, the rest \u00XX.
  const char* const expected[32] = {
      "\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007",
      "\\b",     "\\t",     "\\n",     "\\u000b", "\\f",     "\\r",     "\\u000e", "\\u000f",
      "\\u0010", "\\u0011", "\\u0012", "\\u0013", "\\u0014", "\\u0015", "\\u0016", "\\u0017",
      "\\u0018", "\\u0019", "\\u001a", "\\u001b", "\\u001c", "\\u001d", "\\u001e", "\\u001f",
  };
  for (int c = 0; c < 32; ++c) {
    const std::string s = "a" + std::string(1, char(c)) + "b";
    EXPECT_EQ(written(s), std::string("\"a") + expected[c] + "b\"") << c;
    EXPECT_EQ(written(s), dumped(s)) << c;
  }
}

TEST(JsonWriter, QuoteAndBackslashEscapedDelAndSlashNot) {
  EXPECT_EQ(written("say \"hi\""), "\"say \\\"hi\\\"\"");
  EXPECT_EQ(written("a\\b"), "\"a\\\\b\"");
  EXPECT_EQ(written("x\x7Fy/z"), "\"x\x7Fy/z\"");
  EXPECT_EQ(written(""), "\"\"");
  for (const char* s : {"say \"hi\"", "a\\b", "x\x7Fy/z", ""}) EXPECT_EQ(written(s), dumped(s)) << s;
}

TEST(JsonWriter, ValidUtf8IsCopied) {
  // é (2 bytes), € (3), U+D7FF (last before the surrogates), U+E000, 😀 (4), U+10FFFF (the last).
  for (const char* s : {"caf\xC3\xA9", "\xE2\x82\xAC", "\xED\x9F\xBF", "\xEE\x80\x80", "\xF0\x9F\x98\x80",
                        "\xF4\x8F\xBF\xBF", "\xC2\x80"}) {
    EXPECT_EQ(written(s), "\"" + std::string(s) + "\"") << s;
    EXPECT_EQ(written(s), dumped(s)) << s;
  }
}

TEST(JsonWriter, InvalidUtf8BecomesOneReplacementPerMaximalPart) {
  struct Case {
    std::string in, out;  // `out` without the quotes; F stands for U+FFFD
  };
  const std::vector<Case> cases = {
      {"\x80", "F"},                      // lone continuation byte
      {"a\xBF" "b", "aFb"},               // lone continuation between letters
      {"\x80\x80", "FF"},                 // each continuation byte on its own
      {"\xC3", "F"},                      // lead byte at the end
      {"\xE2\x82", "F"},                  // truncated 3-byte sequence at the end: one U+FFFD
      {"\xE2\x82" "A", "FA"},             // truncated, then ASCII: the A is kept
      {"\xF0\x9F\x98", "F"},              // truncated 4-byte sequence
      {"\xF0\x9F\x98\xC3\xA9", "F\xC3\xA9"},  // truncated, then a whole é
      {"\xC0\xAF", "FF"},                 // overlong '/': C0 is never UTF-8, AF then stands alone
      {"\xC1\xBF", "FF"},
      {"\xE0\x80\xAF", "FFF"},            // overlong 3-byte: E0 needs A0..BF next
      {"\xF0\x80\x80\xAF", "FFFF"},       // overlong 4-byte: F0 needs 90..BF next
      {"\xED\xA0\x80", "FFF"},            // surrogate U+D800: ED needs 80..9F next
      {"\xED\xBF\xBF", "FFF"},            // surrogate U+DFFF
      {"\xF4\x90\x80\x80", "FFFF"},       // U+110000, above the last code point
      {"\xF5\x80\x80\x80", "FFFF"},       // F5 is never UTF-8
      {"\xFE\xFF", "FF"},
      {"\xE2\x28\xA1", "F(F"},            // second byte not a continuation: E2 alone, ( kept, A1 alone
      {"\xE2\x82\xAC\x80", "\xE2\x82\xAC" "F"},  // € then a stray continuation
      {"\x01\x80\"", "\\u0001F\\\""},     // escapes around a replacement
  };
  for (const Case& c : cases) {
    std::string expected = "\"";
    for (char ch : c.out) {
      if (ch == 'F') expected += kFffd;
      else expected += ch;
    }
    expected += '"';
    EXPECT_EQ(written(c.in), expected) << testing::PrintToString(c.in);
    EXPECT_EQ(written(c.in), dumped(c.in)) << testing::PrintToString(c.in);
  }
}

TEST(JsonWriter, AgreesWithNlohmannOnEveryShortByteString) {
  // Every string of one and two bytes, and every string of three and four bytes over the bytes
  // where UTF-8's ranges begin and end, alone and between ASCII letters.
  std::size_t compared = 0;
  auto compare = [&](const std::string& s) {
    ASSERT_EQ(written(s), dumped(s)) << testing::PrintToString(s);
    ASSERT_EQ(written("x" + s + "y"), dumped("x" + s + "y")) << testing::PrintToString(s);
    ++compared;
  };
  for (int a = 0; a < 256; ++a) {
    compare(std::string(1, char(a)));
    for (int b = 0; b < 256; ++b) compare({char(a), char(b)});
  }
  const std::vector<unsigned char> edges = {0x00, 0x1F, 0x22, 0x41, 0x5C, 0x7F, 0x80, 0x8F, 0x90, 0x9F,
                                            0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED,
                                            0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
  for (unsigned char a : edges)
    for (unsigned char b : edges)
      for (unsigned char c : edges) {
        compare({char(a), char(b), char(c)});
        for (unsigned char d : edges) compare({char(a), char(b), char(c), char(d)});
      }
  EXPECT_EQ(compared, 256u + 65536u + 28u * 28u * 28u * 29u);
}

TEST(JsonWriter, Numbers) {
  // Integers in decimal; doubles with at least one digit after the point or an exponent.
  std::string out;
  JsonWriter w(out);
  w.begin_array()
      .number(0)
      .number(-1)
      .number(std::numeric_limits<std::int64_t>::min())
      .number(std::numeric_limits<std::uint64_t>::max())
      .number(std::size_t(42))
      .end_array();
  EXPECT_EQ(out, "[0,-1,-9223372036854775808,18446744073709551615,42]");

  EXPECT_EQ(number_text(2.0), "2.0");
  EXPECT_EQ(number_text(0.5), "0.5");
  EXPECT_EQ(number_text(-0.0), "-0.0");
  EXPECT_EQ(number_text(179.9), "179.9");
  EXPECT_EQ(number_text(58.345), "58.345");
  EXPECT_EQ(number_text(-0.576), "-0.576");
  EXPECT_EQ(number_text(0.0001), "0.0001");
  EXPECT_EQ(number_text(0.00001), "1e-05");
  EXPECT_EQ(number_text(123456789012345.0), "123456789012345.0");
  EXPECT_EQ(number_text(1e15), "1e+15");
  EXPECT_EQ(number_text(1.5e300), "1.5e+300");
  EXPECT_EQ(number_text(std::nan("")), "null");
  EXPECT_EQ(number_text(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(number_text(-std::numeric_limits<double>::infinity()), "null");
}

TEST(JsonWriter, DoublesAgreeWithNlohmann) {
  // Clock readings and times as records write them (tenths and thousandths of a second, either
  // sign), and arbitrary bit patterns, where the shortest digits and nlohmann's may differ.
  auto compare = [](double x) { ASSERT_EQ(number_text(x), nlohmann::json(x).dump()) << x; };
  for (long ms = -100000; ms <= 4000000; ms += 7) compare(std::round(double(ms)) / 1000);
  for (long ds = -1000; ds <= 100000; ++ds) compare(double(ds) / 10);
  for (double x : {0.0, 1.0, 1.5, 2.0, 3.0, 0.5, 1e15, 1e16, 1e-4, 1e-5, 1e300, 5e-324, 1.7976931348623157e308})
    compare(x);
  std::mt19937_64 random(20261201);
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t bits = random();
    double x;
    std::memcpy(&x, &bits, sizeof x);
    compare(x);
  }
}

TEST(JsonWriter, CommasKeysAndNesting) {
  std::string out;
  JsonWriter w(out);
  w.begin_object();
  w.key("a").begin_array().number(1).begin_object().key("b").null().end_object().begin_array().end_array();
  w.begin_object().end_object().end_array();
  w.key("c").string("x");
  w.key("d").boolean(true);
  w.key("e").boolean(false);
  w.key("f").raw("{\"g\":[]}");
  w.key("h").string_or_null("");
  w.key("i").string_or_null("y");
  w.key("j").number_or_null(std::optional<int>());
  w.key("k").number_or_null(std::optional<int>(7));
  w.key("l").plain_string([](std::string& s) { s += "8/8 w - -"; });
  w.key("m\n\"").number(0);
  w.end_object();
  EXPECT_EQ(out,
            "{\"a\":[1,{\"b\":null},[],{}],\"c\":\"x\",\"d\":true,\"e\":false,\"f\":{\"g\":[]},\"h\":null,"
            "\"i\":\"y\",\"j\":null,\"k\":7,\"l\":\"8/8 w - -\",\"m\\n\\\"\":0}");
  // The same document through nlohmann::ordered_json.
  nlohmann::ordered_json j;
  j["a"] = nlohmann::ordered_json::array(
      {1, nlohmann::ordered_json{{"b", nullptr}}, nlohmann::ordered_json::array(), nlohmann::ordered_json::object()});
  j["c"] = "x";
  j["d"] = true;
  j["e"] = false;
  j["f"]["g"] = nlohmann::ordered_json::array();
  j["h"] = nullptr;
  j["i"] = "y";
  j["j"] = nullptr;
  j["k"] = 7;
  j["l"] = "8/8 w - -";
  j["m\n\""] = 0;
  EXPECT_EQ(out, j.dump());
}

TEST(JsonWriter, AppendsToWhatTheBufferHolds) {
  std::string out = "x";
  JsonWriter(out).begin_array().string("a").end_array();
  JsonWriter(out).begin_array().end_array();  // a new writer starts a new value: no comma
  EXPECT_EQ(out, "x[\"a\"][]");
}

// ---- The fast paths: the 8-byte scan for bytes that need more than a copy, plain text in one
// piece, names the program spells, numbers with their commas. The text expected is worked out
// byte by byte from RFC 8259 (and for text, the characters visible_text shows).

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
