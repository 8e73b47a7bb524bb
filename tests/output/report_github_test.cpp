// GitHub workflow commands: escaping as GitHub's toolkit does (data: %, CR, LF; properties also
// : and ,), so a file name or message cannot end a command early or forge another.
#include "output/report_github.h"
#include "replay/check_summary.h"

#include <gtest/gtest.h>

namespace bpgn {
namespace {

TEST(GithubAnnotations, DataEscapesPercentAndLineEnds) {
  EXPECT_EQ(github_escape_data("100% done\r\n::error::forged"), "100%25 done%0D%0A::error::forged");
  EXPECT_EQ(github_escape_data("plain, text: kept"), "plain, text: kept");
}

TEST(GithubAnnotations, PropertiesAlsoEscapeColonAndComma) {
  EXPECT_EQ(github_escape_property("a,b:c%d\ne"), "a%2Cb%3Ac%25d%0Ae");
}

TEST(GithubAnnotations, AnUnreadableInputIsAnErrorOnItsFile) {
  const std::string line = github_input_failure({"club, 2019:a.bpgn", "No such file or directory"});
  EXPECT_EQ(line,
            "::error file=club%2C 2019%3Aa.bpgn,title=unreadable input::cannot read club, 2019:a.bpgn: No such file or "
            "directory\n");
}

TEST(GithubAnnotations, AnAnnotationReadsBackAsWritten) {
  const auto a = parse_github_annotation(
      "::warning file=club%2C 2019%3Aa.bpgn,line=14,col=1,title=stray-text (board B%2C move 1)::100%25 <b>|x|</b>\n");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->level, "warning");
  EXPECT_EQ(a->file, "club, 2019:a.bpgn");
  EXPECT_EQ(a->line, "14");
  EXPECT_EQ(a->code, "stray-text");
  EXPECT_EQ(a->message, "100% <b>|x|</b>");
  EXPECT_FALSE(parse_github_annotation("no command"));
}

TEST(GithubAnnotations, TheStepSummaryEscapesEveryTextForMarkdown) {
  CheckSummary s;
  s.games = 2;
  s.valid = 1;
  s.invalid = 1;
  s.errors = 1;
  s.per_code[std::size_t(ViolationCode::IllegalMove)] = 1;
  s.input_failures.push_back({"gone|`x`.bpgn", "No such file"});
  const std::string md = github_step_summary(
      s, {{"error", "a|b.bpgn", "3", "illegal-move", "White (<img src=x>) `1. Ke3` *bold* [l](u) ~~s~~ \\ \n# h"}}, 1);
  EXPECT_NE(md.find("**2 games**: 1 valid, 1 invalid, 0 unreadable; 1 error, 0 warnings, 0 notes.\n"), std::string::npos)
      << md;
  EXPECT_NE(md.find("| illegal-move | error | 1 |\n"), std::string::npos) << md;
  EXPECT_NE(md.find("### Problems\n"), std::string::npos) << md;
  EXPECT_NE(md.find("| a\\|b.bpgn:3 | error | illegal-move | White (&lt;img src=x&gt;) \\`1. Ke3\\` \\*bold\\* "
                    "\\[l\\](u) \\~\\~s\\~\\~ \\\\ &lt;U+000A&gt;# h |\n"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("- gone\\|\\`x\\`.bpgn: No such file\n"), std::string::npos) << md;
  EXPECT_EQ(md.find("<img"), std::string::npos) << md;
}

}  // namespace
}  // namespace bpgn
