#include "io/input_file.h"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <string_view>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bpgn {
namespace {

constexpr std::size_t kSniffBytes = 512;
constexpr std::size_t kBlockBytes = std::size_t{64} << 10;

bool starts_with(std::string_view text, std::string_view magic) { return text.substr(0, magic.size()) == magic; }

// Compressed data and archives by their magic numbers; anything else is read as text.
Packing sniff(std::string_view head) {
  using namespace std::string_view_literals;
  if (starts_with(head, "\x1f\x8b"sv) || starts_with(head, "BZh"sv) || starts_with(head, "\xfd" "7zXZ\0"sv) ||
      starts_with(head, "\x28\xb5\x2f\xfd"sv) || starts_with(head, "\x04\x22\x4d\x18"sv) ||
      starts_with(head, "\x5d\x00\x00"sv)) {
    return Packing::Compressed;  // libarchive tells a compressed tar from a compressed text
  }
  if (starts_with(head, "PK\x03\x04"sv) || starts_with(head, "PK\x05\x06"sv) ||
      starts_with(head, "7z\xbc\xaf\x27\x1c"sv) || starts_with(head, "Rar!"sv) ||
      (head.size() >= 262 && head.substr(257, 5) == "ustar")) {
    return Packing::Archive;
  }
  return Packing::Plain;
}

std::atomic<std::uint64_t> g_bytes_read{0};

}  // namespace

std::uint64_t input_bytes_read() { return g_bytes_read.load(std::memory_order_relaxed); }

std::string read_failure_text(const std::system_error& e) {
  if (dynamic_cast<const InputFormatError*>(&e)) return e.what();
  return e.code().message();
}

struct InputFile::Impl {
  std::string path;
  std::string name;
  int fd = -1;
  bool owns_fd = false;
  bool seekable = false;
  Packing packing = Packing::Plain;
  std::string head;  // the first bytes, read to tell the packing, served before the rest
  std::size_t head_at = 0;
  std::unique_ptr<char[]> block;  // the compressed bytes handed to libarchive
  archive* ar = nullptr;
  bool member_open = false;
  bool finished = false;

  ~Impl() {
    if (ar) archive_read_free(ar);
    if (owns_fd) ::close(fd);
  }

  std::size_t raw_read(char* buffer, std::size_t size) {
    if (head_at < head.size()) {
      const std::size_t n = std::min(size, head.size() - head_at);
      std::memcpy(buffer, head.data() + head_at, n);
      head_at += n;
      return n;
    }
    for (;;) {
      const ssize_t n = ::read(fd, buffer, size);
      if (n >= 0) {
        g_bytes_read.fetch_add(std::uint64_t(n), std::memory_order_relaxed);
        return std::size_t(n);
      }
      if (errno != EINTR) throw std::system_error(errno, std::generic_category(), path);
    }
  }

  // libarchive's own words ("Truncated input file (needed 1024 bytes, only 0 available)"); a
  // read error of the file itself comes back through read_callback as its system message.
  [[noreturn]] void archive_failed() {
    const char* why = ar ? archive_error_string(ar) : nullptr;
    throw InputFormatError(why && *why ? why : "not a readable archive or compressed file");
  }

  static la_ssize_t read_callback(archive* a, void* self, const void** out) {
    auto* me = static_cast<Impl*>(self);
    try {
      const std::size_t n = me->raw_read(me->block.get(), kBlockBytes);
      *out = me->block.get();
      return la_ssize_t(n);
    } catch (const std::system_error& e) {
      archive_set_error(a, e.code().value(), "%s", e.code().message().c_str());
      return -1;
    }
  }

  static la_int64_t seek_callback(archive* a, void* self, la_int64_t offset, int whence) {
    auto* me = static_cast<Impl*>(self);
    const off_t at = ::lseek(me->fd, off_t(offset), whence);
    if (at < 0) {
      archive_set_error(a, errno, "cannot seek");
      return ARCHIVE_FATAL;
    }
    return at;
  }

  void open_archive() {
    block = std::make_unique_for_overwrite<char[]>(kBlockBytes);
    ar = archive_read_new();
    if (!ar) throw std::bad_alloc();
    archive_read_support_filter_all(ar);
    archive_read_support_format_all(ar);
    // A compressed text is an "archive" of one member in libarchive's raw format.
    if (packing == Packing::Compressed) archive_read_support_format_raw(ar);
    if (seekable) {
      // A file on disk: read from its start, and let the zip reader seek to its directory.
      if (::lseek(fd, 0, SEEK_SET) == 0) {
        head.clear();
        head_at = 0;
        archive_read_set_seek_callback(ar, seek_callback);
      }
    }
    archive_read_set_read_callback(ar, read_callback);
    archive_read_set_callback_data(ar, this);
    if (archive_read_open1(ar) != ARCHIVE_OK) archive_failed();
  }
};

InputFile::InputFile(const std::string& path) : impl_(std::make_unique<Impl>()) {
  Impl& d = *impl_;
  d.path = path;
  if (path == "-") {
    d.fd = STDIN_FILENO;
  } else {
    d.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (d.fd < 0) throw std::system_error(errno, std::generic_category(), path);
    d.owns_fd = true;
    struct stat st {};
    if (::fstat(d.fd, &st) == 0) {
      if (S_ISDIR(st.st_mode)) throw std::system_error(EISDIR, std::generic_category(), path);
      d.seekable = S_ISREG(st.st_mode);
    }
  }
  // The first bytes, to tell the packing (a short input is read whole).
  char first[kSniffBytes];
  std::size_t got = 0;
  while (got < kSniffBytes) {
    const std::size_t n = d.raw_read(first + got, kSniffBytes - got);
    if (n == 0) break;
    got += n;
  }
  d.head.assign(first, got);
  d.packing = sniff(d.head);
  if (d.packing != Packing::Plain) d.open_archive();
}

InputFile::~InputFile() = default;

bool InputFile::next_member() {
  Impl& d = *impl_;
  if (d.finished) return false;
  if (d.packing == Packing::Plain) {
    if (d.member_open) {
      d.finished = true;
      return false;
    }
    d.member_open = true;
    d.name = d.path;
    return true;
  }
  for (;;) {
    archive_entry* entry = nullptr;
    const int r = archive_read_next_header(d.ar, &entry);
    if (r == ARCHIVE_EOF) {
      d.finished = true;
      return false;
    }
    if (r < ARCHIVE_WARN) d.archive_failed();
    if (archive_format(d.ar) == ARCHIVE_FORMAT_RAW) {
      // A compressed text: one member, named as the file.
      d.packing = Packing::Compressed;
      d.name = d.path;
      d.member_open = true;
      return true;
    }
    d.packing = Packing::Archive;
    if (archive_entry_filetype(entry) != AE_IFREG) continue;  // folders, links, devices
    const char* member = archive_entry_pathname(entry);
    d.name = d.path + ":" + (member ? member : "?");
    d.member_open = true;
    return true;
  }
}

const std::string& InputFile::member_name() const { return impl_->name; }

std::size_t InputFile::read(char* buffer, std::size_t size) {
  Impl& d = *impl_;
  if (!d.member_open || size == 0) return 0;
  if (d.packing == Packing::Plain) return d.raw_read(buffer, size);
  for (;;) {
    const la_ssize_t n = archive_read_data(d.ar, buffer, size);
    if (n >= 0) return std::size_t(n);
    if (n == ARCHIVE_RETRY) continue;
    d.archive_failed();
  }
}

Packing InputFile::packing() const { return impl_->packing; }

}  // namespace bpgn
