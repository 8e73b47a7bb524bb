// Runs of bytes of one class, matched by one loop: the same match as `star<one<...>>` or
// `plus<ranges<...>>` of PEGTL (the same bytes consumed, the input's end looked at in the same
// cases), without a rule match per byte. PEGTL rule types only.
#pragma once

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

#include <array>
#include <cstddef>
#include <type_traits>

namespace bpgn::grammar {

namespace pegtl = tao::pegtl;

// A class of bytes: `Set::test(c)` says whether c belongs to it; `table<Set>` is the same answer
// for every byte, computed at compile time.
template <typename Set>
inline constexpr std::array<bool, 256> table = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c) t[static_cast<std::size_t>(c)] = Set::test(static_cast<char>(c));
  return t;
}();

// run<Min, Set> ::= Set{Min,}   as many bytes of Set as follow, at least Min of them.
template <unsigned Min, typename Set>
struct run {
  using rule_t = run;
  using subs_t = pegtl::empty_list;
  template <typename Input>
  [[nodiscard]] static bool match(Input& in) noexcept {
    const char* const start = in.current();
    const char* const end = in.end();
    const char* p = start;
    while (p != end && table<Set>[static_cast<unsigned char>(*p)]) ++p;
    const auto count = static_cast<std::size_t>(p - start);
    // The byte-by-byte rule asks for a byte past the run's last one: at the end, that is a look
    // at the input's end (the reader's window relies on knowing when a rule looked there).
    if (p == end) (void)in.size(count + 1);
    if (count < Min) return false;
    in.bump(count);
    return true;
  }
};

// The classes the grammar runs over.
struct ws_set {  // ' ' TAB LF CR FF VT
  static constexpr bool test(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
};
struct blank_set {  // ' ' TAB
  static constexpr bool test(char c) { return c == ' ' || c == '\t'; }
};
struct digit_set {  // 0-9
  static constexpr bool test(char c) { return c >= '0' && c <= '9'; }
};

struct comment_text_set {  // any byte but '}' and LF
  static constexpr bool test(char c) { return c != '}' && c != '\n'; }
};
struct line_text_set {  // any byte but LF
  static constexpr bool test(char c) { return c != '\n'; }
};
struct tag_name_set {  // [A-Za-z0-9_]
  static constexpr bool test(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }
};
struct tag_text_set {  // what a tag value holds but for '"', '\\', CR and LF
  static constexpr bool test(char c) { return c != '"' && c != '\\' && c != '\n' && c != '\r'; }
};
struct broken_tag_set {  // any byte but ']' and LF
  static constexpr bool test(char c) { return c != ']' && c != '\n'; }
};

// digit* and digit+
struct digit_star : run<0, digit_set> {};
struct digit_plus : run<1, digit_set> {};

}  // namespace bpgn::grammar

// For pegtl::analyze: a run of at least one byte consumes; an empty one may succeed without.
template <typename Name, unsigned Min, typename Set>
struct tao::pegtl::analyze_traits<Name, bpgn::grammar::run<Min, Set>>
    : std::conditional_t<Min == 0, tao::pegtl::analyze_opt_traits<>, tao::pegtl::analyze_any_traits<>> {};
