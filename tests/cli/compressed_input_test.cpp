// check, fmt, convert and show read compressed files and archives by content, and name an archive's
// member in every diagnostic; -o NAME.gz (.bz2, .xz, .zst, .lz4) writes compressed.
#include "cli/binary_run.h"
#include "io/archive_fixture.h"
#include "io/input_file.h"
#include "support/scratch_dir.h"

#include <fstream>

namespace bpgn::check_test {
namespace {

using test::Container;
using test::Filter;

const std::string kValid = bpgn("1A. e4 1a. e5 1B. d4 1b. d5") + "\n";
// Board B's 2b. N@f3: a drop not held (line 11 of the record, after the tags).
const std::string kInvalid = bpgn("1A. e4 1a. d5 1B. d4\n1b. N@f3") + "\n";

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size()) text.replace(at, from.size(), to);
  return text;
}

std::string decompressed(const std::string& path) {
  InputFile input(path);
  std::string text;
  char buffer[4096];
  while (input.next_member()) {
    for (std::size_t n; (n = input.read(buffer, sizeof buffer)) > 0;) text.append(buffer, n);
  }
  return text;
}

TEST(CompressedInput, ACheckOfACompressedFileEqualsTheCheckOfItsText) {
  test::ScratchDir dir;
  const std::string plain = (dir / "g.bpgn").string();
  std::ofstream(plain) << kValid << kInvalid;
  const BinaryRun reference = run_binary("check --format jsonl '" + plain + "'");
  ASSERT_EQ(reference.exit_code, 1);
  // gzip itself (an essential Debian package), and every filter through libarchive's writer.
  ASSERT_EQ(std::system(("gzip -k -c '" + plain + "' > '" + plain + ".gz'").c_str()), 0);
  std::vector<std::string> files = {plain + ".gz"};
  const std::vector<std::pair<std::string, Filter>> filters = {
      {".bz2", Filter::Bzip2}, {".xz", Filter::Xz}, {".zst", Filter::Zstd}, {".lz4", Filter::Lz4}};
  for (const auto& [ext, filter] : filters) {
    // Named without its extension: the content decides, not the name.
    const std::string path = (dir / ("g" + ext.substr(1) + ".bpgn")).string();
    test::write_archive(path, filter, Container::Raw, {{"data", kValid + kInvalid}});
    files.push_back(path);
  }
  for (const std::string& f : files) {
    // Standard input is told by its content too.
    EXPECT_EQ(run_binary("check --format jsonl -", f).out, replace_all(reference.out, plain, "-")) << f;
    for (const char* jobs : {"1", "2"}) {
      const BinaryRun r = run_binary(std::string("check --format jsonl --jobs ") + jobs + " '" + f + "'");
      EXPECT_EQ(r.exit_code, 1) << f;
      EXPECT_EQ(r.out, replace_all(reference.out, plain, f)) << f;
    }
  }
}

TEST(CompressedInput, DiagnosticsNameTheArchiveAndItsMember) {
  test::ScratchDir dir;
  for (const auto& [name, filter, container] :
       std::vector<std::tuple<std::string, Filter, Container>>{{"2019.zip", Filter::None, Container::Zip},
                                                               {"2019.tar.gz", Filter::Gzip, Container::Tar}}) {
    const std::string zip = (dir / name).string();
    test::write_archive(zip, filter, container, {{"2019-02.bpgn", kValid}, {"2019-03.bpgn", kValid + kInvalid}});
    for (const char* jobs : {"1", "2"}) {
      const BinaryRun r = run_binary(std::string("check --jobs ") + jobs + " '" + zip + "'");
      EXPECT_EQ(r.exit_code, 1);
      // kValid takes 6 lines; the drop stands on line 6 of kInvalid, after "1b. ".
      EXPECT_NE(r.out.find(zip + ":2019-03.bpgn:12:5: error[drop-not-in-holding]"), std::string::npos) << r.out;
      EXPECT_NE(r.err.find("3 games read: 2 valid, 1 invalid"), std::string::npos) << r.err;
    }
    // show counts games through the members; fmt and convert read them all.
    const BinaryRun show = run_binary("show --game 3 --ascii '" + zip + "'");
    EXPECT_EQ(show.exit_code, 1) << show.err;
    EXPECT_NE(show.out.find("drop-not-in-holding"), std::string::npos) << show.out;
    EXPECT_NE(run_binary("fmt '" + zip + "'").err.find("3 games read, 3 written"), std::string::npos);
    EXPECT_NE(run_binary("convert --to bpgn '" + zip + "'").err.find("3 games read"), std::string::npos);
  }
}

