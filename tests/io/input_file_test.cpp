// InputFile: plain, compressed and archived inputs told apart by content, streamed member by member.
#include "io/input_file.h"

#include "io/archive_fixture.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>

namespace bpgn {
namespace {

using test::Container;
using test::Filter;
using test::Member;

std::string corpus_text(const std::string& name) {
  std::ifstream in(std::string(BPGN_CORPUS_DIR) + "/" + name, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every member as (name, text), read in reads of `chunk` bytes.
std::vector<Member> read_all(const std::string& path, std::size_t chunk = 7) {
  InputFile input(path);
  std::vector<Member> members;
  std::string buffer(chunk, '\0');
  while (input.next_member()) {
    Member m{input.member_name(), {}};
    for (std::size_t n; (n = input.read(buffer.data(), chunk)) > 0;) m.text.append(buffer, 0, n);
    members.push_back(std::move(m));
  }
  return members;
}

TEST(InputFile, EveryCompressionReadsBackTheSameText) {
  test::ScratchDir dir;
  const std::string text = corpus_text("fics/1934301.bpgn");
  // An empty text compressed is an empty text: as the gzip, bzip2, xz, zstd, lz4 and lzma programs
  // write it (libarchive's writer crashes on one).
  for (const std::string& empty : {test::gzip_bytes(""), std::string("BZh9\x17\x72\x45\x38\x50\x90\0\0\0\0", 14),
                                   std::string("\xfd\x37\x7a\x58\x5a\x00\x00\x04\xe6\xd6\xb4\x46\x00\x00\x00\x00"
                                               "\x1c\xdf\x44\x21\x1f\xb6\xf3\x7d\x01\x00\x00\x00\x00\x04\x59\x5a", 32),
                                   std::string("\x28\xb5\x2f\xfd\x24\x00\x01\x00\x00\x99\xe9\xd8\x51", 13),
                                   std::string("\x04\x22\x4d\x18\x64\x40\xa7\x00\x00\x00\x00\x05\x5d\xcc\x02", 15),
                                   std::string("\x5d\x00\x00\x80\x00\xff\xff\xff\xff\xff\xff\xff\xff\x00\x83\xff\xfb"
                                               "\xff\xff\xc0\x00\x00\x00", 23)}) {
    const std::string path = (dir / "empty").string();
    test::write_bytes(path, empty);
    const std::vector<Member> m = read_all(path);
    ASSERT_EQ(m.size(), 1u) << empty.size();
    EXPECT_EQ(m[0].text, "") << empty.size();
    EXPECT_EQ(InputFile(path).packing(), Packing::Compressed) << empty.size();
  }
  ASSERT_GT(text.size(), 1000u);
  const std::vector<std::pair<Filter, Packing>> cases = {{Filter::Gzip, Packing::Compressed},
                                                         {Filter::Bzip2, Packing::Compressed},
                                                         {Filter::Xz, Packing::Compressed},
                                                         {Filter::Zstd, Packing::Compressed},
                                                         {Filter::Lz4, Packing::Compressed}};
  int k = 0;
  for (const auto& [filter, packing] : cases) {
    const std::string path = (dir / ("g" + std::to_string(k++) + ".bin")).string();
    test::write_archive(path, filter, Container::Raw, {{"data", text}});
    {
      InputFile input(path);
      EXPECT_EQ(input.packing(), packing) << path;
    }
    for (std::size_t chunk : {std::size_t{1}, std::size_t{13}, std::size_t{1} << 20}) {
      const std::vector<Member> m = read_all(path, chunk);
      ASSERT_EQ(m.size(), 1u) << path;
      EXPECT_EQ(m[0].name, path);  // a compressed text is named as the file
      EXPECT_EQ(m[0].text, text) << path << " chunk " << chunk;
    }
  }
}

TEST(InputFile, PlainTextIsReadAsItIs) {
  test::ScratchDir dir;
  // Texts that start like a magic number but are not one stay text.
  for (const std::string text : {std::string("BZh is not bzip2\n"), std::string("PK"), std::string(),
                                 std::string("[Event \"x\"]\n") + std::string(600, 'a')}) {
    const std::string path = (dir / "t.bpgn").string();
    std::ofstream(path, std::ios::binary) << text;
    const std::vector<Member> m = read_all(path);
    ASSERT_EQ(m.size(), 1u);
    EXPECT_EQ(m[0].text, text);
  }
  InputFile plain((dir / "t.bpgn").string());
  EXPECT_EQ(plain.packing(), Packing::Plain);
}

TEST(InputFile, ArchivesYieldTheirFilesInOrderNamedByMember) {
  test::ScratchDir dir;
  const std::string a = corpus_text("fics/1934301.bpgn"), b = corpus_text("fics/1283326.bpgn");
  const std::vector<Member> members = {{"2019/", ""}, {"2019/03.bpgn", a}, {"notes.txt", "x"}, {"2019/04.bpgn", b}};
  const std::vector<std::tuple<std::string, Filter, Container>> kinds = {
      {"a.zip", Filter::None, Container::Zip},       {"a.tar", Filter::None, Container::Tar},
      {"a.tar.gz", Filter::Gzip, Container::Tar},    {"a.tar.zst", Filter::Zstd, Container::Tar},
      {"a.tar.xz", Filter::Xz, Container::Tar},      {"a.7z", Filter::None, Container::SevenZip}};
  for (const auto& [name, filter, container] : kinds) {
    const std::string path = (dir / name).string();
    test::write_archive(path, filter, container, members);
    const std::vector<Member> m = read_all(path, 4096);
    ASSERT_EQ(m.size(), 3u) << name;  // the folder entry is no member
    EXPECT_EQ(m[0].name, path + ":2019/03.bpgn");
    EXPECT_EQ(m[0].text, a) << name;
    EXPECT_EQ(m[1].name, path + ":notes.txt");
    EXPECT_EQ(m[1].text, "x");
    EXPECT_EQ(m[2].name, path + ":2019/04.bpgn");
    EXPECT_EQ(m[2].text, b) << name;
    InputFile input(path);
    ASSERT_TRUE(input.next_member());
    EXPECT_EQ(input.packing(), Packing::Archive) << name;
  }
}

TEST(InputFile, BrokenCompressedDataIsAnErrorInOurWords) {
  test::ScratchDir dir;
  const std::string text = corpus_text("fics/1934301.bpgn");
  const std::string whole = (dir / "w.gz").string(), cut = (dir / "c.gz").string();
  test::write_archive(whole, Filter::Gzip, Container::Raw, {{"data", text}});
  std::ifstream in(whole, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  try {
    read_all(cut);
    FAIL() << "a cut gzip file read through";
  } catch (const InputFormatError& e) {
    EXPECT_EQ(std::string(e.what()), "truncated gzip data (it ends before the end of its stream)");
    EXPECT_EQ(read_failure_text(e), e.what());
  }
  // A missing file and a folder: the system's words.
  try {
    InputFile missing((dir / "none.gz").string());
    FAIL();
  } catch (const std::system_error& e) {
    EXPECT_EQ(read_failure_text(e), "No such file or directory");
  }
  try {
    InputFile folder(dir.path().string());
    FAIL();
  } catch (const std::system_error& e) {
    EXPECT_EQ(read_failure_text(e), "Is a directory");
  }
}


// The failure reading `path` gives (the members read before it are read through), or "" when
// it reads through.
std::string read_failure(const std::string& path) {
  try {
    read_all(path, 4096);
  } catch (const InputFormatError& e) {
    return e.what();
  }
  return "";
}

// Issue 22: a gzip of 1024 zero bytes and a game was an empty tar archive to libarchive (0
// games, exit 0). Only a container's own signature makes an archive; the zeros are text.
TEST(InputFile, ZeroBytesAreTextNotAnEmptyArchive) {
  test::ScratchDir dir;
  const std::string game = corpus_text("fics/1934301.bpgn");
  const std::string text = std::string(1024, '\0') + game;
  const std::string gz = (dir / "hide.gz").string(), twice = (dir / "hide.gz.gz").string(), plain = (dir / "hide").string();
  test::write_bytes(gz, test::gzip_bytes(text));
  test::write_bytes(twice, test::gzip_bytes(test::gzip_bytes(text)));
  test::write_bytes(plain, text);
  for (const std::string& path : {gz, twice, plain}) {
    const std::vector<Member> m = read_all(path);
    ASSERT_EQ(m.size(), 1u) << path;
    EXPECT_EQ(m[0].name, path);
    EXPECT_EQ(m[0].text, text) << path;
    EXPECT_EQ(InputFile(path).packing(), path == plain ? Packing::Plain : Packing::Compressed) << path;
  }
  // Nor does a tar archive without its signature, compressed or not: the bytes of its first block
  // minus `ustar` are text.
  const std::string tar = (dir / "a.tar").string();
  test::write_archive(tar, Filter::None, Container::Tar, {{"x.bpgn", game}});
  std::string bytes = test::file_bytes(tar);
  ASSERT_EQ(bytes.substr(257, 5), "ustar");
  EXPECT_EQ(read_all(tar).at(0).name, tar + ":x.bpgn");
  bytes.replace(257, 5, "USTAR");
  test::write_bytes(gz, test::gzip_bytes(bytes));
  const std::vector<Member> m = read_all(gz);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].text, bytes);
}

// Issue 22: a gzip with bytes changed inside read through (libarchive checks no CRC). Every
// format's integrity check is verified; the bytes are ones no compressor shrinks, so that the
// change is in stored data that only the check can catch.
TEST(InputFile, EveryIntegrityCheckIsVerified) {
  test::ScratchDir dir;
  const std::string data = test::incompressible_bytes(200000);
  const std::vector<std::pair<Filter, std::string>> cases = {
      {Filter::Gzip, "damaged gzip data (its CRC-32 check fails)"},
      {Filter::Bzip2, "damaged or truncated bzip2 data"},
      {Filter::Xz, "damaged xz data"},
      {Filter::Lz4, "damaged lz4 data (its integrity check fails)"}};
  for (const auto& [filter, failure] : cases) {
    const std::string path = (dir / "d").string();
    test::write_archive(path, filter, Container::Raw, {{"data", data}});
    ASSERT_EQ(read_all(path, 65536).at(0).text, data) << failure;
    std::string bytes = test::file_bytes(path);
    bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x10);
    test::write_bytes(path, bytes);
    EXPECT_EQ(read_failure(path), failure);
  }
  // gzip as zlib writes it, stored: a changed byte, the CRC-32 changed, the length changed.
  const std::string stored = test::gzip_bytes(data, 0);
  const std::string path = (dir / "s.gz").string();
  for (const auto& [at, failure] : std::vector<std::pair<std::size_t, std::string>>{
           {stored.size() / 2, "damaged gzip data (its CRC-32 check fails)"},
           {stored.size() - 6, "damaged gzip data (its CRC-32 check fails)"},
           {stored.size() - 2, "damaged gzip data (its length check fails)"}}) {
    std::string bytes = stored;
    bytes[at] = char(bytes[at] ^ 0x01);
    test::write_bytes(path, bytes);
    EXPECT_EQ(read_failure(path), failure) << at;
  }
}

// zstd's checksum is written by the zstd program (libarchive's writer leaves it out).
TEST(InputFile, AZstdChecksumIsVerified) {
  if (std::system("command -v zstd >/dev/null 2>&1") != 0) GTEST_SKIP() << "no zstd program (scripts/install-deps --test)";
  test::ScratchDir dir;
  const std::string plain = (dir / "d").string(), zst = (dir / "d.zst").string();
  const std::string data = test::incompressible_bytes(200000);
  test::write_bytes(plain, data);
  ASSERT_EQ(std::system(("zstd -q --check -c '" + plain + "' > '" + zst + "'").c_str()), 0);
  ASSERT_EQ(read_all(zst, 65536).at(0).text, data);
  std::string bytes = test::file_bytes(zst);
  bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 0x10);
  test::write_bytes(zst, bytes);
  EXPECT_EQ(read_failure(zst), "damaged zstd data (its integrity check fails)");
}

// gzip members follow each other (`cat a.gz b.gz`); zero bytes after the last are padding;
// anything else after it is refused, not skipped.
TEST(InputFile, GzipMembersFollowEachOtherAndNothingElseDoes) {
  test::ScratchDir dir;
  const std::string path = (dir / "m.gz").string();
  test::write_bytes(path, test::gzip_bytes("[Event \"a\"]\n") + test::gzip_bytes("") + test::gzip_bytes("[Event \"b\"]\n"));
  EXPECT_EQ(read_all(path).at(0).text, "[Event \"a\"]\n[Event \"b\"]\n");
  test::write_bytes(path, test::gzip_bytes("[Event \"a\"]\n") + std::string(100000, '\0'));
  EXPECT_EQ(read_all(path).at(0).text, "[Event \"a\"]\n");
  test::write_bytes(path, test::gzip_bytes("[Event \"a\"]\n") + std::string(10, '\0') + "[Event \"hidden\"]\n");
  EXPECT_EQ(read_failure(path), "data after the end of the gzip data that is not gzip data");
}

// Issue 22 (found while fixing it): libarchive ends a bzip2, lz4 or lzma stream where its data
// ends and passed over whatever followed, so a game appended to a .bz2 was never read. What
// follows the end of a compressed stream is refused in every format.
TEST(InputFile, NothingAfterACompressedStreamGoesUnread) {
  test::ScratchDir dir;
  const std::string game = corpus_text("fics/1934301.bpgn"), hidden = "[Event \"hidden\"]\n1. e4 e5 2. Ke3 *\n";
  const std::string path = (dir / "c").string();
  for (const auto& [filter, failure] : std::vector<std::pair<Filter, std::string>>{
           {Filter::Bzip2, "data after the end of the bzip2 data that is not bzip2 data"},
           {Filter::Lz4, "data after the end of the lz4 data that is not lz4 data"},
           {Filter::Xz, "damaged xz data"},
           {Filter::Zstd, "damaged or truncated zstd data"}}) {
    test::write_archive(path, filter, Container::Raw, {{"data", game}});
    const std::string bytes = test::file_bytes(path);
    test::write_bytes(path, bytes + bytes);  // streams that follow each other are one text
    EXPECT_EQ(read_all(path).at(0).text, game + game) << failure;
    test::write_bytes(path, bytes + hidden);
    EXPECT_EQ(read_failure(path), failure);
  }
  test::write_archive(path, Filter::Lzma, Container::Raw, {{"data", game}});
  EXPECT_EQ(read_all(path).at(0).text, game);
  test::write_bytes(path, test::file_bytes(path) + hidden);
  EXPECT_EQ(read_failure(path), "data after the end of the lzma data that is not lzma data");
}

// Issue 22: `1f 8b 08` was read as text (one unreadable game). A stream that starts a
// compression's magic and cannot be decoded is a truncated or damaged input.
TEST(InputFile, ACompressedStreamCutShortIsTruncated) {
  test::ScratchDir dir;
  const std::string path = (dir / "cut").string();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"\x1f\x8b", "truncated gzip data (it ends before the end of its stream)"},
      {"\x1f\x8b\x08", "truncated gzip data (it ends before the end of its stream)"},
      {std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10), "truncated gzip data (it ends before the end of its stream)"},
      {"\xfd" "7", "truncated xz data (it ends inside its header)"},
      {std::string("\xfd" "7zXZ\0", 6), "truncated xz data (it ends inside its header)"},
      {"\x28\xb5", "truncated zstd data (it ends inside its header)"},
      {"\x04\x22\x4d\x18", "truncated lz4 data (it ends inside its header)"},
      {"BZh9", "truncated bzip2 data (it ends inside its header)"},
      {std::string("\x5d\x00\x00", 3), "truncated lzma data (it ends inside its header)"},
      {std::string("\x1f\x8b\x07", 3) + std::string(20, 'x'), "gzip data in a compression method other than deflate"},
  };
  for (const auto& [bytes, failure] : cases) {
    test::write_bytes(path, bytes);
    EXPECT_EQ(read_failure(path), failure) << bytes.size();
  }
  // A cut anywhere in a gzip stream.
  const std::string whole = test::gzip_bytes(corpus_text("fics/1934301.bpgn"));
  for (std::size_t size = 2; size < whole.size(); size += 97) {
    test::write_bytes(path, whole.substr(0, size));
    EXPECT_EQ(read_failure(path), "truncated gzip data (it ends before the end of its stream)") << size;
  }
}

