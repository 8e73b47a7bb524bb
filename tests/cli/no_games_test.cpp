// A run that reads no game at all is a failure for CI (exit 1, "no games read") unless
// --allow-empty; one empty input among others is only a note (issue 22).
#include "cli/binary_run.h"
#include "support/scratch_dir.h"

#include <fstream>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;

struct NoGameInputs {
  test::ScratchDir dir;
  std::string empty_file, blank_file, empty_folder, mistyped_folder, game;
  NoGameInputs() {
    empty_file = (dir / "empty.bpgn").string();
    std::ofstream(empty_file).flush();
    blank_file = (dir / "blank.pgn").string();
    std::ofstream(blank_file) << "\n   \n\n";
    empty_folder = (dir / "nothing").string();
    fs::create_directory(empty_folder);
    mistyped_folder = (dir / "mistyped").string();  // records, but not named *.bpgn / *.pgn
    fs::create_directory(mistyped_folder);
    std::ofstream(mistyped_folder + "/games.txt") << bpgn("1A. e4 1a. e5");
    game = (dir / "game.bpgn").string();
    std::ofstream(game) << bpgn("1A. e4 1a. e5");
    const std::string canonical = run_binary("fmt " + game).out;  // so that fmt --check finds nothing to change
    std::ofstream(game) << canonical;
  }
};


TEST(NoGames, EveryCommandFailsARunThatReadsNothing) {
  const NoGameInputs in;
  const std::vector<std::pair<std::string, std::string>> commands = {
      {"check", "check"},
      {"check --format json", "check"},
      {"check --jobs 2 --format jsonl", "check"},
      {"fmt", "fmt"},
      {"fmt --check", "fmt"},
      {"convert --to json", "convert"},
      {"standings", "standings"},
  };
  for (const auto& [command, name] : commands) {
    for (const std::string& input : {in.empty_file, in.blank_file, in.empty_folder, in.mistyped_folder}) {
      if (name == "convert" && (input == in.empty_folder || input == in.mistyped_folder)) continue;  // no folders
      const BinaryRun r = run_binary(command + " " + shell_quoted(input));
      EXPECT_EQ(r.exit_code, 1) << command << " " << input << "\n" << r.err;
      EXPECT_NE(r.err.find("bpgn " + name + ": no games read"), std::string::npos) << command << "\n" << r.err;
      // (fmt --check of blank space: it would change, which is exit 1 anyway.)
      if (command == "fmt --check" && input == in.blank_file) continue;
      const BinaryRun allowed = run_binary(command + " --allow-empty " + shell_quoted(input));
      EXPECT_EQ(allowed.exit_code, 0) << command << " --allow-empty " << input << "\n" << allowed.err;
      EXPECT_EQ(allowed.err.find("no games read"), std::string::npos) << allowed.err;
    }
    // Standard input with nothing on it, too.
    const BinaryRun stdin_run = run_binary(command, in.empty_file);
    EXPECT_EQ(stdin_run.exit_code, 1) << command << "\n" << stdin_run.err;
    // One empty input beside a game: a note about that input, the run is fine.
    const BinaryRun mixed = run_binary(command + " " + shell_quoted(in.empty_file) + " " + shell_quoted(in.game));
    EXPECT_EQ(mixed.exit_code, 0) << command << "\n" << mixed.err;
    if (name != "standings")  // (which says nothing per input)
      EXPECT_NE(mixed.err.find(in.empty_file + ": no games\n"), std::string::npos) << command << "\n" << mixed.err;
    EXPECT_EQ(mixed.err.find("no games read"), std::string::npos) << command << "\n" << mixed.err;
  }
}

TEST(NoGames, AnInputErrorStaysExitThreeAndFiltersDoNotMakeARunEmpty) {
  const NoGameInputs in;
  // Nothing read because the input is missing: the input error decides (exit 3).
  const BinaryRun missing = run_binary("check " + shell_quoted((in.dir / "missing.bpgn").string()));
  EXPECT_EQ(missing.exit_code, 3) << missing.err;
  // Games read but all left out by a filter: the run read games.
  const BinaryRun filtered = run_binary("check --date-from 2999.01.01 " + shell_quoted(in.game));
  EXPECT_EQ(filtered.exit_code, 0) << filtered.err;
  // fmt --in-place of an empty file: nothing read, the same rule.
  const BinaryRun in_place = run_binary("fmt --in-place " + shell_quoted(in.empty_file));
  EXPECT_EQ(in_place.exit_code, 1) << in_place.err;
  EXPECT_NE(in_place.err.find("bpgn fmt: no games read"), std::string::npos) << in_place.err;
  EXPECT_EQ(run_binary("fmt --in-place --allow-empty " + shell_quoted(in.empty_file)).exit_code, 0);
}

}  // namespace
}  // namespace bpgn::check_test
