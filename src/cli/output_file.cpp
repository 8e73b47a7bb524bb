#include "cli/output_file.h"

#include "cli/errors.h"
#include "cli/temp_files.h"
#include "io/compressed_output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <ostream>
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

FileClaims::Claim FileClaims::identify(const std::string& path) {
  Claim c;
  c.path = path;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    c.exists = true;
    c.dev = st.st_dev;
    c.ino = st.st_ino;
  } else {
    c.resolved = absolute_resolved(path);
  }
  return c;
}

bool FileClaims::same(const Claim& a, const Claim& b) {
  return a.exists ? b.exists && a.dev == b.dev && a.ino == b.ino : !b.exists && a.resolved == b.resolved;
}

bool same_file(const std::string& a, const std::string& b) {
  if (a == "-" || b == "-" || a.empty() || b.empty()) return false;
  return FileClaims::same(FileClaims::identify(a), FileClaims::identify(b));
}

void FileClaims::input(const std::string& path, std::string_view what) {
  if (path.empty() || path == "-") return;
  Claim c = identify(path);
  c.what = what;
  claims_.push_back(std::move(c));
}

void FileClaims::inputs(const std::vector<std::string>& paths) {
  for (const std::string& p : paths) input(p);
}

void FileClaims::output(const std::string& path, std::string_view option, std::string_view hint) {
  if (path.empty() || path == "-") return;
  struct stat st {};
  // A device, a FIFO or a socket is written directly and holds nothing to lose.
  if (::stat(path.c_str(), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))) return;
  Claim c = identify(path);
  c.what = option;
  c.output = true;
  for (const Claim& other : claims_) {
    if (!same(c, other)) continue;
    if (other.output) throw UsageError(std::string(option) + " " + path + " and " + other.what + " " + other.path +
                                       " name the same file");
    std::string message = std::string(option) + " " + path + " is " + other.what + " " + other.path +
                          " (the same file); writing it would destroy the input, so nothing was done";
    if (!hint.empty() && other.what == "the input") message += "; " + std::string(hint);
    throw UsageError(message);
  }
  claims_.push_back(std::move(c));
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
  int slot = -1;          // in the table of temporary files removed on a signal (temp_files.h)
  bool finished = false;  // flushed, synced and closed: only the rename is left
  bool done = false;

  void fail(std::string_view what, int code) { fail_because(std::string(what) + ": " + std::strerror(code)); }
  void fail_because(std::string text) {
    if (!error.empty()) return;
    error = std::move(text);
    if (existed) error += "; " + target + " is left as it was";
  }
  void remove_temp() {
    if (fd >= 0) ::close(fd);
    fd = -1;
    if (!temp.empty()) ::unlink(temp.c_str());
    forget_temporary_file(slot);
    slot = -1;
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
    } else if (S_ISDIR(st.st_mode)) {
      // Said before anything is written: the rename would fail, after other outputs were renamed.
      d.existed = true;
      d.fail("cannot replace " + target, EISDIR);
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
      guard_temporary_files();
      d.fd = ::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
      if (d.fd >= 0) {
        d.temp = candidate;
        d.slot = remember_temporary_file(candidate.c_str());
        // The mode given to open() is reduced by the umask; an existing file's bits are kept whole.
        if (d.existed) (void)::fchmod(d.fd, mode);
        if (d.existed && ::fchown(d.fd, st.st_uid, st.st_gid) != 0) {
          // Best effort: only root may give a file away; the mode bits are what matters.
        }
        break;
      }
      if (errno != EEXIST) {
        const int code = errno;
        const std::string shown = folder.empty() ? std::string(".") : folder.string();
        struct stat fs_st {};
        if (code == ENOENT && ::stat(shown.c_str(), &fs_st) != 0) {
          d.fail_because("cannot write " + target + ": the folder " + shown + " does not exist");
        } else if (code == ENOTDIR || (code == ENOENT && !S_ISDIR(fs_st.st_mode))) {
          d.fail_because("cannot write " + target + ": " + shown + " is not a folder");
        } else {
          d.fail("cannot create a temporary file beside " + target + " (" + candidate + ")", code);
        }
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

bool AtomicFile::finish() {
  Impl& d = *impl_;
  if (d.done || d.finished) return d.error.empty();
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
  if (::rename(d.temp.c_str(), d.replaced.c_str()) != 0) {
    d.fail("cannot replace " + d.target, errno);
    d.remove_temp();
    return false;
  }
  forget_temporary_file(d.slot);  // after the rename: a signal before it still removes the file
  d.slot = -1;
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
  if (!error_.empty()) return false;
  if (compressed_ && !compressed_->finish()) {
    file_->discard();
    error_ = "cannot write " + name_ + ": the compressor failed; it is left as it was";
    return false;
  }
  if (file_) {
    if (!file_->finish()) error_ = file_->error();
    return error_.empty();
  }
  standard_output_.flush();
  if (!standard_output_) error_ = "cannot write standard output";
  return error_.empty();
}

bool RunOutput::commit() {
  if (!finish()) return false;
  if (file_ && !file_->commit()) error_ = file_->error();
  written_ = error_.empty();
  return written_;
}

void RunOutput::discard() {
  if (file_) file_->discard();
}

bool RunOutput::replaces_a_file() const { return file_ && !file_->temp_path().empty(); }

const std::string& RunOutput::error() const { return error_; }

OutputGroup::OutputGroup(std::string_view command, std::ostream& standard_output)
    : command_(command), standard_output_(standard_output) {}

OutputGroup::~OutputGroup() = default;  // each AtomicFile not committed removes its temporary file

RunOutput* OutputGroup::open(const std::string& path, std::ostream& err) {
  auto output = std::make_unique<RunOutput>(path, standard_output_);
  if (!output->opened()) {
    err << "bpgn " << command_ << ": " << output->error() << '\n';
    discard();
    return nullptr;
  }
  outputs_.push_back(std::move(output));
  return outputs_.back().get();
}

void OutputGroup::discard() {
  for (const auto& o : outputs_) o->discard();
}

namespace {

std::string list_of(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& n : names) text += (text.empty() ? "" : ", ") + n;
  return text;
}

}  // namespace

bool OutputGroup::commit(std::ostream& err, bool run_whole) {
  // Everything that can fail while writing fails here, before any file is renamed.
  bool whole = run_whole;
  std::vector<std::string> failed;  // said already
  for (const auto& o : outputs_) {
    if (!o->finish()) {
      err << "bpgn " << command_ << ": " << o->error() << '\n';
      whole = false;
      failed.push_back(o->name());
    }
  }
  std::vector<std::string> written, not_written;
  if (whole) {
    const SignalsHeld held;  // a signal now takes effect once every file is renamed
    for (const auto& o : outputs_) {
      if (!o->replaces_a_file()) {  // standard output, a device: written through already
        o->commit();
        continue;
      }
      if (!not_written.empty()) {
        o->discard();
      } else if (!o->commit()) {
        err << "bpgn " << command_ << ": " << o->error() << '\n';
        failed.push_back(o->name());
      } else {
        written.push_back(o->name());
        continue;
      }
      not_written.push_back(o->name());
    }
  } else {
    for (const auto& o : outputs_) {
      if (o->replaces_a_file()) {
        o->discard();
        not_written.push_back(o->name());
      } else {
        o->commit();
      }
    }
  }
  // One file that said its own failure needs no more words.
  // (Otherwise: "outputs not written: a, b (each left as it was)", "output written: a; not written: b (left as it was)".)
  const bool said = written.empty() && not_written.size() == 1 && failed.size() == 1 && failed[0] == not_written[0];
  if (!not_written.empty() && !said) {
    const bool one = not_written.size() == 1;
    err << "bpgn " << command_ << ": ";
    if (!written.empty()) err << (written.size() == 1 ? "output" : "outputs") << " written: " << list_of(written) << "; ";
    err << (written.empty() ? (one ? "output " : "outputs ") : "") << "not written: " << list_of(not_written)
        << (one ? " (left as it was)\n" : " (each left as it was)\n");
  }
  return whole && not_written.empty();
}

}  // namespace bpgn
