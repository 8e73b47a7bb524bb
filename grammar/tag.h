// The tag section: `[Name "value"]`, several per line or running straight into the movetext.
// PEGTL rule types only.
#pragma once

#include "grammar/whitespace.h"

namespace bpgn::grammar {

// tag-name-char ::= [A-Za-z0-9_]
struct tag_name_char : pegtl::sor<pegtl::alnum, pegtl::one<'_'>> {};
// tag-name ::= tag-name-char+
struct tag_name : pegtl::plus<tag_name_char> {};

// escape ::= '\' ( '"' | '\' )
struct tag_escape : pegtl::seq<pegtl::one<'\\'>, pegtl::one<'"', '\\'>> {};
// A '"' ends the value only where ']' (after blanks), the line end or the input end follows, so that
// values such as `"Bob "the" Man"` keep their inner quotes instead of breaking the tag.
struct tag_value_end : pegtl::seq<pegtl::star<blank>, pegtl::sor<pegtl::one<']', '\n', '\r'>, pegtl::eof>> {};
struct tag_inner_quote : pegtl::seq<pegtl::one<'"'>, pegtl::not_at<tag_value_end>> {};
// tag-char ::= escape | inner-quote | any byte but '"', CR, LF
struct tag_char : pegtl::sor<tag_escape, tag_inner_quote, pegtl::not_one<'"', '\n', '\r'>> {};
struct tag_value : pegtl::star<tag_char> {};

struct tag_value_open : pegtl::one<'"'> {};
struct tag_value_close : pegtl::one<'"'> {};
// tag-string ::= '"' tag-char* '"'   on one line
struct tag_string : pegtl::seq<tag_value_open, tag_value, pegtl::must<tag_value_close>> {};

struct tag_open : pegtl::one<'['> {};
struct tag_close : pegtl::one<']'> {};
// tag ::= '[' blank* tag-name blank* tag-string blank* ']'
struct tag : pegtl::seq<tag_open, pegtl::star<blank>, pegtl::must<tag_name>, pegtl::star<blank>,
                        pegtl::must<tag_string>, pegtl::star<blank>, pegtl::must<tag_close>> {};

// `[Event` always starts a new game, even right after another game's tags (a record cut after
// its tags must not swallow the next one).
struct event_tag_start : pegtl::seq<tag_open, pegtl::star<blank>, pegtl::string<'E', 'v', 'e', 'n', 't'>,
                                    pegtl::not_at<tag_name_char>> {};
// What a line holding a tag starts with: `[Name "`. Used to find game boundaries and to stop an
// unclosed comment from running into the next game.
struct tag_line_start
    : pegtl::seq<tag_open, pegtl::star<blank>, tag_name, pegtl::star<blank>, tag_value_open> {};

// tag-section ::= tag ws* ( tag ws* )*   (a second `[Event` ends it)
struct tag_section
    : pegtl::seq<tag, pegtl::star<ws>, pegtl::star<pegtl::not_at<event_tag_start>, tag, pegtl::star<ws>>> {};

}  // namespace bpgn::grammar
