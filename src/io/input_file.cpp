#include "io/input_file.h"

#include "io/libraries.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <exception>
#include <new>
#include <string_view>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bpgn {
namespace {

using namespace std::string_view_literals;

// The first bytes of every stream, read ahead to tell what it holds (tar's signature stands at
// offset 257).
constexpr std::size_t kPeekBytes = 512;
// The blocks handed from one layer to the next.
constexpr std::size_t kBlockBytes = std::size_t{64} << 10;

// The memory an xz or lzma decoder may take: its dictionary, which the file declares (up to 4 GiB)
// and which fills as the text comes out. `xz -9` needs 65 MiB.
constexpr std::uint64_t kLzmaMemoryLimit = std::uint64_t{128} << 20;

// A compressed stream this short that its filter refuses is taken for one cut inside its header
// (every header bpgn reads is shorter).
constexpr std::size_t kShortStream = 32;

std::atomic<std::uint64_t> g_bytes_read{0};

// ---- what a stream holds -----------------------------------------------------------------------

enum class Kind { Text, Gzip, Bzip2, Xz, Zstd, Lz4, Lzma, Tar, Zip, SevenZip, Rar, Cpio };

bool is_compression(Kind kind) {
  switch (kind) {
    case Kind::Gzip:
    case Kind::Bzip2:
    case Kind::Xz:
    case Kind::Zstd:
    case Kind::Lz4:
    case Kind::Lzma: return true;
    case Kind::Text:
    case Kind::Tar:
    case Kind::Zip:
    case Kind::SevenZip:
    case Kind::Rar:
    case Kind::Cpio: return false;
  }
  return false;
}

// "gzip data", "zip archive": how messages name what could not be read.
std::string what_it_is(Kind kind) {
  switch (kind) {
    case Kind::Gzip: return "gzip data";
    case Kind::Bzip2: return "bzip2 data";
    case Kind::Xz: return "xz data";
    case Kind::Zstd: return "zstd data";
    case Kind::Lz4: return "lz4 data";
    case Kind::Lzma: return "lzma data";
    case Kind::Tar: return "tar archive";
    case Kind::Zip: return "zip archive";
    case Kind::SevenZip: return "7z archive";
    case Kind::Rar: return "rar archive";
    case Kind::Cpio: return "cpio archive";
    case Kind::Text: return "text";
  }
  return "data";
}

bool starts_with(std::string_view text, std::string_view magic) { return text.substr(0, magic.size()) == magic; }

// `head` is the whole stream, shorter than `magic` but at least `least` bytes of it: a stream of
// that kind cut short (its decoder says so).
bool cut_magic(std::string_view head, bool whole, std::string_view magic, std::size_t least) {
  return whole && head.size() >= least && head.size() < magic.size() && starts_with(magic, head);
}

// What a stream holds, by its first bytes `head` (all of it when `whole`): a compression, an
// archive by its own signature, or else text. Only a signature counts: 512 zero bytes, which
// libarchive's tar reader takes for an empty archive, are text like any other bytes.
Kind identify(std::string_view head, bool whole) {
  struct Magic {
    Kind kind;
    std::string_view bytes;
    std::size_t least;  // a whole stream this long that starts the magic is a cut stream
  };
  static constexpr Magic compressions[] = {
      {Kind::Gzip, "\x1f\x8b"sv, 2},          {Kind::Xz, "\xfd" "7zXZ\0"sv, 2},
      {Kind::Zstd, "\x28\xb5\x2f\xfd"sv, 2},  {Kind::Lz4, "\x04\x22\x4d\x18"sv, 2},
      {Kind::Lz4, "\x02\x21\x4c\x18"sv, 2},   // lz4's legacy frame
  };
  for (const Magic& m : compressions) {
    if (starts_with(head, m.bytes) || cut_magic(head, whole, m.bytes, m.least)) return m.kind;
  }
  // bzip2: "BZh", the block size '1'..'9', then the magic of a block or of the stream's end.
  if (head.size() >= 4 && starts_with(head, "BZh"sv) && head[3] >= '1' && head[3] <= '9') {
    const std::string_view rest = head.substr(4);
    for (std::string_view block : {"\x31\x41\x59\x26\x53\x59"sv, "\x17\x72\x45\x38\x50\x90"sv}) {
      if (starts_with(rest, block) || cut_magic(rest, whole, block, 0)) return Kind::Bzip2;
    }
  }
  // lzma (the .lzma "alone" format has no magic): the usual properties byte 0x5d and a
  // dictionary size whose two low bytes are zero.
  if (starts_with(head, "\x5d\x00\x00"sv)) return Kind::Lzma;
  if (starts_with(head, "PK\x03\x04"sv) || starts_with(head, "PK\x05\x06"sv)) return Kind::Zip;
  if (starts_with(head, "7z\xbc\xaf\x27\x1c"sv)) return Kind::SevenZip;
  if (starts_with(head, "Rar!\x1a\x07"sv)) return Kind::Rar;
  if (head.size() >= 262 && head.substr(257, 5) == "ustar"sv) return Kind::Tar;
  // cpio: the portable ASCII headers ("newc" with and without a checksum, "odc"). The old
  // binary header's two bytes could start a Latin-1 text: not taken.
  for (std::string_view magic : {"070701"sv, "070702"sv, "070707"sv}) {
    if (starts_with(head, magic)) return Kind::Cpio;
  }
  return Kind::Text;
}

// ---- byte sources, one layer over the other ----------------------------------------------------

// A stream of bytes. read() returns 0 only at the end (again at every call after it) and throws
// std::system_error on a failure (InputFormatError for data that cannot be decoded).
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  virtual std::size_t read(char* buffer, std::size_t size) = 0;
  // Moves to `offset` (lseek's whence); -1 where the source cannot seek.
  virtual std::int64_t seek(std::int64_t /*offset*/, int /*whence*/) { return -1; }
};

