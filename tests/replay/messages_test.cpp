// The words messages are made of: who moved (with the player the record names) and what a holding
// holds.
#include "replay/messages.h"

#include "replay/check_test_util.h"

#include <gtest/gtest.h>

namespace bpgn {
namespace {

Holding holding(std::initializer_list<std::pair<PieceType, int>> counts) {
  Holding h{};
  for (const auto& [t, n] : counts) h[t] = static_cast<std::uint8_t>(n);
  return h;
}

TEST(Messages, HoldingInWords) {
  EXPECT_EQ(holding_words(holding({})), "nothing");
  EXPECT_EQ(holding_words(holding({{Pawn, 1}})), "a pawn");
  EXPECT_EQ(holding_words(holding({{Pawn, 2}, {Knight, 1}})), "a knight and two pawns");
  EXPECT_EQ(holding_words(holding({{Pawn, 1}, {Rook, 1}, {Queen, 1}})), "a queen, a rook and a pawn");
  EXPECT_EQ(holding_words(holding({{Bishop, 16}})), "sixteen bishops");
  EXPECT_EQ(holding_words(holding({{Pawn, 17}})), "17 pawns");
}

TEST(Messages, WhoNamesThePlayerTheRecordNames) {
  EXPECT_EQ(who(Board::B, Black, 2), "Black on board B");
  EXPECT_EQ(who(Board::B, Black, 2, "Rabbos"), "Black (Rabbos) on board B");
  EXPECT_EQ(who(Board::A, White, 1, "Carlsen"), "White (Carlsen)");

  std::vector<Game> games = check_test::read_games(check_test::bpgn("1A. e4"));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(player_of(games[0], Board::A, White, 2), "wa");
  EXPECT_EQ(player_of(games[0], Board::B, Black, 2), "bb");
  games = check_test::read_games("[Event \"x\"]\n[White \"?\"]\n[Black \"\"]\n\n1. e4 *\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(player_of(games[0], Board::A, White, 1), "");
  EXPECT_EQ(player_of(games[0], Board::A, Black, 1), "");
}

}  // namespace
}  // namespace bpgn
