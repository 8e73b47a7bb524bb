// Every real game of corpus/ replays cleanly under its rule set (corpus/README.md: "every game here
// replays legally under international bughouse rules"), its clocks agree with the record's order,
// and the computed winner agrees with the termination text the server wrote.
#include "replay/check_test_util.h"
#include "replay/messages.h"

#include <filesystem>
#include <regex>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> files_in(const std::string& folder, const std::string& ext) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(std::string(BPGN_CORPUS_DIR) + "/" + folder)) {
    if (e.path().extension() == ext) out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

struct CorpusGame {
  Game game;
  ReplayResult result;
};

// Replays every game of a file as `bpgn check --rules NAME` does, with the default tolerance.
std::vector<CorpusGame> check_file(const std::string& path, const std::string& rules_name) {
  std::vector<CorpusGame> out;
  for (Game& g : read_games(read_file(path), path)) {
    RuleSet base = *rules_by_name(rules_name);
    ReplayOptions options;
    options.tolerance_seconds = default_tolerance(g);
    ReplayResult r = replay(g, rules_for_record(g, base, RuleOverrides{}), options);
    out.push_back({std::move(g), std::move(r)});
  }
  return out;
}

void expect_clean(const CorpusGame& c, const std::string& where) {
  EXPECT_FALSE(c.result.has_error()) << where << "\n" << codes_of(c.result);
  for (ViolationCode code : {ViolationCode::ClockOrder, ViolationCode::MoveAfterEnd, ViolationCode::ResultMismatch}) {
    EXPECT_TRUE(with_code(c.result, code).empty()) << where << "\n" << codes_of(c.result);
  }
  for (std::size_t i = 0; i < c.result.plies.size(); ++i) {
    EXPECT_TRUE(c.result.plies[i].replayed) << where << " ply " << i;
  }
}

// Pieces of one colour on both boards and in every holding (a promoted piece counts once).
int units(const ReplayResult& r, Color c) {
  int n = 0;
  for (int b = 0; b < r.boards; ++b) {
    n += popcount(r.final[b].pieces(c));
    for (int t = 0; t < kHoldablePieceTypes; ++t) n += r.final[b].in_hand(c, PieceType(t));
  }
  return n;
}

TEST(CorpusCheck, BughouseRecordsAreValid) {
  std::vector<std::string> files = files_in("fics", ".bpgn");
  for (const auto& f : files_in("chesscom-derived", ".bpgn")) files.push_back(f);
  std::size_t games = 0;
  for (const std::string& f : files) {
    for (const CorpusGame& c : check_file(f, "bughouse")) {
      ++games;
      expect_clean(c, f + " game " + std::to_string(c.game.index));
      EXPECT_EQ(c.result.rules.name, "bughouse");
      EXPECT_EQ(c.result.boards, 2);
    }
  }
  EXPECT_EQ(games, 22u);  // corpus/README.md: 21 FICS games and 1 chess.com-derived
}

TEST(CorpusCheck, CrazyhouseRecordsAreValid) {
  for (const std::string& f : files_in("crazyhouse", ".pgn")) {
    std::vector<CorpusGame> games = check_file(f, "crazyhouse");
    ASSERT_EQ(games.size(), 1u) << f;
    expect_clean(games[0], f);
    EXPECT_EQ(games[0].result.boards, 1);
    // Both lichess games end with a mating drop by White (`28. Q@g3#`, `32. P@e3#`).
    EXPECT_EQ(games[0].result.outcome.winner, Winner::White) << f;
    EXPECT_EQ(games[0].result.outcome.reason, EndReason::Checkmate) << f;
  }
}

TEST(CorpusCheck, ChessRecordsAreValid) {
  std::size_t games = 0;
  for (const std::string& f : files_in("chess", ".pgn")) {
    for (const CorpusGame& c : check_file(f, "chess")) {
      ++games;
      expect_clean(c, f + " game " + std::to_string(c.game.index));
    }
  }
  EXPECT_GT(games, 1000u);
}

