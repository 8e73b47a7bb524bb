// FEN with holdings: reads `[QNpp]`, a 9th slash field `/QNpp`, a trailing `/`, `[-]`, `~` markers;
// writes brackets (white pieces Q R B N P, then black q r b n p) with `~` after promoted pieces.
#pragma once

#include "core/position.h"

#include <optional>
#include <string>
#include <string_view>

namespace bpgn {

struct FenError {
  std::string message;
  std::size_t offset = 0;  // byte offset in the FEN text
};

// Missing fields after the placement default to "w - - 0 1"
std::optional<FenError> parse_fen(std::string_view fen, Position& out);
// holdings = false omits the brackets (for chess).
std::string to_fen(const Position& pos, bool holdings = true);
// The same text appended to `out` (for writers that build their output in one buffer).
void append_fen(const Position& pos, bool holdings, std::string& out);

constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace bpgn
