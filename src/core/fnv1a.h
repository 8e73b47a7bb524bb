// FNV-1a, the one small hash the project uses for fingerprints and stable names: the bytes of a
// text folded into a 64-bit state. Callers add their own separators and finishing.
#pragma once

#include <cstdint>
#include <string_view>

namespace bpgn {

inline constexpr std::uint64_t kFnv1aOffset = 0xcbf29ce484222325ULL;
inline constexpr std::uint64_t kFnv1aPrime = 0x100000001b3ULL;

constexpr std::uint64_t fnv1a_byte(std::uint64_t hash, std::uint8_t byte) { return (hash ^ byte) * kFnv1aPrime; }

constexpr std::uint64_t fnv1a(std::uint64_t hash, std::string_view text) {
  for (const char c : text) hash = fnv1a_byte(hash, static_cast<std::uint8_t>(c));
  return hash;
}

}  // namespace bpgn
