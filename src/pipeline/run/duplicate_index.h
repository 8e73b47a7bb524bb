// The matches seen so far in a run, by their key (check --duplicates / --duplicates-out): an
// open-addressing table of 24 bytes per slot, at most 3/4 full, so memory grows by 32 to 64 bytes
// per distinct match (10 million matches: at most about 640 MB, docs/check.md).
#pragma once

#include "record/game.h"
#include "replay/fingerprint.h"
#include "replay/violation.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bpgn {

struct SeenGame {
  std::uint64_t index = 0;  // Game::index
  std::uint32_t line = 0;   // of its first line
  std::string file;         // Game::file
};

// The duplicate-game note of a game that repeats `first`: "this match repeats game 2 (a.bpgn:1)
// move for move on both boards", at the game's first line.
Violation duplicate_note(const Game& game, const SeenGame& first);

class DuplicateIndex {
 public:
  // Records the game and returns nullopt when no game seen so far is the same game (same_game);
  // else returns the first such game. Games are numbered from 1 and are offered in increasing
  // index order.
  std::optional<SeenGame> offer(const MatchKey& key, std::uint64_t index, std::uint32_t line, const std::string& file);
  std::size_t distinct() const { return size_; }
  std::size_t memory_bytes() const;

 private:
  struct Slot {
    std::uint64_t fingerprint = 0;  // 0: empty (a fingerprint of 0 is stored as 1)
    std::uint32_t date = 0;         // MatchKey's
    std::uint32_t clocks = 0;
    std::uint32_t index = 0;        // low 32 bits of the game's index
    std::uint32_t line = 0;
  };
  void grow();

  std::vector<Slot> slots_;
  std::size_t size_ = 0;
  // The files games came from: (index of its first game offered, name), in order.
  std::vector<std::pair<std::uint64_t, std::string>> files_;
};

}  // namespace bpgn
