// GitHub workflow commands: escaping as GitHub's toolkit does (data: %, CR, LF; properties also
// : and ,), so a file name or message cannot end a command early or forge another.
#include "output/report_github.h"

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

}  // namespace
}  // namespace bpgn
