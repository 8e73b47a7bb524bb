// PlyList: a vector of plies that keeps the plies it drops for reuse, and hands them out as new.
#include "record/game.h"

#include <gtest/gtest.h>

namespace bpgn {
namespace {

// Every field of a ply away from its default.
Ply filled() {
  Ply p;
  p.board = Board::B;
  p.color = Black;
  p.seat_written = true;
  p.number = 23;
  p.number_pos = {4, 5};
  p.san = "Q@f6 with a long text that is not a short string";
  p.san_pos = {4, 10};
  p.clock = Clock{ClockKind::SinceStart, 185.07, 3, "[ts=185.070] and more text"};
  p.comments.push_back(Comment{"a comment long enough to live on the heap", {4, 20}});
  p.nags = {1, 2};
  p.variations = {"23b. Nf6"};
  p.lag_ms = 120;
  return p;
}

void expect_default(const Ply& p) {
  const Ply d;
  EXPECT_EQ(p.board, d.board);
  EXPECT_EQ(p.color, d.color);
  EXPECT_EQ(p.seat_written, d.seat_written);
  EXPECT_EQ(p.number, d.number);
  EXPECT_EQ(p.number_pos, d.number_pos);
  EXPECT_EQ(p.san, d.san);
  EXPECT_EQ(p.san_pos, d.san_pos);
  EXPECT_EQ(p.clock.kind, d.clock.kind);
  EXPECT_EQ(p.clock.seconds, d.clock.seconds);
  EXPECT_EQ(p.clock.decimals, d.clock.decimals);
  EXPECT_EQ(p.clock.text, d.clock.text);
  EXPECT_TRUE(p.comments.empty());
  EXPECT_TRUE(p.nags.empty());
  EXPECT_TRUE(p.variations.empty());
  EXPECT_EQ(p.lag_ms, d.lag_ms);
}

TEST(PlyList, AKeptPlyComesBackAsNew) {
  PlyList list;
  list.push_back(filled());
  list.push_back(filled());
  const std::size_t san_capacity = list[0].san.capacity();
  list.clear();
  EXPECT_TRUE(list.empty());
  EXPECT_EQ(list.begin(), list.end());
  Ply& again = list.emplace_back();
  EXPECT_EQ(list.size(), 1u);
  expect_default(again);
  EXPECT_EQ(again.san.capacity(), san_capacity);  // the memory stayed
  list.resize(3);
  EXPECT_EQ(list.size(), 3u);
  expect_default(list[1]);
  expect_default(list[2]);
}

TEST(PlyList, BehavesAsAVector) {
  PlyList list{filled(), Ply{}};
  EXPECT_EQ(list.size(), 2u);
  EXPECT_EQ(list.front().number, 23);
  EXPECT_EQ(list.back().number, 0);
  EXPECT_THROW((void)list.at(2), std::out_of_range);
  list.resize(1);
  EXPECT_THROW((void)list.at(1), std::out_of_range);  // a kept ply is not in the list
  PlyList copy = list;
  EXPECT_EQ(copy.size(), 1u);
  EXPECT_EQ(copy[0].san, list[0].san);
  PlyList moved = std::move(copy);
  EXPECT_EQ(moved.size(), 1u);
  EXPECT_TRUE(copy.empty());  // NOLINT(bugprone-use-after-move): moved-from is empty
  moved = {Ply{}, Ply{}, Ply{}};
  EXPECT_EQ(moved.size(), 3u);
  std::size_t n = 0;
  for (const Ply& p : moved) n += p.number == 0;
  EXPECT_EQ(n, 3u);
}

}  // namespace
}  // namespace bpgn
