#include "io/compressed_output.h"

#include "io/libraries.h"

#include <array>
#include <streambuf>

namespace bpgn {

std::optional<Compression> compression_for_name(std::string_view path) {
  auto ends = [&](std::string_view ext) {
    return path.size() > ext.size() && path.substr(path.size() - ext.size()) == ext;
  };
  if (ends(".gz")) return Compression::Gzip;
  if (ends(".bz2")) return Compression::Bzip2;
  if (ends(".xz")) return Compression::Xz;
  if (ends(".zst")) return Compression::Zstd;
  if (ends(".lz4")) return Compression::Lz4;
  return std::nullopt;
}

std::string_view to_string(Compression c) {
  switch (c) {
    case Compression::Gzip: return "gzip";
    case Compression::Bzip2: return "bzip2";
    case Compression::Xz: return "xz";
    case Compression::Zstd: return "zstd";
    case Compression::Lz4: return "lz4";
  }
  return "?";
}

namespace {

// Buffers text and hands it to libarchive in blocks; libarchive's output goes to the target.
// Without libarchive (it is loaded on first use) the compressor fails: nothing is written and
// finish() says so.
class ArchiveBuf : public std::streambuf {
 public:
  ArchiveBuf(std::ostream& target, Compression compression) : la_(library<Libarchive>()), target_(target) {
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    if (!la_) return;
    ar_ = la_->archive_write_new();
    if (!ar_) throw std::bad_alloc();
    int r = ARCHIVE_OK;
    switch (compression) {
      case Compression::Gzip: r = la_->archive_write_add_filter_gzip(ar_); break;
      case Compression::Bzip2: r = la_->archive_write_add_filter_bzip2(ar_); break;
      case Compression::Xz: r = la_->archive_write_add_filter_xz(ar_); break;
      case Compression::Zstd: r = la_->archive_write_add_filter_zstd(ar_); break;
      case Compression::Lz4: r = la_->archive_write_add_filter_lz4(ar_); break;
    }
    ok_ = r == ARCHIVE_OK && la_->archive_write_set_format_raw(ar_) == ARCHIVE_OK;
    // No padding of the last block: the file ends where the compressed stream does.
    la_->archive_write_set_bytes_in_last_block(ar_, 1);
    ok_ = ok_ && la_->archive_write_open(ar_, this, nullptr, write_callback, nullptr) == ARCHIVE_OK;
    if (ok_) {
      archive_entry* entry = la_->archive_entry_new();
      la_->archive_entry_set_pathname(entry, "data");
      la_->archive_entry_set_filetype(entry, AE_IFREG);
      la_->archive_entry_set_perm(entry, 0644);
      ok_ = la_->archive_write_header(ar_, entry) == ARCHIVE_OK;
      la_->archive_entry_free(entry);
    }
  }
  ~ArchiveBuf() override {
    if (ar_) la_->archive_write_free(ar_);
  }

  bool finish() {
    if (finished_) return ok_;
    finished_ = true;
    if (!ar_) return false;
    ok_ = flush_buffer() && ok_;
    ok_ = la_->archive_write_close(ar_) == ARCHIVE_OK && ok_;
    target_.flush();
    return ok_ && bool(target_);
  }

 protected:
  int_type overflow(int_type ch) override {
    if (!flush_buffer()) return traits_type::eof();
    if (!traits_type::eq_int_type(ch, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(ch);
      pbump(1);
    }
    return traits_type::not_eof(ch);
  }
  int sync() override { return 0; }  // compressed blocks go out as they fill

 private:
  bool flush_buffer() {
    const std::ptrdiff_t n = pptr() - pbase();
    if (n > 0 && ok_) ok_ = la_->archive_write_data(ar_, pbase(), std::size_t(n)) == n;
    setp(buffer_.data(), buffer_.data() + buffer_.size());
    return ok_;
  }

  static la_ssize_t write_callback(archive*, void* self, const void* data, std::size_t size) {
    auto* me = static_cast<ArchiveBuf*>(self);
    me->target_.write(static_cast<const char*>(data), std::streamsize(size));
    return me->target_ ? la_ssize_t(size) : -1;
  }

  const Libarchive* la_;
  std::ostream& target_;
  archive* ar_ = nullptr;
  bool ok_ = false;
  bool finished_ = false;
  std::array<char, 1 << 16> buffer_{};
};

}  // namespace

struct CompressingStream::Impl {
  ArchiveBuf buf;
  std::ostream stream;
  Impl(std::ostream& target, Compression c) : buf(target, c), stream(&buf) {}
};

CompressingStream::CompressingStream(std::ostream& target, Compression compression)
    : impl_(std::make_unique<Impl>(target, compression)) {}

CompressingStream::~CompressingStream() = default;

std::ostream& CompressingStream::stream() { return impl_->stream; }

bool CompressingStream::finish() {
  impl_->stream.flush();
  return impl_->buf.finish() && bool(impl_->stream);
}

}  // namespace bpgn
