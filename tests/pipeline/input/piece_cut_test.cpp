// The driver's piece cutting helpers (pipeline/input/piece_cut.h) on their own.
#include "pipeline/input/piece_cut.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

namespace bpgn {
namespace {

TEST(PieceCut, CountLinesCountsEveryLineFeedAcrossBlockSizes) {
  EXPECT_EQ(count_lines(""), 0u);
  EXPECT_EQ(count_lines("\n"), 1u);
  EXPECT_EQ(count_lines("a\r\nb\n\nc"), 3u);
  // Runs of line feeds longer than one block of the count (255 bytes) and every length around it.
  for (std::size_t n : {254u, 255u, 256u, 510u, 511u, 1000u, 70000u}) {
    EXPECT_EQ(count_lines(std::string(n, '\n')), n) << n;
  }
  std::mt19937 rng(24);
  for (int round = 0; round < 200; ++round) {
    std::string text(rng() % 3000, 'x');
    for (char& c : text) c = "\n\r x[\x80\xff"[rng() % 8];
    EXPECT_EQ(count_lines(text), static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'))) << round;
  }
}

TEST(PieceCut, CutsJustBeforeAnEventTagLineOnly) {
  const std::string text = "[Event \"a\"]\n[EventDate \"x\"]\n1. e4 *\n\n[Event \"b\"]\n";
  const std::size_t cut = find_piece_cut(text, 1);
  ASSERT_NE(cut, std::string::npos);
  EXPECT_EQ(text.substr(cut, 8), "[Event \"");
  EXPECT_EQ(text.substr(cut + 7, 3), "\"b\"");
  EXPECT_EQ(find_piece_cut(text, cut), std::string::npos);
}

}  // namespace
}  // namespace bpgn
