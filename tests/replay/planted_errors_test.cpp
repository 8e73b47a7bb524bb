// Errors planted in a copy of a real game (corpus/fics/1934301.bpgn, which is valid as published):
// each must be found at exactly the planted ply, as the first error of the game. The positions
// quoted in the comments are the game's own, replayed up to the planted ply.
#include "replay/check_test_util.h"

namespace bpgn::check_test {
namespace {

std::string planted(const std::string& from, const std::string& to) {
  std::string text = corpus("fics/1934301.bpgn");
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

Checked check_bughouse(const std::string& text) {
  Checked c;
  c.game = read_games(text, "1934301.bpgn").at(0);
  ReplayOptions options;
  options.tolerance_seconds = default_tolerance(c.game);
  c.result = replay(c.game, rules_for_record(c.game, bughouse_rules(), RuleOverrides{}), options);
  return c;
}

void expect_first_error(const Checked& c, ViolationCode code, Board board, Color color, int number, SourcePos pos) {
  const Violation* v = first_error(c.result);
  ASSERT_NE(v, nullptr) << codes_of(c.result);
  EXPECT_EQ(info(v->code).code, info(code).code) << v->message;
  EXPECT_EQ(v->board, board);
  EXPECT_EQ(v->color, color);
  EXPECT_EQ(v->move_number, number);
  EXPECT_EQ(v->pos, pos) << v->message;
}

TEST(PlantedErrors, TheOriginalIsValid) {
  Checked c = check_bughouse(corpus("fics/1934301.bpgn"));
  EXPECT_FALSE(c.result.has_error()) << codes_of(c.result);
}

TEST(PlantedErrors, DropBeforeTheCaptureThatSuppliesIt) {
  // Black B's `5b. P@f6` drops the pawn that White A's `7A. exf3` took on board A (Black B holds
  // [np] before it: the knight from `5A. Nxe4`, the pawn from `7A. exf3`). Recording 7A. (and 7a.,
  // to keep board A's turns) after the drop leaves Black B only the knight at that moment.
  const std::string text = planted(
      "7A. exf3{289.144} 4B. Bxc6{288.485} 7a. Nc6{289.697} 4b. dxc6{289.339} 5B. Nxe5{287.113} "
      "5b. P@f6{285.641} 8A. a3",
      "4B. Bxc6{288.485} 4b. dxc6{289.339} 5B. Nxe5{287.113} 5b. P@f6{285.641} 7A. exf3{289.144} "
      "7a. Nc6{289.697} 8A. a3");
  Checked c = check_bughouse(text);
  expect_first_error(c, ViolationCode::DropNotInHolding, Board::B, Black, 5, pos_of(text, "P@f6"));
  // The cause is named: the capture that supplies the pawn, recorded after the drop.
  EXPECT_EQ(first_error(c.result)->message,
            "Black (BobBughouse) on board B drops a pawn at 5b. P@f6, but holds only a knight; the pawn reaches Black's holding on board B only "
            "with 7A. exf3, recorded after this move");
  // Board A is untouched by the change: its moves are still all played.
  for (std::size_t i = 0; i < c.game.plies.size(); ++i) {
    if (c.game.plies[i].board == Board::A && c.game.plies[i].number <= 12) {
      EXPECT_TRUE(c.result.plies[i].replayed) << i;
    }
  }
}

TEST(PlantedErrors, PinnedPieceMoved) {
  // After `12A. Rd1+ 12a. Bd6 13A. Bxb5` the black bishop on d6 stands between White's rook on d1
  // and Black's king on d8 (d2-d5 and d7 empty): moving it to e7 exposes the king.
  const std::string text = planted("13a. B@c6{236.409}", "13a. Be7{236.409}");
  Checked c = check_bughouse(text);
  SourcePos pos = pos_of(text, "13a. Be7");
  pos.column += 5;
  expect_first_error(c, ViolationCode::KingLeftInCheck, Board::A, Black, 13, pos);
}

TEST(PlantedErrors, PawnDroppedOnTheEighthRank) {
  // Before `19A. P@d6+` board A is r6r/pNpbkppp/2p1p3/8/8/P4P1P/1PP2PP1/3RK2R with White holding
  // [NPP]: d8 is empty, but a pawn may not be dropped on its 8th rank.
  const std::string text = planted("19A. P@d6+{213.201}", "19A. P@d8{213.201}");
  Checked c = check_bughouse(text);
  expect_first_error(c, ViolationCode::PawnDropRank, Board::A, White, 19, pos_of(text, "P@d8"));
}

}  // namespace
}  // namespace bpgn::check_test
