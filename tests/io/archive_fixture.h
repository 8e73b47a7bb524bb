// Compressed files and archives for tests, written with libarchive's writer (the reader under
// test is bpgn's own plumbing around libarchive's reader; tests/cli/compressed_input_test.cpp
// also reads what gzip and tar themselves write).
#pragma once

#include <archive.h>
#include <archive_entry.h>

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace bpgn::test {

enum class Filter { None, Gzip, Bzip2, Xz, Zstd, Lz4 };
enum class Container { Raw, Zip, Tar, SevenZip };

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
  }
  switch (container) {
    case Container::Raw: archive_write_set_format_raw(a); break;
    case Container::Zip: archive_write_set_format_zip(a); break;
    case Container::Tar: archive_write_set_format_pax_restricted(a); break;
    case Container::SevenZip: archive_write_set_format_7zip(a); break;
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

}  // namespace bpgn::test