// A file or standard input, counted in input_bytes_read().
class FdSource : public ByteSource {
 public:
  FdSource(int fd, bool seekable) : fd_(fd), seekable_(seekable) {}
  std::size_t read(char* buffer, std::size_t size) override {
    for (;;) {
      const ssize_t n = ::read(fd_, buffer, size);
      if (n >= 0) {
        g_bytes_read.fetch_add(std::uint64_t(n), std::memory_order_relaxed);
        return std::size_t(n);
      }
      if (errno != EINTR) throw std::system_error(errno, std::generic_category());
    }
  }
  std::int64_t seek(std::int64_t offset, int whence) override {
    if (!seekable_) return -1;
    return ::lseek(fd_, off_t(offset), whence);
  }
  bool seekable() const { return seekable_; }

 private:
  int fd_;
  bool seekable_;
};

// The first bytes of the source below, read ahead, then served before the rest.
class PeekedSource : public ByteSource {
 public:
  explicit PeekedSource(std::unique_ptr<ByteSource> below) : below_(std::move(below)) {
    head_.resize(kPeekBytes);
    std::size_t got = 0;
    while (got < kPeekBytes) {
      std::size_t n = 0;
      try {
        n = below_->read(head_.data() + got, kPeekBytes - got);
      } catch (const std::system_error&) {
        // A stream that breaks off within its first bytes (a small file whose check fails at its
        // end): those bytes are still served, the failure after them.
        if (got == 0) throw;
        failure_ = std::current_exception();
        break;
      }
      if (n == 0) {
        whole_ = true;
        break;
      }
      got += n;
    }
    head_.resize(got);
  }
  std::size_t read(char* buffer, std::size_t size) override {
    if (at_ < head_.size()) {
      const std::size_t n = std::min(size, head_.size() - at_);
      std::memcpy(buffer, head_.data() + at_, n);
      at_ += n;
      return n;
    }
    if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
    return whole_ ? 0 : below_->read(buffer, size);
  }
  std::string_view head() const { return head_; }
  bool whole() const { return whole_; }  // the head is the whole stream
  // The source below, from where the peek left it.
  std::unique_ptr<ByteSource> release_below() { return std::move(below_); }

 private:
  std::unique_ptr<ByteSource> below_;
  std::string head_;
  std::size_t at_ = 0;
  bool whole_ = false;
  std::exception_ptr failure_;  // what the source below threw after the head, thrown after it
};

[[noreturn]] void refuse(std::string text) { throw InputFormatError(std::move(text)); }

// The library T (io/libraries.h) for reading `kind`: loaded by the first input that needs it.
template <class T>
const T& library_for(Kind kind) {
  std::string why;
  if (const T* functions = library<T>(&why)) return *functions;
  refuse(what_it_is(kind) + " needs the library " + T::file() + ", which cannot be loaded (" + why + ")");
}

