// One game: tag section, movetext, result. The top rule is `game`. PEGTL rule types only.
//
// The grammar accepts every record dialect the reader knows: BPGN (seat-numbered moves `12A.`,
// clocks `{179}`, typed comments `{C:...}`), one-board PGN (`1. e4 e5`, `1... Nf6`), lichess and
// chess.com comments with `[%clk ...]`, variations and NAGs. What a move means is not its business.
#pragma once

#include "grammar/comment.h"
#include "grammar/move.h"
#include "grammar/tag.h"
#include "grammar/whitespace.h"

namespace bpgn::grammar {

struct element;

// variation ::= '(' ( ws | element )* ')'   kept verbatim; nested ones are part of the text
struct variation_open : pegtl::one<'('> {};
struct variation_close : pegtl::one<')'> {};
struct variation_body : pegtl::star<pegtl::sor<ws_plus, element>> {};
// Nothing inside a variation reaches the main line: actions are disabled there.
struct variation_inner
    : pegtl::seq<variation_open, pegtl::disable<variation_body>, pegtl::must<variation_close>> {};
struct variation : pegtl::seq<pegtl::at<variation_open>, variation_inner> {};

// element ::= comment | line-comment | variation | numbered-move | unnumbered-move | nag | annotation
// The plain moves come first (nearly every element is one). Only the move rules and `nag` (`$146@g4`
// is a move, `$1` a NAG) can start with the same character, and they keep their order among
// themselves, so the order changes no match.
// The choice is made on the element's first byte (each alternative above can start only with the
// bytes named here, so the ones left out for a byte could not have matched, and each group keeps
// its alternatives' order): a digit starts a numbered move (or `0-0`), a letter or '@' a move,
// '$' a `$146@g4` move or a NAG.
struct element_digit : pegtl::seq<pegtl::at<pegtl::digit>, pegtl::sor<plain_numbered_move, numbered_move, unnumbered_move>> {};
struct element_letter : pegtl::seq<pegtl::at<plain_san_first>, pegtl::sor<plain_unnumbered_move, unnumbered_move>> {};
struct element_dollar : pegtl::seq<pegtl::at<pegtl::one<'$'>>, pegtl::sor<unnumbered_move, nag>> {};
struct element : pegtl::sor<element_digit, element_letter, comment, line_comment, variation, element_dollar, annotation> {};

// Before the first move only comments may stand (bughouse-db's `{C: This is game number ...}`).
struct leading_item : pegtl::sor<ws_plus, comment, line_comment> {};
struct first_move
    : pegtl::sor<plain_numbered_move, numbered_move, plain_unnumbered_move, unnumbered_move> {};
struct movetext_item : pegtl::sor<ws_plus, element> {};
// movetext ::= leading-item* ( first-move movetext-item* )?
struct movetext : pegtl::seq<pegtl::star<leading_item>, pegtl::opt<first_move, pegtl::star<movetext_item>>> {
};

// The movetext ends at the result, at the next game's tags, or at the end of the input (archives
// cut the result off; lichess study exports end with a comment). Without a result, the next game
// must start a line: a `[` in the middle of movetext (`e4 [%clk 0:01:58]`) is an error of this
// game, not the start of another one.
struct next_game_start : pegtl::seq<at_line_start, pegtl::at<tag_open>> {};

// Stray text: text outside any game, kept by the reader as a note on the game next to it.
// stray-text ::= ( any-but-LF, not at a tag )+   (the rest of a line, or up to a tag on it that
// starts the next game: `1-0 junk [Event "b"]`; the reader trims it)
// A zero byte is never stray text: it is binary garbage, an unreadable game of its own (a line of
// them before a record is not a note on that record).
struct stray_char : pegtl::seq<pegtl::not_at<tag_line_start>, pegtl::not_one<'\n', '\0'>> {};
struct stray_text : pegtl::plus<stray_char> {};
// A game without tags may open with comments before its first move (`{bpgn: ...} 28B. Rfe1`, as
// fmt writes a game with an error): closed comments, then a move number. (Only looked at ahead:
// an unclosed brace here is not an error, the line is stray text.)
struct closed_comment : pegtl::seq<comment_open, comment_text, comment_close> {};
struct commented_move_number : pegtl::seq<pegtl::plus<closed_comment, ws_star>, plain_move_number> {};
// After a result the next game starts at a tag, a move number or comments before one (after blanks
// or a byte order mark), on the result's line or on a later one; every other line is stray text of
// the game.
struct record_ahead : pegtl::seq<pegtl::star<pegtl::sor<blank, byte_order_mark>>,
                                 pegtl::sor<tag_open, plain_move_number, commented_move_number>> {};
struct stray_line : pegtl::seq<pegtl::not_at<record_ahead>, pegtl::opt<stray_text>> {};
struct stray_lines : pegtl::star<line_end, stray_line> {};
// after-result ::= blank* stray-text? ( LF stray-line )*   `1-0?`, `1-0 junk`, `1-0` U+202C, `</pre>`
struct after_result : pegtl::seq<blank_star, pegtl::opt<pegtl::not_at<record_ahead>, stray_text>, stray_lines> {};
// A movetext without a result (bughouse.pro) stops at a line that starts with no move, comment or
// tag (`-----`, `</pre>`): stray text when only blank space, tags or the input's end follow it.
struct stray_then_next_game
    : pegtl::seq<at_line_start, stray_text, stray_lines,
                 pegtl::at<pegtl::star<pegtl::sor<ws, byte_order_mark>>, pegtl::sor<tag_open, pegtl::eof>>> {};
struct game_end : pegtl::sor<pegtl::seq<result, after_result>, next_game_start, pegtl::eof, stray_then_next_game> {};
struct game_body : pegtl::seq<movetext, pegtl::must<game_end>> {};

// What may follow a tag section: anything that starts movetext or a result. A record cut right
// after its tags is an error, not an empty game.
struct movetext_start : pegtl::sor<pegtl::one<'{', ';', '$', '@', '*'>, pegtl::alnum> {};
struct tags_then_body : pegtl::seq<pegtl::at<movetext_start>, game_body> {};

// Lines before a game that cannot start one (`<pre>`, `-----`, binary bytes), followed by a game:
// stray text of that game. (Before the input's end they are a game with a syntax error, as ever.)
struct foreign_line : pegtl::seq<blank_star, pegtl::not_at<pegtl::sor<tag_open, movetext_start, ws>>, stray_text> {};
// Comments with no move after them but a tag or a foreign line (`{exported by X}` above the first
// game): stray text too, not a game of their own (a game needs a tag or a move).
struct comments_before_tags
    : pegtl::seq<pegtl::plus<closed_comment, pegtl::star<pegtl::sor<ws, byte_order_mark>>>,
                 pegtl::at<pegtl::sor<tag_open, foreign_line>>> {};
struct leading_stray : pegtl::seq<pegtl::plus<pegtl::sor<foreign_line, comments_before_tags>, pegtl::star<pegtl::sor<ws, byte_order_mark>>>,
                                  pegtl::not_at<pegtl::eof>> {};

// A game without tags starts with what starts movetext or a result; anything else there is the
// "unexpected text" error (stray text needs a game next to it).
struct tagless_body : pegtl::sor<pegtl::seq<pegtl::at<movetext_start>, game_body>, pegtl::raise<game_end>> {};

// game ::= leading-stray? ( tag-section tags-then-body | game-body )   (the reader skips
// whitespace before a game)
struct game : pegtl::seq<pegtl::opt<leading_stray>,
                         pegtl::sor<pegtl::seq<tag_section, pegtl::must<tags_then_body>>, tagless_body>> {};

}  // namespace bpgn::grammar
