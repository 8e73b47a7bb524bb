// The files of corpus/ that the "same in any pieces" tests cut into pieces of a few bytes only once
// per command: the large ones (corpus/chess/, two samples of about 1 MB, 437 lichess and 1,109
// TWIC games of one shape each).
//
// Pieces of a few bytes (--piece-bytes under 16) are read a byte at a time, and every game is a
// piece with a cut every 4 x piece-bytes + 64 bytes into it: on a 1 MB file that is a million reads
// and some 15,000 cuts, inside every kind of token the file holds (tags, clock and eval comments,
// moves, move numbers, results), hundreds of times each. Such a file cut once in small pieces
// tries every kind of seam it has; cut again at another small size, or in another report format,
// it tries the same kinds again at 3 s a run (twice that under the sanitizers). So the tests cut
// every file, these included, in small pieces in their per-file test, and leave the large files out
// of their other small-piece runs (other formats, options, the whole corpus as one stream), where
// they stay at the larger pieces (a piece of several games, cuts at game starts).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace bpgn::test {

// Whether `path` is one of the files cut in small pieces once only (larger than 256 KiB).
inline bool large_corpus_file(const std::string& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  return !ec && size > (std::uintmax_t{256} << 10);
}

// `files` without the large ones.
inline std::vector<std::string> without_large_files(std::vector<std::string> files) {
  std::erase_if(files, [](const std::string& f) { return large_corpus_file(f); });
  return files;
}

}  // namespace bpgn::test
