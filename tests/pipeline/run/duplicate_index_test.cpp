// DuplicateIndex: every repeat found and named, nothing else, memory as documented.
#include "pipeline/run/duplicate_index.h"

#include <gtest/gtest.h>

#include <random>

namespace bpgn {
namespace {

TEST(DuplicateIndex, RepeatsNameTheirFirstGameAcrossFilesAndGrowth) {
  DuplicateIndex index;
  std::mt19937_64 random(7);
  std::vector<std::uint64_t> prints;
  const std::size_t n = 200000;  // many doublings of the table
  for (std::size_t i = 1; i <= n; ++i) {
    prints.push_back(random());
    const std::string file = i <= n / 2 ? "a.bpgn" : "b.zip:x.bpgn";
    ASSERT_FALSE(index.offer(MatchKey{prints.back(), 0, 0}, i, std::uint32_t(10 * i), file)) << i;
  }
  EXPECT_EQ(index.distinct(), n);
  // Each fingerprint again: the first game, its line and its file.
  for (std::size_t i = 1; i <= n; i += 997) {
    const auto seen = index.offer(MatchKey{prints[i - 1], 0, 0}, n + i, 1, "c.bpgn");
    ASSERT_TRUE(seen) << i;
    EXPECT_EQ(seen->index, i);
    EXPECT_EQ(seen->line, 10 * i);
    EXPECT_EQ(seen->file, i <= n / 2 ? "a.bpgn" : "b.zip:x.bpgn");
  }
  EXPECT_EQ(index.distinct(), n);
  // A fingerprint of 0 is a fingerprint like any other.
  EXPECT_FALSE(index.offer(MatchKey{0, 0, 0}, 2 * n + 1, 1, "c.bpgn"));
  EXPECT_TRUE(index.offer(MatchKey{0, 0, 0}, 2 * n + 2, 1, "c.bpgn"));
  // At most 64 bytes per distinct game (docs/check.md): 24-byte slots at most 3/4 and at least 3/8 full.
  EXPECT_LE(index.memory_bytes(), 64 * index.distinct() + 4096);
}

// The same moves are the same game only where dates and clocks agree, when both records have them:
// a record without a date or clocks is a copy of one with them, two different dates are two games.
TEST(DuplicateIndex, DatesAndClocksCountWhereBothHaveThem) {
  DuplicateIndex index;
  const std::uint32_t remaining = 1u << 30, since_start = 2u << 30;
  EXPECT_FALSE(index.offer(MatchKey{42, 7, remaining | 5}, 1, 1, "a.bpgn"));
  EXPECT_FALSE(index.offer(MatchKey{42, 8, remaining | 5}, 2, 9, "a.bpgn"));   // another date
  EXPECT_FALSE(index.offer(MatchKey{42, 7, remaining | 6}, 3, 17, "a.bpgn"));  // other clocks
  const auto undated = index.offer(MatchKey{42, 0, 0}, 4, 25, "a.bpgn");       // neither: the first
  ASSERT_TRUE(undated);
  EXPECT_EQ(undated->index, 1u);
  const auto second = index.offer(MatchKey{42, 8, 0}, 5, 33, "a.bpgn");
  ASSERT_TRUE(second);
  EXPECT_EQ(second->index, 2u);
  // Clocks of another kind cannot be compared: as if one record had none.
  const auto other_kind = index.offer(MatchKey{42, 7, since_start | 99}, 6, 41, "a.bpgn");
  ASSERT_TRUE(other_kind);
  EXPECT_EQ(other_kind->index, 1u);
  EXPECT_EQ(index.distinct(), 3u);
}

}  // namespace
}  // namespace bpgn