// gzip through zlib: every member's CRC-32 and length are checked, members follow each other
// (`cat a.gz b.gz`), zero bytes after the last one are padding; anything else after it is refused.
class GzipSource : public ByteSource {
 public:
  explicit GzipSource(std::unique_ptr<ByteSource> below)
      : zlib_(library_for<Zlib>(Kind::Gzip)),
        below_(std::move(below)),
        block_(std::make_unique_for_overwrite<char[]>(kBlockBytes)) {
    // 16 + 15: a gzip wrapper (no zlib or raw deflate), the largest window. (zlib.h's
    // inflateInit2 macro, through the table.)
    if (zlib_.inflateInit2_(&z_, 16 + MAX_WBITS, ZLIB_VERSION, int(sizeof(z_stream))) != Z_OK) throw std::bad_alloc();
  }
  ~GzipSource() override { zlib_.inflateEnd(&z_); }
  GzipSource(const GzipSource&) = delete;
  GzipSource& operator=(const GzipSource&) = delete;

  std::size_t read(char* buffer, std::size_t size) override {
    if (damage_) damaged();  // the data the failing call made went out first
    if (ended_ || size == 0) return 0;
    const auto room = static_cast<uInt>(std::min<std::size_t>(size, UINT_MAX / 2));
    z_.next_out = reinterpret_cast<Bytef*>(buffer);
    z_.avail_out = room;
    for (;;) {
      if (z_.avail_in == 0) fill();
      const int r = zlib_.inflate(&z_, Z_NO_FLUSH);
      const std::size_t produced = room - z_.avail_out;
      if (r == Z_STREAM_END) {
        if (!next_gzip_member()) {
          ended_ = true;
          return produced;
        }
        if (produced > 0) return produced;
        continue;
      }
      if (r == Z_OK || r == Z_BUF_ERROR) {
        if (produced > 0) return produced;
        if (z_.avail_in == 0 && below_ended_) refuse("truncated gzip data (it ends before the end of its stream)");
        if (r == Z_BUF_ERROR && z_.avail_in > 0) refuse("damaged gzip data");  // no progress with input and room
        continue;
      }
      if (r == Z_MEM_ERROR) throw std::bad_alloc();
      if (produced > 0) {  // the text up to the damage is read first (a trailer's check fails after it)
        damage_ = true;
        return produced;
      }
      damaged();
    }
  }

 private:
  void fill() {
    if (below_ended_) return;
    const std::size_t n = below_->read(block_.get(), kBlockBytes);
    if (n == 0) below_ended_ = true;
    z_.next_in = reinterpret_cast<Bytef*>(block_.get());
    z_.avail_in = static_cast<uInt>(n);
  }

  // After a member's end: true when another member follows (inflate is ready for it), false at
  // the end of the stream (after zero bytes of padding, if any).
  bool next_gzip_member() {
    if (z_.avail_in == 0) fill();
    if (z_.avail_in == 0) return false;
    if (*z_.next_in == 0x1f) {
      zlib_.inflateReset(&z_);
      return true;
    }
    for (;;) {
      for (; z_.avail_in > 0; ++z_.next_in, --z_.avail_in) {
        if (*z_.next_in != 0) refuse("data after the end of the gzip data that is not gzip data");
      }
      fill();
      if (z_.avail_in == 0) return false;
    }
  }

  // zlib's reason, in our words: the checks gzip keeps, or the data itself.
  [[noreturn]] void damaged() {
    const std::string_view why = z_.msg ? z_.msg : "";
    if (why == "incorrect data check") refuse("damaged gzip data (its CRC-32 check fails)");
    if (why == "incorrect length check") refuse("damaged gzip data (its length check fails)");
    if (why == "header crc mismatch") refuse("damaged gzip data (its header check fails)");
    if (why == "unknown compression method") refuse("gzip data in a compression method other than deflate");
    refuse("damaged gzip data");
  }

  const Zlib& zlib_;
  std::unique_ptr<ByteSource> below_;
  std::unique_ptr<char[]> block_;
  z_stream z_{};
  bool below_ended_ = false;
  bool ended_ = false;
  bool damage_ = false;  // inflate failed after making the bytes last returned; z_.msg says why
};

