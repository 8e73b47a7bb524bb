#include "pipeline/input/stream_comparer.h"

#include <algorithm>

namespace bpgn {

void StreamComparer::feed(std::string_view piece, bool original) {
  if (!same_ || piece.empty()) return;
  if (head_ == ahead_.size() || ahead_is_original_ == original) {  // this side is ahead (or even)
    if (head_ == ahead_.size()) ahead_.clear(), head_ = 0;
    ahead_.append(piece);
    ahead_is_original_ = original;
    return;
  }
  const std::size_t n = std::min(piece.size(), ahead_.size() - head_);
  if (piece.substr(0, n) != std::string_view(ahead_).substr(head_, n)) {
    same_ = false;
    ahead_ = std::string();
    head_ = 0;
    return;
  }
  head_ += n;
  piece.remove_prefix(n);
  if (!piece.empty()) {  // the other side is used up: this one is ahead now
    ahead_.assign(piece);
    head_ = 0;
    ahead_is_original_ = original;
  } else if (head_ >= (std::size_t{1} << 16) && head_ >= ahead_.size() / 2) {
    ahead_.erase(0, head_);
    head_ = 0;
  }
}

}  // namespace bpgn