// Issue 22: a zip inside a zip was read as a game (`1. PK is not a well-formed move`). An
// archive inside an archive is read, named outer:inner:member; a compressed member is
// decompressed.
TEST(InputFile, NestedArchivesAndCompressedMembersAreRead) {
  test::ScratchDir dir;
  const std::string a = corpus_text("fics/1934301.bpgn"), b = corpus_text("fics/1283326.bpgn");
  const std::string inner = (dir / "inner.zip").string(), outer = (dir / "outer.zip").string();
  test::write_archive(inner, Filter::None, Container::Zip, {{"x.bpgn", a}});
  const std::string tgz = (dir / "inner.tar.gz").string();
  test::write_archive(tgz, Filter::Gzip, Container::Tar, {{"y.bpgn", b}, {"z.bpgn.gz", test::gzip_bytes(a)}});
  test::write_archive(outer, Filter::None, Container::Zip,
                      {{"inner.zip", test::file_bytes(inner)}, {"b.bpgn.gz", test::gzip_bytes(b)}, {"inner.tar.gz", test::file_bytes(tgz)}});
  for (const std::string& path : {outer, outer + ".gz"}) {  // the outer one on disk, and streamed
    if (path != outer) test::write_bytes(path, test::gzip_bytes(test::file_bytes(outer)));
    const std::vector<Member> m = read_all(path, 4096);
    ASSERT_EQ(m.size(), 4u) << path;
    EXPECT_EQ(m[0].name, path + ":inner.zip:x.bpgn");
    EXPECT_EQ(m[0].text, a);
    EXPECT_EQ(m[1].name, path + ":b.bpgn.gz");
    EXPECT_EQ(m[1].text, b);
    EXPECT_EQ(m[2].name, path + ":inner.tar.gz:y.bpgn");
    EXPECT_EQ(m[2].text, b);
    EXPECT_EQ(m[3].name, path + ":inner.tar.gz:z.bpgn.gz");
    EXPECT_EQ(m[3].text, a);
  }
}

