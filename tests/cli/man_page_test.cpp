// The Markdown of the man pages (cli/man_page.h): SYNOPSIS and OPTIONS read off the command line,
// the doc's prose, EXIT STATUS from the help. How the pages render: tests/install/man_pages_test.sh.
#include "cli/command_line.h"
#include "cli/completion_model.h"
#include "cli/man_page.h"

#include <CLI/CLI.hpp>
#include <gtest/gtest.h>

namespace bpgn {
namespace {

CompletedCommand whole_command_line() {
  CLI::App app{kProgramDescription, "bpgn"};
  CommandAction action;
  define_command_line(app, action, [](std::string_view) { return true; });
  return read_completions(app);
}

TEST(ManPage, MarkdownIsEscapedOutsideCodeSpans) {
  EXPECT_EQ(markdown_escaped("*.bpgn [x] --all `a*b --c` _y_"), "\\*.bpgn \\[x\\] \\-\\-all `a*b --c` \\_y\\_");
  EXPECT_EQ(markdown_escaped("<b>#1 | 2"), "\\<b\\>\\#1 \\| 2");
}

TEST(ManPage, SubcommandPageHasSynopsisEveryOptionProseAndExitStatus) {
  const CompletedCommand root = whole_command_line();
  const std::string doc = "# `bpgn show`\n\nThe intro.\n\n```sh\n## not a section\n```\n\n## Which game\n\nProse.\n";
  const std::string md = man_page_markdown(root, {"bpgn-show", "one moment", doc, "show.md", "/opt/doc"});
  EXPECT_EQ(md.rfind("# BPGN-SHOW\n\n## NAME\n\nbpgn\\-show \\- one moment\n", 0), 0u) << md;
  const auto at = [&md](std::string_view s) { return md.find(s); };
  ASSERT_NE(at("## SYNOPSIS\n\n**bpgn show** \\[*OPTIONS*\\] *file*...\n"), std::string::npos) << md;
  // The doc's text before its first section is the description; a "## " line in code is no section.
  EXPECT_LT(at("## DESCRIPTION"), at("The intro."));
  EXPECT_LT(at("## not a section"), at("## OPTIONS"));
  EXPECT_LT(at("## OPTIONS"), at("## Which game"));
  EXPECT_LT(at("## Which game"), at("## EXIT STATUS"));
  EXPECT_NE(at("**\\-\\-color** *auto\\|always\\|never*\n:   Colour"), std::string::npos) << md;
  EXPECT_NE(at("**\\-\\-set** *KEY=VALUE* ...\n"), std::string::npos) << md;
  EXPECT_NE(at("**\\-\\-ascii**\n:   Pieces as letters"), std::string::npos) << md;
  for (const CompletedCommand& c : root.subcommands) {
    if (c.path.front() != "show") continue;
    for (const CompletedOption& o : c.options) {
      for (const std::string& l : o.long_names) EXPECT_NE(at("**" + markdown_escaped("--" + l) + "**"), std::string::npos) << l;
    }
  }
  EXPECT_NE(at("## EXIT STATUS\n\n**0**\n:   every game valid (warnings allowed)\n\n**1**\n"), std::string::npos) << md;
  EXPECT_NE(at("**3**\n:   an input could not be read or an output could not be written\n\n## SEE ALSO"), std::string::npos)
      << md;
  EXPECT_NE(at("/opt/doc/show.md"), std::string::npos);
}

TEST(ManPage, NestedSubcommandsGetTheirSynopsisAndOptions) {
  const std::string md = man_page_markdown(whole_command_line(), {"bpgn-summary", "s", "# t\n", "sharding.md", "/d"});
  EXPECT_NE(md.find("**bpgn summary merge** \\[*OPTIONS*\\] *files*..."), std::string::npos) << md;
  EXPECT_NE(md.find("### bpgn summary merge\n"), std::string::npos) << md;
  // "3 a file could not be read or is not a summary (nothing is written then), or ..." keeps its
  // parenthesis; a ';' inside an item would not start a new one.
  EXPECT_NE(md.find("**3**\n:   a file could not be read or is not a summary (nothing is written then), or the output"),
            std::string::npos)
      << md;
}

TEST(ManPage, TheProgramsOwnPageKeepsItsDoc) {
  const std::string md =
      man_page_markdown(whole_command_line(), {"bpgn", "all", "# bpgn\n\n## SYNOPSIS\n\nbpgn x\n", "bpgn.md", "/d"});
  EXPECT_EQ(md, "# BPGN\n\n## NAME\n\nbpgn \\- all\n\n\n\n## SYNOPSIS\n\nbpgn x\n");
}

}  // namespace
}  // namespace bpgn
