// Reference copy of grammar/comment.h as it stood before the predictive grammar of issue 24 (main at
// 8772c74), namespace bpgn::reference_grammar: the new grammar must accept and reject exactly what
// this one does, with the same events and error positions (tests/grammar/reference_equivalence_test.cpp,
// tests/fuzz/fuzz_grammar_equivalence.cpp). Compiled into the tests only; not to be edited.
// Comments and the clocks written inside them. PEGTL rule types only.
#pragma once

#include "grammar/reference/tag.h"
#include "grammar/reference/whitespace.h"

namespace bpgn::reference_grammar {

// decimals ::= '.' digit*
struct clock_decimals : pegtl::seq<pegtl::one<'.'>, pegtl::star<pegtl::digit>> {};

// seconds ::= '-'? digit+ decimals?        `{179}`, `{58.345}`, `{-0.576}` (a flag fall)
struct clock_seconds
    : pegtl::seq<pegtl::opt<pegtl::one<'-'>>, pegtl::plus<pegtl::digit>, pegtl::opt<clock_decimals>> {};

// clk-time ::= digit+ ( ':' digit+ ){0,2} decimals?   h:mm:ss.t as lichess and chess.com write it
struct clk_time
    : pegtl::seq<pegtl::plus<pegtl::digit>, pegtl::rep_max<2, pegtl::one<':'>, pegtl::plus<pegtl::digit>>,
                 pegtl::opt<clock_decimals>> {};
// clk-command ::= '[%clk' ws+ clk-time ws* ']'   remaining time; exporters wrap lines inside it
struct clk_command : pegtl::seq<pegtl::one<'['>, pegtl::string<'%', 'c', 'l', 'k'>, pegtl::plus<ws>, clk_time,
                                pegtl::star<ws>, pegtl::one<']'>> {};

// ts-time ::= digit+ decimals?
struct ts_time : pegtl::seq<pegtl::plus<pegtl::digit>, pegtl::opt<clock_decimals>> {};
// ts-command ::= '[ts=' ts-time ']'   seconds since the match began
struct ts_command : pegtl::seq<pegtl::string<'[', 't', 's', '='>, ts_time, pegtl::one<']'>> {};

struct clock_value : pegtl::sor<clock_seconds, clk_command, ts_command> {};

struct comment_open : pegtl::one<'{'> {};
struct comment_close : pegtl::one<'}'> {};

// clock-comment ::= '{' ws* clock-value ws* '}'   a brace holding nothing but a clock
struct clock_comment
    : pegtl::seq<comment_open, pegtl::star<ws>, clock_value, pegtl::star<ws>, comment_close> {};

// A comment may span lines, but a line that starts with a tag ends it: an unclosed '{' must not
// swallow the games that follow.
struct comment_line_break : pegtl::seq<line_end, pegtl::not_at<tag_line_start>> {};
struct comment_text : pegtl::star<pegtl::sor<pegtl::plus<pegtl::not_one<'}', '\n'>>, comment_line_break>> {};
// braced-comment ::= '{' any-but-'}'* '}'
struct braced_comment : pegtl::seq<comment_open, comment_text, pegtl::must<comment_close>> {};

// The common clock `{118.585}` / `{179}` (no sign, no blanks), matched before the general rules.
// It reads exactly what clock-comment reads the same way and forwards the same event.
// plain-clock-comment ::= '{' digit+ decimals? '}'
struct plain_clock_seconds : pegtl::seq<pegtl::plus<pegtl::digit>, pegtl::opt<clock_decimals>> {};
struct plain_clock_comment : pegtl::seq<pegtl::one<'{'>, plain_clock_seconds, pegtl::one<'}'>> {};

// comment ::= clock-comment | braced-comment
struct comment : pegtl::sor<plain_clock_comment, clock_comment, braced_comment> {};

// line-comment ::= ';' any-but-LF*
struct line_comment_text : pegtl::star<pegtl::not_one<'\n'>> {};
struct line_comment : pegtl::seq<pegtl::one<';'>, line_comment_text> {};

// A clock inside a longer comment, e.g. `{ [%eval 0.17] [%clk 0:05:00] }`: the reader scans the
// text of the first comment after a move with this rule and keeps the rest as a comment.
struct embedded_clock : pegtl::sor<clk_command, ts_command> {};
struct embedded_clock_search
    : pegtl::seq<pegtl::star<pegtl::not_at<embedded_clock>, pegtl::any>, pegtl::opt<embedded_clock>> {};

}  // namespace bpgn::reference_grammar
