// Reference copy of the parse as it stood before the predictive grammar of issue 24 (main at
// 8772c74): src/record/parse_actions.h, parse_control.h and game_parser.cpp over the reference
// grammar, feeding the same consumer (GameBuilder through ParseState). The equivalence test and
// fuzz target run it beside the reader's parse_game. Compiled into the tests only.
#pragma once

#include "grammar/reference/errors.h"
#include "record/game_builder.h"
#include "record/game_parser.h"
#include "record/parse_state.h"

#include <tao/pegtl.hpp>

#include <type_traits>

namespace bpgn::reference_grammar {
inline TagDiagnosis diagnose_tag(const char* begin, const char* end);
}  // namespace bpgn::reference_grammar

namespace bpgn::reference_parse {

namespace reference_grammar = bpgn::reference_grammar;


template <typename Rule>
struct reference_action : tao::pegtl::nothing<Rule> {};

template <>
struct reference_action<reference_grammar::tag_name> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.tag_name(in.string_view());
  }
};

template <>
struct reference_action<reference_grammar::tag_value> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.tag_value(in.string_view());
  }
};

// False for a name the game already holds: the tag fails, the section ends, the next game starts.
template <>
struct reference_action<reference_grammar::tag> {
  template <typename Input>
  static bool apply(const Input& in, ParseState& st) {
    return st.out.tag(in.begin());
  }
};

// A tag that is not one: the strict rule says what is wrong and where; the header goes on.
template <>
struct reference_action<reference_grammar::broken_tag> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    const bpgn::TagDiagnosis d = reference_grammar::diagnose_tag(in.begin(), in.end());
    st.out.broken_tag(in.string_view(), d.message, d.at);
  }
};

// Stray text around a game: each non-blank line of it becomes a note of the game.
template <>
struct reference_action<reference_grammar::after_result> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    if (in.size() > 1 || (in.size() == 1 && *in.begin() != '\n')) st.out.stray_text(in.string_view());
  }
};

template <>
struct reference_action<reference_grammar::stray_then_next_game> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.stray_text(in.string_view());
  }
};

template <>
struct reference_action<reference_grammar::leading_stray> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.stray_text(in.string_view());
  }
};

template <>
struct reference_action<reference_grammar::move_number> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.move_number(in.string_view(), in.begin());
  }
};

template <>
struct reference_action<reference_grammar::san> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.move(in.string_view(), in.begin());
  }
};

template <>
struct reference_action<reference_grammar::plain_move_number> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.plain_number = in.string_view();
  }
};

template <>
struct reference_action<reference_grammar::plain_san> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.plain_san = in.string_view();
  }
};

// The same events as numbered_move: the number, then the move.
template <>
struct reference_action<reference_grammar::plain_numbered_move> {
  template <typename Input>
  static void apply(const Input&, ParseState& st) {
    st.out.move_number(st.plain_number, st.plain_number.data());
    st.move(st.plain_san, st.plain_san.data());
  }
};

template <>
struct reference_action<reference_grammar::plain_unnumbered_move> {
  template <typename Input>
  static void apply(const Input&, ParseState& st) {
    st.move(st.plain_san, st.plain_san.data());
  }
};

template <>
struct reference_action<reference_grammar::annotation> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.annotation(in.string_view());
  }
};

template <>
struct reference_action<reference_grammar::nag> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.nag(in.string_view());
  }
};

template <>
struct reference_action<reference_grammar::clock_seconds> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.clock_form = ClockForm::Seconds;
    st.clock_number = in.string_view();
  }
};

template <>
struct reference_action<reference_grammar::clk_time> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.clock_form = ClockForm::ClkTime;
    st.clock_number = in.string_view();
  }
};

template <>
struct reference_action<reference_grammar::ts_time> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.clock_form = ClockForm::TsTime;
    st.clock_number = in.string_view();
  }
};

template <>
struct reference_action<reference_grammar::clock_value> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.clock_text = in.string_view();
  }
};

// The plain clock `{118.585}`: the event clock_comment forwards for it, the number being the
// whole clock and the whole content.
template <>
struct reference_action<reference_grammar::plain_clock_comment> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    const std::string_view all = in.string_view();
    const std::string_view number = all.substr(1, all.size() - 2);
    st.out.clock_comment(ClockForm::Seconds, number, number, number, in.begin());
  }
};

