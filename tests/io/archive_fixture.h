// Compressed files and archives for tests, written with libarchive's writer (the reader under
// test is bpgn's own plumbing around libarchive's reader; tests/cli/compressed_input_test.cpp
// also reads what gzip and tar themselves write).
#pragma once

#include <archive.h>
#include <archive_entry.h>
#include <zlib.h>

#include "io/input_file.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bpgn::test {

enum class Filter { None, Gzip, Bzip2, Xz, Zstd, Lz4, Lzma };
enum class Container { Raw, Zip, Tar, SevenZip, Cpio };

struct Member {
  std::string name;  // ends with '/' for a folder entry
  std::string text;
};

inline void write_archive(const std::string& path, Filter filter, Container container,
                          const std::vector<Member>& members) {
  archive* a = archive_write_new();
  switch (filter) {
    case Filter::None: break;
    case Filter::Gzip: archive_write_add_filter_gzip(a); break;
    case Filter::Bzip2: archive_write_add_filter_bzip2(a); break;
    case Filter::Xz: archive_write_add_filter_xz(a); break;
    case Filter::Zstd: archive_write_add_filter_zstd(a); break;
    case Filter::Lz4: archive_write_add_filter_lz4(a); break;
    case Filter::Lzma: archive_write_add_filter_lzma(a); break;
  }
  switch (container) {
    case Container::Raw: archive_write_set_format_raw(a); break;
    case Container::Zip: archive_write_set_format_zip(a); break;
    case Container::Tar: archive_write_set_format_pax_restricted(a); break;
    case Container::SevenZip: archive_write_set_format_7zip(a); break;
    case Container::Cpio: archive_write_set_format_cpio_newc(a); break;
  }
  archive_write_set_bytes_in_last_block(a, 1);
  ASSERT_EQ(archive_write_open_filename(a, path.c_str()), ARCHIVE_OK) << archive_error_string(a);
  for (const Member& m : members) {
    archive_entry* e = archive_entry_new();
    archive_entry_set_pathname(e, m.name.c_str());
    const bool folder = !m.name.empty() && m.name.back() == '/';
    archive_entry_set_filetype(e, folder ? AE_IFDIR : AE_IFREG);
    archive_entry_set_perm(e, folder ? 0755 : 0644);
    if (!folder) archive_entry_set_size(e, la_int64_t(m.text.size()));
    ASSERT_EQ(archive_write_header(a, e), ARCHIVE_OK) << archive_error_string(a);
    if (!folder) ASSERT_EQ(archive_write_data(a, m.text.data(), m.text.size()), la_ssize_t(m.text.size()));
    archive_entry_free(e);
  }
  ASSERT_EQ(archive_write_close(a), ARCHIVE_OK);
  archive_write_free(a);
}

// The bytes of a file, and a file of bytes.
inline std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}
inline void write_bytes(const std::string& path, std::string_view bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// `text` as one gzip member, written with zlib (level 0: stored blocks, the text as it is).
inline std::string gzip_bytes(std::string_view text, int level = 6) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&z, uLong(text.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = uInt(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = uInt(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// Bytes that no compressor shrinks (its formats store them as they are), the same every run.
inline std::string incompressible_bytes(std::size_t size) {
  std::string s(size, '\0');
  std::uint64_t x = 0x9e3779b97f4a7c15u;
  for (char& c : s) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    c = static_cast<char>(x >> 56);
  }
  return s;
}

// An archive (DIR/outer.zip) whose first member, a.bpgn, holds `first_text` and whose second,
// n4.zip, holds archives nested past the limit: opening the second member fails (its name is
// "outer.zip:n4.zip:n3.zip:n2.zip:n1.zip").
inline std::string archive_with_a_failing_member(const ScratchDir& dir, const std::string& first_text) {
  std::string bytes = "x";
  for (int depth = 1; depth <= kMaxArchiveDepth; ++depth) {
    const std::string path = (dir / ("n" + std::to_string(depth) + ".zip")).string();
    write_archive(path, Filter::None, Container::Zip,
                  {{depth == 1 ? "x.bpgn" : "n" + std::to_string(depth - 1) + ".zip", bytes}});
    bytes = file_bytes(path);
  }
  const std::string outer = (dir / "outer.zip").string();
  write_archive(outer, Filter::None, Container::Zip, {{"a.bpgn", first_text}, {"n4.zip", bytes}});
  return outer;
}

}  // namespace bpgn::test