// Archives inside archives are read to a depth of kMaxArchiveDepth, compression layers to
// kMaxCompressionLayers; past them the input is refused, naming the member where there is one.
TEST(InputFile, NestingPastTheLimitsIsRefused) {
  test::ScratchDir dir;
  const std::string text = corpus_text("fics/1934301.bpgn");
  std::string bytes = text, name;
  for (int depth = 1; depth <= kMaxArchiveDepth + 1; ++depth) {
    const std::string path = (dir / ("n" + std::to_string(depth) + ".zip")).string();
    test::write_archive(path, Filter::None, Container::Zip, {{depth == 1 ? "x.bpgn" : "n" + std::to_string(depth - 1) + ".zip", bytes}});
    bytes = test::file_bytes(path);
    InputFile input(path);
    if (depth <= kMaxArchiveDepth) {
      ASSERT_TRUE(input.next_member()) << depth;
      EXPECT_TRUE(input.member_name().ends_with(":n1.zip:x.bpgn") || depth == 1) << input.member_name();
      continue;
    }
    try {
      input.next_member();
      FAIL() << "an archive " << depth << " deep was read";
    } catch (const InputFormatError& e) {
      EXPECT_EQ(std::string(e.what()), "an archive inside 4 others (bpgn reads archives at most that deep), not read");
      EXPECT_EQ(input.member_name(), path + ":n4.zip:n3.zip:n2.zip:n1.zip");
    }
    EXPECT_FALSE(input.next_member());  // nothing more comes out of it
  }
  bytes = text;
  for (int layers = 1; layers <= kMaxCompressionLayers + 1; ++layers) {
    bytes = test::gzip_bytes(bytes);
    const std::string path = (dir / ("g" + std::to_string(layers))).string();
    test::write_bytes(path, bytes);
    if (layers <= kMaxCompressionLayers) {
      EXPECT_EQ(read_all(path).at(0).text, text) << layers;
    } else {
      EXPECT_EQ(read_failure(path), "compressed more than 4 times over (bpgn reads at most that many layers)");
    }
  }
}

