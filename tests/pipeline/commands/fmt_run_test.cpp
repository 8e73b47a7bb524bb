// fmt on the ordered driver (src/pipeline/commands/fmt_run.h), in process: the text written, the messages and
// the counts are the same for one thread and for several, however small the pieces, on every file
// of corpus/ (the regression records included) and on the whole corpus as one run.
#include "pipeline/commands/fmt_run.h"
#include "replay/check_test_util.h"
#include "support/small_pieces.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace bpgn {
namespace {

namespace fs = std::filesystem;

struct Formatted {
  std::string out, err, counts;
  bool read = true;
  bool operator==(const Formatted&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Formatted& f) {
  return os << "counts " << f.counts << "\nerr:\n" << f.err << "out:\n" << f.out;
}

Formatted format(const std::vector<std::string>& files, unsigned jobs, std::size_t piece_bytes, bool fix = false) {
  InputStreams inputs(files);
  FmtSettings settings;
  settings.jobs = jobs;
  settings.piece_bytes = piece_bytes;
  settings.fix = fix;
  FmtTotals totals;
  Formatted f;
  std::ostringstream err;
  bool first = true;
  f.read = format_games(inputs, settings, [&](std::string_view text) { f.out += text; return true; }, first, totals,
                        totals.counts, err);
  f.err = err.str();
  f.counts = fmt_summary_line(totals, fix, false, files.size()) + (totals.game_errors ? " errors" : "") +
             (totals.io_failed ? " io" : "") + (totals.cut ? " cut" : "");
  return f;
}

// Every file alone; a large file is cut in small pieces once (support/small_pieces.h): here, in
// pieces of 3 bytes, its one small-piece run of fmt (with --fix, pieces of several games).
TEST(FmtRun, EveryCorpusFileIsWrittenTheSameInAnyPieces) {
  const std::vector<std::string> files = check_test::every_corpus_file();
  ASSERT_GT(files.size(), 60u);
  for (const std::string& file : files) {
    const bool large = test::large_corpus_file(file);
    const Formatted one = format({file}, 1, 1);
    for (const auto& [jobs, piece] : large ? std::vector<std::pair<unsigned, std::size_t>>{{2, 3}, {2, 200}}
                                           : std::vector<std::pair<unsigned, std::size_t>>{{2, 3}, {3, 11}, {2, 200}}) {
      EXPECT_EQ(format({file}, jobs, piece), one) << file << " --jobs " << jobs << " pieces of " << piece;
    }
    const std::size_t fix_piece = large ? 200 : 7;
    EXPECT_EQ(format({file}, 2, fix_piece, true), format({file}, 1, 1, true)) << file << " --fix, pieces of " << fix_piece;
  }
}

// The whole corpus as one run, an input that cannot be read among the others: in pieces of
// several games, and of 5 bytes without the large files (cut so above).
TEST(FmtRun, TheWholeCorpusAsOneRunIsWrittenTheSameInAnyPieces) {
  std::vector<std::string> files = check_test::every_corpus_file();
  files.insert(files.begin() + 4, "/nonexistent/bpgn-input");
  const Formatted one = format(files, 1, 1);
  EXPECT_FALSE(one.read);
  EXPECT_NE(one.err.find("bpgn fmt: cannot read /nonexistent/bpgn-input: "), std::string::npos);
  EXPECT_GT(one.out.size(), 10000u);
  for (const auto& [jobs, piece] : std::vector<std::pair<unsigned, std::size_t>>{{3, 97}, {4, 65536}}) {
    EXPECT_EQ(format(files, jobs, piece), one) << "--jobs " << jobs << " pieces of " << piece;
  }
  const std::vector<std::string> small = test::without_large_files(files);
  EXPECT_EQ(format(small, 2, 5), format(small, 1, 1)) << "--jobs 2 pieces of 5, without the large files";
}

}  // namespace
}  // namespace bpgn
