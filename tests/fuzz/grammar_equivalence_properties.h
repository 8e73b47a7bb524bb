// The predictive grammar of issue 24 against the grammar it replaced (tests/grammar/reference/):
// over any text, both parses accept and reject the same games, hand the consumer the same events
// (the Game that GameBuilder fills: tags, moves, clocks, comments, notes, result, positions), stop
// at the same byte, and fail with the same message at the same place. The new parse looks at the
// window's end only where the old one did, and where it does not, its result holds for any bytes
// after the window (what the reader's windows rely on). Checked by fuzz_grammar_equivalence and,
// on corpus/, tests/golden/ and mutations of them, by tests/grammar/reference_equivalence_test.cpp.
#pragma once

#include "fuzz/fuzz_support.h"
#include "grammar/reference/reference_parse.h"
#include "record/game_builder.h"
#include "record/game_parser.h"
#include "record/parse_state.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace bpgn::fuzz::grammar_equivalence {

// One parse of one game, as the reader sees it.
struct Outcome {
  Game game;
  const char* stop = nullptr;  // where the game's text ends (success)
  std::optional<SyntaxFailure> failure;
  bool reached_end = false;
};

using ParseFn = const char* (*)(const char*, const char*, ParseState&, bool*);

inline void describe_pos(std::string& out, SourcePos p) {
  out += std::to_string(p.line) + ':' + std::to_string(p.column);
}

// Every field of the Game the reader fills, one per line (a difference shows where it is).
inline std::string describe(const Game& g) {
  std::string s;
  for (const Tag& t : g.tags) s += "tag " + t.name + '=' + t.value + " @", describe_pos(s, t.pos), s += '\n';
  for (const Comment& c : g.leading_comments) s += "leading {" + c.text + "} @", describe_pos(s, c.pos), s += '\n';
  for (const Ply& p : g.plies) {
    s += "ply " + std::to_string(int(p.board)) + std::to_string(int(p.color)) + (p.seat_written ? "s " : "- ") +
         std::to_string(p.number) + " @";
    describe_pos(s, p.number_pos);
    s += ' ' + p.san + " @";
    describe_pos(s, p.san_pos);
    s += " clock " + std::to_string(int(p.clock.kind)) + ' ' + std::to_string(p.clock.seconds) + ' ' +
         std::to_string(p.clock.decimals) + ' ' + p.clock.text;
    for (const Comment& c : p.comments) s += " {" + c.text + "} @", describe_pos(s, c.pos);
    for (int n : p.nags) s += " $" + std::to_string(n);
    for (const std::string& v : p.variations) s += " (" + v + ')';
    if (p.lag_ms) s += " lag " + std::to_string(*p.lag_ms);
    s += '\n';
  }
  s += "result " + g.result + " @";
  describe_pos(s, g.result_pos);
  s += "\ntermination " + g.termination + "\ndialect " + std::to_string(int(g.dialect)) + " encoding " +
       std::to_string(int(g.encoding)) + " clocks " + std::to_string(int(g.clock_kind)) + '\n';
  if (g.error) s += "error " + g.error->message + " @", describe_pos(s, g.error->pos), s += '\n';
  for (const ReadNote& n : g.notes)
    s += "note " + std::to_string(int(n.kind)) + ' ' + n.text + " / " + n.message + " @", describe_pos(s, n.pos), s += '\n';
  return s;
}

// Parses the game at [begin, end) as Reader::next does (builder, error position, finish).
inline Outcome parse_one(ParseFn parse, const char* begin, const char* end, SourcePos start, int max_depth,
                         std::size_t max_plies) {
  Outcome o;
  o.game.start = start;
  GameBuilder builder;
  ParseState state(builder, max_depth, max_plies);
  builder.begin(o.game, begin, end, start);
  const char* examined = end;
  try {
    o.stop = parse(begin, end, state, &o.reached_end);
    examined = o.stop;
  } catch (const SyntaxFailure& f) {
    o.failure = f;
    o.game.error = SyntaxError{f.message, builder.position(f.reported)};
    if (const void* nl = std::memchr(f.detected, '\n', static_cast<std::size_t>(end - f.detected)))
      examined = static_cast<const char*>(nl);
  }
  builder.finish(examined);
  return o;
}

