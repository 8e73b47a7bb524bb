// Line and column of a byte inside one game's text, without PEGTL's per-byte tracking: the parser
// runs untracked and the few positions a game needs (tags, moves, comments) are computed here by
// a cursor that only moves forward.
#pragma once

#include "record/game.h"

#include <cstddef>

namespace bpgn {

class PositionMap {
 public:
  // `base` is the game's first byte and stands at `start` (column counted in characters).
  void reset(const char* base, SourcePos start);

  // Position of `p` (base <= p). Columns are in bytes after the game's first line; the reader
  // turns them into characters once the game's encoding is known (see GameBuilder::finish).
  SourcePos at(const char* p);

 private:
  const char* base_ = nullptr;
  SourcePos start_;
  const char* cursor_ = nullptr;      // everything before it has been counted
  const char* line_begin_ = nullptr;  // first byte of the cursor's line (or base_ on the first line)
  std::uint32_t line_ = 1;
  std::uint32_t column_offset_ = 1;  // column of line_begin_
};

}  // namespace bpgn
