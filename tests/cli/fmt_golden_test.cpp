// Golden files (tests/golden/): the expected outputs were written by hand from the rules of
// formats.md ("Canonical output") and docs/fmt.md, docs/convert.md, not copied from the program.
#include "cli/convert_command.h"
#include "cli/fmt_command.h"
#include "cli/fmt_test_support.h"

#include <gtest/gtest.h>

namespace bpgn {
namespace {

using test::convert;
using test::fmt_file;
using test::kGolden;
using test::read_file;

struct Golden {
  const char* name;
  const char* ext;
  int exit_code;
};

class FmtGolden : public ::testing::TestWithParam<Golden> {};

TEST_P(FmtGolden, MatchesTheHandWrittenOutput) {
  const Golden g = GetParam();
  const std::string in = kGolden + "/" + g.name + ".in." + g.ext;
  const std::string expected = read_file(kGolden + "/" + g.name + ".out." + g.ext);
  const test::Run r = fmt_file(in);
  EXPECT_EQ(r.out, expected);
  EXPECT_EQ(r.code, g.exit_code) << r.err;
  // The expected output is itself canonical: formatting it changes nothing.
  const test::Run again = fmt_file(kGolden + "/" + g.name + ".out." + g.ext);
  EXPECT_EQ(again.out, expected);
  EXPECT_EQ(again.code, g.exit_code);
}

INSTANTIATE_TEST_SUITE_P(Cases, FmtGolden,
                         ::testing::Values(Golden{"tag-order", "bpgn", 0}, Golden{"wrap", "bpgn", 0},
                                           Golden{"clocks", "bpgn", 0}, Golden{"drops", "bpgn", 0},
                                           Golden{"error", "bpgn", 1}, Golden{"one-board", "pgn", 0},
                                           Golden{"unreadable", "bpgn", 1}, Golden{"latin1", "bpgn", 0},
                                           Golden{"comment-like-clock", "pgn", 0}),
                         [](const auto& info) {
                           std::string n = info.param.name;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

TEST(FmtGolden, ErrorGameIsReportedOnStandardError) {
  const test::Run r = fmt_file(kGolden + "/error.in.bpgn");
  EXPECT_NE(r.err.find("error.in.bpgn:2:"), std::string::npos) << r.err;
  // The form check writes (one writer for every subcommand).
  EXPECT_NE(r.err.find(": error[drop-not-in-holding]: "), std::string::npos) << r.err;
  const test::Run u = fmt_file(kGolden + "/unreadable.in.bpgn");
  EXPECT_NE(u.err.find("unreadable.in.bpgn:3:"), std::string::npos) << u.err;
  EXPECT_NE(u.err.find(": error[syntax]: "), std::string::npos) << u.err;
}

TEST(ConvertGolden, SplitIntoPerBoardPgn) {
  const test::Run r = convert({kGolden + "/split.in.bpgn"}, "pgn");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, read_file(kGolden + "/split.out.pgn"));
}

TEST(ConvertGolden, PerBoardPgnJoinsBackToTheCanonicalMatch) {
  const test::Run joined = convert({kGolden + "/split.out.pgn"}, "bpgn");
  EXPECT_EQ(joined.code, 0) << joined.err;
  const test::Run canonical = fmt_file(kGolden + "/split.in.bpgn");
  EXPECT_EQ(joined.out, canonical.out);
  // Hand-checked against formats.md: tags in the fixed order, BughouseDBGameNo after them.
  EXPECT_EQ(canonical.out.substr(0, canonical.out.find("\n\n")),
            "[Event \"split\"]\n[Site \"S\"]\n[Date \"2022.01.03\"]\n[WhiteA \"wa\"]\n[BlackA \"ba\"]\n"
            "[WhiteB \"wb\"]\n[BlackB \"bb\"]\n[TimeControl \"180+0\"]\n[Result \"0-1\"]\n"
            "[BughouseDBGameNo \"123\"]");
}

TEST(ConvertGolden, ChessComPair) {
  const test::Run r = convert({kGolden + "/chesscom-small"}, "bpgn");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, read_file(kGolden + "/chesscom-small.out.bpgn"));
  EXPECT_NE(r.err.find("note: skipping " + kGolden + "/chesscom-small/match-index.json"), std::string::npos)
      << r.err;
  // Naming the two files in either order gives the same match (board A = the lower id).
  const test::Run swapped =
      convert({kGolden + "/chesscom-small/1002.json", kGolden + "/chesscom-small/1001.json"}, "bpgn");
  EXPECT_EQ(swapped.out, r.out);
}

}  // namespace
}  // namespace bpgn
