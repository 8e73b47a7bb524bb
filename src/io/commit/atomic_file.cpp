#include "io/commit/atomic_file.h"

#include "io/commit/output_path.h"
#include "io/commit/temporary.h"
#include "text/visible_text.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <streambuf>
#include <system_error>

namespace bpgn {
namespace {

namespace fs = std::filesystem;

// A stream buffer over a file descriptor that keeps the errno of the first failed write.
class FdBuffer : public std::streambuf {
 public:
  explicit FdBuffer(int fd) : fd_(fd) { setp(buffer_, buffer_ + sizeof buffer_); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type ch) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
    }
    return traits_type::not_eof(ch);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    if (n <= epptr() - pptr()) {
      std::memcpy(pptr(), s, std::size_t(n));
      pbump(int(n));
      return n;
    }
    if (!drain() || !write_all(s, std::size_t(n))) return 0;
    return n;
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const std::size_t n = std::size_t(pptr() - pbase());
    setp(buffer_, buffer_ + sizeof buffer_);
    return write_all(buffer_, n);
  }
  bool write_all(const char* data, std::size_t size) {
    while (error_ == 0 && size > 0) {
      const ssize_t n = ::write(fd_, data, size);
      if (n < 0) {
        if (errno == EINTR) continue;
        error_ = errno;
        break;
      }
      data += n;
      size -= std::size_t(n);
    }
    return error_ == 0;
  }

  int fd_;
  int error_ = 0;
  char buffer_[1 << 16];
};

mode_t current_umask() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

}  // namespace

struct AtomicFile::Impl {
  std::string target;  // as named on the command line (for messages)
  fs::path replaced;   // the file that is replaced (a symlink followed)
  std::string temp;    // empty: the target is written directly
  bool existed = false;
  int fd = -1;
  std::unique_ptr<FdBuffer> buffer;
  std::unique_ptr<std::ostream> stream;
  std::string error;
  Temporary tmp;          // the temporary file (io/commit/temporary.h)
  bool finished = false;  // flushed, synced and closed: only the rename is left
  bool done = false;

  void fail(std::string_view what, int code) { fail_because(std::string(what) + ": " + std::strerror(code)); }
  void fail_because(std::string text) {
    if (!error.empty()) return;
    error = std::move(text);
    if (existed) error += "; " + shown_path(target) + " is left as it was";
  }
  void remove_temp() {
    if (fd >= 0) ::close(fd);
    fd = -1;
    remove_temporary(tmp);
    done = true;
  }
};

AtomicFile::AtomicFile(const std::string& target) : impl_(std::make_unique<Impl>()) {
  Impl& d = *impl_;
  d.target = target;
  // The one resolution of an output path: a symbolic link is followed and kept (its target is
  // replaced, or made when the link dangles).
  const OutputPath resolved = resolve_output_path(target);
  d.replaced = resolved.written;
  struct stat st {};
  mode_t mode = 0666 & ~current_umask();
  if (!resolved.error.empty()) {
    d.fail_because("cannot write " + shown_path(target) + ": " + resolved.error);
  } else if (resolved.kind != OutputPath::Kind::Missing && ::stat(resolved.written.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
      d.fd = ::open(resolved.written.c_str(), O_WRONLY | O_CLOEXEC);
      if (d.fd < 0) d.fail("cannot write " + shown_path(target), errno);
    } else if (S_ISDIR(st.st_mode)) {
      // Said before anything is written: the rename would fail, after other outputs were renamed.
      d.existed = true;
      d.fail("cannot replace " + shown_path(target), EISDIR);
    } else {
      d.existed = true;
      mode = st.st_mode & 07777;
    }
  }
  if (d.fd < 0 && d.error.empty()) {
    const fs::path folder = d.replaced.parent_path();
    std::string candidate;
    d.tmp = make_temporary(
        d.replaced.string(),
        [&](const std::string& path) {
          d.fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
          return d.fd >= 0 ? 0 : errno;
        },
        &candidate);
    if (d.fd >= 0) {
      d.temp = d.tmp.path;
      // The mode given to open() is reduced by the umask; an existing file's bits are kept whole.
      if (d.existed) (void)::fchmod(d.fd, mode);
      if (d.existed && ::fchown(d.fd, st.st_uid, st.st_gid) != 0) {
        // Best effort: only root may give a file away; the mode bits are what matters.
      }
    } else if (d.tmp.error != EEXIST) {
      const int code = d.tmp.error;
      const std::string folder_name = folder.empty() ? std::string(".") : folder.string();
      const std::string shown = shown_path(folder_name);
      struct stat fs_st {};
      if (code == ENOENT && ::stat(folder_name.c_str(), &fs_st) != 0) {
        d.fail_because("cannot write " + shown_path(target) + ": the folder " + shown + " does not exist");
      } else if (code == ENOTDIR || (code == ENOENT && !S_ISDIR(fs_st.st_mode))) {
        d.fail_because("cannot write " + shown_path(target) + ": " + shown + " is not a folder");
      } else {
        d.fail("cannot create a temporary file beside " + shown_path(target) + " (" + shown_path(candidate) + ")", code);
      }
    } else {
      d.fail("cannot create a temporary file beside " + shown_path(target), EEXIST);
    }
  }
  if (d.fd >= 0) {
    d.buffer = std::make_unique<FdBuffer>(d.fd);
    d.stream = std::make_unique<std::ostream>(d.buffer.get());
  } else {
    d.done = true;
    d.stream = std::make_unique<std::ostream>(nullptr);  // every write fails
  }
}

AtomicFile::~AtomicFile() {
  if (!impl_->done) impl_->remove_temp();
}

bool AtomicFile::opened() const { return impl_->fd >= 0; }

std::ostream& AtomicFile::stream() { return *impl_->stream; }

bool AtomicFile::finish() {
  Impl& d = *impl_;
  if (d.done || d.finished) return d.error.empty();
  d.stream->flush();
  if (d.buffer->error())
    d.fail("cannot write " + shown_path(d.target), d.buffer->error());
  else if (!*d.stream)
    d.fail("cannot write " + shown_path(d.target), EIO);
  if (d.error.empty() && !d.temp.empty() && ::fsync(d.fd) != 0) d.fail("cannot write " + shown_path(d.target), errno);
  const int fd = d.fd;
  d.fd = -1;
  if (::close(fd) != 0 && d.error.empty()) d.fail("cannot write " + shown_path(d.target), errno);
  if (d.temp.empty()) {  // a device, written directly
    d.done = true;
    return d.error.empty();
  }
  if (!d.error.empty()) {
    d.remove_temp();
    return false;
  }
  d.finished = true;
  return true;
}

bool AtomicFile::commit() {
  Impl& d = *impl_;
  if (!finish() || d.done) return d.error.empty();
  if (const int error = rename_temporary(d.tmp, d.replaced.string()); error != 0) {
    d.fail("cannot replace " + shown_path(d.target), error);
    d.remove_temp();
    return false;
  }
  d.done = true;
  // Make the rename itself durable (best effort: some file systems refuse to sync a folder).
  const fs::path folder = d.replaced.parent_path().empty() ? fs::path(".") : d.replaced.parent_path();
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    (void)::fsync(dir);
    ::close(dir);
  }
  return true;
}

void AtomicFile::discard() {
  if (!impl_->done) impl_->remove_temp();
}

const std::string& AtomicFile::error() const { return impl_->error; }

const std::string& AtomicFile::temp_path() const { return impl_->temp; }

}  // namespace bpgn
