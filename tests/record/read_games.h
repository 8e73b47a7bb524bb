// Test helpers: every game of a file or a text, as the reader hands them over.
#pragma once

#include "record/reader.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bpgn::test {

inline std::vector<Game> games_in_file(const std::string& path, ReaderOptions options = {}) {
  Reader reader(path, options);
  std::vector<Game> games;
  for (Game g; reader.next(g);) games.push_back(g);
  return games;
}

inline std::vector<Game> read_text(std::string_view text, ReaderOptions options = {}) {
  Reader reader("test", text, options);
  std::vector<Game> games;
  for (Game g; reader.next(g);) games.push_back(g);
  return games;
}

inline std::string corpus(const std::string& relative) {
  return std::string(BPGN_CORPUS_DIR) + "/" + relative;
}

// Plies per board, (A, B).
inline std::pair<std::size_t, std::size_t> plies_per_board(const Game& g) {
  std::size_t a = 0, b = 0;
  for (const Ply& p : g.plies) (p.board == Board::A ? a : b) += 1;
  return {a, b};
}

}  // namespace bpgn::test