TEST(CompressedInput, ATruncatedFileIsAnInputErrorAfterTheGamesBeforeTheCut) {
  test::ScratchDir dir;
  const std::string plain = (dir / "g.bpgn").string();
  std::ofstream out(plain);
  for (int i = 0; i < 3000; ++i) out << kValid;  // more than libarchive reads ahead before it hands out text
  out.close();
  ASSERT_EQ(std::system(("gzip -c '" + plain + "' > '" + plain + ".whole.gz'").c_str()), 0);
  const auto size = std::filesystem::file_size(plain + ".whole.gz");
  ASSERT_GT(size, 100u);
  ASSERT_EQ(std::system(("head -c " + std::to_string(size - 20) + " '" + plain + ".whole.gz' > '" + plain + ".gz'").c_str()), 0);
  for (const char* jobs : {"1", "2"}) {
    const BinaryRun r = run_binary(std::string("check -q --jobs ") + jobs + " '" + plain + ".gz'");
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("bpgn check: cannot read " + plain + ".gz: "), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("bpgn check: 0 games read"), std::string::npos) << r.err;  // the games before the cut count
  }
  EXPECT_EQ(run_binary("fmt '" + plain + ".gz'").exit_code, 3);
  // fmt --in-place does not rewrite a compressed file as text.
  test::write_archive(plain + ".zst", Filter::Zstd, Container::Raw, {{"data", kValid}});
  const BinaryRun in_place = run_binary("fmt --in-place '" + plain + ".zst'");
  EXPECT_EQ(in_place.exit_code, 3);
  EXPECT_NE(in_place.err.find("it is compressed or an archive"), std::string::npos) << in_place.err;
  EXPECT_EQ(decompressed(plain + ".zst"), kValid);
}

// Issue 22: a gzip (or standard input gzipped) whose text starts with 1024 zero bytes was an empty
// tar archive: `0 games read`, exit 0. The zeros are text, and the game after them is checked.
// Issue 36: zero bytes are binary garbage, an unreadable game of their own (not stray text).
TEST(CompressedInput, ZeroBytesCannotHideTheGamesAfterThem) {
  test::ScratchDir dir;
  const std::string gz = (dir / "hide.gz").string();
  test::write_bytes(gz, test::gzip_bytes(std::string(1024, '\0') + kInvalid));
  for (const char* jobs : {"1", "2"}) {
    for (const bool standard_input : {false, true}) {
      const BinaryRun r = standard_input ? run_binary(std::string("check -q --jobs ") + jobs + " -", gz)
                                         : run_binary(std::string("check -q --jobs ") + jobs + " '" + gz + "'");
      EXPECT_EQ(r.exit_code, 1) << r.err;
      EXPECT_NE(r.err.find("2 games read: 0 valid, 1 invalid, 1 unreadable"), std::string::npos) << r.err;
    }
  }
  const std::string out = (dir / "out.bpgn").string();
  EXPECT_EQ(run_binary("fmt -o '" + out + "' '" + gz + "'").exit_code, 1);
  EXPECT_NE(test::file_bytes(out).find("N@f3"), std::string::npos);
}

// Issue 22: a gzip with a byte changed inside passed as valid (exit 0; `gzip -t` says CRC error).
// It is an input error naming the file, after the games read before it.
TEST(CompressedInput, ADamagedGzipIsAnInputErrorAfterTheGamesBeforeIt) {
  test::ScratchDir dir;
  std::string text;
  for (int i = 0; i < 3000; ++i) text += kValid;
  std::string bytes = test::gzip_bytes(text, 0);  // stored: the text as it is, checked by the CRC only
  const std::size_t at = bytes.rfind("1A. e4");
  ASSERT_NE(at, std::string::npos);
  bytes[at + 4] = '5';  // 1A. e5: another valid game
  const std::string gz = (dir / "damaged.gz").string();
  test::write_bytes(gz, bytes);
  for (const char* jobs : {"1", "2"}) {
    const BinaryRun r = run_binary(std::string("check -q --jobs ") + jobs + " '" + gz + "'");
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("bpgn check: cannot read " + gz + ": damaged gzip data (its CRC-32 check fails)\n"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("bpgn check: 0 games read"), std::string::npos) << r.err;  // the games before it count
  }
}