// xz and lzma through liblzma: xz's check (CRC-32, CRC-64 or SHA-256) is verified, xz streams
// follow each other, and the memory a stream declares for its dictionary is bounded
// (kLzmaMemoryLimit).
class LzmaSource : public ByteSource {
 public:
  LzmaSource(Kind kind, std::unique_ptr<ByteSource> below, bool short_stream)
      : kind_(kind),
        short_stream_(short_stream),
        lzma_(library_for<Lzma>(kind)),
        below_(std::move(below)),
        block_(std::make_unique_for_overwrite<char[]>(kBlockBytes)) {
    const lzma_ret r = kind == Kind::Xz ? lzma_.lzma_stream_decoder(&z_, kLzmaMemoryLimit, LZMA_CONCATENATED)
                                        : lzma_.lzma_alone_decoder(&z_, kLzmaMemoryLimit);
    if (r != LZMA_OK) throw std::bad_alloc();
  }
  ~LzmaSource() override { lzma_.lzma_end(&z_); }
  LzmaSource(const LzmaSource&) = delete;
  LzmaSource& operator=(const LzmaSource&) = delete;

  std::size_t read(char* buffer, std::size_t size) override {
    if (ended_ || size == 0) return 0;
    z_.next_out = reinterpret_cast<std::uint8_t*>(buffer);
    z_.avail_out = size;
    for (;;) {
      if (z_.avail_in == 0 && !below_ended_) {
        const std::size_t n = below_->read(block_.get(), kBlockBytes);
        below_ended_ = n == 0;
        z_.next_in = reinterpret_cast<const std::uint8_t*>(block_.get());
        z_.avail_in = n;
      }
      const lzma_ret r = lzma_.lzma_code(&z_, below_ended_ ? LZMA_FINISH : LZMA_RUN);
      const std::size_t produced = size - z_.avail_out;
      if (r == LZMA_STREAM_END) {
        nothing_after_the_end();
        ended_ = true;
        return produced;
      }
      if (r == LZMA_OK) {
        if (produced > 0) return produced;
        continue;
      }
      failed(r);
    }
  }

 private:
  // An xz stream reads on to the end of its input (padding and further streams are its own);
  // an lzma stream ends at its end mark or size, and nothing may follow it.
  void nothing_after_the_end() {
    if (z_.avail_in == 0 && !below_ended_) {
      char byte = 0;
      below_ended_ = below_->read(&byte, 1) == 0;
      if (!below_ended_) z_.avail_in = 1;
    }
    if (z_.avail_in > 0) refuse("data after the end of the " + what_it_is(kind_) + " that is not " + what_it_is(kind_));
  }

  [[noreturn]] void failed(lzma_ret r) const {
    const std::string what = what_it_is(kind_);
    switch (r) {
      case LZMA_MEM_ERROR: throw std::bad_alloc();
      case LZMA_MEMLIMIT_ERROR:
        refuse(what + " that needs " + std::to_string((lzma_.lzma_memusage(&z_) + (1 << 20) - 1) >> 20) +
               " MiB of memory to decompress (bpgn allows " + std::to_string(kLzmaMemoryLimit >> 20) + " MiB)");
      case LZMA_BUF_ERROR:
        if (short_stream_) refuse("truncated " + what + " (it ends inside its header)");
        refuse("truncated " + what + " (it ends before the end of its stream)");
      case LZMA_OPTIONS_ERROR: refuse(what + " in a form bpgn does not read (a filter or option it lacks)");
      case LZMA_FORMAT_ERROR: refuse("damaged " + what + " (not readable from its start)");
      default: refuse("damaged " + what);
    }
  }

  Kind kind_;
  bool short_stream_;
  const Lzma& lzma_;
  std::unique_ptr<ByteSource> below_;
  std::unique_ptr<char[]> block_;
  lzma_stream z_ = LZMA_STREAM_INIT;
  bool below_ended_ = false;
  bool ended_ = false;
};

// Hands libarchive the bytes of a source. A failure of the source is kept and thrown as itself,
// not as libarchive's account of it.
class Feed {
 public:
  Feed(const Libarchive& la, ByteSource& from)
      : la_(la), from_(from), block_(std::make_unique_for_overwrite<char[]>(kBlockBytes)) {}

  void attach(archive* ar, bool seekable) {
    la_.archive_read_set_read_callback(ar, read_callback);
    if (seekable) la_.archive_read_set_seek_callback(ar, seek_callback);
    la_.archive_read_set_callback_data(ar, this);
  }
  const Libarchive& la() const { return la_; }
  void rethrow_failure() const {
    if (failure_) std::rethrow_exception(failure_);
  }
  std::uint64_t fed() const { return fed_; }  // bytes handed to libarchive

