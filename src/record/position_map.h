// Line and column of a byte inside one game's text, without PEGTL's per-byte tracking: the parser
// runs untracked and the few positions a game needs (tags, moves, comments) are computed here by
// a cursor that only moves forward.
#pragma once

#include "record/game.h"

#include <cstddef>

namespace bpgn {

class PositionMap {
 public:
  // `base` is the game's first byte and stands at `start` (column counted in characters); the
  // text may be looked at up to `end` (exclusive).
  void reset(const char* base, const char* end, SourcePos start);

  // Position of `p` (base <= p <= end). Columns are in bytes after the game's first line; the
  // reader turns them into characters once the game's encoding is known (see GameBuilder::finish).
  SourcePos at(const char* p) {
    // Most positions fall on the line already known: no search at all.
    if (p >= line_begin_ && p <= clear_until_) return on_current_line(p);
    return search(p);
  }

 private:
  SourcePos on_current_line(const char* p) const {
    return SourcePos{line_, column_offset_ + static_cast<std::uint32_t>(p - line_begin_)};
  }
  SourcePos search(const char* p);

  // Bytes searched past the position asked for when looking for the next line end: positions come
  // a few bytes apart, so one search serves many of them, and a line that never ends (one huge
  // line holding many games) is still searched only once per byte plus this much per game.
  static constexpr std::size_t kLookahead = 256;

  const char* base_ = nullptr;
  const char* end_ = nullptr;
  SourcePos start_;
  const char* line_begin_ = nullptr;  // first byte of the current line (or base_ on the first line)
  const char* clear_until_ = nullptr;  // [line_begin_, clear_until_) holds no line end
  bool line_end_found_ = false;        // *clear_until_ is the current line's '\n'
  std::uint32_t line_ = 1;
  std::uint32_t column_offset_ = 1;  // column of line_begin_
};

}  // namespace bpgn
