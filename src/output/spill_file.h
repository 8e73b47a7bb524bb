// Text a document report writes at its end but makes along the way (the HTML report's game
// sections, the JUnit report's testcases): kept in a temporary file, so memory does not grow with
// the number of games, or in memory when no temporary file can be opened.
#pragma once

#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>

namespace bpgn {

class SpillFile {
 public:
  // `what` names the text in the error thrown when it cannot be written ("the report's sections").
  explicit SpillFile(std::string what);
  ~SpillFile();
  SpillFile(const SpillFile&) = delete;
  SpillFile& operator=(const SpillFile&) = delete;

  // Throws std::runtime_error when the temporary file cannot be written.
  void append(std::string_view text);
  // Everything appended, in order.
  void copy_to(std::ostream& out);

 private:
  std::string what_;
  std::FILE* file_ = nullptr;
  std::string memory_;
};

}  // namespace bpgn
