// Termination texts: what they say and whom they name.
#include "replay/check_test_util.h"
#include "replay/termination.h"

namespace bpgn::check_test {
namespace {

const std::string kSeats = "[WhiteA \"Tecumseh\"][BlackA \"ChaseJr\"][WhiteB \"Marat\"][BlackB \"drawKing\"]\n";

Termination of_bpgn(const std::string& comment, const std::string& tags = "") {
  const std::string text = "[Event \"t\"]\n" + kSeats + tags + "[Result \"*\"]\n\n1A. e4 {" + comment + "} *\n";
  return read_termination(read_games(text).at(0), 2);
}

TEST(Termination, FicsTexts) {
  Termination mate = of_bpgn("Marat checkmated");
  EXPECT_EQ(mate.kind, TerminationKind::Checkmate);
  EXPECT_EQ(mate.losers, std::vector<Seat>{Seat::WhiteB});
  EXPECT_TRUE(mate.winners.empty());

  Termination time = of_bpgn("ChaseJr forfeits on time");
  EXPECT_EQ(time.kind, TerminationKind::Time);
  EXPECT_EQ(time.losers, std::vector<Seat>{Seat::BlackA});

  Termination resign = of_bpgn("Tecumseh resigns");
  EXPECT_EQ(resign.kind, TerminationKind::Resignation);
  EXPECT_EQ(resign.losers, std::vector<Seat>{Seat::WhiteA});

  EXPECT_EQ(of_bpgn("Game aborted on move 1").kind, TerminationKind::Abort);
  EXPECT_EQ(of_bpgn("Marat forfeits by disconnection").kind, TerminationKind::Disconnection);
  EXPECT_EQ(of_bpgn("Game drawn by repetition").kind, TerminationKind::Draw);
  EXPECT_EQ(of_bpgn("Marat ran out of time and Tecumseh has no material to mate").kind, TerminationKind::Draw);
  EXPECT_EQ(of_bpgn("").kind, TerminationKind::None);
}

TEST(Termination, NamesAreWholeWordsIgnoringCase) {
  // "drawKing" is a player, not a draw; "marat" is Marat.
  Termination t = of_bpgn("DRAWKING checkmated");
  EXPECT_EQ(t.kind, TerminationKind::Checkmate);
  EXPECT_EQ(t.losers, std::vector<Seat>{Seat::BlackB});
  EXPECT_EQ(of_bpgn("marat resigns").losers, std::vector<Seat>{Seat::WhiteB});
  EXPECT_TRUE(of_bpgn("Maratx resigns").losers.empty());
}

TEST(Termination, SeveralPlayers) {
  Termination t = of_bpgn("Tecumseh and Marat forfeit on time");
  EXPECT_EQ(t.kind, TerminationKind::Time);
  EXPECT_EQ(t.losers, (std::vector<Seat>{Seat::WhiteA, Seat::WhiteB}));
}

TEST(Termination, WinnerNamedByTheTerminationTag) {
  // chess.com: the Termination tag names the winner.
  const std::string text = "[Event \"t\"]\n" + kSeats +
                           "[Termination \"Marat won by checkmate\"]\n[Result \"0-1\"]\n\n1A. e4 0-1\n";
  Termination t = read_termination(read_games(text).at(0), 2);
  EXPECT_EQ(t.kind, TerminationKind::Checkmate);
  EXPECT_EQ(t.winners, std::vector<Seat>{Seat::WhiteB});
  EXPECT_TRUE(t.losers.empty());
}

TEST(Termination, OneBoardColours) {
  const std::string text = pgn("1. e4 e5 { White wins on time. } 1-0", "", "1-0");
  Termination t = read_termination(read_games(text).at(0), 1);
  EXPECT_EQ(t.kind, TerminationKind::Time);
  EXPECT_EQ(t.winner_color, White);
  const std::string resign = pgn("1. e4 e5 { Black resigns. } 1-0", "", "1-0");
  EXPECT_EQ(read_termination(read_games(resign).at(0), 1).winner_color, White);
  // lichess's tag without a name.
  const std::string tag = pgn("1. e4 e5 1-0", "[Termination \"Time forfeit\"]\n", "1-0");
  Termination lichess = read_termination(read_games(tag).at(0), 1);
  EXPECT_EQ(lichess.kind, TerminationKind::Time);
  EXPECT_FALSE(lichess.winner_color.has_value());
}

}  // namespace
}  // namespace bpgn::check_test
