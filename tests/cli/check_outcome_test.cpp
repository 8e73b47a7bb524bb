// The text report says who won: after the diagnostics of an input that holds one game, and after
// every game's with --verbose (`file:line:col: outcome: ...`). Expected lines are written by hand
// from the records.
#include "cli/binary_run.h"
#include "pipeline/run/exit_codes.h"
#include "replay/check_test_util.h"

#include <filesystem>
#include <fstream>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;



TEST(CheckOutcome, OneGameEndsWithItsOutcome) {
  const std::string path = write_temp("fool.pgn", pgn("1. f3 e5 2. g4 Qh4# 0-1", "", "0-1"));
  for (const char* jobs : {"1", "2"}) {
    const BinaryRun run = run_binary(std::string("check --jobs ") + jobs + " " + shell_quoted(path));
    EXPECT_EQ(run.exit_code, kExitClean);
    EXPECT_EQ(run.out, path + ":1:1: outcome: Black b wins by checkmate; recorded result 0-1\n") << "--jobs " << jobs;
  }
  // Not with --quiet, and not in JSON (which has its `result` object).
  EXPECT_EQ(run_binary("check --quiet " + shell_quoted(path)).out, "");
  EXPECT_EQ(run_binary("check --format jsonl " + shell_quoted(path)).out.find("outcome:"), std::string::npos);
  fs::remove(path);
}

TEST(CheckOutcome, TheOutcomeComesAfterTheDiagnostics) {
  const std::string path = write_temp("illegal.pgn", pgn("1. e4 Ke6 *"));
  const BinaryRun run = run_binary("check " + shell_quoted(path));
  EXPECT_EQ(run.exit_code, kExitInvalid);
  EXPECT_EQ(run.out, path + ":6:7: error[illegal-move]: Black (b) cannot play 1... Ke6: no king can make that move\n" + path +
                         ":1:1: outcome: no winner known; recorded result *\n");
  fs::remove(path);
}

TEST(CheckOutcome, ABughouseMatchNamesTheTeamAndTheBoard) {
  const std::string file = std::string(BPGN_CORPUS_DIR) + "/fics/1934301.bpgn";
  const BinaryRun run = run_binary("check " + shell_quoted(file));
  EXPECT_NE(run.out.find(file + ":1:1: outcome: "), std::string::npos) << run.out;
  // Under turkish with illegal_action=automatic the illegal drop (a checking drop) loses, and the
  // four players score.
  const BinaryRun turkish = run_binary("check --rules turkish --set illegal_action=automatic " + shell_quoted(file));
  EXPECT_NE(turkish.out.find(file + ":1:1: outcome: team 2 (BlackA Stesox and WhiteB Giomaxxim) wins by the other "
                                    "side's illegal action on board A; recorded result 1-0; points: WhiteA 0 BlackA 2 "
                                    "WhiteB 1.5 BlackB 0.5\n"),
            std::string::npos)
      << turkish.out;
  // Turkish's own illegal_action=claimed: the checking drops were answered (not claimed) and play
  // went on from them; the record ends at Giomaxxim's mating drop 23B. B@g7#, which turkish
  // forbids: that is the claimed action, and team 1 wins by it.
  const BinaryRun claimed = run_binary("check --rules turkish " + shell_quoted(file));
  EXPECT_NE(claimed.out.find(file + ":1:1: outcome: team 1 (WhiteA Rabbos and BlackB BobBughouse) wins by the other "
                                    "side's illegal action on board B; recorded result 1-0; points: WhiteA 1.5 BlackA "
                                    "0.5 WhiteB 0 BlackB 2; illegal action not claimed (10A. B@b5+): play went on\n"),
            std::string::npos)
      << claimed.out;
}

TEST(CheckOutcome, ManyGamesSayTheirOutcomesOnlyWhenVerbose) {
  const std::string file = std::string(BPGN_CORPUS_DIR) + "/fics/2001-03-03-fifteen-games.bpgn";
  const BinaryRun plain = run_binary("check --jobs 1 " + shell_quoted(file));
  EXPECT_EQ(plain.out.find("outcome:"), std::string::npos);
  for (const char* jobs : {"1", "2"}) {
    const BinaryRun verbose = run_binary(std::string("check --verbose --jobs ") + jobs + " " + shell_quoted(file));
    std::size_t count = 0;
    for (std::size_t at = verbose.out.find(": outcome: "); at != std::string::npos; at = verbose.out.find(": outcome: ", at + 1)) {
      ++count;
    }
    EXPECT_EQ(count, 15u) << "--jobs " << jobs;
    // The first game's diagnostics, then its outcome, then the second game's.
    const std::string first = file + ":1:1: outcome: team 1 (WhiteA Tecumseh and BlackB LINDEGREN) wins by checkmate on "
                                     "board B; recorded result 1-0\n";
    const std::size_t at = verbose.out.find(first);
    ASSERT_NE(at, std::string::npos) << verbose.out;
    EXPECT_EQ(verbose.out.substr(0, at), file + ":1:2266: note[check-suffix-convention]: the record writes '+' on its "
                                                "mating move (1 of 1), never '#'\n");
    EXPECT_EQ(verbose.out.compare(at + first.size(), file.size() + 3, file + ":3:"), 0);
  }
}

}  // namespace
}  // namespace bpgn::check_test
