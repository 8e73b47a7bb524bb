// Whole numbers as a person writes them: in an option's value (--min-plies 40) and in a place
// (FILE:LINE:COLUMN). The one reading of them: decimal digits and nothing else (no sign, no blank,
// no 0x), never wrapped, never cut.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>

namespace bpgn {

struct WholeNumber {
  enum class Read : std::uint8_t {
    Number,     // `value` holds it
    NotDigits,  // empty, or a byte other than 0-9
    TooLarge,   // digits only, but more than the most allowed
  };
  Read read = Read::NotDigits;
  std::uint64_t value = 0;
};

// The largest line or column number of a place (FILE:LINE:COLUMN), as Game and the reader count them.
inline constexpr std::uint64_t kMostLineNumber = std::numeric_limits<std::uint32_t>::max();

// `text` as a whole number of at most `most`.
constexpr WholeNumber read_whole_number(std::string_view text,
                                        std::uint64_t most = std::numeric_limits<std::uint64_t>::max()) {
  if (text.empty()) return {};
  WholeNumber out{WholeNumber::Read::Number, 0};
  for (const char c : text) {
    if (c < '0' || c > '9') return {};
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (out.read == WholeNumber::Read::TooLarge) continue;  // the rest must still be digits
    if (digit > most || out.value > (most - digit) / 10) {
      out.read = WholeNumber::Read::TooLarge;
      out.value = 0;
    } else {
      out.value = out.value * 10 + digit;
    }
  }
  return out;
}

}  // namespace bpgn