 private:
  static la_ssize_t read_callback(archive* a, void* self, const void** out) {
    auto* me = static_cast<Feed*>(self);
    try {
      const std::size_t n = me->from_.read(me->block_.get(), kBlockBytes);
      me->fed_ += n;
      *out = me->block_.get();
      return la_ssize_t(n);
    } catch (...) {
      me->failure_ = std::current_exception();
      me->la_.archive_set_error(a, EIO, "read failed");
      return ARCHIVE_FATAL;
    }
  }

  static la_int64_t seek_callback(archive* a, void* self, la_int64_t offset, int whence) {
    auto* me = static_cast<Feed*>(self);
    const std::int64_t at = me->from_.seek(offset, whence);
    if (at < 0) {
      me->la_.archive_set_error(a, errno, "cannot seek");
      return ARCHIVE_FATAL;
    }
    return at;
  }

  const Libarchive& la_;
  ByteSource& from_;
  std::unique_ptr<char[]> block_;
  std::exception_ptr failure_;
  std::uint64_t fed_ = 0;
};

// A libarchive reader, freed however its owner's constructor ends.
struct ArchiveFree {
  decltype(&::archive_read_free) free;
  void operator()(archive* ar) const { free(ar); }
};
using ArchivePtr = std::unique_ptr<archive, ArchiveFree>;

ArchivePtr new_reader(const Libarchive& la) {
  ArchivePtr ar(la.archive_read_new(), ArchiveFree{la.archive_read_free});
  if (!ar) throw std::bad_alloc();
  return ar;
}

bool mentions(std::string_view text, std::string_view word) { return text.find(word) != std::string_view::npos; }

// libarchive's failure, in our words: the source's own failure, or what became of `kind`.
// `by_directory`: a zip on disk, read by its directory at the end.
[[noreturn]] void libarchive_failed(archive* ar, const Feed& feed, Kind kind, bool by_directory = false) {
  feed.rethrow_failure();
  const Libarchive& la = feed.la();
  if (la.archive_errno(ar) == ENOMEM) throw std::bad_alloc();
  const char* said = la.archive_error_string(ar);
  const std::string_view why = said ? said : "";
  const std::string what = what_it_is(kind);
  if (mentions(why, "ncrypt") || mentions(why, "assphrase")) refuse(what + " with encrypted contents, which bpgn does not read");
  if (mentions(why, "runcat") || mentions(why, "No progress") || mentions(why, "remature end")) {
    refuse("truncated " + what + " (it ends before the end of its stream)");
  }
  if (mentions(why, "nsupported") || mentions(why, "not supported")) {
    refuse(what + " in a form bpgn does not read (a compression method or feature it lacks)");
  }
  if (mentions(why, "CRC") || mentions(why, "hecksum") || mentions(why, "check")) {
    refuse("damaged " + what + " (its integrity check fails)");
  }
  // zstd's window past the decoder's bound (128 MiB).
  if (mentions(why, "too much memory")) refuse(what + " that needs more memory to decompress than bpgn allows (128 MiB)");
  // The decoder of a compression stopped (bzip2's, or a zip member's deflate): it cannot tell
  // which.
  if (mentions(why, "decompression failed")) refuse("damaged or truncated " + what);
  // The format's own reader refused its start (a broken header, or a zip cut before its
  // directory).
  if (mentions(why, "nrecognized") && by_directory) {
    refuse("damaged or truncated " + what + " (its directory at the end is missing or broken)");
  }
  if (mentions(why, "nrecognized")) refuse("damaged or truncated " + what + " (not readable from its start)");
  refuse("damaged " + what);
}

