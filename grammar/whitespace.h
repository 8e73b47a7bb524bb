// Whitespace of game records. PEGTL rule types only.
#pragma once

#include "grammar/char_run.h"

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

namespace bpgn::grammar {

namespace pegtl = tao::pegtl;

// ws ::= ' ' | TAB | LF | CR | FF | VT   (between tokens, also across lines: CRLF files are common)
struct ws : pegtl::one<' ', '\t', '\n', '\r', '\f', '\v'> {};

// blank ::= ' ' | TAB   (inside a tag, which never spans lines)
struct blank : pegtl::one<' ', '\t'> {};

// ws* and ws+, blank*: one loop over the run (grammar/char_run.h).
struct ws_star : run<0, ws_set> {};
struct ws_plus : run<1, ws_set> {};
struct blank_star : run<0, blank_set> {};

// byte-order-mark ::= EF BB BF   (U+FEFF; between games it is blank space: files written with a
// mark and then joined carry one at the start of each)
struct byte_order_mark : pegtl::string<'\xEF', '\xBB', '\xBF'> {};

// line-end ::= LF   (a CR before it is an ordinary character of the line)
struct line_end : pegtl::one<'\n'> {};

// At the start of a line: the byte before is a line end, or the input starts here. Consumes
// nothing. (PEGTL's `bol` needs eager position tracking, which the reader does without.)
struct at_line_start {
  using rule_t = at_line_start;
  using subs_t = pegtl::empty_list;
  template <typename Input>
  [[nodiscard]] static bool match(Input& in) noexcept {
    return in.current() == in.begin() || in.current()[-1] == '\n';
  }
};

}  // namespace bpgn::grammar

// For pegtl::analyze: may succeed without consuming, like `bol`.
template <typename Name>
struct tao::pegtl::analyze_traits<Name, bpgn::grammar::at_line_start> : tao::pegtl::analyze_opt_traits<> {};