template <>
struct reference_action<reference_grammar::clock_comment> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    const std::string_view all = in.string_view();
    st.out.clock_comment(st.clock_form, st.clock_number, st.clock_text, all.substr(1, all.size() - 2),
                         in.begin());
  }
};

template <>
struct reference_action<reference_grammar::braced_comment> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    const std::string_view all = in.string_view();
    st.out.comment(all.substr(1, all.size() - 2), in.begin());
  }
};

template <>
struct reference_action<reference_grammar::line_comment> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.line_comment(in.string_view().substr(1), in.begin());
  }
};

// Only the outermost variation gets here: actions are disabled inside a variation.
template <>
struct reference_action<reference_grammar::variation_inner> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    const std::string_view all = in.string_view();
    st.out.variation(all.substr(1, all.size() - 2));
  }
};

template <>
struct reference_action<reference_grammar::result> {
  template <typename Input>
  static void apply(const Input& in, ParseState& st) {
    st.out.result(in.string_view(), in.begin());
  }
};


// ---- the control class


template <typename Rule>
struct reference_control : tao::pegtl::normal<Rule> {
  template <typename Input>
  static void start(const Input& in, ParseState& st) {
    if constexpr (std::is_same_v<Rule, reference_grammar::variation_inner>) {
      if (st.depth >= st.max_depth)
        throw_failure<reference_grammar::variation_too_deep>(in.current(), in.current(), true);
      ++st.depth;
    }
    if constexpr (reference_grammar::is_opening<Rule>) st.openings.push_back(in.current());
  }

  template <typename Input>
  static void success(const Input&, ParseState& st) {
    leave(st);
  }

  template <typename Input>
  static void failure(const Input&, ParseState& st) {
    leave(st);
  }

  template <typename Input>
  [[noreturn]] static void raise(const Input& in, ParseState& st) {
    static_assert(reference_grammar::error_message<Rule> != nullptr,
                  "every must<> rule needs its message in grammar/errors.h");
    const char* reported = in.current();
    if constexpr (reference_grammar::reported_at_opening<Rule>) {
      if (!st.openings.empty()) reported = st.openings.back();
    }
    throw_failure<Rule>(in.current(), reported, false);
  }

 private:
  static void leave(ParseState& st) {
    if constexpr (std::is_same_v<Rule, reference_grammar::variation_inner>) --st.depth;
    if constexpr (reference_grammar::is_opening<Rule>) st.openings.pop_back();
  }

  template <typename Error>
  [[noreturn]] static void throw_failure(const char* detected, const char* reported, bool depth_limit) {
    throw SyntaxFailure{reference_grammar::error_message<Error>, detected, reported, depth_limit};
  }
};


namespace detail {

using Input = tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy, tao::pegtl::eol::lf_crlf>;

class EndWatchingInput : public Input {
 public:
  using Input::Input;
  [[nodiscard]] bool empty() const noexcept {
    const bool e = Input::empty();
    reached_end_ = reached_end_ || e;
    return e;
  }
  [[nodiscard]] std::size_t size(const std::size_t amount = 0) const noexcept {
    const std::size_t s = Input::size(amount);
    reached_end_ = reached_end_ || s < amount;
    return s;
  }
  bool reached_end() const { return reached_end_; }

 private:
  mutable bool reached_end_ = false;
};

}  // namespace detail

inline const char* parse_game(const char* begin, const char* end, ParseState& state, bool* reached_end = nullptr) {
  state.reset();
  detail::EndWatchingInput in(begin, end, "");
  try {
    (void)tao::pegtl::parse<reference_grammar::game, reference_action, reference_control>(in, state);
  } catch (const SyntaxFailure&) {
    if (reached_end) *reached_end = in.reached_end();
    throw;
  }
  if (reached_end) *reached_end = in.reached_end();
  return in.current();
}

}  // namespace bpgn::reference_parse

namespace bpgn::reference_grammar {

inline TagDiagnosis diagnose_tag(const char* begin, const char* end) {
  GameBuilder unused;
  ParseState state(unused, 1, 0);
  reference_parse::detail::Input in(begin, end, "");
  try {
    (void)tao::pegtl::parse<tao::pegtl::seq<tag_diagnosis, tao::pegtl::eof>, tao::pegtl::nothing,
                            reference_parse::reference_control>(in, state);
  } catch (const SyntaxFailure& failure) {
    return {failure.message, failure.reported};
  }
  return {error_message<tag_diagnosis>, begin};
}

}  // namespace bpgn::reference_grammar
