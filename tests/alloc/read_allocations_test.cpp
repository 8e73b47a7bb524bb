// The reader allocates nothing per ply once its Game has grown to the size of the games it reads:
// moves, move numbers and clocks are written into the memory of the plies before (issue 10). This
// binary replaces the global operator new to count allocations, so it is built apart from the
// other tests and not under the sanitizers (which bring their own).
#include "record/reader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <string>
#include <vector>

namespace {
std::atomic<std::size_t> g_allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace bpgn {
namespace {

struct Counts {
  std::size_t games = 0, plies = 0, allocations = 0;
  std::size_t most_allocations = 0;  // in one game
  std::size_t most_plies = 0;        // of one game
};

// Reads every file of `dir` with `ext` twice through one reader per file and one Game; counts the
// allocations of the second pass, game by game.
Counts read_twice(const std::string& dir, const std::string& ext) {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ext) files.push_back(e.path().string());
  }
  Game game;
  Counts c;
  for (int pass = 0; pass < 2; ++pass) {
    for (const std::string& f : files) {
      Reader reader(f);
      for (;;) {
        const std::size_t before = g_allocations.load();
        if (!reader.next(game)) break;
        const std::size_t n = g_allocations.load() - before;
        if (pass == 0) continue;
        ++c.games;
        c.plies += game.plies.size();
        c.allocations += n;
        c.most_allocations = std::max(c.most_allocations, n);
        c.most_plies = std::max(c.most_plies, game.plies.size());
      }
    }
  }
  return c;
}

// A game costs a few allocations (tag values longer than a short string holds, comments, a window
// that had to grow), never one per ply: the longest games allocate no more than short ones.
void expect_no_allocation_per_ply(const std::string& dir, const std::string& ext, std::size_t min_plies) {
  const Counts c = read_twice(std::string(BPGN_CORPUS_DIR) + "/" + dir, ext);
  std::printf("%s: %zu games, %zu plies (at most %zu in a game), %zu allocations (at most %zu in a game)\n",
              dir.c_str(), c.games, c.plies, c.most_plies, c.allocations, c.most_allocations);
  // One allocation per ply would give the longest game at least min_plies (>= 32) of them.
  ASSERT_GE(c.most_plies, min_plies) << dir;
  EXPECT_LE(c.most_allocations, 16u) << dir;
}

TEST(ReadAllocations, FicsBpgn) { expect_no_allocation_per_ply("fics", ".bpgn", 150); }
TEST(ReadAllocations, ChessPgnWithClkComments) { expect_no_allocation_per_ply("chess", ".pgn", 150); }
TEST(ReadAllocations, BughouseProTsClocks) { expect_no_allocation_per_ply("bughouse-pro", ".bpgn", 32); }

}  // namespace
}  // namespace bpgn
