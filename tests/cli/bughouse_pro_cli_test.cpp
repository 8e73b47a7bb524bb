// bughouse.pro records through the command line: fmt writes `xe6` as standard SAN, games of a
// variant that is not chess are kept byte for byte by fmt and convert and reported once by check,
// and --rules / --set win over the record's rule tags.
#include "cli/binary_run.h"

namespace bpgn::check_test {
namespace {

const std::string kDir = std::string(BPGN_CORPUS_DIR) + "/bughouse-pro/";


int count_of(const std::string& text, const std::string& needle) {
  int n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

TEST(BughouseProCli, FmtWritesStandardSanForFilelessCaptures) {
  const BinaryRun r = run_binary("fmt " + shell_quoted(kDir + "fileless-captures.bpgn"));
  // The first game is written in canonical form: every `xd5`-style capture gets its file.
  const std::string first = r.out.substr(0, r.out.find("[Event", 1));
  for (const char* move : {"2A. exd5", "3B. exd6", "3A. dxc6", "3a. bxc6"}) {
    EXPECT_NE(first.find(move), std::string::npos) << move << "\n" << first;
  }
  EXPECT_EQ(first.find(". x"), std::string::npos) << first;
  // The second game (ambiguous `5B. xe6`) keeps the text it cannot read after its error.
  EXPECT_NE(r.out.find("5B. xe6"), std::string::npos);
  EXPECT_EQ(r.exit_code, 1);
  // Formatting the output again changes nothing.
  const std::string once = temp_path("fileless-once.bpgn");
  { std::ofstream(once, std::ios::binary) << r.out; }
  const BinaryRun again = run_binary("fmt " + shell_quoted(once));
  std::filesystem::remove(once);
  EXPECT_EQ(again.out, r.out);
}

TEST(BughouseProCli, FmtWritesDiscards) {
  const BinaryRun r = run_binary("fmt " + shell_quoted(kDir + "discard.bpgn"));
  EXPECT_NE(r.out.find("30A. e8=. {[ts=0.000]}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("41A. dxe8=. {[ts=0.000]}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("9b. d1=. {[ts=0.000]}"), std::string::npos) << r.out;
  EXPECT_EQ(r.exit_code, 1);  // games 4 and 5 hold planted promotion-invalid errors
  EXPECT_EQ(count_of(r.err, "error[promotion-invalid]: "), 2) << r.err;
}

TEST(BughouseProCli, NonChessVariantsAreKeptAsFound) {
  const std::string file = kDir + "unsupported-variants.bpgn";
  const std::string original = read_file(file);
  const BinaryRun fmt = run_binary("fmt " + shell_quoted(file));
  EXPECT_EQ(fmt.out, original);
  EXPECT_EQ(fmt.exit_code, 1);
  EXPECT_EQ(count_of(fmt.err, "error[unsupported-variant]: "), 7) << fmt.err;
  EXPECT_EQ(count_of(fmt.err, "error[syntax]"), 0) << fmt.err;
  const BinaryRun convert = run_binary("convert --to bpgn " + shell_quoted(file));
  EXPECT_EQ(convert.out, original);
  EXPECT_EQ(convert.exit_code, 1);
  const BinaryRun json = run_binary("convert --to json " + shell_quoted(file));
  EXPECT_EQ(count_of(json.out, "\"status\":\"unsupported-variant\""), 7) << json.out;
}

TEST(BughouseProCli, CheckReportsEachNonChessGameOnce) {
  const BinaryRun r = run_binary("check " + shell_quoted(kDir + "unsupported-variants.bpgn"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(count_of(r.out, "error[unsupported-variant]"), 7) << r.out;
  EXPECT_EQ(count_of(r.out, "\n"), 7) << r.out;  // nothing else
  EXPECT_NE(r.err.find("7 games read: 0 valid, 7 invalid, 0 unreadable; 7 errors, 0 warnings"), std::string::npos) << r.err;
}

TEST(BughouseProCli, CommandLineWinsOverRuleTags) {
  // Game 4 of drop-aggression.bpgn: "No check" and a checking R@a8. By the tags: an error.
  const std::string file = kDir + "drop-aggression.bpgn";
  const BinaryRun tags = run_binary("check --format jsonl " + shell_quoted(file));
  EXPECT_NE(tags.out.find("drop-gives-check"), std::string::npos);
  // --set drop_check=allowed overrides the tag (drop_mate=forbidden stays: R@a8 is no bughouse mate).
  const BinaryRun set = run_binary("check --format jsonl --set drop_check=allowed " + shell_quoted(file));
  EXPECT_EQ(set.out.find("drop-gives-check"), std::string::npos) << set.out;
  // --rules names the whole rule set: no tag is read, every drop of the file is allowed.
  const BinaryRun rules = run_binary("check --rules bughouse " + shell_quoted(file));
  EXPECT_EQ(rules.out.find("error["), std::string::npos) << rules.out;
  EXPECT_EQ(count_of(rules.err, "rules   bughouse "), 1) << rules.err;  // one line: the bare preset
}

}  // namespace
}  // namespace bpgn::check_test
