// Inputs too small for threads to pay (src/pipeline/input/small_input.h): only plain regular files whose
// sizes add up to less than a piece; a pipe is never opened to find out.
#include "io/archive_fixture.h"
#include "pipeline/input/small_input.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <string>

namespace bpgn {
namespace {

using test::Container;
using test::Filter;

TEST(SmallInput, PlainRegularFilesUnderOnePieceInAll) {
  test::ScratchDir dir;
  const std::string a = (dir / "a.bpgn").string(), b = (dir / "b.bpgn").string();
  test::write_bytes(a, "12345");
  test::write_bytes(b, "1234");
  EXPECT_TRUE(fits_one_piece({a}, 6));
  EXPECT_FALSE(fits_one_piece({a}, 5));  // a piece of 5 bytes: the file fills it
  EXPECT_TRUE(fits_one_piece({a, b}, 10));
  EXPECT_FALSE(fits_one_piece({a, b}, 9));
  EXPECT_FALSE(fits_one_piece({}, 100));  // no file: standard input
}

TEST(SmallInput, NotCompressedFilesArchivesStandardInputFoldersPipesOrMissingFiles) {
  test::ScratchDir dir;
  const std::string plain = (dir / "a.bpgn").string(), gz = (dir / "b.bpgn").string();
  const std::string zip = (dir / "c.zip").string(), fifo = (dir / "fifo").string();
  test::write_bytes(plain, "text");
  test::write_bytes(gz, test::gzip_bytes("a small gzip file may hold much"));  // named .bpgn: told by its bytes
  test::write_archive(zip, Filter::None, Container::Zip, {{"x.bpgn", "three"}});
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_TRUE(fits_one_piece({plain}, 1000));
  EXPECT_FALSE(fits_one_piece({plain, gz}, 1000));
  EXPECT_FALSE(fits_one_piece({zip}, 1000));
  EXPECT_FALSE(fits_one_piece({plain, "-"}, 1000));
  EXPECT_FALSE(fits_one_piece({dir.path().string()}, 1000));
  EXPECT_FALSE(fits_one_piece({fifo}, 1000));  // opening it would wait for a writer
  EXPECT_FALSE(fits_one_piece({(dir / "missing").string()}, 1000));
}

}  // namespace
}  // namespace bpgn
