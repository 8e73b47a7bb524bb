// The names of boards, seats and squares, defined once (core/types.h, record/game.h) and written
// through fmt (record/names_format.h).
#include "record/names_format.h"

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

TEST(NamesFormat, ColourNames) {
  EXPECT_EQ(color_name(Black), "Black");
  EXPECT_EQ(color_word(White), "white");
}

}  // namespace
}  // namespace bpgn
