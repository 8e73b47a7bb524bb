// What the parse of one game carries besides the consumer: the opening delimiters still open,
// the variation depth, and a clock's parts until its brace closes.
#pragma once

#include "record/game_builder.h"

#include <string_view>
#include <vector>

namespace bpgn {

// Thrown by the control class when the grammar meets an error; the reader turns it into the
// game's SyntaxError and skips to the next game.
struct SyntaxFailure {
  const char* message;   // from grammar/errors.h
  const char* detected;  // where the text stopped matching
  const char* reported;  // where the error is reported (the opening delimiter for an unclosed one)
  bool depth_limit;      // the variation depth limit, not the text, stopped the parse
};

struct ParseState {
  explicit ParseState(GameBuilder& consumer, int max_variation_depth)
      : out(consumer), max_depth(max_variation_depth) {
    openings.reserve(static_cast<std::size_t>(max_depth) + 4);
  }

  void reset() {
    openings.clear();
    depth = 0;
  }

  GameBuilder& out;
  int max_depth;
  int depth = 0;                      // variations open
  std::vector<const char*> openings;  // opening delimiters still open, innermost last

  // A clock's parts, handed over when its brace closes (a brace may start like a clock and turn
  // out to be a comment: `{179 seconds left}`).
  ClockForm clock_form = ClockForm::Seconds;
  std::string_view clock_number;
  std::string_view clock_text;

  // A plain move's parts (grammar::plain_numbered_move), handed over when the whole move matched.
  std::string_view plain_number;
  std::string_view plain_san;
};

}  // namespace bpgn
