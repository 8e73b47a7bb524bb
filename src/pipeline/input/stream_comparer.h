// Compares two texts that both arrive in pieces, each at its own pace (standard input as the reader
// reads it, fmt's output as it is written): holds only the part of the one ahead that the other
// has not reached yet, which the reader's read-ahead bounds.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace bpgn {

class StreamComparer {
 public:
  void original(std::string_view piece) { feed(piece, true); }
  void produced(std::string_view piece) { feed(piece, false); }
  bool same() const { return same_ && head_ == ahead_.size(); }

 private:
  void feed(std::string_view piece, bool original);

  std::string ahead_;  // [head_, size): bytes of one side the other has not matched yet
  std::size_t head_ = 0;
  bool ahead_is_original_ = true;
  bool same_ = true;
};

}  // namespace bpgn
