#include "replay/fingerprint.h"

#include "core/ascii.h"
#include "core/fnv1a.h"

#include <array>
#include <cmath>
#include <string_view>

namespace bpgn {
namespace {

// FNV-1a over the bytes, then a final avalanche (splitmix64's), so that nearby inputs spread.
class Hasher {
 public:
  void byte(std::uint8_t b) { h_ = fnv1a_byte(h_, b); }
  void text(std::string_view s) {
    h_ = fnv1a(h_, s);
    byte(0);
  }
  std::uint64_t value() const {
    std::uint64_t z = h_ + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t h_ = kFnv1aOffset;
};

// The SAN without what dialects add or leave out: check and mate marks, annotations.
std::string_view bare_san(std::string_view san) {
  while (!san.empty() && (san.back() == '+' || san.back() == '#' || san.back() == '!' || san.back() == '?')) {
    san.remove_suffix(1);
  }
  return san;
}

constexpr std::uint32_t kClockHashBits = (std::uint32_t{1} << 30) - 1;

// 32 bits of a hash, never 0 (0 means "none").
std::uint32_t nonzero32(std::uint64_t h) {
  const auto v = static_cast<std::uint32_t>(h ^ (h >> 32));
  return v == 0 ? 1 : v;
}

}  // namespace

std::uint64_t match_fingerprint(const Game& game, const ReplayResult& result) {
  Hasher h;
  for (std::string_view seat : kPlayerTags) {
    const std::string* name = game.tag(seat);
    if (!name) continue;
    h.text(seat);
    h.text(ascii_lower(trim_ascii_space(*name)));
  }
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

namespace bpgn {

MatchKey match_key(const Game& game, const ReplayResult& result) {
  MatchKey key;
  key.fingerprint = match_fingerprint(game, result);
  const std::string* date = game.tag("Date");
  if (!date || trim_ascii_space(*date).find_first_not_of("?.") == std::string_view::npos) date = game.tag("UTCDate");
  if (date && trim_ascii_space(*date).find_first_not_of("?.") != std::string_view::npos) {
    // Its digits: `2021-10-05` (FICS) and `2021.10.05` (canonical) are one date.
    Hasher h;
    for (char c : *date) {
      if (c >= '0' && c <= '9') h.byte(static_cast<std::uint8_t>(c));
    }
    key.date = nonzero32(h.value());
  }
  Hasher clocks;
  bool any = false;
  for (const Ply& ply : game.plies) {
    const bool has = ply.clock.kind != ClockKind::None;
    any = any || has;
    clocks.byte(has ? 1 : 0);
    if (!has) continue;
    const auto ms = static_cast<std::int64_t>(std::llround(ply.clock.seconds * 1000));
    for (int i = 0; i < 8; ++i) clocks.byte(static_cast<std::uint8_t>(static_cast<std::uint64_t>(ms) >> (8 * i)));
  }
  // The kind of clock in the top bits: clocks of different kinds (time left, time since the start)
  // cannot be compared, so such records count as one having none.
  if (any) key.clocks = (nonzero32(clocks.value()) & kClockHashBits) | (std::uint32_t(game.clock_kind) << 30);
  if (any && key.clocks == 0) key.clocks = 1;
  return key;
}

bool same_game(const MatchKey& a, const MatchKey& b) {
  const bool comparable_clocks = a.clocks != 0 && b.clocks != 0 && (a.clocks >> 30) == (b.clocks >> 30);
  return a.fingerprint == b.fingerprint && (a.date == 0 || b.date == 0 || a.date == b.date) &&
         (!comparable_clocks || a.clocks == b.clocks);
}

}  // namespace bpgn