// Issue 22 (found while fixing it): an xz file may declare a dictionary of up to 4 GiB, which
// fills as the text comes out: 300 MB of newlines took 599 MB instead of 307 MB. The memory an
// xz or lzma stream asks for is bounded; past the bound it is refused.
TEST(InputFile, TheMemoryAnXzOrLzmaFileAsksForIsBounded) {
  test::ScratchDir dir;
  const std::string text = corpus_text("fics/1934301.bpgn");
  const std::string xz = (dir / "big-dictionary.xz").string(), lzma = (dir / "big-dictionary.lzma").string();
  test::write_archive(xz, Filter::Xz, Container::Raw, {{"data", text}});
  test::write_archive(lzma, Filter::Lzma, Container::Raw, {{"data", text}});
  ASSERT_EQ(read_failure(xz), "");
  ASSERT_EQ(read_failure(lzma), "");
  // The block header after the 12-byte stream header: its size, flags, then the LZMA2 filter (id
  // 0x21, 1 byte of properties: the dictionary size), and its CRC-32 at its end.
  std::string bytes = test::file_bytes(xz);
  const std::size_t header_size = (std::size_t(std::uint8_t(bytes[12])) + 1) * 4;
  const std::size_t filter = bytes.find("\x21\x01", 12);
  ASSERT_LT(filter, 12 + header_size);
  bytes[filter + 2] = char(40);  // 4 GiB
  const uLong crc = crc32(0, reinterpret_cast<const Bytef*>(bytes.data() + 12), uInt(header_size - 4));
  for (int i = 0; i < 4; ++i) bytes[12 + header_size - 4 + i] = char((crc >> (8 * i)) & 0xff);
  test::write_bytes(xz, bytes);
  const std::string failure = read_failure(xz);
  EXPECT_TRUE(failure.starts_with("xz data that needs ") && failure.ends_with(" MiB of memory to decompress (bpgn allows 128 MiB)"))
      << failure;
  // .lzma: the dictionary size stands in bytes 1 to 4.
  bytes = test::file_bytes(lzma);
  bytes.replace(1, 4, std::string("\x00\x00\x00\x40", 4));  // 1 GiB
  test::write_bytes(lzma, bytes);
  EXPECT_TRUE(read_failure(lzma).starts_with("lzma data that needs ")) << read_failure(lzma);
}

