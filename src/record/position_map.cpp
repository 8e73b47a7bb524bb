#include "record/position_map.h"

#include <cstring>

namespace bpgn {

void PositionMap::reset(const char* base, SourcePos start) {
  base_ = base;
  start_ = start;
  cursor_ = base;
  line_begin_ = base;
  line_ = start.line;
  column_offset_ = start.column;
}

SourcePos PositionMap::at(const char* p) {
  if (p < cursor_) reset(base_, start_);  // rare: a position behind the last one asked for
  while (cursor_ < p) {
    const void* nl = std::memchr(cursor_, '\n', static_cast<std::size_t>(p - cursor_));
    if (!nl) {
      cursor_ = p;
      break;
    }
    cursor_ = static_cast<const char*>(nl) + 1;
    line_begin_ = cursor_;
    column_offset_ = 1;
    ++line_;
  }
  return SourcePos{line_, column_offset_ + static_cast<std::uint32_t>(p - line_begin_)};
}

}  // namespace bpgn