// The default for a record without --rules: bughouse for BPGN, crazyhouse for the lichess files.
TEST(CorpusCheck, DefaultRuleSets) {
  for (Game& g : read_games(corpus("fics/1934301.bpgn"))) EXPECT_EQ(default_rules_for_record(g).name, "bughouse");
  for (Game& g : read_games(corpus("crazyhouse/lichess-65Z1FlQg.pgn"))) {
    EXPECT_EQ(default_rules_for_record(g).name, "crazyhouse");
  }
  for (Game& g : read_games(corpus("chess/twic1599-sample.pgn"))) {
    EXPECT_EQ(default_rules_for_record(g).name, "chess");
    break;
  }
}

// Captured pieces change hands but keep their colour (a white piece taken on board A goes to White
// on board B): each colour keeps its 32 pieces across both boards and all holdings, checked after
// every ply of every FICS game.
TEST(CorpusCheck, PieceCountIsKeptAfterEveryPly) {
  for (const std::string& f : files_in("fics", ".bpgn")) {
    for (Game& g : read_games(read_file(f), f)) {
      const std::size_t n = g.plies.size();
      Game prefix = g;
      for (std::size_t k = 1; k <= n; ++k) {
        prefix.plies.assign(g.plies.begin(), g.plies.begin() + std::ptrdiff_t(k));
        ReplayResult r = replay(prefix, bughouse_rules(), {});
        ASSERT_EQ(units(r, White), 32) << f << " game " << g.index << " after ply " << k;
        ASSERT_EQ(units(r, Black), 32) << f << " game " << g.index << " after ply " << k;
      }
    }
  }
}

