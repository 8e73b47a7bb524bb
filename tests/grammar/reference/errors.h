// Reference copy of grammar/errors.h as it stood before the predictive grammar of issue 24 (main at
// 8772c74), namespace bpgn::reference_grammar: the new grammar must accept and reject exactly what
// this one does, with the same events and error positions (tests/grammar/reference_equivalence_test.cpp,
// tests/fuzz/fuzz_grammar_equivalence.cpp). Compiled into the tests only; not to be edited.
// The grammar's error messages, keyed by rule (the PEGTL `error_message` table idiom): every rule
// the grammar wraps in `must<>` has its message here, and the reader's control class refuses to
// compile without one. Positions: an error is reported where the rule failed, except for the
// closing delimiters marked below, which are reported at their opening delimiter.
#pragma once

#include "grammar/reference/game.h"

namespace bpgn::reference_grammar {

// Markers for errors that no single rule raises: limits and an input without any game.
struct variation_too_deep {};
struct game_too_long {};
struct game_too_many_moves {};
struct empty_input {};

// clang-format off
template <typename Rule> inline constexpr const char* error_message = nullptr;

template <> inline constexpr auto error_message<tag_name> = "expected a tag name after '[' (a letter or '_' first)";
template <> inline constexpr auto error_message<tag_name_end> = "bad tag name: only letters, digits and '_' may follow its first letter";
template <> inline constexpr auto error_message<tag_diagnosis> = "malformed tag";
template <> inline constexpr auto error_message<tag_string> = "expected a quoted tag value";
template <> inline constexpr auto error_message<tag_value_close> = "unterminated tag value: no closing '\"' on its line";
template <> inline constexpr auto error_message<tag_close> = "expected ']' after the tag value";
template <> inline constexpr auto error_message<comment_close> = "unclosed comment: '{' has no matching '}'";
template <> inline constexpr auto error_message<move_number_tail> = "malformed move number: expected '.' or a seat letter (A, a, B, b) and '.'";
template <> inline constexpr auto error_message<move_text> = "expected a move after the move number";
template <> inline constexpr auto error_message<variation_close> = "unterminated variation: '(' has no matching ')'";
template <> inline constexpr auto error_message<game_end> = "unexpected text: expected a move, comment, variation, NAG, result, or a tag at the start of a line";
template <> inline constexpr auto error_message<tags_then_body> = "expected moves or a result after the tags";
template <> inline constexpr auto error_message<variation_too_deep> = "variations nested too deeply";
template <> inline constexpr auto error_message<game_too_long> = "game text too long";
template <> inline constexpr auto error_message<game_too_many_moves> = "game has too many moves";
template <> inline constexpr auto error_message<empty_input> = "empty input: no game found";
// clang-format on

// clang-format off
// Rules whose start the control remembers, innermost last: the opening delimiters.
template <typename Rule> inline constexpr bool is_opening = false;
template <> inline constexpr bool is_opening<tag_string> = true;
template <> inline constexpr bool is_opening<braced_comment> = true;
template <> inline constexpr bool is_opening<variation_inner> = true;

// Errors reported at the innermost opening delimiter rather than where the text ran out: a
// missing '}' is found at the end of the input, but the reader needs to see the '{'.
template <typename Rule> inline constexpr bool reported_at_opening = false;
template <> inline constexpr bool reported_at_opening<tag_value_close> = true;
template <> inline constexpr bool reported_at_opening<comment_close> = true;
template <> inline constexpr bool reported_at_opening<variation_close> = true;
// clang-format on

}  // namespace bpgn::reference_grammar
