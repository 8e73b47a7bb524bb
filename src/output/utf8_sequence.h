// Where UTF-8 text is well formed, byte by byte: shared by the writers that replace what is not
// (the JSON writer; the CSV tables for PostgreSQL, whose text must be valid UTF-8).
#pragma once

#include <cstddef>

namespace bpgn {

// Length of the well-formed UTF-8 sequence at `p` (lead byte >= 0x80), or 0 with `bad` set to the
// length of its maximal ill-formed part (at least 1): the lead byte and the continuation bytes
// that could still have begun a well-formed sequence (Unicode 15, 3.9, U+FFFD substitution of
// maximal subparts; the bytes nlohmann::json's replace handler swallows per U+FFFD).
std::size_t utf8_sequence(const unsigned char* p, const unsigned char* end, std::size_t& bad);

}  // namespace bpgn
