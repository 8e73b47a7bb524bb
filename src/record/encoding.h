// Text encodings of game records: real archives are Latin-1 unless they are valid UTF-8.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace bpgn {

// True when every byte is below 0x80 (then Latin-1 and UTF-8 read the same).
bool is_ascii(std::string_view text);

// Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
bool is_valid_utf8(std::string_view text);

// Latin-1 bytes as UTF-8 (every byte is one code point).
std::string latin1_to_utf8(std::string_view text);

// The same, but for each byte order mark EF BB BF, which the grammar reads as blank space in any
// encoding (grammar/whitespace.h): kept as those bytes (U+FEFF), so that a game written as found
// reads back as it was read (converted, they would be three characters of text, "ï»¿").
std::string latin1_to_utf8_keeping_marks(std::string_view text);

// Characters in a UTF-8 text: the bytes that do not continue a sequence.
std::size_t utf8_length(std::string_view text);

}  // namespace bpgn
