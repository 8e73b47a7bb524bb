// The names of boards, seats and squares, defined once (core/types.h, record/game.h) and written
// through fmt (record/names_format.h).
#include "record/names_format.h"

#include "core/ascii.h"

#include <gtest/gtest.h>

namespace bpgn {
namespace {

TEST(NamesFormat, BoardIsItsLetter) {
  EXPECT_EQ(fmt::format("board {}", Board::A), "board A");
  EXPECT_EQ(fmt::format("board {}", Board::B), "board B");
  EXPECT_EQ(board_name(Board::B), "B");
}

TEST(NamesFormat, SeatIsItsBpgnTag) {
  EXPECT_EQ(fmt::format("{}", seat_of(Board::A, White)), "WhiteA");
  EXPECT_EQ(fmt::format("{}", seat_of(Board::A, Black)), "BlackA");
  EXPECT_EQ(fmt::format("{}Elo", seat_of(Board::B, White)), "WhiteBElo");
  EXPECT_EQ(fmt::format("{}", seat_of(Board::B, Black)), "BlackB");
}

TEST(NamesFormat, SeatLetterOfAMoveNumber) {
  EXPECT_EQ(seat_letter(Board::A, White), 'A');
  EXPECT_EQ(seat_letter(Board::A, Black), 'a');
  EXPECT_EQ(seat_letter(Board::B, White), 'B');
  EXPECT_EQ(seat_letter(Board::B, Black), 'b');
}

TEST(NamesFormat, SquareByName) {
  EXPECT_EQ(fmt::format("{}", SquareName{make_square(4, 3)}), "e4");
  EXPECT_EQ(fmt::format("{} {}", SquareName{0}, SquareName{63}), "a1 h8");
  EXPECT_EQ(square_name(kNoSquare), "?");
}

TEST(NamesFormat, MoveNumberWithSeatOrByColour) {
  // BPGN writes the seat letter after the number (upper case White, lower case Black), PGN a
  // period for White and three for Black.
  EXPECT_EQ(fmt::format("{} e4", MoveNumberText{12, Board::A, White, true}), "12A. e4");
  EXPECT_EQ(fmt::format("{}", MoveNumberText{12, Board::A, Black, true}), "12a.");
  EXPECT_EQ(fmt::format("{}", MoveNumberText{3, Board::B, White, true}), "3B.");
  EXPECT_EQ(fmt::format("{}", MoveNumberText{3, Board::B, Black, true}), "3b.");
  EXPECT_EQ(fmt::format("{} e4", MoveNumberText{1, Board::A, White, false}), "1. e4");
  EXPECT_EQ(fmt::format("{} e5", MoveNumberText{1, Board::B, Black, false}), "1... e5");
}

TEST(NamesFormat, PieceLetterByColour) {
  EXPECT_EQ(piece_letter(Knight, White), 'N');
  EXPECT_EQ(piece_letter(Knight, Black), 'n');
  EXPECT_EQ(piece_letter(Pawn, Black), 'p');
  EXPECT_EQ(piece_letter(King, White), 'K');
}

TEST(NamesFormat, AsciiLowerLeavesOtherBytes) {
  EXPECT_EQ(ascii_lower("From-Holding AZ az 09"), "from-holding az az 09");
  EXPECT_EQ(ascii_lower("\xC3\x89t\xC9"), "\xC3\x89t\xC9");  // UTF-8 É and Latin-1 É unchanged
}

TEST(NamesFormat, ColourNames) {
  EXPECT_EQ(color_name(Black), "Black");
  EXPECT_EQ(color_word(White), "white");
}

}  // namespace
}  // namespace bpgn