// A zstd frame declares its window, which the decoder holds: past 128 MiB it is refused. A frame
// of one empty raw block, with a window of 128 KiB and of 1 GiB.
TEST(InputFile, TheWindowAZstdFrameAsksForIsBounded) {
  test::ScratchDir dir;
  const std::string path = (dir / "w.zst").string();
  test::write_bytes(path, std::string("\x28\xb5\x2f\xfd\x00\x38\x01\x00\x00", 9));
  EXPECT_EQ(read_failure(path), "");
  test::write_bytes(path, std::string("\x28\xb5\x2f\xfd\x00\xa0\x01\x00\x00", 9));
  EXPECT_EQ(read_failure(path), "zstd data that needs more memory to decompress than bpgn allows (128 MiB)");
}

// cpio by its own signature (before, a plain one was read as text).
TEST(InputFile, CpioArchivesAreRead) {
  test::ScratchDir dir;
  const std::string a = corpus_text("fics/1934301.bpgn");
  for (const auto& [name, filter] : std::vector<std::pair<std::string, Filter>>{{"a.cpio", Filter::None}, {"a.cpio.gz", Filter::Gzip}}) {
    const std::string path = (dir / name).string();
    test::write_archive(path, filter, Container::Cpio, {{"x.bpgn", a}, {"y.bpgn", "x"}});
    const std::vector<Member> m = read_all(path, 4096);
    ASSERT_EQ(m.size(), 2u) << name;
    EXPECT_EQ(m[0].name, path + ":x.bpgn");
    EXPECT_EQ(m[0].text, a);
    EXPECT_EQ(m[1].name, path + ":y.bpgn");
  }
}

