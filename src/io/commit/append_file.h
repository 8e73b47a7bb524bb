// An output that is appended to instead of replaced: check's GitHub step summary (the file
// GITHUB_STEP_SUMMARY names, which the runner made and other steps write too). Opened before the
// first game is read, written in one piece at the end, never through a temporary file (a file it
// made is removed like one, io/commit/temporary.h, when the run ends before the append).
#pragma once

#include "io/commit/temporary.h"

#include <string>
#include <string_view>

namespace bpgn {

class AppendFile {
 public:
  AppendFile() = default;
  ~AppendFile();
  AppendFile(const AppendFile&) = delete;
  AppendFile& operator=(const AppendFile&) = delete;

  // Opens `path` for appending (made, 0666 less the umask, when it does not exist; removed again
  // when the run ends without appending). False with error() set ("cannot write s.md: Is a
  // directory") when it cannot be.
  bool open(const std::string& path);
  // Appends `text` whole and syncs it; false with error() set when it could not be written.
  bool append(std::string_view text);
  const std::string& error() const { return error_; }

 private:
  int fd_ = -1;
  std::string path_, error_;
  // The file open() made, if it did (a dangling link's target: the link is kept): removed again
  // when nothing is appended, or by a signal before.
  Temporary made_;
};

}  // namespace bpgn
