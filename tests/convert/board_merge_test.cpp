#include "convert/board_merge.h"

#include <gtest/gtest.h>

namespace bpgn {
namespace {

MergePly at(double t, Color c) {
  MergePly p;
  p.time = t;
  p.color = c;
  return p;
}

std::vector<MergeStep> steps(std::initializer_list<std::pair<char, std::size_t>> list) {
  std::vector<MergeStep> out;
  for (auto [b, i] : list) out.push_back({b == 'A' ? Board::A : Board::B, i});
  return out;
}

TEST(BoardMerge, ByTimeAndTiesToBoardA) {
  const std::vector<MergePly> a{at(1, White), at(3, Black), at(5, White)};
  const std::vector<MergePly> b{at(2, White), at(3, Black)};
  EXPECT_EQ(merge_boards(a, b), steps({{'A', 0}, {'B', 0}, {'A', 1}, {'B', 1}, {'A', 2}}));
}

TEST(BoardMerge, DropWaitsForTheCaptureThatSuppliesIt) {
  // White A drops a knight at 2.0 s; Black B (White A's partner) captures one at 2.5 s: the clocks
  // disagree with the holdings, and the holdings win.
  std::vector<MergePly> a{at(1, White), at(1.5, Black), at(2, White)};
  a[2].dropped = Knight;
  std::vector<MergePly> b{at(1.2, White), at(2.5, Black), at(4, White)};
  b[1].supplies = Knight;
  EXPECT_EQ(merge_boards(a, b), steps({{'A', 0}, {'B', 0}, {'A', 1}, {'B', 1}, {'A', 2}, {'B', 2}}));
}

TEST(BoardMerge, TieKeepsTheDropAfterTheCapture) {
  std::vector<MergePly> a{at(3, Black)};
  a[0].dropped = Pawn;  // Black A's partner is White B
  std::vector<MergePly> b{at(3, White)};
  b[0].supplies = Pawn;
  EXPECT_EQ(merge_boards(a, b), steps({{'B', 0}, {'A', 0}}));
}

TEST(BoardMerge, OnlyThePartnersCapturesSupply) {
  // White B's capture goes to Black A, not to White A: White A's drop must wait until board B is
  // done (the replay then reports it).
  std::vector<MergePly> a{at(1, White)};
  a[0].dropped = Knight;
  std::vector<MergePly> b{at(2, White), at(3, Black)};
  b[0].supplies = Knight;
  EXPECT_EQ(merge_boards(a, b), steps({{'B', 0}, {'B', 1}, {'A', 0}}));
}

TEST(BoardMerge, MateWaitsForTheOtherBoard) {
  std::vector<MergePly> a{at(1, White)};
  a[0].ends_match = true;
  const std::vector<MergePly> b{at(1, White), at(1, Black)};
  EXPECT_EQ(merge_boards(a, b), steps({{'B', 0}, {'B', 1}, {'A', 0}}));
}

TEST(BoardMerge, PlyWithoutTimeFollowsItsBoard) {
  std::vector<MergePly> a{at(1, White), MergePly{}, at(5, White)};
  a[1].color = Black;
  const std::vector<MergePly> b{at(2, White)};
  // A's second ply counts as made at 1 s.
  EXPECT_EQ(merge_boards(a, b), steps({{'A', 0}, {'A', 1}, {'B', 0}, {'A', 2}}));
}

TEST(BoardMerge, ElapsedFromClocks) {
  // 180 s each, 2 s increment. White: 178 after move 1; Black: 179; White: 175; Black unknown.
  const std::vector<std::optional<double>> remaining{178.0, 179.0, 175.0, std::nullopt, 170.0};
  const auto t = elapsed_from_clocks(180, 2, remaining, White);
  ASSERT_EQ(t.size(), 5u);
  EXPECT_DOUBLE_EQ(*t[0], 4.0);        // White used 180 - 178 + 2
  EXPECT_DOUBLE_EQ(*t[1], 4.0 + 3.0);  // Black used 180 - 179 + 2
  EXPECT_DOUBLE_EQ(*t[2], 9.0 + 3.0);  // White used 180 - 175 + 4
  EXPECT_FALSE(t[3].has_value());
  EXPECT_DOUBLE_EQ(*t[4], 16.0 + 3.0);  // White used 180 - 170 + 6, Black's last known 3
}

}  // namespace
}  // namespace bpgn