// Failures of the archive formats, in our words.
TEST(InputFile, BrokenArchivesAreSaidInOurWords) {
  test::ScratchDir dir;
  const std::string data = test::incompressible_bytes(50000);
  const std::string zip = (dir / "a.zip").string();
  test::write_archive(zip, Filter::None, Container::Zip, {{"x.bpgn", data}});
  std::string bytes = test::file_bytes(zip);
  const std::size_t at = bytes.find(data.substr(0, 64));
  ASSERT_NE(at, std::string::npos);  // stored: a changed byte is caught by the CRC only
  bytes[at + 1000] = char(bytes[at + 1000] ^ 1);
  test::write_bytes(zip, bytes);
  EXPECT_EQ(read_failure(zip), "damaged zip archive (its integrity check fails)");
  // Cut inside its member (deflated by libarchive's writer), and cut before its directory.
  test::write_archive(zip, Filter::None, Container::Zip, {{"x.bpgn", data}, {"y.bpgn", data}});
  bytes = test::file_bytes(zip);
  test::write_bytes(zip, bytes.substr(0, bytes.size() - 10));
  EXPECT_EQ(read_failure(zip), "damaged or truncated zip archive (its directory at the end is missing or broken)");
  test::write_bytes(zip, test::gzip_bytes(bytes.substr(0, 30000)));  // streamed: read by its local headers
  EXPECT_EQ(read_failure(zip), "damaged or truncated zip archive");
  test::write_bytes(zip, "PK\x03\x04 is no zip");
  EXPECT_EQ(read_failure(zip), "damaged or truncated zip archive (its directory at the end is missing or broken)");
  test::write_bytes(zip, test::gzip_bytes("PK\x03\x04 is no zip"));
  EXPECT_EQ(read_failure(zip), "truncated zip archive (it ends before the end of its stream)");
  const std::string tar = (dir / "a.tar").string();
  test::write_archive(tar, Filter::None, Container::Tar, {{"x.bpgn", data}});
  test::write_bytes(tar, test::file_bytes(tar).substr(0, 30000));
  EXPECT_EQ(read_failure(tar), "truncated tar archive (it ends before the end of its stream)");
}

}  // namespace
}  // namespace bpgn
