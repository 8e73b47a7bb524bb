// PEGTL actions of the game grammar: each forwards one event (tag, move number, move, clock,
// comment, variation, result, with its place in the text) to the consumer. No decisions here.
#pragma once

#include "grammar/game.h"
#include "record/game_parser.h"
#include "record/parse_state.h"

#include <tao/pegtl.hpp>

namespace bpgn {

template <typename Rule>
struct parse_action : tao::pegtl::nothing<Rule> {};

template <>
struct parse_action<grammar::tag_name> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.tag_name(in.string_view());
  }
};

template <>
struct parse_action<grammar::tag_value> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.tag_value(in.string_view());
  }
};

// False for a name the game already holds: the tag fails, the section ends, the next game starts.
template <>
struct parse_action<grammar::tag> {
  template <typename Input>
  static bool apply(const Input& in, ParseState& st) {
    return st.out.tag(in.begin());
  }
};

// A tag that is not one: the strict rule says what is wrong and where; the header goes on.
template <>
struct parse_action<grammar::broken_tag> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    const TagDiagnosis d = diagnose_tag(in.begin(), in.end());
    st.out.broken_tag(in.string_view(), d.message, d.at);
  }
};

// Stray text around a game: each non-blank line of it becomes a note of the game.
template <>
struct parse_action<grammar::after_result> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    if (in.size() > 1 || (in.size() == 1 && *in.begin() != '\n')) st.out.stray_text(in.string_view());
  }
};

template <>
struct parse_action<grammar::stray_then_next_game> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.stray_text(in.string_view());
  }
};

template <>
struct parse_action<grammar::leading_stray> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.stray_text(in.string_view());
  }
};

template <>
struct parse_action<grammar::move_number> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.move_number(in.string_view(), in.begin());
  }
};

template <>
struct parse_action<grammar::san> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.move(in.string_view(), in.begin());
  }
};

template <>
struct parse_action<grammar::plain_move_number> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.plain_number = in.string_view();
  }
};

template <>
struct parse_action<grammar::plain_san> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.plain_san = in.string_view();
  }
};

// The same events as numbered_move: the number, then the move.
template <>
struct parse_action<grammar::plain_numbered_move> {
  template <typename Input>
  static void apply(const Input&, ParseState& st) {
    st.out.move_number(st.plain_number, st.plain_number.data());
    st.move(st.plain_san, st.plain_san.data());
  }
};

template <>
struct parse_action<grammar::plain_unnumbered_move> {
  template <typename Input>
  static void apply(const Input&, ParseState& st) {
    st.move(st.plain_san, st.plain_san.data());
  }
};

template <>
struct parse_action<grammar::annotation> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.annotation(in.string_view());
  }
};

template <>
struct parse_action<grammar::nag> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.nag(in.string_view());
  }
};

template <>
struct parse_action<grammar::clock_seconds> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.clock_form = ClockForm::Seconds;
    st.clock_number = in.string_view();
  }
};

template <>
struct parse_action<grammar::clk_time> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.clock_form = ClockForm::ClkTime;
    st.clock_number = in.string_view();
  }
};

template <>
struct parse_action<grammar::ts_time> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.clock_form = ClockForm::TsTime;
    st.clock_number = in.string_view();
  }
};

template <>
struct parse_action<grammar::clock_value> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.clock_text = in.string_view();
  }
};

// The plain clock `{118.585}`: the number is the whole clock and the whole content.
template <>
struct parse_action<grammar::plain_clock_comment> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    const std::string_view all = in.string_view();
    st.out.plain_clock_comment(all.substr(1, all.size() - 2), in.begin());
  }
};

template <>
struct parse_action<grammar::clock_comment> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    const std::string_view all = in.string_view();
    st.out.clock_comment(st.clock_form, st.clock_number, st.clock_text, all.substr(1, all.size() - 2),
                         in.begin());
  }
};

template <>
struct parse_action<grammar::braced_comment> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    const std::string_view all = in.string_view();
    st.out.comment(all.substr(1, all.size() - 2), in.begin());
  }
};

template <>
struct parse_action<grammar::line_comment> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.line_comment(in.string_view().substr(1), in.begin());
  }
};

// Only the outermost variation gets here: actions are disabled inside a variation.
template <>
struct parse_action<grammar::variation_inner> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    const std::string_view all = in.string_view();
    st.out.variation(all.substr(1, all.size() - 2));
  }
};

template <>
struct parse_action<grammar::result> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.result(in.string_view(), in.begin());
  }
};

}  // namespace bpgn