// bzip2, zstd or lz4 through libarchive: that one filter and its raw format, so that
// nothing is guessed and nothing is buffered to guess. libarchive stacks the same filter again
// where its output starts with its magic: layers() counts them.
class FilterSource : public ByteSource {
 public:
  // `short_stream`: all of the stream below is a few bytes.
  FilterSource(Kind kind, std::unique_ptr<ByteSource> below, bool short_stream)
      : kind_(kind),
        la_(library_for<Libarchive>(kind)),
        below_(std::move(below)),
        feed_(la_, *below_),
        owned_(new_reader(la_)),
        ar_(owned_.get()) {
    int supported = ARCHIVE_FATAL, code = -1;
    switch (kind) {
      case Kind::Bzip2: supported = la_.archive_read_support_filter_bzip2(ar_), code = ARCHIVE_FILTER_BZIP2; break;
      case Kind::Zstd: supported = la_.archive_read_support_filter_zstd(ar_), code = ARCHIVE_FILTER_ZSTD; break;
      case Kind::Lz4: supported = la_.archive_read_support_filter_lz4(ar_), code = ARCHIVE_FILTER_LZ4; break;
      case Kind::Gzip:  // zlib (GzipSource)
      case Kind::Xz:    // liblzma (LzmaSource)
      case Kind::Lzma:
      case Kind::Text:
      case Kind::Tar:
      case Kind::Zip:
      case Kind::SevenZip:
      case Kind::Rar:
      case Kind::Cpio: break;
    }
    // ARCHIVE_WARN: libarchive would run an outside program; bpgn does not.
    if (supported != ARCHIVE_OK) refuse("this build of bpgn cannot decompress " + what_it_is(kind));
    la_.archive_read_support_format_raw(ar_);
    la_.archive_read_support_format_empty(ar_);  // raw refuses a stream that decompresses to nothing
    feed_.attach(ar_, false);
    if (la_.archive_read_open1(ar_) != ARCHIVE_OK) failed();
    // The filter's own test of the header failed: libarchive would hand out the bytes as they are.
    if (la_.archive_filter_code(ar_, 0) != code) {
      if (short_stream) refuse("truncated " + what_it_is(kind) + " (it ends inside its header)");
      refuse("damaged " + what_it_is(kind) + " (not readable from its start)");
    }
    archive_entry* entry = nullptr;
    const int r = la_.archive_read_next_header(ar_, &entry);
    if (r == ARCHIVE_EOF && la_.archive_format(ar_) == ARCHIVE_FORMAT_EMPTY) {
      nothing_after_the_end();
      ended_ = true;
    } else if (r != ARCHIVE_OK) {
      failed();
    }
  }
  FilterSource(const FilterSource&) = delete;
  FilterSource& operator=(const FilterSource&) = delete;

  std::size_t read(char* buffer, std::size_t size) override {
    if (ended_ || size == 0) return 0;
    for (;;) {
      const la_ssize_t n = la_.archive_read_data(ar_, buffer, size);
      if (n > 0) return std::size_t(n);
      if (n == 0) {
        nothing_after_the_end();
        ended_ = true;
        return 0;
      }
      if (n != ARCHIVE_RETRY) failed();
    }
  }
  // The layers of compression taken off (libarchive's chain, less its "none" at the bottom).
  int layers() const { return std::max(1, la_.archive_filter_count(ar_) - 1); }

 private:
  [[noreturn]] void failed() const { libarchive_failed(ar_, feed_, kind_); }

  // libarchive ends a bzip2 or lz4 stream where its data ends and passes over what
  // follows: bytes after it are refused (they could hide records), as gzip's are.
  void nothing_after_the_end() {
    const la_int64_t used = la_.archive_filter_bytes(ar_, la_.archive_filter_count(ar_) - 1);
    char byte = 0;
    if (used < 0 || std::uint64_t(used) < feed_.fed() || below_->read(&byte, 1) > 0) {
      refuse("data after the end of the " + what_it_is(kind_) + " that is not " + what_it_is(kind_));
    }
  }

  Kind kind_;
  const Libarchive& la_;
  std::unique_ptr<ByteSource> below_;
  Feed feed_;
  ArchivePtr owned_;  // freed before the feed and the source it reads
  archive* ar_;
  bool ended_ = false;
};

