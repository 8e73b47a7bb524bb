// bpgn show: the moment of a match (positions, clocks, the moves before) and its text view. The
// expected boards are written out by hand from the moves of each record.
#include "cli/binary_run.h"
#include "output/board_view.h"
#include "replay/check_test_util.h"
#include "replay/moment.h"

#include <fstream>

namespace bpgn::check_test {
namespace {

// 2A. exd5 hands Black B a pawn; 1b. Q@f6 drops a queen Black B does not hold.
const std::string kDrop =
    bpgn("1A. e4 {179} 1a. d5 {178} 1B. d4 {179} 2A. exd5 {177} 1b. Q@f6 {176}", "[TimeControl \"180\"]\n");

Moment moment_at(const Checked& c, std::string_view at) {
  auto found = find_moment(c.game, c.result, at);
  EXPECT_TRUE(std::holds_alternative<MomentAt>(found)) << std::get<std::string>(found);
  ReplayOptions options;
  options.tolerance_seconds = 2.0;
  return moment_of(c.game, c.result.rules, options, c.result, std::get<MomentAt>(found));
}

std::string view(const Checked& c, const Moment& m, bool color = false) {
  BoardViewOptions o;
  o.ascii = true;
  o.color = color;
  return board_view(c.game, c.result, m, o);
}

TEST(BoardView, DropNotHeldShowsBothBoardsAsThePlayerSawThem) {
  const Checked c = check_text(kDrop);
  const Moment m = moment_of(c.game, c.result.rules, {}, c.result, default_moment(c.result));
  ASSERT_EQ(m.at.kind, MomentAt::Kind::Ply);
  EXPECT_EQ(m.at.ply, 4u);
  EXPECT_FALSE(m.played);
  const SourcePos pos = pos_of(kDrop, "Q@f6");
  // Board A from White's side; board B turned round (Black at the bottom, beside White A, his
  // partner). Last moves in [ ], the square the illegal drop aims at in < >.
  const std::string expected =
      "test.bpgn, game 1: WhiteA wa and BlackB bb against BlackA ba and WhiteB wb\n"
      "Rules: bughouse\n"
      "At 1b. Q@f6 (ply 5 of 5, match time 0:05), not played: the position its player saw\n"
      "\n"
      "  Board A                        Board B\n"
      "  BlackA ba           2:58       WhiteB wb           2:59\n"
      "  in hand: -                     in hand: -\n"
      "8  r  n  b  q  k  b  n  r      1  R  N  B  K  Q  B  N  R\n"
      "7  p  p  p  .  p  p  p  p      2  P  P  P  P [.] P  P  P\n"
      "6  .  .  .  .  .  .  .  .      3  .  .  .  .  .  .  .  .\n"
      "5  .  .  . [P] .  .  .  .      4  .  .  .  . [P] .  .  .\n"
      "4  .  .  .  . [.] .  .  .      5  .  .  .  .  .  .  .  .\n"
      "3  .  .  .  .  .  .  .  .      6  .  . <.> .  .  .  .  .\n"
      "2  P  P  P  P  .  P  P  P      7  p  p  p  p  p  p  p  p\n"
      "1  R  N  B  Q  K  B  N  R      8  r  n  b  k  q  b  n  r\n"
      "   a  b  c  d  e  f  g  h         h  g  f  e  d  c  b  a\n"
      "  WhiteA wa           2:57       BlackB bb           2:56\n"
      "  in hand: -                     in hand: p\n"
      "\n"
      "Moves on board A: 1A. e4 1a. d5 2A. exd5\n"
      "Moves on board B: 1B. d4 1b. Q@f6 (not played)\n"
      "\n"
      "test.bpgn:" + std::to_string(pos.line) + ":" + std::to_string(pos.column) +
      ": error[drop-not-in-holding]: Black (bb) on board B drops a queen at 1b. Q@f6, but holds only a pawn; no move "
      "recorded after it "
      "supplies one\n"
      "\n"
      "Outcome: no winner known; recorded result *\n";
  EXPECT_EQ(view(c, m), expected);
}

TEST(BoardView, ClockOfThePlayerToMoveRunsUntilTheMoment) {
  // After 2A. exd5 (match time 360 - 177 - 178 = 5 s): Black B has been thinking since 1B. d4
  // (1 s), so his 180 s are down to 176; the others show their last readings.
  const Checked c = check_text(kDrop);
  const Moment m = moment_at(c, "2A");
  EXPECT_TRUE(m.played);
  ASSERT_TRUE(m.time);
  EXPECT_DOUBLE_EQ(*m.time, 5.0);
  const std::array<std::optional<double>, 4> expected{177.0, 178.0, 179.0, 176.0};
  EXPECT_EQ(m.remaining, expected);
  EXPECT_NE(view(c, m).find("After 2A. exd5 (ply 4 of 5, match time 0:05)\n"), std::string::npos);
  // Holdings are taken at the moment: the pawn 2A. exd5 took is already in Black B's hand.
  EXPECT_EQ(m.position[1].in_hand(Black, Pawn), 1);
  // At 1a. d5 it is not yet.
  EXPECT_EQ(moment_at(c, "1a").position[1].in_hand(Black, Pawn), 0);
}

TEST(BoardView, StartAndEndAndOneBoard) {
  const Checked c = check_text(kDrop);
  const Moment start = moment_at(c, "start");
  EXPECT_EQ(start.position[0], Position::start());
  EXPECT_EQ(start.position[1], Position::start());
  const std::array<std::optional<double>, 4> full{180.0, 180.0, 180.0, 180.0};
  EXPECT_EQ(start.remaining, full);
  EXPECT_NE(view(c, start).find("Moves on board A: (none yet)\n"), std::string::npos);
  const Moment end = moment_at(c, "end");
  EXPECT_EQ(end.position[0], c.result.final[0]);

  const std::string record = pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
  const Checked one = check_text(record);
  const Moment m = moment_at(one, "2...");
  ASSERT_EQ(m.at.kind, MomentAt::Kind::Ply);
  EXPECT_EQ(m.at.ply, 3u);
  const std::string text = view(one, m);
  const std::string expected_board =
      "  Board\n"
      "  Black b\n"
      "  in hand: -\n"
      "8  r [.] b  q  k  b  n  r\n"
      "7  p  p  p  p  .  p  p  p\n"
      "6  .  . [n] .  .  .  .  .\n"
      "5  .  .  .  .  p  .  .  .\n"
      "4  .  .  .  .  P  .  .  .\n"
      "3  .  .  .  .  .  N  .  .\n"
      "2  P  P  P  P  .  P  P  P\n"
      "1  R  N  B  Q  K  B  .  R\n"
      "   a  b  c  d  e  f  g  h\n"
      "  White w\n"
      "  in hand: -\n";
  EXPECT_NE(text.find(expected_board), std::string::npos) << text;
  // Black's moves carry no number in the record: the view counts them.
  EXPECT_NE(text.find("After 2... Nc6 (ply 4 of 6)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Moves: 1. e4 1... e5 2. Nf3 2... Nc6\n"), std::string::npos) << text;
}

TEST(BoardView, FindMomentNamesWhatIsWrong) {
  const Checked c = check_text(kDrop);
  auto error = [&](std::string_view at) {
    auto r = find_moment(c.game, c.result, at);
    return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : std::string("(found)");
  };
  EXPECT_EQ(error("2"), "`2`: name the seat on a two-board record (2A, 2a, 2B or 2b)");
  EXPECT_EQ(error("9a"), "`9a`: the record has no such move");
  EXPECT_EQ(error("x"), "`x`: expected a move such as 23a, 14B (one board: 23 or 23...), first-error, start, end, or a match time such as 3:01 or 181.5s");
  EXPECT_EQ(error("2Ax"), "`2Ax`: expected a move such as 23a, 14B (one board: 23 or 23...), first-error, start, end, "
                          "or a match time such as 3:01 or 181.5s");
  EXPECT_EQ(error("1b."), "(found)");
  EXPECT_EQ(std::get<MomentAt>(find_moment(c.game, c.result, "First-Error")).ply, 4u);
}

TEST(BoardView, ClockText) {
  EXPECT_EQ(clock_text(0), "0:00");
  EXPECT_EQ(clock_text(151.4), "2:31.4");
  EXPECT_EQ(clock_text(59.99), "0:59.9");
  EXPECT_EQ(clock_text(3723), "1:02:03");
  EXPECT_EQ(clock_text(-0.6), "-0:00.6");
}

TEST(BoardView, OutcomeNamesTheWinnersAndTheBoard) {
  // Bughouse: a resignation on board A gives the match to the other team.
  const Checked team = check_text(bpgn("1A. e4 1a. e5 {wa resigns} 0-1", "", "0-1"));
  EXPECT_NE(view(team, moment_at(team, "end"))
                .find("Outcome: team 2 (BlackA ba and WhiteB wb) wins by resignation on board A; recorded result 0-1\n"),
            std::string::npos);
  // One board: the fool's mate, the queen's move marked.
  const Checked one = check_text(pgn("1. f3 e5 2. g4 Qh4# 0-1", "", "0-1"));
  const std::string text = view(one, moment_at(one, "end"));
  EXPECT_NE(text.find("Outcome: Black b wins by checkmate; recorded result 0-1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("8  r  n  b [.] k  b  n  r\n"), std::string::npos) << text;
  EXPECT_NE(text.find("4  .  .  .  .  .  .  P [q]\n"), std::string::npos) << text;
}

TEST(ShowCommand, ExitCodesAndColour) {
  const std::string path = temp_path("show.bpgn");
  std::ofstream(path) << kDrop << "\n" << bpgn("1A. e4 1a. e5");
  const BinaryRun shown = run_binary("show '" + path + "' --ascii --color never");
  EXPECT_EQ(shown.exit_code, 1);  // the game has an error
  EXPECT_NE(shown.out.find("error[drop-not-in-holding]"), std::string::npos);
  EXPECT_EQ(shown.out.find('\x1b'), std::string::npos);
  const BinaryRun colored = run_binary("show '" + path + "' --color always");
  EXPECT_NE(colored.out.find("\x1b[1;31m<·>\x1b[0m"), std::string::npos) << colored.out;
  const BinaryRun auto_color = run_binary("show '" + path + "'");  // not a terminal
  EXPECT_EQ(auto_color.out.find('\x1b'), std::string::npos);

  const BinaryRun valid = run_binary("show '" + path + "' --game 2");
  EXPECT_EQ(valid.exit_code, 0);
  EXPECT_NE(valid.out.find("At the end of the record (2 plies)"), std::string::npos) << valid.out;

  const BinaryRun no_game = run_binary("show '" + path + "' --game 3");
  EXPECT_EQ(no_game.exit_code, 2);
  EXPECT_NE(no_game.err.find("holds 2 games: there is no game 3"), std::string::npos) << no_game.err;
  const BinaryRun bad_at = run_binary("show '" + path + "' --at 7b");
  EXPECT_EQ(bad_at.exit_code, 2);
  EXPECT_NE(bad_at.err.find("--at `7b`: the record has no such move"), std::string::npos) << bad_at.err;
  const BinaryRun missing = run_binary("show '" + path + ".none'");
  EXPECT_EQ(missing.exit_code, 3);
  std::remove(path.c_str());
}

// Two more moments an arbiter is asked about, each checked by hand against its record.
// tests/html/turkish-check-drop.bpgn: `1A. e4 {179} 1a. d5 {178} 2A. exd5 {177} 1B. f4 {179}
// 1b. P@f2+ {175}` under Turkish rules (180 s): the pawn from 2A. exd5 is dropped with check.
// Match time 6 s (board B: 1 + 5); Black A has thought since 5 s (178 - 1 = 2:57); Black B's
// reading of the attempted move is 175 (2:55).
TEST(ShowCommand, TurkishCheckingDropByHand) {
  const std::string file = std::string(BPGN_CORPUS_DIR) + "/../tests/html/turkish-check-drop.bpgn";
  const BinaryRun r = run_binary("show '" + file + "' --ascii");
  EXPECT_EQ(r.exit_code, 1);
  const std::string expected =
      file + ", game 1: WhiteA Ayla and BlackB Deniz against BlackA Bora and WhiteB Cem\n"
      "Rules: turkish\n"
      "At 1b. P@f2+ (ply 5 of 5, match time 0:06), not played: the position its player saw\n"
      "\n"
      "  Board A                        Board B\n"
      "  BlackA Bora         2:57       WhiteB Cem          2:59\n"
      "  in hand: -                     in hand: -\n"
      "8  r  n  b  q  k  b  n  r      1  R  N  B  K  Q  B  N  R\n"
      "7  p  p  p  .  p  p  p  p      2  P  P <.> P  P  P  P  P\n"
      "6  .  .  .  .  .  .  .  .      3  .  .  .  .  .  .  .  .\n"
      "5  .  .  . [P] .  .  .  .      4  .  . [P] .  .  .  .  .\n"
      "4  .  .  .  . [.] .  .  .      5  .  .  .  .  .  .  .  .\n"
      "3  .  .  .  .  .  .  .  .      6  .  .  .  .  .  .  .  .\n"
      "2  P  P  P  P  .  P  P  P      7  p  p  p  p  p  p  p  p\n"
      "1  R  N  B  Q  K  B  N  R      8  r  n  b  k  q  b  n  r\n"
      "   a  b  c  d  e  f  g  h         h  g  f  e  d  c  b  a\n"
      "  WhiteA Ayla         2:57       BlackB Deniz        2:55\n"
      "  in hand: -                     in hand: p\n"
      "\n"
      "Moves on board A: 1A. e4 1a. d5 2A. exd5\n"
      "Moves on board B: 1B. f4 1b. P@f2+ (not played)\n"
      "\n" +
      file + ":9:59: error[drop-gives-check]: Black (Deniz) on board B: the drop 1b. P@f2+ gives check, which "
      "turkish forbids (drop_check=forbidden)\n"
      "\n"
      "Outcome: team 2 (BlackA Bora and WhiteB Cem) wins by the other side's illegal action on board B; recorded "
      "result *; points: WhiteA 0.5 BlackA 1.5 WhiteB 2 BlackB 0\n";
  EXPECT_EQ(r.out, expected);
}

// At the end of a record with an illegal action (Turkish: a checking drop loses when claimed).
// Under Turkish's illegal_action=claimed the record playing on means the drop was not claimed:
// both boards played on (2B. Kxf2 answered the check), and the drop says so. Automatic: the drop
// ends the match, so neither 2B. Kxf2 nor 2a. Qxd5 was played, and they say so (dim with colour).
TEST(BoardView, EndListsTheMovesAfterAnIllegalActionAsNotPlayed) {
  const Checked c = check_text(
      "[Event \"x\"]\n[Variant \"Turkish\"]\n[Result \"*\"]\n\n"
      "1A. e4 1a. d5 2A. exd5 1B. f4 1b. P@f2+ 2B. Kxf2 2a. Qxd5 *\n");
  const std::string text = view(c, moment_at(c, "end"));
  EXPECT_NE(text.find("Moves on board A: 1A. e4 1a. d5 2A. exd5 2a. Qxd5\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Moves on board B: 1B. f4 1b. P@f2+ (not claimed: play went on) 2B. Kxf2\n"), std::string::npos)
      << text;
  const Checked automatic = check_text(
      "[Event \"x\"]\n[Variant \"Turkish\"]\n[Result \"*\"]\n\n"
      "1A. e4 1a. d5 2A. exd5 1B. f4 1b. P@f2+ 2B. Kxf2 2a. Qxd5 *\n",
      "turkish", {"illegal_action=automatic"});
  const std::string ended = view(automatic, moment_at(automatic, "end"));
  EXPECT_NE(ended.find("Moves on board A: 1A. e4 1a. d5 2A. exd5 2a. Qxd5 (not played)\n"), std::string::npos) << ended;
  EXPECT_NE(ended.find("Moves on board B: 1B. f4 1b. P@f2+ (not played) 2B. Kxf2 (not played)\n"), std::string::npos)
      << ended;
  // With colour, the unplayed moves are dim and still say so.
  const std::string coloured = view(automatic, moment_at(automatic, "end"), true);
  EXPECT_NE(coloured.find("\x1b[2m2B. Kxf2 (not played)\x1b[0m"), std::string::npos) << coloured;
}

// corpus/broken/bughouse-pro-ts-flag.bpgn ([ts=] clocks, 180 s): White A thinks from 2 s on and
// his flag falls at 2 + 179 = 181 s; 2b. e6 at 230 s comes after it. At 230 s: White A 179 - 228
// = -0:49; White B spent 3 and 96 s (1:21); Black B 1 and 130 s (0:49).
TEST(ShowCommand, MoveAfterAFlagByHand) {
  const std::string file = std::string(BPGN_CORPUS_DIR) + "/broken/bughouse-pro-ts-flag.bpgn";
  const BinaryRun r = run_binary("show '" + file + "' --ascii");
  EXPECT_EQ(r.exit_code, 1);
  const std::string expected =
      file + ", game 1: WhiteA Alice and BlackB Dave against BlackA Bob and WhiteB Charlie\n"
      "Rules: bughouse\n"
      "At 2b. e6 (ply 6 of 8, match time 3:50), not played: the position its player saw\n"
      "\n"
      "  Board A                        Board B\n"
      "  BlackA Bob          2:59       WhiteB Charlie      1:21\n"
      "  in hand: -                     in hand: -\n"
      "8  r  n  b  q  k  b  n  r      1  R  N  B  K  Q  B  N  R\n"
      "7  p  p  p  p [.] p  p  p      2  P  P  P  P  . [.] P  P\n"
      "6  .  .  .  .  .  .  .  .      3  .  .  .  .  .  .  .  .\n"
      "5  .  .  .  . [p] .  .  .      4  .  .  .  .  P [P] .  .\n"
      "4  .  .  .  .  P  .  .  .      5  .  .  .  .  p  .  .  .\n"
      "3  .  .  .  .  .  .  .  .      6  .  .  . <.> .  .  .  .\n"
      "2  P  P  P  P  .  P  P  P      7  p  p  p  p  .  p  p  p\n"
      "1  R  N  B  Q  K  B  N  R      8  r  n  b  k  q  b  n  r\n"
      "   a  b  c  d  e  f  g  h         h  g  f  e  d  c  b  a\n"
      "  WhiteA Alice        0:00       BlackB Dave         0:49\n"
      "  in hand: -                     in hand: -\n"
      "\n"
      "Moves on board A: 1A. e4 1a. e5\n"
      "Moves on board B: 1B. d4 1b. d5 2B. c4 2b. e6 (not played)\n"
      "The flag of WhiteA Alice fell at 3:01 of match time\n"
      "\n" +
      file + ":17:27: error[move-after-end]: Black (Dave) on board B: 2b. e6 was made after the match ended (the flag "
      "of WhiteA (Alice) fell at 181 s of match time)\n"
      "\n"
      "Outcome: team 2 (BlackA Bob and WhiteB Charlie) wins on time on board A; recorded result 0-1\n";
  EXPECT_EQ(r.out, expected);
}

}  // namespace
}  // namespace bpgn::check_test

namespace bpgn::check_test {
namespace {

// The words the completions offer after show --at (kMomentWords) are the words find_moment takes.
TEST(BoardView, EveryCompletedMomentWordIsFound) {
  const Checked c = check_text(kDrop);
  for (std::string_view word : kMomentWords) {
    EXPECT_TRUE(std::holds_alternative<MomentAt>(find_moment(c.game, c.result, word))) << word;
  }
}

}  // namespace
}  // namespace bpgn::check_test
