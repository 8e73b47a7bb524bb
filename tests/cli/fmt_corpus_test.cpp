// fmt over every record in corpus/: idempotent byte for byte, and the replay says the same of
// the output as of the input (same status and error codes; the only warnings fmt may remove are
// the ones its canonical form repairs: check-suffix and move-number).
#include "cli/fmt_command.h"
#include "cli/fmt_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace bpgn {
namespace {

// fmt's output of one file, and its exit code in `code`.
std::string fmt_output(const std::string& path, int& code) {
  const test::Run r = test::fmt_file(path);
  code = r.code;
  return r.out;
}

class FmtCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(FmtCorpus, IdempotentAndReplayAgrees) {
  const std::string input = GetParam();
  test::ScratchDir dir;
  int code = -1;
  const std::string once = fmt_output(input, code);
  ASSERT_FALSE(once.empty());
  EXPECT_EQ(code, 0) << "the corpus records are valid";
  test::write_file(dir / "once.bpgn", once);
  int code2 = -1;
  const std::string twice = fmt_output((dir / "once.bpgn").string(), code2);
  EXPECT_EQ(code2, code);
  EXPECT_TRUE(once == twice) << "fmt is not idempotent on " << input;

  const auto before = test::verdicts(input, test::read_file(input));
  const auto after = test::verdicts("once", once);
  ASSERT_EQ(before.size(), after.size()) << "games were lost or split";
  for (std::size_t i = 0; i < before.size(); ++i) {
    EXPECT_EQ(before[i].status, after[i].status) << "game " << i + 1;
    EXPECT_EQ(before[i].errors, after[i].errors) << "game " << i + 1;
    for (const std::string& w : after[i].warnings) {
      EXPECT_TRUE(before[i].warnings.count(w)) << "game " << i + 1 << ": fmt added warning " << w;
    }
    for (const std::string& w : before[i].warnings) {
      if (after[i].warnings.count(w)) continue;
      // fmt writes the suffixes the moves deserve, so a record's own check-marking convention goes;
      // it writes standard SAN, so bughouse.pro's fileless pawn captures go too.
      EXPECT_TRUE(w == "check-suffix" || w == "check-suffix-convention" || w == "move-number" ||
                  w == "nonstandard-san")
          << "game " << i + 1 << ": fmt lost warning " << w;
    }
  }
  // Canonical text: UTF-8 is checked by the reader; here LF only, and no line above 80 columns
  // except a tag line or a single unbreakable token.
  EXPECT_EQ(once.find('\r'), std::string::npos);
  std::istringstream lines(once);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.starts_with("[") || line.find(' ') == std::string::npos) continue;
    int columns = 0;
    for (char c : line) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    EXPECT_LE(columns, 80) << line;
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, FmtCorpus, ::testing::ValuesIn(test::corpus_record_files()),
                         [](const auto& info) {
                           std::string n = std::filesystem::path(info.param).filename().string();
                           for (char& c : n) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return n;
                         });

// The hand-made bughouse.pro exports of corpus/bughouse-pro/ that are valid (the others hold
// planted errors: tests/cli/bughouse_pro_cli_test.cpp formats them): fmt only here, as their
// per-board PGN round trip (convert_corpus_test.cpp) does not keep the Round tag's place yet.
std::vector<std::string> bughouse_pro_files() {
  std::vector<std::string> files;
  for (const char* name : {"three-records.bpgn", "rule-tags.bpgn", "chess960-castling.bpgn"}) {
    files.push_back(test::kCorpus + "/bughouse-pro/" + name);
  }
  // The server's own exports (corpus/bughouse-pro-upstream/), all but the fairy variant.
  for (const char* name : {"golden-export.bpgn", "chess960-old-format.bpgn", "chess960-steal.bpgn"}) {
    files.push_back(test::kCorpus + "/bughouse-pro-upstream/" + name);
  }
  return files;
}

INSTANTIATE_TEST_SUITE_P(BughousePro, FmtCorpus, ::testing::ValuesIn(bughouse_pro_files()), [](const auto& info) {
  std::string n = std::filesystem::path(info.param).filename().string();
  for (char& c : n) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n;
});

TEST(FmtCorpus, SeveralFilesAreOneStreamOfGames) {
  FmtConfig config;
  config.inputs = {test::kCorpus + "/fics/1934301.bpgn", test::kCorpus + "/fics/1934461.bpgn"};
  std::ostringstream out, err;
  EXPECT_EQ(run_fmt(config, out, err), 0);
  int code = 0;
  const std::string a = fmt_output(config.inputs[0], code);
  const std::string b = fmt_output(config.inputs[1], code);
  EXPECT_EQ(out.str(), a + "\n" + b);  // one blank line between games
}

}  // namespace
}  // namespace bpgn

namespace bpgn {
namespace {

std::vector<std::string> broken_record_files() {
  std::vector<std::string> files;
  for (const char* folder : {"invalid", "check", "broken"}) {
    const std::string dir = test::kCorpus + "/" + folder;
    if (!std::filesystem::is_directory(dir)) continue;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      if (e.path().extension() == ".bpgn") files.push_back(e.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The hand-made broken records: every game is still written (canonical up to its first error, or
// as found), fmt is idempotent on them, and check gives each game the same status and errors.
class FmtBroken : public ::testing::TestWithParam<std::string> {};

TEST_P(FmtBroken, WrittenNeverDroppedAndStable) {
  const std::string input = GetParam();
  test::ScratchDir dir;
  int code = -1;
  const std::string once = fmt_output(input, code);
  test::write_file(dir / "once.bpgn", once);
  int code2 = -1;
  EXPECT_TRUE(fmt_output((dir / "once.bpgn").string(), code2) == once) << "not idempotent: " << input;
  EXPECT_EQ(code, code2);
  const auto before = test::verdicts(input, test::read_file(input));
  const auto after = test::verdicts("once", once);
  ASSERT_EQ(before.size(), after.size()) << "games were lost or split";
  for (std::size_t i = 0; i < before.size(); ++i) {
    EXPECT_EQ(before[i].status, after[i].status) << "game " << i + 1;
    EXPECT_EQ(before[i].errors, after[i].errors) << "game " << i + 1;
  }
  if (!before.empty()) {
    const bool any_error =
        std::any_of(before.begin(), before.end(), [](const auto& v) { return !v.errors.empty(); });
    EXPECT_EQ(code, any_error ? 1 : 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, FmtBroken, ::testing::ValuesIn(broken_record_files()), [](const auto& info) {
  std::string n = std::filesystem::path(info.param).filename().string();
  for (char& c : n) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n;
});

}  // namespace
}  // namespace bpgn
