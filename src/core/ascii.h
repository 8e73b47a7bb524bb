// ASCII case folding, for tag values and option names (the records' keywords are ASCII): the one
// definition, for the chess core and rule options (standard library only) and the record layers.
#pragma once

#include <string>
#include <string_view>

namespace bpgn {

// `s` with A-Z made a-z; every other byte as it is. What std::tolower does in the "C" locale the
// program runs in (it never calls setlocale), without a call per character.
inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}

}  // namespace bpgn
