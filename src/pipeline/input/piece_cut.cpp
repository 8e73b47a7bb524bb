#include "pipeline/input/piece_cut.h"

#include "core/ascii.h"

#include <algorithm>
#include <cstring>

namespace bpgn {

void BlankPattern::fill(char* out, std::uint64_t at, std::size_t n) const {
  if (period == 1) {
    std::memset(out, bytes[0], n);
    return;
  }
  for (std::size_t i = 0; i < n; ++i) out[i] = bytes[(at + i) % period];
}

std::optional<BlankPattern> blank_pattern(std::string_view text) {
  for (std::size_t period = 1; period <= 4 && period <= text.size(); ++period) {
    bool repeats = true;
    for (std::size_t i = 0; repeats && i < text.size(); ++i) {
      repeats = is_ascii_space(text[i]) && text[i] == text[i % period];
    }
    if (!repeats) continue;
    BlankPattern p;
    p.period = static_cast<std::uint8_t>(period);
    for (std::size_t i = 0; i < period; ++i) p.bytes[i] = text[i];
    return p;
  }
  return std::nullopt;
}

std::size_t find_piece_cut(std::string_view text, std::size_t from) {
  // With the space: `[EventDate ...]` lines stand inside headers.
  constexpr std::string_view kMark = "\n[Event ";
  const std::size_t at = text.find(kMark, from);
  return at == std::string_view::npos ? at : at + 1;
}

std::size_t count_lines(std::string_view text) {
  // Blocks of at most 255 bytes counted into a byte each lane, so that the inner loop has no
  // widening; the sum of a block fits in a byte.
  std::size_t lines = 0;
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const std::size_t n = std::min<std::size_t>(left, 255);
    unsigned char block = 0;
    for (std::size_t i = 0; i < n; ++i) block = static_cast<unsigned char>(block + (p[i] == '\n'));
    lines += block;
    p += n;
    left -= n;
  }
  return lines;
}

bool may_pass_the_limit(std::uint64_t front, std::size_t in_flight, std::span<const WaitingWorker> waiting) {
  return std::any_of(waiting.begin(), waiting.end(),
                     [&](const WaitingWorker& w) { return w.own == front && w.wanted >= front + in_flight; });
}

}  // namespace bpgn
