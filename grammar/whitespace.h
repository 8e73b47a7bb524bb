// Whitespace of game records. PEGTL rule types only.
#pragma once

#include <tao/pegtl.hpp>

namespace bpgn::grammar {

namespace pegtl = tao::pegtl;

// ws ::= ' ' | TAB | LF | CR | FF | VT   (between tokens, also across lines: CRLF files are common)
struct ws : pegtl::one<' ', '\t', '\n', '\r', '\f', '\v'> {};

// blank ::= ' ' | TAB   (inside a tag, which never spans lines)
struct blank : pegtl::one<' ', '\t'> {};

// line-end ::= LF   (a CR before it is an ordinary character of the line)
struct line_end : pegtl::one<'\n'> {};

}  // namespace bpgn::grammar
