#include "output/canonical_movetext.h"
#include "output/canonical_writer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <iterator>

namespace bpgn {
namespace {

TEST(CanonicalMovetext, GreedyLinesOfAtMostWidth) {
  std::string out;
  MovetextWriter w(out, 10);
  for (const char* t : {"aaa", "bbb", "cc", "dddddddddddd", "e"}) w.token(t);
  w.finish();
  // "aaa bbb" is 7; "+ cc" would be 10 (fits exactly); the long token stands alone.
  EXPECT_EQ(out, "aaa bbb cc\ndddddddddddd\ne\n");
}

TEST(CanonicalMovetext, ColumnsCountCharactersNotBytes) {
  std::string out;
  MovetextWriter w(out, 10);
  w.token("été");   // 3 characters, 5 bytes
  w.token("café");  // 4 characters: 3 + 1 + 4 = 8
  w.token("x");     // 10
  w.token("y");
  w.finish();
  EXPECT_EQ(out, "été café x\ny\n");
  EXPECT_EQ(text_columns("été"), 3);
}

// A token whose width the caller gives is laid out by that width, not by its bytes.
TEST(CanonicalMovetext, TokenOfGivenWidth) {
  std::string out;
  MovetextWriter w(out, 10);
  w.token("été", 3);   // 5 bytes
  w.token("abcdef", 6);  // 3 + 1 + 6 = 10: fits
  w.token("z", 1);
  w.finish();
  EXPECT_EQ(out, "été abcdef\nz\n");
}

// The character count eight bytes at a time gives the byte-by-byte count on every length and
// every position of multi-byte characters.
TEST(CanonicalMovetext, ColumnsWordAtATimeMatchByteByByte) {
  const auto reference = [](std::string_view s) {
    int n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
  };
  const std::string pieces[] = {"a", "é", "€", "𝄞", "\x80", "\xbf", "\xc0", "\xff", " ", "{"};
  std::uint32_t seed = 12345;
  for (int round = 0; round < 3000; ++round) {
    std::string s;
    const int count = round % 40;
    for (int i = 0; i < count; ++i) {
      seed = seed * 1103515245u + 12345u;
      s += pieces[(seed >> 16) % std::size(pieces)];
    }
    ASSERT_EQ(text_columns(s), reference(s)) << s;
  }
  EXPECT_EQ(text_columns(""), 0);
  EXPECT_EQ(text_columns("12A. Nf3 {179.5}"), 16);
  EXPECT_EQ(text_columns("ééééééééé"), 9);
}

TEST(CanonicalMovetext, AppendSingleLineAsSingleLine) {
  for (const char* text : {"", " ", "179", " 179 ", "[%clk\n0:00:01.6]", "a \r\n\t b", "a  b\n", "\n\n", "a\tb c  d\ve"}) {
    std::string out = "{";
    append_single_line(out, text);
    EXPECT_EQ(out, "{" + single_line(text)) << text;
  }
  EXPECT_EQ(single_line("a\f\fb"), "a b");
}

TEST(CanonicalMovetext, CommentsBreakOnlyAtSpaces) {
  std::string out;
  MovetextWriter w(out, 12);
  w.token("1.");
  w.words("{", "  one two\nthree   four ", "}");
  w.words("{", "", "}");
  w.finish();
  EXPECT_EQ(out, "1. {one two\nthree four}\n{}\n");
}

TEST(CanonicalMovetext, PiecesStayWhole) {
  std::string out;
  MovetextWriter w(out, 21);  // "1. e4 {[%clk 0:02:59]" is exactly 21
  w.token("1. e4");
  w.pieces("{", {"[%clk 0:02:59]", "[%matchply 1]"}, "}");
  w.finish();
  EXPECT_EQ(out, "1. e4 {[%clk 0:02:59]\n[%matchply 1]}\n");
}

TEST(CanonicalMovetext, SingleLine) {
  EXPECT_EQ(single_line("[%clk\n0:00:01.6]"), "[%clk 0:00:01.6]");
  EXPECT_EQ(single_line(" 179 "), " 179 ");  // plain spaces are kept as written
  EXPECT_EQ(single_line("a \r\n\t b"), "a b");
}

TEST(CanonicalWriterHelpers, WrittenSanNormalisation) {
  EXPECT_EQ(normalised_written_san("$146@g4"), "N@g4");
  EXPECT_EQ(normalised_written_san("$146@h3+"), "N@h3+");
  EXPECT_EQ(normalised_written_san("@e4"), "P@e4");
  EXPECT_EQ(normalised_written_san("N*f3"), "N@f3");
  EXPECT_EQ(normalised_written_san("0-0"), "O-O");
  EXPECT_EQ(normalised_written_san("0-0-0+"), "O-O-O+");
  EXPECT_EQ(normalised_written_san("Nf3"), "Nf3");
  EXPECT_EQ(normalised_written_san("e8=R/d1"), "e8=R/d1");
}

TEST(CanonicalWriterHelpers, WrittenSanAppendedAfterText) {
  for (const char* san : {"$146@g4", "@e4", "N*f3", "0-0-0", "Nf3", "", "N", "e8=Q"}) {
    std::string out = "12A. ";
    append_normalised_written_san(out, san);
    EXPECT_EQ(out, "12A. " + normalised_written_san(san)) << san;
  }
}

TEST(CanonicalWriterHelpers, MarkerWrappedAfterItsPrefix) {
  // A marker the writer wrapped right after `bpgn:` is still one.
  EXPECT_TRUE(is_fmt_marker("bpgn:\nboard A not replayed from here"));
  EXPECT_TRUE(is_fmt_marker("\n bpgn: not\nreplayed from\there: syntax at 3. x"));
  EXPECT_FALSE(is_fmt_marker("bpgn not replayed from here"));
  EXPECT_FALSE(is_fmt_marker("bpgn:not replayed from here"));
}

TEST(CanonicalWriterHelpers, Markers) {
  EXPECT_TRUE(is_fmt_marker("bpgn: board B not replayed from here: illegal-move at 3b. Nf7"));
  EXPECT_TRUE(is_fmt_marker(" bpgn: not replayed from here"));
  EXPECT_FALSE(is_fmt_marker("C: bpgn: not replayed from here"));
  EXPECT_FALSE(is_fmt_marker("bpgn: a user comment"));
  EXPECT_EQ(seat_letter(Board::A, White), 'A');
  EXPECT_EQ(seat_letter(Board::A, Black), 'a');
  EXPECT_EQ(seat_letter(Board::B, White), 'B');
  EXPECT_EQ(seat_letter(Board::B, Black), 'b');
}

TEST(CanonicalWriterHelpers, AsFound) {
  std::string out;
  write_as_found("\r\n[Event \"x\"]\r\n1A. caf\xe9 \n\n  ", out);
  EXPECT_EQ(out, "[Event \"x\"]\n1A. caf\xc3\xa9\n");
}

}  // namespace
}  // namespace bpgn
