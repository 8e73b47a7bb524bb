#include "cli/output_file.h"

#include "cli/errors.h"
#include "io/compressed_output.h"

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

std::string absolute_resolved(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? fs::absolute(path).lexically_normal().string() : p.string();
}

mode_t current_umask() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

}  // namespace

bool same_file(const std::string& a, const std::string& b) {
  if (a == "-" || b == "-" || a.empty() || b.empty()) return false;
  struct stat sa {
  }, sb{};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  return absolute_resolved(a) == absolute_resolved(b);
}

void refuse_output_among_inputs(std::string_view command, const std::string& output,
                                const std::vector<std::string>& inputs, std::string_view hint) {
  for (const std::string& input : inputs) {
    if (!same_file(output, input)) continue;
    std::string message = std::string(command) + ": -o " + output + " is the input " + input +
                          " (the same file); writing it would destroy the input, so nothing was done";
    if (!hint.empty()) message += "; " + std::string(hint);
    throw UsageError(message);
  }
}

struct AtomicFile::Impl {
  std::string target;  // as named on the command line (for messages)
  fs::path replaced;   // the file that is replaced (a symlink followed)
  std::string temp;    // empty: the target is written directly
  bool existed = false;
  int fd = -1;
  std::unique_ptr<FdBuffer> buffer;
  std::unique_ptr<std::ostream> stream;
  std::string error;
  bool done = false;

  void fail(std::string_view what, int code) {
    if (!error.empty()) return;
    error = std::string(what) + ": " + std::strerror(code);
    if (existed) error += "; " + target + " is left as it was";
  }
  void remove_temp() {
    if (fd >= 0) ::close(fd);
    fd = -1;
    if (!temp.empty()) ::unlink(temp.c_str());
    done = true;
  }
};

AtomicFile::AtomicFile(const std::string& target) : impl_(std::make_unique<Impl>()) {
  Impl& d = *impl_;
  d.target = target;
  d.replaced = target;
  struct stat st {};
  mode_t mode = 0666 & ~current_umask();
  if (::stat(target.c_str(), &st) == 0) {
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) {
      d.fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
      if (d.fd < 0) d.fail("cannot write " + target, errno);
    } else {
      d.existed = true;
      std::error_code ec;
      const fs::path real = fs::canonical(target, ec);  // follows symlinks
      if (!ec) d.replaced = real;
      mode = st.st_mode & 07777;
    }
  }
  if (d.fd < 0 && d.error.empty()) {
    const fs::path folder = d.replaced.parent_path();
    // A name near the file system's limit (255 bytes) leaves no room for the affixes: then the
    // temporary file is named without it.
    const std::string name = d.replaced.filename().string();
    const std::string stem =
        (name.size() <= 200 ? "." + name : std::string()) + ".bpgn-" + std::to_string(::getpid()) + "-";
    for (int n = 0; n < 100; ++n) {
      const std::string candidate = (folder / (stem + std::to_string(n) + ".tmp")).string();
      d.fd = ::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
      if (d.fd >= 0) {
        d.temp = candidate;
        // The mode given to open() is reduced by the umask; an existing file's bits are kept whole.
        if (d.existed) (void)::fchmod(d.fd, mode);
        if (d.existed && ::fchown(d.fd, st.st_uid, st.st_gid) != 0) {
          // Best effort: only root may give a file away; the mode bits are what matters.
        }
        break;
      }
      if (errno != EEXIST) {
        d.fail("cannot create a temporary file beside " + target + " (" + candidate + ")", errno);
        break;
      }
    }
    if (d.fd < 0) d.fail("cannot create a temporary file beside " + target, EEXIST);
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

bool AtomicFile::commit() {
  Impl& d = *impl_;
  if (d.done) return d.error.empty();
  d.stream->flush();
  if (d.buffer->error())
    d.fail("cannot write " + d.target, d.buffer->error());
  else if (!*d.stream)
    d.fail("cannot write " + d.target, EIO);
  if (d.error.empty() && !d.temp.empty() && ::fsync(d.fd) != 0) d.fail("cannot write " + d.target, errno);
  const int fd = d.fd;
  d.fd = -1;
  if (::close(fd) != 0 && d.error.empty()) d.fail("cannot write " + d.target, errno);
  if (d.temp.empty()) {  // a device, written directly
    d.done = true;
    return d.error.empty();
  }
  if (d.error.empty() && ::rename(d.temp.c_str(), d.replaced.c_str()) != 0)
    d.fail("cannot replace " + d.target, errno);
  if (!d.error.empty()) {
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

RunOutput::RunOutput(const std::string& path, std::ostream& standard_output)
    : standard_output_(standard_output) {
  if (path.empty() || path == "-") {
    name_ = "standard output";
    return;
  }
  name_ = path;
  file_ = std::make_unique<AtomicFile>(path);
  if (!file_->opened()) {
    error_ = file_->error();
    return;
  }
  if (auto compression = compression_for_name(path)) {
    compressed_ = std::make_unique<CompressingStream>(file_->stream(), *compression);
  }
}

RunOutput::~RunOutput() = default;

bool RunOutput::opened() const { return !file_ || file_->opened(); }

std::ostream& RunOutput::stream() {
  if (compressed_) return compressed_->stream();
  return file_ ? file_->stream() : standard_output_;
}

bool RunOutput::finish() {
  if (compressed_ && !compressed_->finish()) {
    file_->discard();
    error_ = "cannot write " + name_ + ": the compressor failed; it is left as it was";
    return false;
  }
  if (file_) {
    if (!file_->commit()) error_ = file_->error();
    return error_.empty();
  }
  standard_output_.flush();
  if (!standard_output_) error_ = "cannot write standard output";
  return error_.empty();
}

const std::string& RunOutput::error() const { return error_; }

}  // namespace bpgn