// The termination text read independently of the program: "<name> checkmated|resigns|forfeits on
// time"; the name's seat comes from the tags; that seat's team lost.
TEST(CorpusCheck, ComputedWinnerAgreesWithTheTerminationText) {
  const std::regex text(R"(^(\S+) (checkmated|resigns|forfeits on time)$)");
  int checked = 0;
  for (const std::string& f : files_in("fics", ".bpgn")) {
    for (const CorpusGame& c : check_file(f, "bughouse")) {
      std::smatch m;
      if (!std::regex_match(c.game.termination, m, text)) continue;
      std::optional<Seat> loser;
      for (Seat s : {Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB}) {
        const std::string* name = c.game.tag(seat_tag(s));
        if (name && *name == m[1].str()) loser = s;
      }
      ASSERT_TRUE(loser.has_value()) << f << ": " << c.game.termination;
      // Team 1 is WhiteA + BlackB.
      const bool loser_team1 = *loser == Seat::WhiteA || *loser == Seat::BlackB;
      EXPECT_EQ(c.result.outcome.winner, loser_team1 ? Winner::Team2 : Winner::Team1) << f << ": " << c.game.termination;
      ASSERT_TRUE(c.result.outcome.board.has_value());
      EXPECT_EQ(*c.result.outcome.board, board_of(*loser)) << f;
      const std::string how = m[2].str();
      EXPECT_EQ(c.result.outcome.reason, how == "checkmated" ? EndReason::Checkmate
                                         : how == "resigns"  ? EndReason::Resignation
                                                             : EndReason::Time)
          << f << ": " << c.game.termination;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 20);  // every FICS game but the aborted one
}

TEST(CorpusCheck, HandCheckedResults) {
  {
    // `23B. B@g7#{72.284}` then `{BobBughouse checkmated} 1-0`. BobBughouse is BlackB (team 1), so
    // team 2 won on board B; "1-0" is board B's White (Giomaxxim, team 2) winning: the 2021
    // download's convention.
    auto games = check_file(std::string(BPGN_CORPUS_DIR) + "/fics/1934301.bpgn", "bughouse");
    const Outcome& o = games.at(0).result.outcome;
    EXPECT_EQ(o.winner, Winner::Team2);
    EXPECT_EQ(o.reason, EndReason::Checkmate);
    EXPECT_EQ(o.board, Board::B);
    EXPECT_EQ(o.recorded, "1-0");
    EXPECT_EQ(o.computed, "1-0");
  }
  {
    // `{Giomaxxim forfeits on time} 0-1`: Giomaxxim is WhiteB (team 2), last seen to move with
    // 0.646 s after `32B. a3+{0.646} 32b. Ka5`.
    auto games = check_file(std::string(BPGN_CORPUS_DIR) + "/fics/1934461.bpgn", "bughouse");
    const Outcome& o = games.at(0).result.outcome;
    EXPECT_EQ(o.winner, Winner::Team1);
    EXPECT_EQ(o.reason, EndReason::Time);
    EXPECT_EQ(o.board, Board::B);
  }
  {
    // 2017 export: `25a. cxd6{-0.576}` is a move on a slightly negative clock that the server
    // accepted; `{ChiCkenCROSSrOaD forfeits on time} 0-1`: BlackB (team 1) lost, "0-1" is team 1's
    // view.
    auto games = check_file(std::string(BPGN_CORPUS_DIR) + "/fics/3611438.bpgn", "bughouse");
    const Outcome& o = games.at(0).result.outcome;
    EXPECT_EQ(o.winner, Winner::Team2);
    EXPECT_EQ(o.reason, EndReason::Time);
    EXPECT_EQ(o.board, Board::B);
    EXPECT_EQ(o.computed, "0-1");
  }
  {
    // `{Game aborted on move 1} *`
    auto games = check_file(std::string(BPGN_CORPUS_DIR) + "/fics/1283326.bpgn", "bughouse");
    const Outcome& o = games.at(0).result.outcome;
    EXPECT_EQ(o.winner, Winner::None);
    EXPECT_EQ(o.reason, EndReason::Abort);
    EXPECT_EQ(o.computed, "*");
  }
  {
    // chess.com-derived: `19a. Qxg1#` on board A, Black A (team 2) mates; the Termination tag names
    // a player who is in no seat tag (they are all "?").
    auto games = check_file(std::string(BPGN_CORPUS_DIR) + "/chesscom-derived/2022-02-22-chesscom-export.bpgn",
                            "bughouse");
    const CorpusGame& c = games.at(0);
    EXPECT_EQ(c.result.outcome.winner, Winner::Team2);
    EXPECT_EQ(c.result.outcome.reason, EndReason::Checkmate);
    EXPECT_EQ(c.result.outcome.board, Board::A);
    // Board A has no clocks; board B's `[%clk]` values grow again and again (1.3, 1.6, 2, 2.8, 4
    // for White): not remaining times, so no clock warnings and no times.
    EXPECT_EQ(c.result.clocks[0], ClockUse::None);
    EXPECT_EQ(c.result.clocks[1], ClockUse::Implausible);
    EXPECT_TRUE(c.result.violations.empty()) << codes_of(c.result);
    for (const PlyOutcome& p : c.result.plies) EXPECT_FALSE(p.time.has_value());
  }
}

// The 2001 archive never writes '#': its mating moves carry '+', its writer's convention, which
// one check-suffix-convention note per game reports (and nothing else does: no check-suffix
// warning). The games that end by resignation or time have no note.
TEST(CorpusCheck, The2001ArchiveMarksMatesWithPlus) {
  auto games = check_file(std::string(BPGN_CORPUS_DIR) + "/fics/2001-03-03-fifteen-games.bpgn", "bughouse");
  ASSERT_EQ(games.size(), 15u);
  int noted = 0;
  for (const CorpusGame& c : games) {
    EXPECT_TRUE(with_code(c.result, ViolationCode::CheckSuffix).empty()) << codes_of(c.result);
    const auto notes = with_code(c.result, ViolationCode::CheckSuffixConvention);
    EXPECT_EQ(notes.size(), c.result.outcome.reason == EndReason::Checkmate ? 1u : 0u) << codes_of(c.result);
    EXPECT_EQ(notes.size(), c.result.violations.size()) << codes_of(c.result);
    if (!notes.empty()) {
      EXPECT_EQ(notes[0].severity, Severity::Note);
      EXPECT_FALSE(notes[0].board.has_value());
      // Where the convention is seen: the last move, the mate written '+'.
      EXPECT_EQ(notes[0].pos, c.game.plies.back().san_pos) << "the last move mates";
      EXPECT_EQ(c.game.plies.back().san.back(), '+');
      EXPECT_NE(notes[0].message.find("'+' on its mating move (1 of 1)"), std::string::npos) << notes[0].message;
      ++noted;
    }
  }
  EXPECT_EQ(noted, 12);
}

}  // namespace
}  // namespace bpgn::check_test
