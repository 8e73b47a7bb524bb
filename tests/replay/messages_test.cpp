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

namespace bpgn {
namespace {

std::string first_message(const std::string& text, const std::string& rules = "") {
  const check_test::Checked c = check_test::check_text(text, rules);
  return c.result.violations.empty() ? std::string("(none)") : c.result.violations.front().message;
}

TEST(Messages, DropsNameTheMoveWithItsNumber) {
  // 2A. exd5 hands Black B a pawn, which 1b. P@e4 drops on White B's pawn.
  EXPECT_EQ(first_message(check_test::bpgn("1A. e4 1a. d5 2A. exd5 1B. e4 1b. P@e4")),
            "Black (bb) on board B drops a pawn at 1b. P@e4, but a white pawn stands on e4");
  // After 1B. Nf3 the pawn goes to g1: Black's rank 8, where bughouse allows ranks 2-7.
  EXPECT_EQ(first_message(check_test::bpgn("1A. e4 1a. d5 2A. exd5 1B. Nf3 1b. P@g1")),
            "Black (bb) on board B drops a pawn at 1b. P@g1, on its rank 8; bughouse allows pawn drops on ranks 2-7");
  EXPECT_EQ(first_message(check_test::bpgn("1A. e4 1a. d5 2A. exd5 1B. Nf3 1b. P@g1"), "turkish"),
            "(none)");  // turkish allows ranks 2-8
}

TEST(Messages, AMoveThatIsNoMoveIsNamedWithItsNumber) {
  EXPECT_EQ(first_message(check_test::bpgn("1A. e4 1a. Zz9")), "Black (ba) on board A: 1a. Zz9 is not a well-formed move (\"Zz9\")");
}

TEST(Messages, NumberAndClockWarningsNameTheMove) {
  EXPECT_EQ(first_message(check_test::bpgn("1A. e4 1a. e5 3A. Nf3")),
            "White (wa) on board A: 3A. Nf3 is numbered 3 but the board is at move 2");
  EXPECT_EQ(first_message(check_test::bpgn("1A. e4 {177} 1a. e5 {178} 2A. Nf3 {179}", "[TimeControl \"180\"]\n")),
            "White (wa) on board A: at 2A. Nf3 the remaining time grew from 177 s to 179 s (increment 0 s)");
}

TEST(Messages, MovesWithoutANumberAreNamedWithTheCountedOne) {
  // Crazyhouse PGN with numbers only on some moves: exd5 is White's 2nd move, P@e4 Black's 2nd.
  const std::string text = check_test::pgn("1. e4 d5 exd5 P@e4", "[Variant \"crazyhouse\"]\n");
  EXPECT_EQ(first_message(text), "Black (b) drops a pawn at 2... P@e4, but holds nothing");
  const std::vector<Game> games = check_test::read_games(text);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(move_numbers(games[0]), (std::vector<int>{1, 1, 2, 2}));
  EXPECT_EQ(move_ref(games[0], 2, 1), "2. exd5");
  EXPECT_EQ(move_ref(games[0], 1, 1), "1... d5");
}

}  // namespace
}  // namespace bpgn
