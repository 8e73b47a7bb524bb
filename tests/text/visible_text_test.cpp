// visible_text: the one form of text from records and file names in messages and reports;
// clipped/quoted: long values cut with their length.
#include "text/visible_text.h"

#include "record/encoding.h"

#include <gtest/gtest.h>

#include <string>

namespace bpgn {
namespace {

TEST(VisibleText, TerminalControlsBecomeTheirCodePoints) {
  EXPECT_EQ(visible_text("\x1b[2Jevil"), "<U+001B>[2Jevil");
  EXPECT_EQ(visible_text("\x1b]0;TITLE\x07"), "<U+001B>]0;TITLE<U+0007>");
  EXPECT_EQ(visible_text("a\nb.bpgn"), "a<U+000A>b.bpgn");
  EXPECT_EQ(visible_text("a\rb\tc"), "a<U+000D>b<U+0009>c");
  EXPECT_EQ(visible_text(std::string("a\0b", 3)), "a<U+0000>b");
  EXPECT_EQ(visible_text("del\x7f"), "del<U+007F>");
  EXPECT_EQ(visible_text("c1 \xC2\x9B" "2J"), "c1 <U+009B>2J");  // CSI as a C1 control
  EXPECT_EQ(visible_text("a\xE2\x80\xAE" "b"), "a<U+202E>b");     // right-to-left override
  EXPECT_EQ(visible_text("\xEF\xBB\xBFx"), "<U+FEFF>x");
}

TEST(VisibleText, BytesThatAreNotUtf8AreWrittenAsBytes) {
  EXPECT_EQ(visible_text("\xff\xfe.bpgn"), "\\xff\\xfe.bpgn");
  EXPECT_EQ(visible_text("end\xD0"), "end\\xd0");               // a sequence cut short
  EXPECT_EQ(visible_text("\xC0\xAF"), "\\xc0\\xaf");              // overlong
  EXPECT_EQ(visible_text("\xED\xA0\x80"), "\\xed\\xa0\\x80");     // a surrogate
  EXPECT_EQ(visible_text("\xF4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // above U+10FFFF
  EXPECT_EQ(visible_text("caf\xE9"), "caf\\xe9");                 // Latin-1
}

TEST(VisibleText, ValidTextStaysAsItIs) {
  for (const std::string text : {"Carlsen", "Иванов Пётр", "小明", "ß & <b> \"q\" 'a' \\ %", "\xF0\x9F\x98\x80"})
    EXPECT_EQ(visible_text(text), text);
}

TEST(VisibleText, TheResultIsValidUtf8WithoutControlsAndShowingItAgainChangesNothing) {
  std::string every_byte;
  for (int b = 0; b < 256; ++b) every_byte += char(b);
  const std::string shown = visible_text(every_byte + "\xE2\x80\x8B\xC2\x85 Пётр");
  EXPECT_TRUE(is_valid_utf8(shown));
  for (const char c : shown) EXPECT_TRUE(static_cast<unsigned char>(c) >= 0x20 && c != 0x7F) << int(c);
  EXPECT_EQ(visible_text(shown), shown);
}

TEST(Clipped, ALongValueIsCutWithItsLength) {
  const std::string token(16u << 20, 'a');
  const std::string cut = clipped(token);
  EXPECT_EQ(cut, std::string(kQuotedBytes, 'a') + "\xE2\x80\xA6 (16777216 bytes)");
  EXPECT_EQ(quoted_value(token), "\"" + std::string(kQuotedBytes, 'a') + "\xE2\x80\xA6\" (16777216 bytes)");
  EXPECT_EQ(clipped("e4"), "e4");
  EXPECT_EQ(quoted_value("e4"), "\"e4\"");
  EXPECT_EQ(clipped(std::string(kQuotedBytes, 'b')), std::string(kQuotedBytes, 'b'));
}

TEST(Clipped, ACutNeverSplitsACharacter) {
  std::string name;
  while (name.size() <= kQuotedBytes + 4) name += "\xD0\x9F";  // П, two bytes each
  name += "x";                                                // an odd length: the cut falls inside one
  const std::string cut = clipped(name, kQuotedBytes + 1);
  EXPECT_TRUE(is_valid_utf8(cut)) << cut;
  EXPECT_EQ(cut.substr(0, kQuotedBytes), name.substr(0, kQuotedBytes));
}

TEST(ShownMessage, IsBoundedAndVisible) {
  const std::string message = "bad \x1b[2J " + std::string(1u << 20, 'z');
  const std::string shown = shown_message(message);
  EXPECT_LT(shown.size(), kMessageBytes + 100);
  EXPECT_EQ(shown.rfind("bad <U+001B>[2J zzz", 0), 0u);
  EXPECT_NE(shown.find("(" + std::to_string(message.size()) + " bytes)"), std::string::npos);
}

}  // namespace
}  // namespace bpgn
