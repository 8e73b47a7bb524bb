// Compressed input streams with the memory of the same text as a plain file, whatever it holds
// (issue 22: a .gz of 1 GB of newlines took 1,056 MB, gzipped twice 1.06 GB from a 10.7 KB file,
// while libarchive buffered the text to guess an archive format). Each command's peak memory is
// measured as a child's (robustness_support.h).
#include "io/archive_fixture.h"
#include "robustness/robustness_support.h"

#include <zlib.h>

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

namespace bpgn::robustness {
namespace {

// `from` gzipped into `to`, streamed in blocks (a file of hundreds of MB is never held whole).
void gzip_file(const std::string& from, const std::string& to) {
  std::ifstream in(from, std::ios::binary);
  std::ofstream out(to, std::ios::binary | std::ios::trunc);
  z_stream z{};
  ASSERT_EQ(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::vector<char> input(1 << 20), output(1 << 20);
  for (bool end = false; !end;) {
    in.read(input.data(), std::streamsize(input.size()));
    z.next_in = reinterpret_cast<Bytef*>(input.data());
    z.avail_in = uInt(in.gcount());
    end = !in;
    do {
      z.next_out = reinterpret_cast<Bytef*>(output.data());
      z.avail_out = uInt(output.size());
      deflate(&z, end ? Z_FINISH : Z_NO_FLUSH);
      out.write(output.data(), std::streamsize(output.size() - z.avail_out));
    } while (z.avail_out == 0);
  }
  deflateEnd(&z);
  ASSERT_TRUE(out) << "cannot write " << to;
}

// The text (64 MiB of blank lines, then of `#` lines) as a plain file, gzipped, gzipped twice and
// as zstd: check's peak memory for each compressed one is the plain file's, give or take the
// decoders' buffers; before, it held the text once more (twice what the plain file takes).
TEST(HostileCompressedInput, PeakMemoryIsThePlainFilesWhateverTheTextHolds) {
  if (kSanitized) GTEST_SKIP() << "sanitizer quarantine: peak RSS is no measure here";
  Scratch dir;
  const std::size_t size = std::size_t{64} << 20;
  for (const std::string line : {"\n", "# a comment line\n"}) {
    std::string text;
    text.reserve(size);
    while (text.size() < size) text += line;
    const std::string plain = dir / "blank.txt", gz = dir / "blank.gz", twice = dir / "blank.gz.gz", zst = dir / "blank.zst";
    write_file(plain, text);
    test::write_archive(zst, test::Filter::Zstd, test::Container::Raw, {{"data", text}});
    text = std::string();
    gzip_file(plain, gz);
    gzip_file(gz, twice);
    const ChildRun reference = run_bpgn({"check", "-q", plain}, dir / "out.txt", dir / "err.txt");
    const std::string reference_err = read_file(dir / "err.txt");
    for (const std::string& input : {gz, twice, zst}) {
      const ChildRun run = run_bpgn({"check", "-q", input}, dir / "out.txt", dir / "err.txt");
      EXPECT_EQ(run.code, reference.code) << input;
      EXPECT_EQ(run.signal, 0) << input;
      EXPECT_LE(run.peak_rss_kb, reference.peak_rss_kb + 24 * 1024)
          << input << " (" << line.size() << "-byte lines): peak RSS " << run.peak_rss_kb
          << " KiB, the plain file's " << reference.peak_rss_kb << " KiB";
      // The same report but for the name.
      std::string err = read_file(dir / "err.txt");
      for (std::size_t at; (at = err.find(input)) != std::string::npos;) err.replace(at, input.size(), plain);
      EXPECT_EQ(err, reference_err) << input;
    }
  }
}

}  // namespace
}  // namespace bpgn::robustness
