// The gates of issue 36 on the command line (docs/robustness.md, *Gates*): every number and word an
// option takes, the lists of names (--files-from, --files0-from), the side files (lists,
// --adjudications, --alias, summaries: one bounded line reader), places (FILE:LINE[:COLUMN]), the
// points of an adjudication, and a summary named twice. Each case here passed or misbehaved before.
#include "cli/binary_run.h"
#include "cli/command_line.h"
#include "cli/option_checks.h"
#include "core/whole_number.h"
#include "support/sanitizer.h"
#include "support/scratch_dir.h"

#include <CLI/CLI.hpp>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;

const std::string kGame = std::string(BPGN_CORPUS_DIR) + "/fics/1283326.bpgn";
const std::string kRoundRobin = std::string(BPGN_CORPUS_DIR) + "/../tests/standings/turkish-round-robin.bpgn";

void write(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// The first line of `err` (what the command said first).
std::string first_line(const std::string& err) { return err.substr(0, err.find('\n')); }

TEST(WholeNumber, DigitsOnlyNeverWrapped) {
  EXPECT_EQ(read_whole_number("0").value, 0u);
  EXPECT_EQ(read_whole_number("18446744073709551615").value, 18446744073709551615u);
  EXPECT_EQ(read_whole_number("18446744073709551616").read, WholeNumber::Read::TooLarge);
  EXPECT_EQ(read_whole_number("99999999999999999999x").read, WholeNumber::Read::NotDigits);
  EXPECT_EQ(read_whole_number("4294967296", kMostLineNumber).read, WholeNumber::Read::TooLarge);
  EXPECT_EQ(read_whole_number("4294967295", kMostLineNumber).value, 4294967295u);
  for (const char* bad : {"", "-1", "+1", " 1", "1 ", "0x10", "1e3", "1.0"}) {
    EXPECT_EQ(read_whole_number(bad).read, WholeNumber::Read::NotDigits) << bad;
  }
}

TEST(ValueGate, SignsHugeNumbersAndEmptyTextAreRefusedNamingTheOption) {
  const struct {
    std::string command, option, value;
  } cases[] = {
      {"check", "--min-plies", "-1"},
      {"check", "--max-plies", "-1"},
      {"check", "--min-plies", "18446744073709551616"},
      {"check", "--max-plies", "99999999999999999999"},
      {"check", "--min-plies", "''"},
      {"check", "--min-plies", "+5"},
      {"check", "--min-plies", "0x10"},
      {"check", "--max-errors", "99999999999999999999"},
      {"check", "--max-annotations", "''"},
      {"check", "--jobs", "''"},
      {"check", "--jobs", "+2"},
      {"check", "--elo-min", "-5"},
      {"check", "--elo-max", "99999999999"},
      {"check", "--tolerance", "nan"},
      {"check", "--tolerance", "inf"},
      {"check", "--tolerance", "''"},
      {"check", "--tolerance", "0x1p3"},
      {"fmt", "--min-plies", "-1"},
      {"fmt", "--jobs", "-3"},
      {"convert --to json", "--max-plies", "-1"},
      {"standings", "--max-plies", "-1"},
      {"standings", "--max-columns", "''"},
      {"show", "--game", "''"},
      {"show", "--index", "99999999999999999999"},
      {"show", "--tolerance", "nan"},
      {"view", "--game", "-1"},
      {"view", "--index", "+1"},
      {"view", "--tolerance", "inf"},
  };
  for (const auto& c : cases) {
    const std::string args = c.command + " " + c.option + " " + c.value + " '" + kGame + "'";
    const BinaryRun r = run_binary(args);
    const std::string name = c.command.substr(0, c.command.find(' '));
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_EQ(first_line(r.err).rfind("bpgn " + name + ": " + c.option + ": ", 0), 0u) << args << "\n" << r.err;
  }
  const BinaryRun depth = run_binary("perft --depth ''");
  EXPECT_EQ(depth.exit_code, 2);
  EXPECT_EQ(first_line(depth.err), "bpgn perft: --depth: '' is not a number: the depth in plies is 0 to 20 (decimal digits only)");
  const BinaryRun wrap = run_binary("check --min-plies 18446744073709551616 '" + kGame + "'");
  EXPECT_EQ(first_line(wrap.err),
            "bpgn check: --min-plies: 18446744073709551616 is too large: the number of plies is 0 to 18446744073709551615");
  // What the gate lets through still works.
  EXPECT_EQ(run_binary("check -q --min-plies 0 --max-plies 18446744073709551615 --tolerance 1.5 '" + kGame + "'").exit_code, 0);
}

TEST(ValueGate, EmptyAndMeaninglessWordsAreRefusedNamingTheOption) {
  const struct {
    std::string command, option, value;
  } cases[] = {
      {"check", "--date-from", "''"},  {"check", "--date-to", "' '"},  {"check", "--rules", "''"},
      {"fmt", "--rules", "''"},         {"check", "--team", "+"},        {"check", "--team", "'Ayla+ '"},
      {"standings", "--team", "+Bora"}, {"check", "--player", "''"},     {"check", "--set", "''"},
      {"check", "--files-from", "''"},  {"check", "--files0-from", "''"}, {"check", "--adjudications", "''"},
      {"standings", "--alias", "''"},   {"show", "--at", "''"},          {"check", "--include", "''"},
  };
  for (const auto& c : cases) {
    const std::string args = c.command + " " + c.option + " " + c.value + " '" + kGame + "'";
    const BinaryRun r = run_binary(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_EQ(first_line(r.err).rfind("bpgn " + c.command + ": " + c.option + ": ", 0), 0u) << args << "\n" << r.err;
  }
}

// Every option of every subcommand that takes a number goes through the gate: a new one must too.
TEST(ValueGate, EveryNumberOptionOfEverySubcommandGoesThroughTheGate) {
  CLI::App app{kProgramDescription, "bpgn"};
  CommandAction action;
  define_command_line(app, action, [](std::string_view) { return true; });
  std::size_t numbers = 0;
  const std::function<void(CLI::App&, const std::string&)> visit = [&](CLI::App& command, const std::string& path) {
    for (CLI::Option* option : command.get_options()) {
      if (option->get_expected_min() == 0) continue;  // a flag
      const std::string type = option->get_type_name();
      const bool number = type.starts_with("INT") || type.starts_with("UINT") || type.starts_with("FLOAT") ||
                          type.starts_with("N:") || type == "N";
      if (!number) continue;
      ++numbers;
      bool gated = false;
      for (const char* check : {kWholeNumberCheck, kRealNumberCheck}) {
        try {
          gated = gated || option->get_validator(check) != nullptr;
        } catch (const CLI::OptionNotFound&) {
        }
      }
      EXPECT_TRUE(gated) << path << " " << option->get_name(false, true) << " (" << type << ")";
    }
    for (CLI::App* sub : command.get_subcommands({})) visit(*sub, path + " " + sub->get_name());
  };
  visit(app, "bpgn");
  EXPECT_GE(numbers, 30u);  // check, fmt, convert, standings (filters, --jobs), show, view, perft
}

TEST(InputLists, FilesFromRefusesANameHoldingNulAndPointsToFiles0From) {
  test::ScratchDir dir;
  fs::copy_file(kGame, dir / "a.bpgn");
  fs::copy_file(kGame, dir / "b.bpgn");
  write(dir / "list0", (dir / "a.bpgn").string() + '\0' + (dir / "b.bpgn").string() + '\0');
  for (const std::string command : {"check -q", "fmt", "standings -q"}) {
    const BinaryRun r = run_binary(command + " --files-from '" + (dir / "list0").string() + "'");
    EXPECT_EQ(r.exit_code, 2) << command << "\n" << r.err;
    EXPECT_NE(r.err.find("list0:1: a name holds a NUL byte; a list of NUL-separated names (find -print0) is read with "
                         "--files0-from FILE"),
              std::string::npos)
        << command << "\n" << r.err;
  }
}

TEST(InputLists, Files0FromReadsNulSeparatedNamesAsGnuToolsDo) {
  test::ScratchDir dir;
  fs::copy_file(kGame, dir / "a.bpgn");
  fs::copy_file(kGame, dir / "new\nline.bpgn");  // a newline in a name: what --files-from cannot list
  const std::string list = (dir / "list0").string();
  write(list, (dir / "a.bpgn").string() + '\0' + (dir / "new\nline.bpgn").string() + '\0');
  for (const std::string command : {"check -q", "fmt", "standings -q"}) {
    const BinaryRun r = run_binary(command + " --files0-from '" + list + "'");
    EXPECT_EQ(r.exit_code, 0) << command << "\n" << r.err;
    const BinaryRun in = run_binary(command + " --files0-from -", list);
    EXPECT_EQ(in.exit_code, 0) << command << "\n" << in.err;
    EXPECT_EQ(in.out, r.out) << command;
  }
  EXPECT_NE(run_binary("check -q --files0-from '" + list + "'").err.find("2 games read"), std::string::npos);
  // An empty name (two NULs in a row) is no name.
  write(dir / "empty0", (dir / "a.bpgn").string() + '\0' + '\0');
  const BinaryRun empty = run_binary("check -q --files0-from '" + (dir / "empty0").string() + "'");
  EXPECT_EQ(empty.exit_code, 2) << empty.err;
  EXPECT_NE(empty.err.find("empty0:2: an empty name"), std::string::npos) << empty.err;
  // The list is an input: no output may be it.
  const BinaryRun claimed = run_binary("check -o '" + list + "' --files0-from '" + list + "'");
  EXPECT_EQ(claimed.exit_code, 2) << claimed.err;
  EXPECT_NE(claimed.err.find("is the --files0-from list"), std::string::npos) << claimed.err;
  EXPECT_EQ(run_binary("check --files-from - --files0-from - '" + kGame + "'").exit_code, 2);
  EXPECT_NE(run_binary("check --help").out.find("--files0-from"), std::string::npos);
}

TEST(SideFiles, AFolderOrADeviceIsAPlainError) {
  test::ScratchDir dir;
  const std::string folder = dir.path().string();
  // Under a memory limit: before, /dev/zero was read whole (2 GB and more). Not under
  // AddressSanitizer, whose shadow memory alone is more than any such limit.
  const std::string limit = test::kUnderSanitizer ? "" : "ulimit -v 2000000; ";
  const struct {
    std::string args, says;
  } cases[] = {
      {"check -q --adjudications '" + folder + "' '" + kGame + "'",
       "bpgn check: cannot read the --adjudications file " + folder + ": it is a folder"},
      {"standings -q --adjudications '" + folder + "' '" + kGame + "'",
       "bpgn standings: cannot read the --adjudications file " + folder + ": it is a folder"},
      {"view --adjudications '" + folder + "' '" + kGame + "'",
       "bpgn view: cannot read the --adjudications file " + folder + ": it is a folder"},
      {"check -q --adjudications /dev/zero '" + kGame + "'",
       "bpgn check: cannot read the --adjudications file /dev/zero: it is a device, not a file"},
      {"standings -q --alias /dev/zero '" + kGame + "'",
       "bpgn standings: cannot read the alias file /dev/zero: it is a device, not a file"},
      {"check -q --files-from /dev/zero", "bpgn check: cannot read the --files-from list /dev/zero: it is a device, not a file"},
      {"fmt --files0-from /dev/zero", "bpgn fmt: cannot read the --files0-from list /dev/zero: it is a device, not a file"},
      {"summary merge /dev/zero", "bpgn summary merge: cannot read /dev/zero: it is a device, not a file"},
  };
  for (const auto& c : cases) {
    const BinaryRun r = run_shell("(" + limit + "exec '" + BPGN_BINARY + "' " + c.args + ")");
    EXPECT_EQ(r.exit_code, 3) << c.args << "\n" << r.err;
    EXPECT_EQ(first_line(r.err), c.says) << c.args;
  }
}

TEST(SideFiles, LinesAndFilesBeyondTheLimitsAreRefusedWithFileAndLine) {
  test::ScratchDir dir;
  const std::string long_line = "# " + std::string(70000, 'x') + "\n";
  write(dir / "long.adj", "# decisions\n" + long_line);
  const BinaryRun adj = run_binary("check -q --adjudications '" + (dir / "long.adj").string() + "' '" + kGame + "'");
  EXPECT_EQ(adj.exit_code, 3) << adj.err;
  EXPECT_EQ(first_line(adj.err), "bpgn check: cannot read the --adjudications file " + (dir / "long.adj").string() +
                                     ": line 2 is longer than 65536 bytes (the limit)");
  write(dir / "long.alias", "a = b\n" + long_line);
  const BinaryRun alias = run_binary("standings -q --alias '" + (dir / "long.alias").string() + "' '" + kGame + "'");
  EXPECT_EQ(alias.exit_code, 3) << alias.err;
  EXPECT_NE(alias.err.find("line 2 is longer than 65536 bytes (the limit)"), std::string::npos) << alias.err;
  write(dir / "long.list", kGame + "\n" + std::string(70000, 'y') + "\n");
  const BinaryRun list = run_binary("check -q --files-from '" + (dir / "long.list").string() + "'");
  EXPECT_EQ(list.exit_code, 3) << list.err;
  EXPECT_NE(list.err.find("long.list: line 2 is longer than 65536 bytes (the limit)"), std::string::npos) << list.err;
  // 17 MB of comment lines: past the 16 MiB an adjudications file may hold.
  {
    std::ofstream big(dir / "big.adj", std::ios::binary);
    const std::string comment = "# " + std::string(998, 'c') + "\n";
    for (int k = 0; k < 17000; ++k) big << comment;
  }
  const BinaryRun big = run_binary("check -q --adjudications '" + (dir / "big.adj").string() + "' '" + kGame + "'");
  EXPECT_EQ(big.exit_code, 3) << big.err;
  EXPECT_NE(big.err.find("big.adj: it holds more than 16777216 bytes (the limit)"), std::string::npos) << big.err;
}

TEST(SideFiles, AByteOrderMarkAtTheStartIsRead) {
  test::ScratchDir dir;
  fs::copy_file(kRoundRobin, dir / "rr.bpgn");
  write(dir / "bom.adj", "\xEF\xBB\xBFmatch: rr.bpgn:71\npoints: Irmak 2, Kaan 1.5, Bora 0.5, Cem 0\nreason: r\n");
  const BinaryRun adj = run_binary("standings -q --adjudications '" + (dir / "bom.adj").string() + "' '" +
                                   (dir / "rr.bpgn").string() + "'");
  EXPECT_EQ(adj.exit_code, 0) << adj.err;
  write(dir / "bom.list", "\xEF\xBB\xBF" + kGame + "\n");
  const BinaryRun list = run_binary("check -q --files-from '" + (dir / "bom.list").string() + "'");
  EXPECT_EQ(list.exit_code, 0) << list.err;
  write(dir / "bom.alias", "\xEF\xBB\xBF" "Ayla Y = Ayla\n");
  const BinaryRun alias = run_binary("standings --format json --alias '" + (dir / "bom.alias").string() + "' '" +
                                     (dir / "rr.bpgn").string() + "'");
  EXPECT_EQ(alias.exit_code, 0) << alias.err;
}

TEST(Places, LineAndColumnAreDigitsWithinRange) {
  const struct {
    std::string args, says;
  } cases[] = {
      {"view '" + kGame + ":99999999999999999999'",
       "bpgn view: " + kGame + ":99999999999999999999: line 99999999999999999999 is out of range: lines are counted from 1 to 4294967295"},
      {"view '" + kGame + ":4294967296'",
       "bpgn view: " + kGame + ":4294967296: line 4294967296 is out of range: lines are counted from 1 to 4294967295"},
      {"show '" + kGame + ":4294967296'",
       "bpgn show: " + kGame + ":4294967296: line 4294967296 is out of range: lines are counted from 1 to 4294967295"},
      {"show '" + kGame + ":5:4294967296'",
       "bpgn show: " + kGame + ":5:4294967296: column 4294967296 is out of range: columns are counted from 1 to 4294967295"},
      {"show '" + kGame + ":5:0'", "bpgn show: " + kGame + ":5:0: column 0: columns are counted from 1"},
      {"show '" + kGame + ":abc'",
       "bpgn show: " + kGame + ":abc: 'abc' after the file's name is no line number (a place is FILE:LINE or "
       "FILE:LINE:COLUMN, digits only), and " + kGame + " is no archive that could hold such a member"},
      {"show '" + kGame + ":+5'",
       "bpgn show: " + kGame + ":+5: '+5' after the file's name is no line number (a place is FILE:LINE or "
       "FILE:LINE:COLUMN, digits only), and " + kGame + " is no archive that could hold such a member"},
      {"view '" + kGame + ":x:5'",
       "bpgn view: " + kGame + ":x: 'x' after the file's name is no line number (a place is FILE:LINE or "
       "FILE:LINE:COLUMN, digits only), and " + kGame + " is no archive that could hold such a member"},
  };
  for (const auto& c : cases) {
    const BinaryRun r = run_binary(c.args);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.err;
    EXPECT_EQ(first_line(r.err), c.says) << c.args;
  }
  EXPECT_EQ(run_binary("show '" + kGame + ":7:1'").exit_code, 0);
}

// view takes a place as show does: what follows a file's name is a line number or it is refused,
// exit 2, in show's words (it was "No such file or directory", exit 3). A file whose name holds
// a ':' is still a file.
TEST(Places, ViewRefusesWhatIsNoLineNumberAsShowDoes) {
  for (const std::string after : {"abc", "-1", ""}) {
    const std::string place = kGame + ":" + after;
    const BinaryRun view = run_binary("view '" + place + "'");
    const BinaryRun show = run_binary("show '" + place + "'");
    EXPECT_EQ(view.exit_code, 2) << place << "\n" << view.err;
    EXPECT_EQ(show.exit_code, 2) << place << "\n" << show.err;
    EXPECT_EQ(view.err.find("No such file"), std::string::npos) << view.err;
    EXPECT_NE(first_line(view.err).find("no line number"), std::string::npos) << view.err;
    EXPECT_EQ(first_line(view.err).substr(std::string("bpgn view").size()),
              first_line(show.err).substr(std::string("bpgn show").size()));
  }
  test::ScratchDir dir;
  const fs::path colon = dir / "a:b.bpgn";
  fs::copy_file(kGame, colon);
  const BinaryRun view = run_binary("view '" + colon.string() + "' -o '" + (dir / "page.html").string() + "'");
  EXPECT_EQ(view.exit_code, 0) << view.err;
  EXPECT_EQ(run_binary("show '" + colon.string() + "'").exit_code, 0);
}

TEST(AdjudicatedPoints, MustBeFiniteAndWithinTurkishScoring) {
  test::ScratchDir dir;
  fs::copy_file(kRoundRobin, dir / "rr.bpgn");
  for (const std::string points : {"1e308", "2.5", "inf", "nan", "1e-400x"}) {
    const std::string adj = (dir / "p.adj").string();
    write(adj, "match: rr.bpgn:71\npoints: Irmak " + points + ", Kaan 1.5, Bora 0.5, Cem 0\nreason: r\n");
    const BinaryRun r = run_binary("standings -q --adjudications '" + adj + "' '" + (dir / "rr.bpgn").string() + "'");
    EXPECT_EQ(r.exit_code, 2) << points << "\n" << r.err;
    EXPECT_NE(r.err.find(adj + ":2:"), std::string::npos) << points << "\n" << r.err;
    EXPECT_EQ(r.out.find("inf"), std::string::npos) << points;
    EXPECT_EQ(r.out.find("nan"), std::string::npos) << points;
  }
  write(dir / "q.adj", "match: rr.bpgn:71\npoints: Irmak 1e308, Kaan 1.5, Bora 0.5, Cem 0\nreason: r\n");
  const BinaryRun r = run_binary("check -q --adjudications '" + (dir / "q.adj").string() + "' '" + (dir / "rr.bpgn").string() + "'");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(first_line(r.err), "bpgn check: " + (dir / "q.adj").string() +
                                   ":2:15: points: '1e308' is out of range: a player's points are 0 to 2 (Turkish scoring)");
  write(dir / "m.adj", "match: rr.bpgn:4294967296\nresult: 1-0\nreason: r\n");
  const BinaryRun m = run_binary("check -q --adjudications '" + (dir / "m.adj").string() + "' '" + (dir / "rr.bpgn").string() + "'");
  EXPECT_EQ(m.exit_code, 2) << m.err;
  EXPECT_EQ(first_line(m.err), "bpgn check: " + (dir / "m.adj").string() +
                                   ":1:16: match: line 4294967296 is out of range: lines are counted from 1 to 4294967295");
}

TEST(SummaryMergeInputs, TheSameFileNamedTwiceIsRefused) {
  test::ScratchDir dir;
  const std::string s = (dir / "s.json").string();
  ASSERT_EQ(run_binary("check -q --summary-json '" + s + "' '" + kGame + "'").exit_code, 0);
  fs::create_symlink(s, dir / "link.json");
  fs::create_hard_link(s, dir / "hard.json");
  const std::string dot = (dir / "." / "s.json").string();
  for (const std::string& other : {s, dot, (dir / "link.json").string(), (dir / "hard.json").string()}) {
    const BinaryRun r = run_binary("summary merge '" + s + "' '" + other + "'");
    EXPECT_EQ(r.exit_code, 2) << other << "\n" << r.err;
    EXPECT_EQ(first_line(r.err), "bpgn summary merge: " + other + " and " + s +
                                     " name the same summary; it would be counted twice (name each file once)");
    EXPECT_EQ(r.out, "") << other;
  }
  const BinaryRun in = run_binary("summary merge - -", s);
  EXPECT_EQ(in.exit_code, 2) << in.err;
}

}  // namespace
}  // namespace bpgn::check_test

