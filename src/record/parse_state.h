// What the parse of one game carries besides the consumer: the opening delimiters still open,
// the variation depth, and a clock's parts until its brace closes.
#pragma once

#include "grammar/errors.h"
#include "record/game_builder.h"

#include <cstddef>

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
  bool ply_limit = false;  // the limit of plies per game stopped the parse
};

struct ParseState {
  explicit ParseState(GameBuilder& consumer, int max_variation_depth, std::size_t max_game_plies)
      : out(consumer), max_depth(max_variation_depth), max_plies(max_game_plies) {
    openings.reserve(static_cast<std::size_t>(max_depth) + 4);
  }

  void reset() {
    openings.clear();
    depth = 0;
  }

  GameBuilder& out;
  int max_depth;
  std::size_t max_plies;  // plies per game; one more is a syntax error (memory grows with plies)
  int depth = 0;                      // variations open
  std::vector<const char*> openings;  // opening delimiters still open, innermost last

  // A clock's parts, handed over when its brace closes (a brace may start like a clock and turn
  // out to be a comment: `{179 seconds left}`).
  ClockForm clock_form = ClockForm::Seconds;
  std::string_view clock_number;
  std::string_view clock_text;

  // Hands a move to the consumer, unless the game already holds max_plies of them.
  void move(std::string_view san, const char* at) {
    if (out.plies() >= max_plies) throw SyntaxFailure{grammar::error_message<grammar::game_too_many_moves>, at, at, false, true};
    out.move(san, at);
  }

  // A plain move's parts (grammar::plain_numbered_move), handed over when the whole move matched.
  std::string_view plain_number;
  std::string_view plain_san;
};

}  // namespace bpgn