// The members of an archive: only the format its signature names, no compression filter (the
// layers below took it off).
class ArchiveReader {
 public:
  // With `seekable`, `source` is a file on disk read from its start, and the reader may seek (the
  // zip reader goes to the directory at the end).
  ArchiveReader(Kind kind, std::unique_ptr<ByteSource> source, bool seekable, bool empty_zip)
      : kind_(kind),
        by_directory_(kind == Kind::Zip && seekable && !empty_zip),
        la_(library_for<Libarchive>(kind)),
        source_(std::move(source)),
        feed_(la_, *source_),
        owned_(new_reader(la_)),
        ar_(owned_.get()) {
    switch (kind) {
      case Kind::Tar: la_.archive_read_support_format_tar(ar_); break;
      case Kind::Zip:
        // On disk, by its directory (a zip cut before its directory is refused); an empty zip is
        // its directory alone, which the streaming reader reads.
        if (seekable && !empty_zip) {
          la_.archive_read_support_format_zip_seekable(ar_);
        } else {
          la_.archive_read_support_format_zip_streamable(ar_);
        }
        break;
      case Kind::SevenZip: la_.archive_read_support_format_7zip(ar_); break;
      case Kind::Rar:
        la_.archive_read_support_format_rar(ar_);
        la_.archive_read_support_format_rar5(ar_);
        break;
      case Kind::Cpio: la_.archive_read_support_format_cpio(ar_); break;
      case Kind::Text:
      case Kind::Gzip:
      case Kind::Bzip2:
      case Kind::Xz:
      case Kind::Zstd:
      case Kind::Lz4:
      case Kind::Lzma: break;
    }
    feed_.attach(ar_, seekable);
    if (la_.archive_read_open1(ar_) != ARCHIVE_OK) failed();
  }
  ArchiveReader(const ArchiveReader&) = delete;
  ArchiveReader& operator=(const ArchiveReader&) = delete;

  // Moves to the next regular file (folders, links and devices are passed over) and names it in
  // `member`; false at the end of the archive.
  bool next_file(std::string& member) {
    for (;;) {
      archive_entry* entry = nullptr;
      const int r = la_.archive_read_next_header(ar_, &entry);
      if (r == ARCHIVE_EOF) return false;
      if (r < ARCHIVE_WARN) failed();
      if (la_.archive_entry_filetype(entry) != AE_IFREG) continue;
      const char* name = la_.archive_entry_pathname(entry);
      if (!name) name = la_.archive_entry_pathname_utf8(entry);
      member = name ? name : "?";
      return true;
    }
  }

  std::size_t read(char* buffer, std::size_t size) {
    for (;;) {
      const la_ssize_t n = la_.archive_read_data(ar_, buffer, size);
      if (n >= 0) return std::size_t(n);
      if (n != ARCHIVE_RETRY) failed();
    }
  }

 private:
  [[noreturn]] void failed() const { libarchive_failed(ar_, feed_, kind_, by_directory_); }

  Kind kind_;
  bool by_directory_;
  const Libarchive& la_;
  std::unique_ptr<ByteSource> source_;
  Feed feed_;
  ArchivePtr owned_;  // freed before the feed and the source it reads
  archive* ar_;
};

// The current member of an archive.
class MemberSource : public ByteSource {
 public:
  explicit MemberSource(ArchiveReader& archive) : archive_(archive) {}
  std::size_t read(char* buffer, std::size_t size) override { return archive_.read(buffer, size); }

 private:
  ArchiveReader& archive_;
};

// A stream with its compression taken off: its bytes (the first of them peeked) and what they are,
// text or an archive.
struct Unwrapped {
  std::unique_ptr<PeekedSource> source;
  Kind kind = Kind::Text;
  int layers = 0;  // of compression taken off
};

Unwrapped unwrap(std::unique_ptr<ByteSource> source) {
  Unwrapped u;
  for (;;) {
    u.source = std::make_unique<PeekedSource>(std::move(source));
    u.kind = identify(u.source->head(), u.source->whole());
    if (!is_compression(u.kind)) return u;
    if (u.layers >= kMaxCompressionLayers) {
      refuse("compressed more than " + std::to_string(kMaxCompressionLayers) + " times over (bpgn reads at most that many layers)");
    }
    const bool short_stream = u.source->whole() && u.source->head().size() < kShortStream;
    if (u.kind == Kind::Gzip) {
      source = std::make_unique<GzipSource>(std::move(u.source));
      ++u.layers;
    } else if (u.kind == Kind::Xz || u.kind == Kind::Lzma) {
      source = std::make_unique<LzmaSource>(u.kind, std::move(u.source), short_stream);
      ++u.layers;
    } else {
      auto filter = std::make_unique<FilterSource>(u.kind, std::move(u.source), short_stream);
      u.layers += filter->layers();
      source = std::move(filter);
    }
  }
}

}  // namespace

std::uint64_t input_bytes_read() { return g_bytes_read.load(std::memory_order_relaxed); }

std::string read_failure_text(const std::system_error& e) {
  if (dynamic_cast<const InputFormatError*>(&e)) return e.what();
  return e.code().message();
}

