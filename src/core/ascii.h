// ASCII case folding, for tag values and option names (the records' keywords are ASCII), and the
// records' blank space: the one definition, standard library only, for the layers above the chess
// core (record, replay, the commands). The rule sets lie below the core and include none of it.
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

// The blank bytes of the records (the grammar's `ws`): space, tab, LF, CR, form feed, vertical tab.
// (Every one is at most ' ': one comparison settles the other bytes.)
constexpr bool is_ascii_space(char c) {
  return static_cast<unsigned char>(c) <= ' ' &&
         (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v');
}

// `s` without the blank bytes around it.
constexpr std::string_view trim_ascii_space(std::string_view s) {
  while (!s.empty() && is_ascii_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_ascii_space(s.back())) s.remove_suffix(1);
  return s;
}

// `s` without the bytes of `chars` before it, after it, or both.
constexpr std::string_view trim_front(std::string_view s, std::string_view chars) {
  while (!s.empty() && chars.find(s.front()) != std::string_view::npos) s.remove_prefix(1);
  return s;
}
constexpr std::string_view trim_back(std::string_view s, std::string_view chars) {
  while (!s.empty() && chars.find(s.back()) != std::string_view::npos) s.remove_suffix(1);
  return s;
}
constexpr std::string_view trim(std::string_view s, std::string_view chars) { return trim_back(trim_front(s, chars), chars); }

}  // namespace bpgn
