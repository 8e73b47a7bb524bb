// The PEGTL control class of the game grammar: errors from the grammar's table with the position
// that helps the reader, opening delimiters remembered, and the variation depth bounded (deep
// nesting must end in an error, never in a stack overflow).
#pragma once

#include "grammar/errors.h"
#include "record/parse_state.h"

#include <tao/pegtl.hpp>

#include <type_traits>

namespace bpgn {

template <typename Rule>
struct parse_control : tao::pegtl::normal<Rule> {
  template <typename Input>
  static void start(const Input& in, ParseState& st) {
    if constexpr (std::is_same_v<Rule, grammar::variation_inner>) {
      if (st.depth >= st.max_depth)
        throw_failure<grammar::variation_too_deep>(in.current(), in.current(), true);
      ++st.depth;
    }
    if constexpr (grammar::is_opening<Rule>) st.openings.push_back(in.current());
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
    static_assert(grammar::error_message<Rule> != nullptr,
                  "every must<> rule needs its message in grammar/errors.h");
    const char* reported = in.current();
    if constexpr (grammar::reported_at_opening<Rule>) {
      if (!st.openings.empty()) reported = st.openings.back();
    }
    throw_failure<Rule>(in.current(), reported, false);
  }

 private:
  static void leave(ParseState& st) {
    if constexpr (std::is_same_v<Rule, grammar::variation_inner>) --st.depth;
    if constexpr (grammar::is_opening<Rule>) st.openings.pop_back();
  }

  template <typename Error>
  [[noreturn]] static void throw_failure(const char* detected, const char* reported, bool depth_limit) {
    throw SyntaxFailure{grammar::error_message<Error>, detected, reported, depth_limit};
  }
};

}  // namespace bpgn
