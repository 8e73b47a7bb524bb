#include "replay/fingerprint.h"

#include <string_view>

namespace bpgn {
namespace {

// FNV-1a over the bytes, then a final avalanche (splitmix64's), so that nearby inputs spread.
class Hasher {
 public:
  void byte(std::uint8_t b) {
    h_ ^= b;
    h_ *= 0x100000001b3ULL;
  }
  void text(std::string_view s) {
    for (char c : s) byte(static_cast<std::uint8_t>(c));
    byte(0);
  }
  std::uint64_t value() const {
    std::uint64_t z = h_ + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t h_ = 0xcbf29ce484222325ULL;
};

// The SAN without what dialects add or leave out: check and mate marks, annotations.
std::string_view bare_san(std::string_view san) {
  while (!san.empty() && (san.back() == '+' || san.back() == '#' || san.back() == '!' || san.back() == '?')) {
    san.remove_suffix(1);
  }
  return san;
}

}  // namespace

std::uint64_t match_fingerprint(const Game& game, const ReplayResult& result) {
  Hasher h;
  h.byte(static_cast<std::uint8_t>(result.boards));
  for (const Tag& tag : game.tags) {
    if (tag.name.rfind("FEN", 0) == 0) {
      h.text(tag.name);
      h.text(tag.value);
    }
  }
  for (std::size_t i = 0; i < game.plies.size(); ++i) {
    const Ply& ply = game.plies[i];
    h.byte(ply.board == Board::A ? 'A' : 'B');
    if (i < result.plies.size() && result.plies[i].replayed) {
      const Move& m = result.plies[i].move;
      h.byte(1);
      h.byte(static_cast<std::uint8_t>(m.from));
      h.byte(static_cast<std::uint8_t>(m.to));
      h.byte(static_cast<std::uint8_t>(m.kind));
      h.byte(static_cast<std::uint8_t>(m.piece));
      h.byte(static_cast<std::uint8_t>(m.promotion));
      h.byte(static_cast<std::uint8_t>(m.steal_from));
    } else {
      h.byte(2);
      h.text(bare_san(ply.san));
    }
  }
  return h.value();
}

}  // namespace bpgn
