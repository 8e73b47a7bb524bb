// fmt --fix: each repair made, marked in the game and counted; games with errors left unrepaired;
// a second run finds nothing to repair.
#include "cli/binary_run.h"
#include "support/scratch_dir.h"

#include <nlohmann/json.hpp>

#include <fstream>

namespace bpgn::check_test {
namespace {

// Scholar's mate on board A of a match whose Result tag says the other team won, with no `#`.
const std::string kWrongResult =
    "[Event \"x\"]\n[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n[Result \"0-1\"]\n\n"
    "1A. e4 1a. e5 2A. Bc4 2a. Nc6 3A. Qh5 3a. Nf6 4A. Qxf7 1-0\n\n";
// A one-board game mated without Result tag nor token.
const std::string kNoResult = "[Event \"y\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 e5 2. Qh5 Ke7 3. Qxe5\n\n";
// A match whose board-A players stand in White and Black.
const std::string kRoster = "[Event \"r\"]\n[White \"wa\"][Black \"ba\"][WhiteB \"wb\"][BlackB \"bb\"]\n[Result \"*\"]\n\n"
                            "1A. e4 1a. e5 *\n\n";
// Nothing to repair: a `+` where there is check, no end.
const std::string kClean = pgn("1. e4 f5 2. Qh5+ g6", "", "*") + "\n";
// An illegal move: not repairable.
const std::string kBroken = pgn("1. e4 e5 2. Ke3", "", "*") + "\n";

TEST(FmtFix, RepairsAreMadeMarkedAndCounted) {
  test::ScratchDir dir;
  const std::string in = (dir / "in.pgn").string();
  std::ofstream(in) << kWrongResult << kNoResult << kRoster << kClean << kBroken;
  const BinaryRun r = run_binary("fmt --fix '" + in + "'");
  EXPECT_EQ(r.exit_code, 1);  // the broken game
  EXPECT_NE(r.out.find("[Result \"1-0\"]\n[BpgnRepairs \"1 check suffix; Result tag 1-0 (was 0-1)\"]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("4A. Qxf7# 1-0"), std::string::npos);
  EXPECT_NE(r.out.find("[BpgnRepairs \"1 check suffix; Result tag 1-0 (was none); result token 1-0 (was none)\"]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("[WhiteA \"wa\"]\n[BlackA \"ba\"]"), std::string::npos) << r.out;  // filled from White, Black
  EXPECT_NE(r.out.find("[BpgnRepairs \"WhiteA from White; BlackA from Black\"]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3. Qxe5# 1-0"), std::string::npos);
  EXPECT_NE(r.err.find("repairs: 7 in 3 games (2 check suffixes, 2 Result tags, 1 result token, 2 roster tags); "
                       "1 game with errors not repaired"),
            std::string::npos)
      << r.err;
  // Exactly three games are marked; the clean and the broken one are not.
  std::size_t marks = 0;
  for (std::size_t at = 0; (at = r.out.find("[BpgnRepairs ", at)) != std::string::npos; ++at) ++marks;
  EXPECT_EQ(marks, 3u);
  EXPECT_NE(r.out.find("2. Ke3"), std::string::npos);  // the broken game still written
  // A second run repairs nothing and changes nothing.
  const std::string once = (dir / "once.pgn").string();
  std::ofstream(once) << r.out;
  const BinaryRun again = run_binary("fmt --fix '" + once + "'");
  EXPECT_EQ(again.out, r.out);
  EXPECT_NE(again.err.find("repairs: 0 in 0 games; 1 game with errors not repaired"), std::string::npos) << again.err;
  // check agrees with the repaired games.
  const BinaryRun check = run_binary("check '" + once + "'");
  EXPECT_EQ(check.out.find("result-mismatch"), std::string::npos) << check.out;
  // --summary-json: the same counts for scripts; convert has it too.
  const std::string sum = (dir / "s.json").string();
  run_binary("fmt --fix --summary-json '" + sum + "' '" + in + "'");
  const auto j = nlohmann::json::parse(read_file(sum));
  EXPECT_EQ(j["command"], "fmt");
  EXPECT_EQ(j["games_read"], 5);
  EXPECT_EQ(j["valid"].get<int>() + j["with_errors"].get<int>() + j["as_found"].get<int>(), 5);
  EXPECT_EQ(j["repairs"]["Result tag"], 2);
  EXPECT_EQ(j["repairs"]["roster tag"], 2);
  EXPECT_EQ(j["repaired_games"], 3);
  EXPECT_EQ(j["not_repaired"], 1);
  run_binary("convert --to pgn --summary-json '" + sum + "' '" + in + "'");
  const auto c = nlohmann::json::parse(read_file(sum));
  EXPECT_EQ(c["command"], "convert");
  EXPECT_EQ(c["games_read"], 5);
  EXPECT_EQ(c["written"].get<int>() + c["not_written"].get<int>(), 5);
  // Without --fix, fmt leaves the Result tag as it is.
  EXPECT_NE(run_binary("fmt '" + in + "'").out.find("[Result \"0-1\"]"), std::string::npos);
}

}  // namespace
}  // namespace bpgn::check_test
