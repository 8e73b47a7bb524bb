// Appending to an output buffer without a temporary string: what the per-move paths of the
// writers use instead of fmt::format (a format string read at run time for every token).
#pragma once

#include <charconv>
#include <string>

namespace bpgn {

// `n` in decimal, as fmt::format("{}", n) writes it (`-` for a negative number, no padding).
inline void append_decimal(std::string& out, long long n) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
  out.append(digits, std::size_t(end - digits));
}

}  // namespace bpgn