// A small file whose check fails at its very end: every game before the damage is read and
// reported first, however little there is (the reader takes the input as ending at the failure,
// reads the bytes it holds, then says the failure).
TEST(CompressedInput, ASmallDamagedGzipReportsEveryGameBeforeTheFailure) {
  test::ScratchDir dir;
  std::string bytes = test::gzip_bytes(kValid + kValid + kValid, 0);
  bytes[bytes.size() - 8] = static_cast<char>(bytes[bytes.size() - 8] ^ 1);  // the CRC-32 in the trailer
  const std::string gz = (dir / "small.gz").string();
  test::write_bytes(gz, bytes);
  for (const char* jobs : {"1", "2"}) {
    const BinaryRun r = run_binary(std::string("check -q --jobs ") + jobs + " '" + gz + "'");
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("bpgn check: cannot read " + gz + ": damaged gzip data (its CRC-32 check fails)\n"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("bpgn check: 3 games read: 3 valid"), std::string::npos) << r.err;
  }
}

// Issue 22: a gzip shorter than its header was text (one unreadable game, exit 1).
TEST(CompressedInput, AGzipShorterThanItsHeaderIsATruncatedInput) {
  test::ScratchDir dir;
  const std::string gz = (dir / "short.gz").string();
  test::write_bytes(gz, "\x1f\x8b\x08");
  const BinaryRun r = run_binary("check -q '" + gz + "'");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("bpgn check: cannot read " + gz + ": truncated gzip data"), std::string::npos) << r.err;
  const BinaryRun in = run_binary("check -q -", gz);
  EXPECT_EQ(in.exit_code, 3);
  EXPECT_NE(in.err.find("bpgn check: cannot read standard input: truncated gzip data"), std::string::npos) << in.err;
}

// Issue 22: a zip inside a zip was read as a game (`1. PK is not a well-formed move`). It is read,
// its members named outer:inner:member; a compressed member inside a tar is decompressed.
TEST(CompressedInput, ArchivesInsideArchivesAreReadAndNamed) {
  test::ScratchDir dir;
  const std::string inner = (dir / "inner.zip").string(), outer = (dir / "outer.zip").string(), tar = (dir / "t.tar").string();
  test::write_archive(inner, Filter::None, Container::Zip, {{"2019-03.bpgn", kValid + kInvalid}});
  test::write_archive(outer, Filter::None, Container::Zip, {{"inner.zip", test::file_bytes(inner)}});
  test::write_archive(tar, Filter::None, Container::Tar, {{"2019-03.bpgn.gz", test::gzip_bytes(kValid + kInvalid)}});
  for (const auto& [archive, member] : std::vector<std::pair<std::string, std::string>>{
           {outer, outer + ":inner.zip:2019-03.bpgn"}, {tar, tar + ":2019-03.bpgn.gz"}}) {
    for (const char* jobs : {"1", "2"}) {
      const BinaryRun r = run_binary(std::string("check --jobs ") + jobs + " '" + archive + "'");
      EXPECT_EQ(r.exit_code, 1) << r.err;
      EXPECT_NE(r.out.find(member + ":12:5: error[drop-not-in-holding]"), std::string::npos) << r.out;
      EXPECT_NE(r.err.find("2 games read: 1 valid, 1 invalid"), std::string::npos) << r.err;
    }
  }
}

TEST(CompressedOutput, TheOutputNameChoosesTheCompression) {
  test::ScratchDir dir;
  const std::string in = (dir / "g.bpgn").string();
  std::ofstream(in) << kValid << kInvalid;
  const std::string canonical = run_binary("fmt '" + in + "'").out;
  ASSERT_FALSE(canonical.empty());
  for (const char* ext : {".gz", ".bz2", ".xz", ".zst", ".lz4"}) {
    const std::string out = (dir / (std::string("o.bpgn") + ext)).string();
    EXPECT_EQ(run_binary("fmt -o '" + out + "' '" + in + "'").exit_code, 1);
    InputFile probe(out);
    EXPECT_EQ(probe.packing(), Packing::Compressed) << ext;
    EXPECT_EQ(decompressed(out), canonical) << ext;
    // check reads it back.
    EXPECT_NE(run_binary("check -q '" + out + "'").err.find("2 games read: 1 valid, 1 invalid"), std::string::npos);
  }
  // gzip itself reads what bpgn writes, with nothing after the stream's end.
  const std::string gz = (dir / "o.bpgn.gz").string();
  EXPECT_EQ(std::system(("gzip -t '" + gz + "'").c_str()), 0);
  // Sorted outputs and the report compress the same way.
  const std::string valid = (dir / "v.bpgn.xz").string(), report = (dir / "r.jsonl.gz").string();
  EXPECT_EQ(run_binary("check --format jsonl -o '" + report + "' --valid-out '" + valid + "' '" + in + "'").exit_code, 1);
  EXPECT_EQ(decompressed(valid), kValid);
  EXPECT_EQ(decompressed(report), run_binary("check --format jsonl '" + in + "'").out);
}

}  // namespace
}  // namespace bpgn::check_test
