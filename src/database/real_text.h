// A REAL's text, fast for the common case of clocks and times: a number of thousandths. The
// archive writes every ply's clock and match time (database/packed_plies.h, csv_sink.h), and
// std::to_chars' or fmt's shortest form of a double was the largest single cost of the packing.
#pragma once

#include <cstdint>

namespace bpgn::db {

// When `d` is a whole number of thousandths n / 1000 (the double nearest to it) with 0 < |d| <
// 100,000, writes its shortest text that reads back as the same double, in fixed notation with
// no trailing zeros ("179.9", "180", "-0.005"), to `out` (at least 16 bytes) and returns the end;
// else (another number, zero, an infinity, a NaN) returns null and writes nothing. The text is
// what std::to_chars(out, end, d) and fmt's "{}" write for such a number: its digits are the
// shortest that read back (its neighbours are less than a thousandth apart, so no shorter text
// reads back as it) and fixed notation is no longer than scientific below 100,000.
inline char* thousandths_text(char* out, double d) {
  if (!(d > -1e5 && d < 1e5) || d == 0) return nullptr;
  const double scaled = d * 1000;
  const std::int64_t n = std::int64_t(scaled < 0 ? scaled - 0.5 : scaled + 0.5);
  if (double(n) / 1000 != d) return nullptr;
  std::uint64_t u = n < 0 ? std::uint64_t(-n) : std::uint64_t(n);
  if (n < 0) *out++ = '-';
  std::uint64_t whole = u / 1000;
  unsigned frac = unsigned(u % 1000);
  char digits[8];
  int count = 0;
  do {
    digits[count++] = char('0' + whole % 10);
    whole /= 10;
  } while (whole);
  while (count) *out++ = digits[--count];
  if (frac) {
    *out++ = '.';
    *out++ = char('0' + frac / 100);
    if (frac % 100) {
      *out++ = char('0' + frac / 10 % 10);
      if (frac % 10) *out++ = char('0' + frac % 10);
    }
  }
  return out;
}

}  // namespace bpgn::db
