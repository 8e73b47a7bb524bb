// DuplicateIndex: every repeat found and named, nothing else, memory as documented.
#include "cli/duplicate_index.h"

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
    ASSERT_FALSE(index.offer(prints.back(), i, std::uint32_t(10 * i), file)) << i;
  }
  EXPECT_EQ(index.distinct(), n);
  // Each fingerprint again: the first game, its line and its file.
  for (std::size_t i = 1; i <= n; i += 997) {
    const auto seen = index.offer(prints[i - 1], n + i, 1, "c.bpgn");
    ASSERT_TRUE(seen) << i;
    EXPECT_EQ(seen->index, i);
    EXPECT_EQ(seen->line, 10 * i);
    EXPECT_EQ(seen->file, i <= n / 2 ? "a.bpgn" : "b.zip:x.bpgn");
  }
  EXPECT_EQ(index.distinct(), n);
  // A fingerprint of 0 is a fingerprint like any other.
  EXPECT_FALSE(index.offer(0, 2 * n + 1, 1, "c.bpgn"));
  EXPECT_TRUE(index.offer(0, 2 * n + 2, 1, "c.bpgn"));
  // At most 43 bytes per distinct game (docs/check.md): 16-byte slots at most 3/4 and at least 3/8 full.
  EXPECT_LE(index.memory_bytes(), 43 * index.distinct() + 4096);
}

}  // namespace
}  // namespace bpgn
