// The command line as a new user meets it: numbers refused in words, rule-set names in any case,
// an unknown name answered with the known ones, one message prefix everywhere, standard input
// announced on a terminal, `bpgn help`, --version and --help (examples, exit codes) everywhere.
#include "cli/binary_run.h"
#include "support/terminal_run.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace bpgn::check_test {
namespace {

const std::string kMatchFile = std::string(BPGN_CORPUS_DIR) + "/fics/1283326.bpgn";

TEST(CommandLine, NumbersOutOfRangeAreRefusedInWords) {
  const struct {
    std::string args, message;
  } cases[] = {
      {"check --jobs 0", "bpgn check: --jobs: 0 is not allowed: the number of threads is 1 to 256\n"},
      {"check --tolerance -1", "bpgn check: --tolerance: -1 is not allowed: the tolerance in seconds is 0 or more\n"},
      {"check --max-errors -1",
       "bpgn check: --max-errors: -1 is not allowed: the number of violations listed per game is 0 or more\n"},
      {"check --jobs many", "bpgn check: --jobs: 'many' is not a number: the number of threads is 1 to 256 (decimal digits only)\n"},
      {"show --tolerance -2", "bpgn show: --tolerance: -2 is not allowed: the tolerance in seconds is 0 or more\n"},
      {"show --game -1", "bpgn show: --game: -1 is not allowed: the game's number (counted from 1) is 1 or more\n"},
      {"show --game 0", "bpgn show: --game: 0 is not allowed: the game's number (counted from 1) is 1 or more\n"},
      {"standings --max-columns -1",
       "bpgn standings: --max-columns: -1 is not allowed: the number of columns is 0 or more\n"},
  };
  for (const auto& c : cases) {
    const BinaryRun r = run_binary(c.args + " '" + kMatchFile + "'");
    EXPECT_EQ(r.exit_code, 2) << c.args;
    EXPECT_EQ(r.err, c.message + "Run 'bpgn " + c.args.substr(0, c.args.find(' ')) + " --help' for more information.\n")
        << c.args;
    EXPECT_EQ(r.err.find("179769"), std::string::npos) << c.args;
  }
}

TEST(CommandLine, ABoundedNumberSaysItsBoundsInWords) {
  for (const char* depth : {"-1", "21"}) {
    const BinaryRun r = run_binary(std::string("perft --depth ") + depth);
    EXPECT_EQ(r.exit_code, 2) << depth;
    EXPECT_EQ(r.err, std::string("bpgn perft: --depth: ") + depth +
                         " is not allowed: the depth in plies is 0 to 20\nRun 'bpgn perft --help' for more information.\n");
  }
  const BinaryRun ok = run_binary("perft --depth 2");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(ok.out.find("400"), std::string::npos) << ok.out;
}

TEST(CommandLine, RuleSetNamesIgnoreCaseAndUnknownOnesListTheKnown) {
  const BinaryRun lower = run_binary("check --format jsonl --rules turkish '" + kMatchFile + "'");
  const BinaryRun upper = run_binary("check --format jsonl --rules TurKish '" + kMatchFile + "'");
  EXPECT_EQ(lower.exit_code, upper.exit_code);
  EXPECT_EQ(lower.out, upper.out);
  EXPECT_NE(upper.out.find("\"rules\":\"turkish\""), std::string::npos) << upper.out;
  EXPECT_EQ(run_binary("check --rules Bughouse '" + kMatchFile + "'").exit_code, 0);
  for (const std::string command : {"check", "fmt", "convert --to pgn", "standings"}) {
    const BinaryRun r = run_binary(command + " --rules nope '" + kMatchFile + "'");
    EXPECT_EQ(r.exit_code, 2) << command;
    const std::string name = command.substr(0, command.find(' '));
    EXPECT_EQ(r.err, "bpgn " + name +
                         ": unknown rule set 'nope' (the rule sets: bughouse, swedish, turkish, crazyhouse, "
                         "boltchess, chess; case is ignored)\n")
        << command;
  }
}

TEST(CommandLine, EveryMessageStartsWithTheProgramAndTheSubcommand) {
  const struct {
    std::string args, start;
  } cases[] = {
      {"fmt --in-place --check x.bpgn", "bpgn fmt: --in-place and --check exclude each other\n"},
      {"convert --to xml x.bpgn", "bpgn convert: --to"},
      {"check --bogus", "bpgn check: The following argument was not expected: --bogus\n"},
      {"standings --by nation x.bpgn", "bpgn standings: --by"},
      {"check /no/such/file.bpgn", "bpgn check: cannot read /no/such/file.bpgn: No such file or directory\n"},
      {"fmt /no/such/file.bpgn", "bpgn fmt: cannot read /no/such/file.bpgn"},
      {"convert --to pgn /no/such/file.bpgn", "bpgn convert: cannot read /no/such/file.bpgn"},
      {"nosuch", "bpgn: no subcommand 'nosuch' (the subcommands: check, fmt, convert, show, view, standings, summary, "
                 "perft, help, completion)\n"},
  };
  for (const auto& c : cases) {
    const BinaryRun r = run_binary(c.args);
    EXPECT_NE(r.exit_code, 0) << c.args;
    EXPECT_EQ(r.err.substr(0, c.start.size()), c.start) << c.args << "\n" << r.err;
    // Every line of standard error is a message of this subcommand, or the counts under one.
    std::size_t at = 0;
    while (at < r.err.size()) {
      const std::size_t end = r.err.find('\n', at);
      const std::string line = r.err.substr(at, end - at);
      EXPECT_TRUE(line.starts_with("bpgn") || line.starts_with("  ") || line.starts_with("Run 'bpgn"))
          << c.args << ": " << line;
      at = end == std::string::npos ? r.err.size() : end + 1;
    }
  }
}

TEST(CommandLine, StandardInputOnATerminalIsAnnouncedAndCtrlDEndsIt) {
  // A terminal of its own as standard input, output and error; Ctrl-D typed after the announcement.
  for (const std::vector<std::string> command :
       {std::vector<std::string>{"check"}, {"fmt"}, {"convert", "--to", "pgn"}, {"standings"}}) {
    const std::string announced = "bpgn " + command[0] +
                                  ": reading records from standard input (a terminal); end with Ctrl-D, or name FILEs";
    const test::TerminalRun r = test::run_on_terminal(command, {}, {announced, "\x04"}, std::chrono::seconds(20));
    EXPECT_FALSE(r.timed_out) << command[0] << ": still waiting 20 s after Ctrl-D: " << r.text;
    EXPECT_NE(r.text.find(announced), std::string::npos) << command[0] << ": " << r.text;
    // Ctrl-D at once: no games, which is exit 1 unless --allow-empty.
    EXPECT_EQ(r.exit_code, 1) << command[0] << ": " << r.text;
    EXPECT_NE(r.text.find("no games read (--allow-empty accepts that)"), std::string::npos) << command[0] << r.text;
  }
  // A game typed in, then Ctrl-D: read and checked.
  const std::string game = read_file(kMatchFile);
  const test::TerminalRun typed_in =
      test::run_on_terminal({"check", "--format", "jsonl"}, {}, {"end with Ctrl-D", game + "\n\x04"}, std::chrono::seconds(20));
  EXPECT_FALSE(typed_in.timed_out) << typed_in.text;
  EXPECT_EQ(typed_in.exit_code, 0) << typed_in.text;
  EXPECT_NE(typed_in.text.find("\"status\":\"valid\""), std::string::npos) << typed_in.text;
  // Not a terminal: nothing said.
  const BinaryRun piped = run_binary("check", kMatchFile);
  EXPECT_EQ(piped.err.find("reading records"), std::string::npos) << piped.err;
}

TEST(CommandLine, HelpAndVersionOnEverySubcommand) {
  for (const std::string command : {"check", "fmt", "convert", "show", "standings", "summary", "perft"}) {
    const BinaryRun version = run_binary(command + " --version");
    EXPECT_EQ(version.exit_code, 0) << command;
    EXPECT_EQ(version.out, "bpgn " BPGN_VERSION_TEXT "\n") << command;
    const BinaryRun help = run_binary(command + " --help");
    EXPECT_EQ(help.exit_code, 0) << command;
    EXPECT_NE(help.out.find("Examples:\n  bpgn " + command), std::string::npos) << command << help.out;
    EXPECT_NE(help.out.find("Exit codes: 0"), std::string::npos) << command;
    const BinaryRun via_help = run_binary("help " + command);
    EXPECT_EQ(via_help.exit_code, 0) << command;
    EXPECT_EQ(via_help.out, help.out) << command;
  }
  const BinaryRun top = run_binary("help");
  EXPECT_EQ(top.exit_code, 0);
  EXPECT_NE(top.out.find("Run 'bpgn help SUBCOMMAND'"), std::string::npos) << top.out;
  const BinaryRun unknown = run_binary("help nosuch");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(unknown.err.rfind("bpgn help: no subcommand 'nosuch' (the subcommands: check, fmt,", 0), 0u) << unknown.err;
}

}  // namespace
}  // namespace bpgn::check_test
