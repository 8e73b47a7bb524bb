// Every command reads through the one opener: an archive member that cannot be opened is named
// itself, an input without games is said, an unreadable --files-from list is an input failure
// like an unreadable file, and compressed lists, board files, summaries and alias files are read.
#include "api/bpgn_api.h"
#include "cli/binary_run.h"
#include "io/archive_fixture.h"
#include "io/input_file.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

namespace bpgn::check_test {
namespace {

using test::Container;
using test::Filter;

const std::string kGame = bpgn("1A. e4 1a. e5 1B. d4 1b. d5") + "\n";
const std::string kTooDeep = "an archive inside 4 others (bpgn reads archives at most that deep), not read";

// outer.zip: a.bpgn (one valid game), then n4.zip, an archive nested past the limit.
struct FailingMember {
  test::ScratchDir dir;
  std::string outer = test::archive_with_a_failing_member(dir, kGame);
  std::string member = outer + ":n4.zip:n3.zip:n2.zip:n1.zip";
};

TEST(InputEvents, AMemberThatCannotBeOpenedIsNamedByEveryCommand) {
  const FailingMember f;
  const std::string said = "cannot read " + f.member + ": " + kTooDeep + "\n";
  for (const std::string command : {"check", "check --jobs 2", "fmt", "convert --to bpgn", "standings"}) {
    const BinaryRun r = run_binary(command + " '" + f.outer + "'");
    EXPECT_EQ(r.exit_code, 3) << command << "\n" << r.err;
    const std::string name = command.substr(0, command.find(' '));
    EXPECT_NE(r.err.find("bpgn " + name + ": " + said), std::string::npos) << command << "\n" << r.err;
  }
  const BinaryRun show = run_binary("show --game 2 '" + f.outer + "'");
  EXPECT_EQ(show.exit_code, 3) << show.err;
  EXPECT_NE(show.err.find("bpgn show: " + f.member + ": " + kTooDeep), std::string::npos) << show.err;
  try {
    (void)api::read(api::Input::from_file(f.outer));
    ADD_FAILURE() << "the broken member was not reported";
  } catch (const api::Error& e) {
    EXPECT_EQ(e.file(), f.member);
    EXPECT_EQ(e.message(), said.substr(0, said.size() - 1));
  }
}

TEST(InputEvents, StandingsSaysAnInputWithoutGamesAsCheckDoes) {
  test::ScratchDir dir;
  const std::string empty = (dir / "empty.bpgn").string(), game = (dir / "g.bpgn").string();
  test::write_bytes(empty, "\n\n");
  test::write_bytes(game, kGame);
  const BinaryRun check = run_binary("check -q '" + empty + "' '" + game + "'");
  const BinaryRun standings = run_binary("standings '" + empty + "' '" + game + "'");
  EXPECT_EQ(standings.exit_code, 0) << standings.err;
  EXPECT_NE(check.err.find("bpgn check: " + empty + ": no games\n"), std::string::npos) << check.err;
  EXPECT_NE(standings.err.find("bpgn standings: " + empty + ": no games\n"), std::string::npos) << standings.err;
}

TEST(InputEvents, AnUnreadableListIsAnInputFailureAndTheOtherInputsAreRead) {
  test::ScratchDir dir;
  const std::string game = (dir / "g.bpgn").string(), list = (dir / "no-such-list").string();
  test::write_bytes(game, kGame);
  const std::string said = "cannot read " + list + ": No such file or directory\n";
  for (const std::string command : {"check", "fmt", "standings"}) {
    const BinaryRun r = run_binary(command + " --files-from '" + list + "' '" + game + "'");
    EXPECT_EQ(r.exit_code, 3) << command << "\n" << r.err;
    EXPECT_NE(r.err.find("bpgn " + command + ": " + said), std::string::npos) << command << "\n" << r.err;
  }
  // check reads the file and names the list among the input errors, for every --jobs.
  const BinaryRun one = run_binary("check --jobs 1 --format json --files-from '" + list + "' '" + game + "'");
  const BinaryRun two = run_binary("check --jobs 2 --format json --files-from '" + list + "' '" + game + "'");
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(one.err, two.err);
  const nlohmann::json doc = nlohmann::json::parse(one.out);
  EXPECT_EQ(doc["summary"]["games"], 1);
  ASSERT_EQ(doc["input_errors"].size(), 1u);
  EXPECT_EQ(doc["input_errors"][0]["file"], list);
  EXPECT_EQ(doc["input_errors"][0]["message"], "No such file or directory");
}

TEST(InputEvents, CompressedListsBoardFilesSummariesAndAliasFilesAreRead) {
  test::ScratchDir dir;
  const std::string game = (dir / "g.bpgn").string();
  test::write_bytes(game, kGame);
  // --files-from list.gz
  const std::string list = (dir / "list.gz").string();
  test::write_bytes(list, test::gzip_bytes(game + "\n"));
  const BinaryRun listed = run_binary("check -q --files-from '" + list + "'");
  EXPECT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_NE(listed.err.find("1 game read"), std::string::npos) << listed.err;
  // chess.com board files, gzipped: the same match as from the plain files.
  const std::string golden = std::string(BPGN_CORPUS_DIR) + "/../tests/golden/chesscom-small/";
  for (const char* board : {"1001.json", "1002.json"}) {
    test::write_bytes((dir / (std::string(board) + ".gz")).string(), test::gzip_bytes(read_file(golden + board)));
  }
  const BinaryRun plain = run_binary("convert --to bpgn '" + golden + "1001.json' '" + golden + "1002.json'");
  const BinaryRun packed = run_binary("convert --to bpgn '" + (dir / "1001.json.gz").string() + "' '" +
                                      (dir / "1002.json.gz").string() + "'");
  EXPECT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(packed.exit_code, 0) << packed.err;
  EXPECT_FALSE(plain.out.empty());
  EXPECT_EQ(packed.out, plain.out);
  // A summary, gzipped, merges as the plain one.
  const std::string summary = (dir / "s.json").string();
  ASSERT_EQ(run_binary("check -q --summary-json '" + summary + "' '" + game + "'").exit_code, 0);
  test::write_bytes(summary + ".gz", test::gzip_bytes(read_file(summary)));
  const BinaryRun merged = run_binary("summary merge '" + summary + "' '" + summary + ".gz'");
  EXPECT_EQ(merged.exit_code, 0) << merged.err;
  EXPECT_NE(merged.out.find("\"summaries_merged\":2"), std::string::npos) << merged.out;
  // --alias FILE.gz
  const std::string alias = (dir / "alias.gz").string(), won = (dir / "won.bpgn").string();
  test::write_bytes(won, bpgn("1A. e4 1a. e5 {ba resigns} 1-0", "", "1-0"));
  test::write_bytes(alias, test::gzip_bytes("# the seat WhiteA of kGame\nwa = Renamed Player\n"));
  const BinaryRun aliased = run_binary("standings --format json --alias '" + alias + "' '" + won + "'");
  EXPECT_EQ(aliased.exit_code, 0) << aliased.err;
  EXPECT_NE(aliased.out.find("\"Renamed Player\""), std::string::npos) << aliased.out;
  EXPECT_EQ(aliased.out.find("\"wa\""), std::string::npos) << aliased.out;
}

}  // namespace
}  // namespace bpgn::check_test