namespace bpgn::check_test {
namespace {

// An option glued to an empty value (`--player="$EMPTY"`) took the next argument, the file, as its
// value and read standard input instead (exit 1, "standard input: no games"); a result outside
// the four tokens and an empty title were accepted.
TEST(ValueGate, AGluedEmptyValueAFixedWordAndAnEmptyTitleAreRefused) {
  for (const std::string& option : {"--player=", "--include=", "--time-control=", "--result="}) {
    const BinaryRun r = run_binary("check " + option + " '" + kGame + "' </dev/null");
    EXPECT_EQ(r.exit_code, 2) << option << r.err;
    EXPECT_NE(r.err.find(option + " has no value"), std::string::npos) << r.err;
  }
  const BinaryRun title = run_binary("standings --title= '" + kRoundRobin + "' </dev/null");
  EXPECT_EQ(title.exit_code, 2) << title.err;
  const BinaryRun empty_title = run_binary("standings --title '' '" + kRoundRobin + "'");
  EXPECT_EQ(empty_title.exit_code, 2) << empty_title.err;
  EXPECT_NE(empty_title.err.find("--title: '' is empty"), std::string::npos) << empty_title.err;
  const BinaryRun result = run_binary("check --result \"$(printf '\\033[2J')\" '" + kGame + "'");
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("is not one of 1-0, 0-1, 1/2-1/2, *"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find('\x1b'), std::string::npos) << result.err;
  EXPECT_EQ(run_binary("check -q --result 1-0 '" + kGame + "'").exit_code, 0);
}

}  // namespace
}  // namespace bpgn::check_test
