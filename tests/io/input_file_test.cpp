// InputFile: plain, compressed and archived inputs told apart by content, streamed member by member.
#include "io/input_file.h"

#include "io/archive_fixture.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>

#include <fstream>
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

TEST(InputFile, BrokenCompressedDataIsAnErrorWithLibarchivesWords) {
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
    EXPECT_FALSE(std::string(e.what()).empty());
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

}  // namespace
}  // namespace bpgn
