#include "record/position_map.h"

#include <algorithm>
#include <cstring>

namespace bpgn {

void PositionMap::reset(const char* base, const char* end, SourcePos start) {
  base_ = base;
  end_ = end;
  start_ = start;
  line_begin_ = base;
  clear_until_ = base;
  line_end_found_ = false;
  line_ = start.line;
  column_offset_ = start.column;
}

SourcePos PositionMap::search(const char* p) {
  if (p < line_begin_) reset(base_, end_, start_);  // rare: a position before the current line
  while (p > clear_until_) {
    if (line_end_found_) {  // the line ends before p: on to the next one
      line_begin_ = clear_until_ + 1;
      clear_until_ = line_begin_;
      line_end_found_ = false;
      column_offset_ = 1;
      ++line_;
      continue;
    }
    // (p >= end_ is not expected: positions lie inside the text.)
    const char* limit = p >= end_ ? p : p + std::min<std::size_t>(kLookahead, static_cast<std::size_t>(end_ - p));
    const void* nl = std::memchr(clear_until_, '\n', static_cast<std::size_t>(limit - clear_until_));
    if (nl) {
      clear_until_ = static_cast<const char*>(nl);
      line_end_found_ = true;
    } else {
      clear_until_ = limit;
    }
  }
  return on_current_line(p);
}

}  // namespace bpgn
