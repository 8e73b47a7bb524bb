// Never crash on bad input: real records cut short and with bytes changed at random (a fixed seed)
// go through the reader, the replay and the JSON report without an exception, and every game the
// reader returns is reported.
#include "output/report_json.h"
#include "replay/check_test_util.h"

#include <nlohmann/json.hpp>

#include <cstdint>

namespace bpgn::check_test {
namespace {

std::size_t check_all(const std::string& text) {
  std::size_t games = 0;
  for (Game& g : read_games(text)) {
    RuleSet rules = rules_for_record(g, default_rules_for_record(g), RuleOverrides{});
    ReplayOptions options;
    options.tolerance_seconds = default_tolerance(g);
    ReplayResult r = replay(g, rules, options);
    const auto j = nlohmann::ordered_json::parse(game_report_json(g, r, {}));
    EXPECT_EQ(j["index"], g.index);
    if (j["status"] == "valid") {
      EXPECT_FALSE(r.has_error());
    }
    ++games;
  }
  return games;
}

TEST(Robustness, TruncatedAndMutatedRecords) {
  const std::vector<std::string> files{"fics/1934301.bpgn", "fics/2001-03-03-fifteen-games.bpgn",
                                       "chesscom-derived/2022-02-22-chesscom-export.bpgn",
                                       "crazyhouse/lichess-tnA9XCCX.pgn"};
  std::uint64_t seed = 0x9E3779B97F4A7C15ull;
  auto next = [&seed] {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return std::size_t(seed >> 33);
  };
  const std::string alphabet = "abcdefgh12345678NBRQKP@x=+#-O{}[]() \n.*/$~";
  for (const std::string& f : files) {
    const std::string text = corpus(f);
    ASSERT_FALSE(text.empty()) << f;
    for (int round = 0; round < 60; ++round) {
      std::string cut = text.substr(0, next() % text.size());
      EXPECT_NO_THROW(check_all(cut)) << f << " cut at " << cut.size();
      std::string mutated = text;
      for (int k = 0; k < 8; ++k) mutated[next() % mutated.size()] = alphabet[next() % alphabet.size()];
      std::size_t games = 0;
      EXPECT_NO_THROW(games = check_all(mutated)) << f << " round " << round;
      EXPECT_GE(games, 1u);
    }
  }
}

TEST(Robustness, HostileFenAndClocks) {
  // A FEN without kings or that is no FEN: e4 cannot be played there, or the FEN tag is a syntax
  // error; either way the game is invalid, and nothing crashes.
  for (const std::string fen : {"8/8/8/8/8/8/8/8 w - - 0 1 | 8/8/8/8/8/8/8/8 w - - 0 1", "nonsense", "|", ""}) {
    Checked c = check_text(bpgn("1A. e4 1a. e5", "[FEN \"" + fen + "\"]\n"));
    EXPECT_TRUE(c.result.has_error()) << fen;
    EXPECT_FALSE(c.result.plies.at(0).replayed) << fen;
  }
  // Clocks of absurd size, a Lag tag with junk: the legal moves are still played.
  Checked c = check_text(bpgn("1A. e4{99999999999} 1a. e5{-99999999999} 1B. d4{1e308}",
                              "[TimeControl \"1e308+1e308\"]\n"));
  EXPECT_TRUE(c.result.plies.at(0).replayed) << codes_of(c.result);
  Checked lag = check_text(bpgn("1A. e4{5} 1a. e5{5}", "[TimeControl \"10\"]\n[Lag \"-5 99999999999 x\"]\n"));
  EXPECT_TRUE(lag.result.plies.at(1).replayed) << codes_of(lag.result);
}

// What the canonical writer takes from the replay instead of a position a ply: the board's move
// number when the replay reached the ply (0 for one after the board's first error) and the colour
// of each played ply, with or without the positions kept.
TEST(ReplayPositions, MoveNumbersAndColoursWithoutPositions) {
  const std::vector<Game> games = read_games("1A. e4 1a. e5 1B. d4 1b. Qxh7 2A. Nf3 2B. Nf3 *");
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  const RuleSet rules = rules_for_record(g, default_rules_for_record(g), RuleOverrides{});
  for (const bool keep : {false, true}) {
    ReplayOptions options;
    options.keep_positions = keep;
    ReplayResult r;
    replay(g, rules, options, r);
    ASSERT_EQ(r.plies.size(), 6u) << keep;
    EXPECT_EQ(r.move_numbers, (std::vector<int>{1, 1, 1, 1, 2, 0})) << keep;  // 2B. Nf3 never reached
    EXPECT_EQ(r.plies[0].color, White);
    EXPECT_EQ(r.plies[1].color, Black);
    EXPECT_EQ(r.plies[2].color, White);
    EXPECT_FALSE(r.plies[3].replayed);  // 1b. Qxh7 is illegal
    EXPECT_EQ(r.plies[4].color, White);
    EXPECT_FALSE(r.plies[5].replayed);
  }
}

// One-board PGN: the colour of a played ply is the one the SAN decided (Black's knight, whatever
// `5.` says), and the move number the board's.
TEST(ReplayPositions, PlayedColourIsTheSansNotTheNumbers) {
  const std::vector<Game> games = read_games(pgn("5. Nc3 5. P@d5 *",
                                                 "[Variant \"Crazyhouse\"]\n[SetUp \"1\"]\n"
                                                 "[FEN \"r1bqkbnr/pppp1ppp/8/3np3/4P3/5N2/PPPP1PPP/RNBQKB1R[P] b KQkq - 0 5\"]\n"));
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  ASSERT_EQ(g.plies[0].color, White);  // as numbered
  const ReplayResult r = replay(g, default_rules_for_record(g));
  ASSERT_TRUE(r.plies.at(0).replayed);
  ASSERT_TRUE(r.plies.at(1).replayed);
  EXPECT_EQ(r.plies[0].color, Black);
  EXPECT_EQ(r.plies[1].color, White);
  EXPECT_EQ(r.move_numbers, (std::vector<int>{5, 6}));
}

// The positions kept for convert (ReplayResult::before; fmt keeps none since issue 39): one per ply with keep_positions,
// the position before each ply the replay reached (also one it found illegal), and none at all
// without it, also when the same result was filled with them before.
TEST(ReplayPositions, KeptOnlyWhenAskedAndNotLeftOver) {
  const std::vector<Game> games = read_games("1A. e4 1a. e5 1B. d4 1b. Qxh7 2A. Nf3 *");
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  const RuleSet rules = rules_for_record(g, default_rules_for_record(g), RuleOverrides{});
  ReplayOptions keep;
  keep.keep_positions = true;
  ReplayResult r;
  replay(g, rules, keep, r);
  ASSERT_EQ(r.plies.size(), 5u);
  ASSERT_EQ(r.before.size(), 5u);
  for (std::size_t i : {0u, 1u, 2u, 4u}) {
    ASSERT_TRUE(r.plies[i].replayed) << i;
    ASSERT_NE(r.kept_before(i), nullptr) << i;
  }
  EXPECT_EQ(*r.kept_before(0), Position::start());
  EXPECT_EQ(r.kept_before(1)->side_to_move(), Black);
  EXPECT_EQ(r.kept_before(2)->side_to_move(), White);  // board B's first move
  EXPECT_EQ(r.kept_before(4)->fullmove_number(), 2);
  EXPECT_FALSE(r.plies[3].replayed);  // 1b. Qxh7 is illegal: the position it was tried in is kept
  ASSERT_NE(r.kept_before(3), nullptr);
  EXPECT_EQ(r.kept_before(3)->side_to_move(), Black);
  EXPECT_EQ(r.kept_before(5), nullptr);  // past the end

  replay(g, rules, ReplayOptions{}, r);  // the same result, without positions
  EXPECT_TRUE(r.before.empty());
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(r.kept_before(i), nullptr) << i;
  replay(g, rules, keep, r);
  EXPECT_EQ(r.before.size(), 5u);
  EXPECT_NE(r.kept_before(4), nullptr);
}

}  // namespace
}  // namespace bpgn::check_test
