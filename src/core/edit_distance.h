// How far apart two words are, for "did you mean ...?" hints: the optimal string alignment
// distance (insertions, deletions, substitutions and swaps of two neighbours, one edit each), so
// `Alcie` is one edit from `Alice`. Bytes are compared as they are (fold case before calling).
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace bpgn {

inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  // Three rows of the table: two back (for a swap), one back, and this one.
  std::vector<std::size_t> back2(m + 1), back1(m + 1), row(m + 1);
  for (std::size_t j = 0; j <= m; ++j) back1[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t change = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({back1[j] + 1, row[j - 1] + 1, back1[j - 1] + change});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        row[j] = std::min(row[j], back2[j - 2] + 1);
    }
    std::swap(back2, back1);
    std::swap(back1, row);
  }
  return back1[m];
}

}  // namespace bpgn
