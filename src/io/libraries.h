// The libraries bpgn's inputs and outputs need, each opened on first use (io/dynamic_library.h):
// zlib for gzip inputs, liblzma for xz and lzma inputs, libarchive for archives (tar, zip, 7z,
// rar, cpio), bzip2, zstd and lz4 inputs and compressed output. A plain text input loads none of
// them. Their sonames are set when bpgn is configured (-DBPGN_ZLIB_SONAME, -DBPGN_LZMA_SONAME,
// -DBPGN_LIBARCHIVE_SONAME); docs/install.md.
#pragma once

#include "io/dynamic_library.h"

#include <archive.h>
#include <archive_entry.h>
#include <lzma.h>
#include <zlib.h>

namespace bpgn {

// zlib's functions bpgn calls (inflateInit2 is a macro over inflateInit2_).
#define BPGN_ZLIB_FUNCTIONS(X) X(inflateInit2_) X(inflate) X(inflateReset) X(inflateEnd)

struct Zlib {
  BPGN_ZLIB_FUNCTIONS(BPGN_LIBRARY_MEMBER)
  static const char* file();
  bool look_up(void* handle, const char* soname, std::string& why) { return BPGN_ZLIB_FUNCTIONS(BPGN_LIBRARY_LOOKUP) true; }
};

#define BPGN_LZMA_FUNCTIONS(X) X(lzma_stream_decoder) X(lzma_alone_decoder) X(lzma_code) X(lzma_end) X(lzma_memusage)

struct Lzma {
  BPGN_LZMA_FUNCTIONS(BPGN_LIBRARY_MEMBER)
  static const char* file();
  bool look_up(void* handle, const char* soname, std::string& why) { return BPGN_LZMA_FUNCTIONS(BPGN_LIBRARY_LOOKUP) true; }
};

#define BPGN_LIBARCHIVE_FUNCTIONS(X)                                                                 \
  X(archive_read_new) X(archive_read_free) X(archive_read_support_filter_bzip2)                      \
  X(archive_read_support_filter_zstd) X(archive_read_support_filter_lz4)                             \
  X(archive_read_support_format_raw) X(archive_read_support_format_empty)                            \
  X(archive_read_support_format_tar) X(archive_read_support_format_zip_seekable)                     \
  X(archive_read_support_format_zip_streamable) X(archive_read_support_format_7zip)                  \
  X(archive_read_support_format_rar) X(archive_read_support_format_rar5)                             \
  X(archive_read_support_format_cpio) X(archive_read_set_read_callback)                              \
  X(archive_read_set_seek_callback) X(archive_read_set_callback_data) X(archive_read_open1)          \
  X(archive_read_next_header) X(archive_read_data) X(archive_filter_code) X(archive_filter_count)    \
  X(archive_filter_bytes) X(archive_format) X(archive_errno) X(archive_error_string)                 \
  X(archive_set_error) X(archive_entry_filetype) X(archive_entry_pathname)                           \
  X(archive_entry_pathname_utf8) X(archive_write_new) X(archive_write_free)                          \
  X(archive_write_add_filter_gzip) X(archive_write_add_filter_bzip2) X(archive_write_add_filter_xz)  \
  X(archive_write_add_filter_zstd) X(archive_write_add_filter_lz4) X(archive_write_set_format_raw)   \
  X(archive_write_set_bytes_in_last_block) X(archive_write_open) X(archive_write_header)             \
  X(archive_write_data) X(archive_write_close) X(archive_entry_new) X(archive_entry_free)            \
  X(archive_entry_set_pathname) X(archive_entry_set_filetype) X(archive_entry_set_perm)

struct Libarchive {
  BPGN_LIBARCHIVE_FUNCTIONS(BPGN_LIBRARY_MEMBER)
  static const char* file();
  bool look_up(void* handle, const char* soname, std::string& why) {
    return BPGN_LIBARCHIVE_FUNCTIONS(BPGN_LIBRARY_LOOKUP) true;
  }
};

}  // namespace bpgn
