// Small text helpers the tests share: the bytes of a file, and how often a text occurs in another.
#pragma once

#include <cstddef>
#include <fstream>
#include <iterator>
#include <string>

namespace bpgn::test {

// The bytes of the file at `path` (empty when it cannot be read).
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// How many times `needle` occurs in `text`, overlapping occurrences included.
inline std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

}  // namespace bpgn::test
