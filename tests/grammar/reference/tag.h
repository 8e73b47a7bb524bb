// Reference copy of grammar/tag.h as it stood before the predictive grammar of issue 24 (main at
// 8772c74), namespace bpgn::reference_grammar: the new grammar must accept and reject exactly what
// this one does, with the same events and error positions (tests/grammar/reference_equivalence_test.cpp,
// tests/fuzz/fuzz_grammar_equivalence.cpp). Compiled into the tests only; not to be edited.
// The tag section: `[Name "value"]`, several per line or running straight into the movetext.
// PEGTL rule types only.
#pragma once

#include "grammar/reference/whitespace.h"

namespace bpgn::reference_grammar {

// tag-name-char ::= [A-Za-z0-9_]
struct tag_name_char : pegtl::sor<pegtl::alnum, pegtl::one<'_'>> {};
// tag-name ::= [A-Za-z_] tag-name-char*   (`[1Event "x"]` is a broken tag)
struct tag_name_first : pegtl::sor<pegtl::alpha, pegtl::one<'_'>> {};
struct tag_name : pegtl::seq<tag_name_first, pegtl::star<tag_name_char>> {};

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
// The strict form, which says what is wrong with a broken tag (the reader runs it on one only).
struct tag_name_end : pegtl::at<pegtl::sor<blank, tag_value_open>> {};
struct tag_diagnosis : pegtl::seq<tag_open, pegtl::star<blank>, pegtl::must<tag_name, tag_name_end>, pegtl::star<blank>,
                                  pegtl::must<tag_string>, pegtl::star<blank>, pegtl::must<tag_close>> {};
// The form the tag section reads: the same shape, failing instead of raising, so that a broken
// tag is read past (broken_tag) and the rest of the header is kept.
struct tag_string_lenient : pegtl::seq<tag_value_open, tag_value, tag_value_close> {};
struct tag : pegtl::seq<tag_open, pegtl::star<blank>, tag_name, pegtl::star<blank>, tag_string_lenient,
                        pegtl::star<blank>, tag_close> {};
// broken-tag ::= '[' ( any-but-']'-or-LF )* ']'?   what is left of a tag that is not one:
// `[White A "x"]`, `[Time-Control "x"]`, `[1Event "x"]`, `[Site "x]`, `[TimeControl "120+0"`.
// It ends at its first ']' or at the line's end.
struct broken_tag_text : pegtl::star<pegtl::not_one<']', '\n'>> {};
struct broken_tag : pegtl::seq<tag_open, broken_tag_text, pegtl::opt<tag_close>> {};
// tag-item ::= tag | broken-tag   (a well-formed tag the reader refuses -- a name the section
// already holds, which starts the next game -- is no broken tag; actions are off inside not_at)
struct tag_item : pegtl::sor<tag, pegtl::seq<pegtl::not_at<tag>, broken_tag>> {};

// `[Event` at the start of a line: where the reader looks for the next game after a broken one.
struct event_tag_start : pegtl::seq<tag_open, pegtl::star<blank>, pegtl::string<'E', 'v', 'e', 'n', 't'>,
                                    pegtl::not_at<tag_name_char>> {};
// What a line holding a tag starts with: `[Name "`. Used to find game boundaries and to stop an
// unclosed comment from running into the next game.
struct tag_line_start
    : pegtl::seq<tag_open, pegtl::star<blank>, tag_name, pegtl::star<blank>, tag_value_open> {};

// tag-section ::= tag-item ( tag-gap tag-item )* ws*
// tag-gap ::= ws* holding no empty line
// An empty line ends the section (the PGN shape: tags, an empty line, movetext), so a tag after an
// empty line starts the next game: a record cut after its tags keeps to its own lines. A tag whose
// name the section already holds ends it too, also on the same line (`[Result "*"] [Event "b"]`
// after a header with a Result); the reader's tag action decides that, the grammar alone cannot.
struct empty_line_ahead
    : pegtl::seq<line_end, pegtl::star<pegtl::one<' ', '\t', '\r', '\f', '\v'>>, line_end> {};
struct tag_gap : pegtl::star<pegtl::not_at<empty_line_ahead>, ws> {};
struct tag_section : pegtl::seq<tag_item, pegtl::star<tag_gap, tag_item>, pegtl::star<ws>> {};

}  // namespace bpgn::reference_grammar
