// `bpgn completion bash|zsh|fish`: every script names every subcommand, the values of the options
// that take one of a list (--format, --by, --color), the rule sets and the --set keys; an unknown
// shell is a usage error. How bash completes with the script: tests/completion/.
#include "cli/binary_run.h"
#include "output/report_formats.h"
#include "rules/rule_options.h"
#include "rules/rule_set.h"

#include <gtest/gtest.h>

namespace bpgn::check_test {
namespace {

const char* const kShells[] = {"bash", "zsh", "fish"};

TEST(CompletionCommand, EveryScriptNamesTheSubcommandsOptionsAndValues) {
  const std::string words[] = {
      // the subcommands, and summary's
      "check", "fmt", "convert", "show", "view", "standings", "summary", "merge", "perft", "help", "completion",
      // options, long and short
      "format", "valid-out", "files-from", "alias", "summary-json", "jobs",
      // check --format, standings --format and --by, show --color
      "text", "json", "jsonl", "html", "sarif", "junit", "github", "markdown", "csv", "player", "team", "auto",
      "always", "never",
      // completion's shells
      "bash", "zsh", "fish",
      // the words --set lists for a key
      "forbidden_board_mate", "steal_from_partner_board", "from_holding", "classic"};
  for (const char* shell : kShells) {
    const BinaryRun r = run_binary(std::string("completion ") + shell);
    ASSERT_EQ(r.exit_code, 0) << shell << ": " << r.err;
    EXPECT_EQ(r.err, "") << shell;
    for (const std::string& w : words) EXPECT_NE(r.out.find(w), std::string::npos) << shell << ": " << w;
    for (std::string_view name : rule_set_names()) {
      EXPECT_NE(r.out.find(name), std::string::npos) << shell << ": rule set " << name;
    }
    for (const RuleOption& o : rule_options()) {
      EXPECT_NE(r.out.find(o.key), std::string::npos) << shell << ": --set key " << o.key;
    }
    // The hidden option stays hidden.
    EXPECT_EQ(r.out.find("piece-bytes"), std::string::npos) << shell;
  }
}

TEST(CompletionCommand, EachShellGetsItsOwnForm) {
  EXPECT_NE(run_binary("completion bash").out.find("complete -F _bpgn bpgn"), std::string::npos);
  EXPECT_EQ(run_binary("completion zsh").out.rfind("#compdef bpgn\n", 0), 0u);
  EXPECT_NE(run_binary("completion fish").out.find("complete -c bpgn"), std::string::npos);
  // --set offers key= and key=word in the bash script.
  const std::string bash = run_binary("completion bash").out;
  EXPECT_NE(bash.find(" drop_mate= drop_mate=allowed drop_mate=forbidden drop_mate=forbidden_board_mate "),
            std::string::npos);
  EXPECT_NE(bash.find(" pawn_drop_ranks= drop_check="), std::string::npos) << "pawn_drop_ranks lists no words";
}

TEST(CompletionCommand, CheckFormatsComeFromTheTableOfFormats) {
  // bash offers check --format exactly the names of output/report_formats.h, in its order.
  const std::string bash = run_binary("completion bash").out;
  const std::string line = "'check|--format') echo 'words " + report_format_names(" ") + "' ;;";
  EXPECT_NE(bash.find(line), std::string::npos) << line;
  // check --help describes each of them.
  const BinaryRun help = run_binary("check --help");
  for (const ReportFormat& f : report_formats()) {
    const std::string said = std::string(f.name) + " (" + std::string(f.description) + ")";
    EXPECT_NE(help.out.find(said), std::string::npos) << said;
  }
}

TEST(CompletionCommand, AnUnknownShellIsAUsageError) {
  const BinaryRun r = run_binary("completion tcsh");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "bpgn completion: no shell 'tcsh' (bash, zsh or fish)\n");
  const BinaryRun none = run_binary("completion");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.err.rfind("bpgn completion: ", 0), 0u) << none.err;
}

TEST(CompletionCommand, HelpShowsTheExamples) {
  const BinaryRun r = run_binary("help completion");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("source <(bpgn completion bash)"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace bpgn::check_test