inline std::string describe(const Outcome& o, const char* base) {
  std::string s = describe(o.game);
  if (o.failure) {
    s += std::string("failure ") + o.failure->message + " detected " + std::to_string(o.failure->detected - base) +
         " reported " + std::to_string(o.failure->reported - base) + (o.failure->depth_limit ? " depth" : "") +
         (o.failure->ply_limit ? " plies" : "") + '\n';
  } else {
    s += "stop " + std::to_string(o.stop - base) + '\n';
  }
  return s;
}

inline const char* new_parse(const char* b, const char* e, ParseState& st, bool* r) { return parse_game(b, e, st, r); }
inline const char* old_parse(const char* b, const char* e, ParseState& st, bool* r) {
  return reference_parse::parse_game(b, e, st, r);
}

// Both parses of the game at `begin`; the new one's result. `full_end`, past `end`, is where the
// text really ends: a new parse that did not reach `end` must give the same result there.
inline Outcome compare_one(const char* base, const char* begin, const char* end, const char* full_end, SourcePos start,
                           int max_depth, std::size_t max_plies) {
  const Outcome now = parse_one(new_parse, begin, end, start, max_depth, max_plies);
  const Outcome then = parse_one(old_parse, begin, end, start, max_depth, max_plies);
  const std::string a = describe(now, base), b = describe(then, base);
  if (a != b) fail("the grammar differs from the reference grammar", "new:\n" + a + "reference:\n" + b);
  if (now.reached_end && !then.reached_end) fail("the grammar looked at the window's end where the reference did not", a);
  if (!now.reached_end && end != full_end) {
    const Outcome longer = parse_one(new_parse, begin, full_end, start, max_depth, max_plies);
    const bool same = longer.failure ? now.failure && std::strcmp(now.failure->message, longer.failure->message) == 0 &&
                                           now.failure->detected == longer.failure->detected &&
                                           now.failure->reported == longer.failure->reported
                                     : !now.failure && now.stop == longer.stop;
    if (!same || now.game.plies.size() != longer.game.plies.size() || now.game.tags.size() != longer.game.tags.size())
      fail("the grammar did not reach the window's end, yet the bytes after it changed its result",
           a + "with the rest:\n" + describe(longer, base));
  }
  return now;
}

// Every game of `text` in turn, as the reader walks it: blank space skipped, the next game after a
// good one at its end, after a broken one at the next line. `window`, when not 0, cuts each parse's
// text that many bytes after the game's start (the rest is the text beyond the window).
inline void compare_text(std::string_view text, int max_depth = 64, std::size_t max_plies = 200000,
                         std::size_t window = 0) {
  const char* const base = text.data();
  const char* const end = base + text.size();
  const char* p = base;
  SourcePos pos{1, 1};
  const auto advance = [&](const char* to) {
    for (; p < to; ++p) {
      if (*p == '\n') ++pos.line, pos.column = 1;
      else ++pos.column;
    }
  };
  for (std::size_t games = 0; games <= text.size(); ++games) {
    advance(skip_whitespace(p, end));
    if (p == end) return;
    const char* window_end = window && static_cast<std::size_t>(end - p) > window ? p + window : end;
    const Outcome o = compare_one(base, p, window_end, end, pos, max_depth, max_plies);
    const char* next = nullptr;
    if (!o.failure) {
      next = o.stop;
    } else {
      const void* nl = std::memchr(o.failure->detected, '\n', static_cast<std::size_t>(end - o.failure->detected));
      next = nl ? static_cast<const char*>(nl) + 1 : end;
    }
    if (next <= p) next = p + 1;  // never loop
    advance(next);
  }
}

// The property for any bytes: the text as a whole, in small windows, and with tight limits.
inline void grammar_equivalence_properties(std::string_view text) {
  compare_text(text);
  compare_text(text, 64, 200000, 97);
  compare_text(text, 2, 5);
}

}  // namespace bpgn::fuzz::grammar_equivalence