// One stream being read: records (text), or an archive whose members are read in turn. An
// archive's member, while it is read, is the frame above the archive's.
struct Frame {
  std::string name;
  std::unique_ptr<ByteSource> text;
  std::unique_ptr<ArchiveReader> archive;
  bool given = false;  // the text has been handed out by next_member
};

struct InputFile::Impl {
  std::string path;
  std::string name;
  int fd = -1;
  bool owns_fd = false;
  Packing packing = Packing::Plain;
  std::vector<Frame> frames;  // the file's at the bottom, the innermost member's on top
  ByteSource* member = nullptr;
  int archives = 0;  // frames that are archives

  ~Impl() {
    clear();
    if (owns_fd) ::close(fd);
  }

  // Innermost first: a member's reader reads through the archive's below it.
  void clear() {
    member = nullptr;
    while (!frames.empty()) pop();
  }
  void pop() {
    if (frames.back().archive) --archives;
    frames.pop_back();
  }

  // Pushes the frame of `unwrapped`, a stream named `frame_name`.
  void push(std::string frame_name, Unwrapped unwrapped, bool seekable) {
    Frame frame;
    frame.name = std::move(frame_name);
    if (unwrapped.kind == Kind::Text) {
      frame.text = std::move(unwrapped.source);
    } else {
      if (archives >= kMaxArchiveDepth) {
        refuse("an archive inside " + std::to_string(kMaxArchiveDepth) +
               " others (bpgn reads archives at most that deep), not read");
      }
      const bool empty_zip = starts_with(unwrapped.source->head(), "PK\x05\x06"sv);
      std::unique_ptr<ByteSource> bytes = std::move(unwrapped.source);
      if (seekable) {
        // A file on disk: read from its start, and let the zip reader seek to its directory.
        bytes = static_cast<PeekedSource&>(*bytes).release_below();
        if (bytes->seek(0, SEEK_SET) != 0) throw std::system_error(errno, std::generic_category());
      }
      frame.archive = std::make_unique<ArchiveReader>(unwrapped.kind, std::move(bytes), seekable, empty_zip);
      ++archives;
    }
    frames.push_back(std::move(frame));
  }
};

InputFile::InputFile(const std::string& path) : impl_(std::make_unique<Impl>()) {
  Impl& d = *impl_;
  d.path = path;
  d.name = path;
  bool seekable = false;
  if (path == "-") {
    d.fd = STDIN_FILENO;
  } else {
    d.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (d.fd < 0) throw std::system_error(errno, std::generic_category(), path);
    d.owns_fd = true;
    struct stat st {};
    if (::fstat(d.fd, &st) == 0) {
      if (S_ISDIR(st.st_mode)) throw std::system_error(EISDIR, std::generic_category(), path);
      seekable = S_ISREG(st.st_mode);
    }
  }
  Unwrapped unwrapped = unwrap(std::make_unique<FdSource>(d.fd, seekable));
  d.packing = unwrapped.kind != Kind::Text ? Packing::Archive
              : unwrapped.layers > 0       ? Packing::Compressed
                                           : Packing::Plain;
  const bool seek = seekable && unwrapped.layers == 0;
  d.push(path, std::move(unwrapped), seek);
}

InputFile::~InputFile() = default;

bool InputFile::next_member() {
  Impl& d = *impl_;
  d.member = nullptr;
  try {
    while (!d.frames.empty()) {
      Frame& top = d.frames.back();
      if (!top.archive) {
        if (top.given) {
          d.pop();
          continue;
        }
        top.given = true;
        d.name = top.name;
        d.member = top.text.get();
        return true;
      }
      d.name = top.name;  // what failed, if the archive breaks now
      std::string member;
      if (!top.archive->next_file(member)) {
        d.pop();
        continue;
      }
      d.name = top.name + ":" + member;
      // A member is read as the file is: decompressed, and an archive's members in turn.
      d.push(d.name, unwrap(std::make_unique<MemberSource>(*top.archive)), false);
    }
    return false;
  } catch (...) {
    d.clear();  // nothing more comes out of a broken input
    throw;
  }
}

const std::string& InputFile::member_name() const { return impl_->name; }

std::size_t InputFile::read(char* buffer, std::size_t size) {
  Impl& d = *impl_;
  if (!d.member || size == 0) return 0;
  return d.member->read(buffer, size);
}

Packing InputFile::packing() const { return impl_->packing; }

}  // namespace bpgn
