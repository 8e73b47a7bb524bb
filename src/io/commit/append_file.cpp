#include "io/commit/append_file.h"

#include "io/commit/output_path.h"
#include "io/commit/temporary.h"
#include "text/visible_text.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace bpgn {

AppendFile::~AppendFile() {
  if (fd_ < 0) return;
  ::close(fd_);
  // Never appended to: a file this run made goes again, so a failed run leaves nothing behind.
  remove_temporary(made_);
}

bool AppendFile::open(const std::string& path) {
  path_ = path;
  fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd_ < 0 && errno == ENOENT) {
    // Made where a dangling link leads (io/commit/output_path.h): the link is kept.
    const OutputPath resolved = resolve_output_path(path);
    fd_ = ::open(resolved.written.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    // Removed on failure or a signal (io/commit/temporary.h): the file made, not the link.
    if (fd_ >= 0) made_ = adopt_made_file(resolved.written);
  }
  if (fd_ < 0) error_ = "cannot write " + visible_text(path) + ": " + std::strerror(errno);
  return fd_ >= 0;
}

bool AppendFile::append(std::string_view text) {
  if (fd_ < 0) return false;
  while (!text.empty()) {
    const ssize_t n = ::write(fd_, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error_ = "cannot write " + visible_text(path_) + ": " + std::strerror(n < 0 ? errno : EIO);
      return false;
    }
    text.remove_prefix(std::size_t(n));
  }
  // A device (/dev/null) cannot be synced: only a failure on a regular file counts.
  if (::fsync(fd_) != 0 && errno != EINVAL && errno != EROFS) {
    error_ = "cannot write " + visible_text(path_) + ": " + std::strerror(errno);
    return false;
  }
  const int fd = fd_;
  fd_ = -1;
  keep_temporary(made_);
  if (::close(fd) != 0) {
    error_ = "cannot write " + visible_text(path_) + ": " + std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace bpgn
