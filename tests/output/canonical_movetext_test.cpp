#include "output/canonical_movetext.h"
#include "output/canonical_writer.h"

#include <gtest/gtest.h>

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
