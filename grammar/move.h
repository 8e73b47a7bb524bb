// Move numbers, move tokens (SAN, loosely), annotations, NAGs and results. PEGTL rule types only.
#pragma once

#include "grammar/whitespace.h"

namespace bpgn::grammar {

// seat ::= 'A' | 'a' | 'B' | 'b'   White / Black on board A, White / Black on board B
struct seat : pegtl::one<'A', 'a', 'B', 'b'> {};

// number ::= digit{1,9}   (bounded: a move number never overflows)
struct move_number_digits : pegtl::rep_min_max<1, 9, pegtl::digit> {};
// dots ::= '.'+   `1.` White, `1...` Black in PGN; `12A.` in BPGN
struct move_number_dots : pegtl::plus<pegtl::one<'.'>> {};
// number-tail ::= seat dots | dots
struct move_number_tail : pegtl::sor<pegtl::seq<seat, move_number_dots>, move_number_dots> {};
// move-number ::= number number-tail       `12A.`, `12a.`, `3B.`, `3b.`, `1.`, `1...`
struct move_number : pegtl::seq<move_number_digits, pegtl::must<move_number_tail>> {};

// The token's shape only: the chess core decides what it means.
// san-char ::= letter | digit | '@' | '*' | '=' | '/' | '+' | '#' | '-'
struct san_char : pegtl::sor<pegtl::alnum, pegtl::one<'@', '*', '=', '/', '+', '#', '-'>> {};
// `e8=.`: bughouse.pro's discard promotion (the pawn leaves the board); the only '.' inside a move
struct san_discard : pegtl::string<'=', '.'> {};
// `exd6 e.p.`: an en-passant mark after a capture, the space before it optional
struct san_en_passant : pegtl::seq<pegtl::star<blank>, pegtl::string<'e', '.', 'p', '.'>> {};
// `Nf3`, `exd5`, `xe6` (bughouse.pro), `e8=Q`, `e8Q`, `e8=.`, `N@f3`, `N*f3`, `@e4`, `O-O`, `e8=R/d1`
// (Gambler's steal), with `+`/`#`
struct san_plain
    : pegtl::seq<pegtl::sor<pegtl::alpha, pegtl::one<'@'>>,
                 pegtl::star<pegtl::not_at<san_en_passant>, pegtl::sor<san_discard, san_char>>,
                 pegtl::opt<san_en_passant>> {};
// `$146@g4`: chess.com's knight drop with the N turned into a NAG; a move, not a NAG
struct san_nag_drop
    : pegtl::seq<pegtl::one<'$'>, digit_plus, pegtl::one<'@'>, pegtl::star<san_char>> {};
// `0-0`, `0-0-0`
struct san_zero_castling : pegtl::seq<pegtl::string<'0', '-', '0'>, pegtl::star<san_char>> {};
struct san : pegtl::sor<san_plain, san_nag_drop, san_zero_castling> {};

// annotation ::= '!!' | '??' | '!?' | '?!' | '!' | '?'   (NAGs 3, 4, 5, 6, 1, 2)
struct annotation : pegtl::sor<pegtl::string<'!', '!'>, pegtl::string<'?', '?'>, pegtl::string<'!', '?'>,
                               pegtl::string<'?', '!'>, pegtl::one<'!'>, pegtl::one<'?'>> {};

// move-text ::= san annotation?
struct move_text : pegtl::seq<san, pegtl::opt<annotation>> {};

// nag ::= '$' digit+
struct nag : pegtl::seq<pegtl::one<'$'>, digit_plus> {};

// result ::= '1-0' | '0-1' | '1/2-1/2' | '*'   not followed by a move character
struct result : pegtl::seq<pegtl::sor<pegtl::string<'1', '-', '0'>, pegtl::string<'0', '-', '1'>,
                                      pegtl::string<'1', '/', '2', '-', '1', '/', '2'>, pegtl::one<'*'>>,
                           pegtl::not_at<san_char>> {};

// numbered-move ::= move-number ws* move-text   (`5a.` and its move may sit on two lines)
struct numbered_move : pegtl::seq<pegtl::not_at<result>, pegtl::not_at<san_zero_castling>, move_number,
                                  pegtl::star<ws>, pegtl::must<move_text>> {};
// unnumbered-move ::= move-text   (PGN's Black move after `1. e4`)
struct unnumbered_move : pegtl::seq<san, pegtl::opt<annotation>> {};

// The plain case of the two rules above, tried before them because nearly every move is written
// so: `12A. Nf3`, `1... e5`, `e5`, followed by whitespace or a brace. Whatever these match,
// numbered_move / unnumbered_move would match the same way, with the same parts; anything else
// (`e.p.`, `!?`, `0-0`, `$146@g4`, a broken token) falls through to them.
// plain-move-number ::= number number-tail   (move-number, whose errors the general rule reports)
struct plain_move_number : pegtl::seq<move_number_digits, move_number_tail> {};
// plain-san ::= ( letter | '@' ) ( '=.' | san-char )*
struct plain_san_first : pegtl::ranges<'a', 'z', 'A', 'Z', '@'> {};
// plain-san-char ::= letter | digit | '@' | '*' | '=' | '/' | '+' | '#' | '-'
struct plain_san_set {
  static constexpr bool test(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '@' || c == '*' ||
           c == '=' || c == '/' || c == '+' || c == '#' || c == '-';
  }
};
// ( '=.' | plain-san-char )*   in one loop: a '.' right after a '=' is the discard's (the '='
// alone would be a plain-san-char, but '=.' is tried first and always wins).
struct plain_san_rest {
  using rule_t = plain_san_rest;
  using subs_t = pegtl::empty_list;
  template <typename Input>
  [[nodiscard]] static bool match(Input& in) noexcept {
    const char* const start = in.current();
    const char* const end = in.end();
    const char* p = start;
    for (; p != end; ++p) {
      if (table<plain_san_set>[static_cast<unsigned char>(*p)]) continue;
      if (*p == '.' && p != start && p[-1] == '=') continue;
      break;
    }
    if (p == end) (void)in.size(static_cast<std::size_t>(p - start) + 1);  // as run<>: the end looked at
    in.bump(static_cast<std::size_t>(p - start));
    return true;
  }
};
struct plain_san : pegtl::seq<plain_san_first, plain_san_rest> {};
// Whitespace or a brace next, but no en-passant mark (which belongs to the move).
struct plain_move_end
    : pegtl::seq<pegtl::not_at<san_en_passant>, pegtl::at<pegtl::one<' ', '\t', '\n', '\r', '\f', '\v', '{'>>> {};
// plain-numbered-move ::= plain-move-number ws* plain-san
struct plain_numbered_move : pegtl::seq<plain_move_number, pegtl::star<ws>, plain_san, plain_move_end> {};
// plain-unnumbered-move ::= plain-san
struct plain_unnumbered_move : pegtl::seq<plain_san, plain_move_end> {};

}  // namespace bpgn::grammar

// For pegtl::analyze: may succeed without consuming.
template <typename Name>
struct tao::pegtl::analyze_traits<Name, bpgn::grammar::plain_san_rest> : tao::pegtl::analyze_opt_traits<> {};
