// fmt on the ordered driver (src/pipeline/fmt_run.h), in process: the text written, the messages and
// the counts are the same for one thread and for several, however small the pieces, on every file
// of corpus/ (the regression records included) and on the whole corpus as one run.
#include "pipeline/fmt_run.h"
#include "replay/check_test_util.h"

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

TEST(FmtRun, EveryCorpusFileIsWrittenTheSameInAnyPieces) {
  const std::vector<std::string> files = check_test::every_corpus_file();
  ASSERT_GT(files.size(), 60u);
  for (const std::string& file : files) {
    const Formatted one = format({file}, 1, 1);
    for (const auto& [jobs, piece] : std::vector<std::pair<unsigned, std::size_t>>{{2, 3}, {3, 11}, {2, 200}}) {
      EXPECT_EQ(format({file}, jobs, piece), one) << file << " --jobs " << jobs << " pieces of " << piece;
    }
    EXPECT_EQ(format({file}, 2, 7, true), format({file}, 1, 1, true)) << file << " --fix";
  }
}

TEST(FmtRun, TheWholeCorpusAsOneRunIsWrittenTheSameInAnyPieces) {
  std::vector<std::string> files = check_test::every_corpus_file();
  files.insert(files.begin() + 4, "/nonexistent/bpgn-input");
  const Formatted one = format(files, 1, 1);
  EXPECT_FALSE(one.read);
  EXPECT_NE(one.err.find("bpgn fmt: cannot read /nonexistent/bpgn-input: "), std::string::npos);
  EXPECT_GT(one.out.size(), 10000u);
  for (const auto& [jobs, piece] : std::vector<std::pair<unsigned, std::size_t>>{{2, 5}, {3, 97}, {4, 65536}}) {
    EXPECT_EQ(format(files, jobs, piece), one) << "--jobs " << jobs << " pieces of " << piece;
  }
}

}  // namespace
}  // namespace bpgn
