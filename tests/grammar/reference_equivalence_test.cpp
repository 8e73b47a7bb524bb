// The reader's grammar against the reference copy of the grammar it replaced (issue 24: the
// predictive grammar must accept and reject exactly what the old one did, with the same Game and
// the same error messages and positions): every file of corpus/ and tests/golden/, then each of
// them cut and changed at many places. The same property is a libFuzzer target
// (tests/fuzz/fuzz_grammar_equivalence.cpp).
#include "fuzz/grammar_equivalence_properties.h"

#include "support/sanitizer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace bpgn {
namespace {

namespace fs = std::filesystem;
namespace eq = fuzz::grammar_equivalence;

std::vector<fs::path> record_files() {
  std::vector<fs::path> files;
  const fs::path corpus(BPGN_CORPUS_DIR);
  for (const fs::path& dir : {corpus, corpus / ".." / "tests" / "golden"})
    for (const auto& entry : fs::recursive_directory_iterator(dir))
      if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs the comparison, turning a broken property into a test failure that names the input.
void expect_equivalent(const std::string& text, const std::string& what, int max_depth = 64,
                       std::size_t max_plies = 200000, std::size_t window = 0) {
  try {
    eq::compare_text(text, max_depth, max_plies, window);
  } catch (const fuzz::PropertyFailure& f) {
    ADD_FAILURE() << what << ": " << f.what();
  }
}

class ReferenceGrammar : public ::testing::Test {
 protected:
  void SetUp() override { fuzz::throw_failures() = true; }
  void TearDown() override { fuzz::throw_failures() = false; }
};

TEST_F(ReferenceGrammar, SameGamesOnEveryCorpusFile) {
  const std::vector<fs::path> files = record_files();
  ASSERT_GT(files.size(), 100u);
  for (const fs::path& file : files) {
    const std::string text = contents(file);
    expect_equivalent(text, file.string());
    expect_equivalent(text, file.string() + " (windows of 300 bytes)", 64, 200000, 300);
    expect_equivalent(text, file.string() + " (tight limits)", 2, 7);
  }
}

// Characters that start, end or break tokens of the grammar.
constexpr std::string_view kMutationChars = " \t\n\r{}[]()0123456789.-+#=@*/$!?;abcxyzNBRQKO%\"\\";

// The piece of `text` around `at` that the mutations parse: from the start of a line some way
// before it to a while after it (whole files would make the test slow; games start at lines).
std::string_view around(std::string_view text, std::size_t at) {
  std::size_t from = at > 600 ? at - 600 : 0;
  while (from > 0 && text[from - 1] != '\n') --from;
  const std::size_t to = std::min(text.size(), at + 400);
  return text.substr(from, to - from);
}

TEST_F(ReferenceGrammar, SameGamesOnCutAndChangedCorpusFiles) {
  std::size_t runs = 0;
  for (const fs::path& file : record_files()) {
    const std::string text = contents(file);
    if (text.empty()) continue;
    // Offsets spread over the file, more for small files; each gets a cut, a replaced byte and an
    // inserted byte, with characters taken in turn from the list.
    // Under the sanitizers a third as many offsets (the same spread).
    const std::size_t offsets = std::min<std::size_t>(text.size(), test::kUnderSanitizer ? 16 : 48);
    for (std::size_t i = 0; i < offsets; ++i) {
      const std::size_t at = static_cast<std::size_t>((static_cast<unsigned long long>(text.size()) * i * 7919 / offsets) % text.size());
      const std::string_view piece = around(text, at);
      const std::size_t local = at - static_cast<std::size_t>(piece.data() - text.data());
      const char c = kMutationChars[(i * 31 + text.size()) % kMutationChars.size()];
      const char d = kMutationChars[(i * 17 + 5) % kMutationChars.size()];
      const std::string where = file.string() + " at " + std::to_string(at);
      std::string cut(piece.substr(0, local));
      std::string replaced(piece);
      replaced[local] = c;
      std::string inserted(piece);
      inserted.insert(local, 1, d);
      expect_equivalent(cut, where + " (cut)");
      expect_equivalent(replaced, where + " (replaced by '" + std::string(1, c) + "')");
      expect_equivalent(inserted, where + " (inserted '" + std::string(1, d) + "')");
      expect_equivalent(inserted, where + " (inserted '" + std::string(1, d) + "', tight limits)", 1, 3);
      runs += 4;
    }
  }
  EXPECT_GT(runs, test::kUnderSanitizer ? 10000u : 20000u);  // a third of the offsets under the sanitizers
}

// Every character of the list at every place of a few short records of each dialect.
TEST_F(ReferenceGrammar, SameGamesWithEveryCharacterAnywhereInShortRecords) {
  const std::vector<std::string> records = {
      "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 {[%clk 0:05:00]} 1... e5 { [%clk 0:04:59.5] } 2. Nf3 $1 (2. d4 d5) 1-0\n",
      "[WhiteA \"x\"][BlackA \"y\"]\n{C: hi}\n1A. e4{118.585} 1a. Nf6{-0.5} 1B. d4 {[ts=12.5]} N@f3+ e8=Q# {x} 0-1",
      "1. O-O-O!? 0-0 exd6 e.p. $146@g4 e8=. ; note\n{BobBughouse checkmated} 1/2-1/2 junk\n[Event \"n\"]\n*",
      "{lead} 12A. xe6 e8=R/d1 ?! 3... Qxg1# {[%clk 1:02:03] [%eval 0.1]} (1. e4 (1... e5)) *"};
  for (const std::string& record : records) {
    expect_equivalent(record, "the record itself");
    for (std::size_t at = 0; at <= record.size(); ++at) {
      expect_equivalent(record.substr(0, at), "cut at " + std::to_string(at));
      for (const char c : kMutationChars) {
        std::string changed = record;
        if (at < record.size()) {
          changed[at] = c;
          expect_equivalent(changed, "byte " + std::to_string(at) + " replaced by '" + std::string(1, c) + "'");
        }
        std::string inserted = record;
        inserted.insert(at, 1, c);
        expect_equivalent(inserted, "'" + std::string(1, c) + "' inserted at " + std::to_string(at));
      }
    }
  }
}

}  // namespace
}  // namespace bpgn
