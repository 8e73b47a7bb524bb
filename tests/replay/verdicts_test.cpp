// Verdicts on records of real shapes (issue 9): flags from `[ts=]` clocks, truncated records and
// results nothing explains, bughouse.pro's Outcome tag, a termination text naming the wrong
// player, the result convention, check-marking conventions (the note severity), one-board PGN
// move numbers, and clock warnings that follow a wrong-turn. Each record copies the shape of a
// real source (corpus/README.md, "Hand-made records"); every expectation is worked out by hand in
// the comments.
#include "output/canonical_writer.h"
#include "replay/check_test_util.h"
#include "replay/termination.h"

namespace bpgn::check_test {
namespace {

// The fields of a violation that concerns a move.
void expect_at(const Violation& v, ViolationCode code, Board board, Color color, int number, SourcePos pos) {
  EXPECT_EQ(info(v.code).code, info(code).code) << v.message;
  EXPECT_EQ(v.severity, info(code).severity) << v.message;
  ASSERT_TRUE(v.board.has_value()) << v.message;
  EXPECT_EQ(*v.board, board) << v.message;
  ASSERT_TRUE(v.color.has_value()) << v.message;
  EXPECT_EQ(*v.color, color) << v.message;
  ASSERT_TRUE(v.move_number.has_value()) << v.message;
  EXPECT_EQ(*v.move_number, number) << v.message;
  EXPECT_EQ(v.pos, pos) << v.message;
}

// A violation about the whole game (no move): board, colour and number are null.
void expect_game_level(const Violation& v, ViolationCode code, SourcePos pos) {
  EXPECT_EQ(info(v.code).code, info(code).code) << v.message;
  EXPECT_EQ(v.severity, info(code).severity) << v.message;
  EXPECT_FALSE(v.board.has_value()) << v.message;
  EXPECT_FALSE(v.color.has_value()) << v.message;
  EXPECT_FALSE(v.move_number.has_value()) << v.message;
  EXPECT_EQ(v.pos, pos) << v.message;
}

bool mentions(const Violation& v, const std::string& words) { return v.message.find(words) != std::string::npos; }

// bughouse.pro's header (src/pgn.rs, make_bughouse_bpng_header): one tag per line, the four
// seats, TimeControl, Variant, Result, Termination, Outcome. Alice & Dave are team 1 (WhiteA +
// BlackB, its "red" team), Bob & Charlie team 2.
std::string bughouse_pro(const std::string& movetext, const std::string& time_control, const std::string& result,
                         const std::string& termination, const std::string& outcome) {
  std::string s = "[Event \"Rated Bughouse Match\"]\n[Site \"bughouse.pro\"]\n[UTCDate \"2024.05.11\"]\n"
                  "[UTCTime \"18:02:41\"]\n[Round \"1\"]\n[WhiteA \"Alice\"]\n[BlackA \"Bob\"]\n[WhiteB \"Charlie\"]\n"
                  "[BlackB \"Dave\"]\n[TimeControl \"" +
                  time_control + "\"]\n[Variant \"Bughouse\"]\n[Result \"" + result + "\"]\n";
  if (!termination.empty()) s += "[Termination \"" + termination + "\"]\n";
  if (!outcome.empty()) s += "[Outcome \"" + outcome + "\"]\n";
  return s + "\n" + movetext + "\n";
}

// A FICS download's header (corpus/fics/1934587.bpgn): Event and Site name FICS, a Lag tag.
std::string fics(const std::string& movetext, const std::string& result, const std::string& lag) {
  return "[Event \"FICS rated bughouse match\"]\n[Site \"freechess.org\"]\n[Date \"2022-01-03\"]\n"
         "[WhiteA \"wa\"][WhiteAElo \"1932\"]\n[BlackA \"ba\"][BlackAElo \"1622\"]\n[WhiteB \"wb\"][WhiteBElo \"1420\"]\n"
         "[BlackB \"bb\"][BlackBElo \"1177\"]\n[TimeControl \"60+0\"]\n[Lag \"" +
         lag + "\"]\n[Result \"" + result + "\"]\n" + movetext + "\n";
}

// ---- 1. Time from [ts=] ------------------------------------------------------------------------

// corpus/broken/bughouse-pro-ts-flag.bpgn, TimeControl 180. WhiteA's turns: 1A. e4 from 0 to 1
// (179 s left), 2A. Nf3 from 2 (1a. e5) to 242: 240 s spent, 61 s more than was left; the flag fell
// at 2 + 179 = 181 s. 2b. e6 at 230 s is beyond 181 + 1 s (the default tolerance for `[ts=]`
// clocks): the first move after the end; 2A. Nf3 is the flagged player's own move after it.
TEST(Verdicts, TsClocksFlagFallWhilePlayWentOn) {
  const std::string text = corpus("broken/bughouse-pro-ts-flag.bpgn");
  Checked c = check_text(text, "", {}, std::nullopt);
  ASSERT_EQ(c.result.violations.size(), 2u) << codes_of(c.result);
  expect_at(c.result.violations[0], ViolationCode::MoveAfterEnd, Board::B, Black, 2, pos_of(text, "e6"));
  EXPECT_TRUE(mentions(c.result.violations[0], "the flag of WhiteA (Alice) fell at 181 s of match time")) << c.result.violations[0].message;
  expect_at(c.result.violations[1], ViolationCode::MoveAfterEnd, Board::A, White, 2, pos_of(text, "Nf3"));
  EXPECT_TRUE(mentions(c.result.violations[1], "had fallen before this move: -61 s left")) << c.result.violations[1].message;
  EXPECT_EQ(c.result.clocks[0], ClockUse::SinceStart);
  EXPECT_EQ(default_tolerance(c.game), kToleranceWithLagTag);  // server timestamps: 1 s
  EXPECT_EQ(c.result.outcome.winner, Winner::Team2);
  EXPECT_EQ(c.result.outcome.reason, EndReason::Time);
  EXPECT_EQ(c.result.outcome.board, Board::A);
  EXPECT_EQ(c.result.outcome.computed, "0-1");  // bughouse.pro: team 1's view
}

// The same shape with an increment (180+2): WhiteA made 1A. e4 in 1 s and has 179 + 2 = 181 s; the
// record ends with WhiteA to move after 1a. e5 at 2 s, so their flag falls at 183 s, while board B
// goes on: 2b. e6 at 230 s is after the end (183 + 1 s tolerance). No other flag: WhiteB spent 3
// and 97 s, BlackB 1 and 130 s.
TEST(Verdicts, TsClocksFlagOfThePlayerWhoNeverMovedAgain) {
  const std::string text = bughouse_pro(
      "1A. e4 {[ts=1.000]} 1a. e5 {[ts=2.000]} 1B. d4 {[ts=3.000]} 1b. d5 {[ts=4.000]}\n"
      "2B. c4 {[ts=100.000]} 2b. e6 {[ts=230.000]}",
      "180+2", "0-1", "time forfeit", "Bob & Charlie won: Alice & Dave lost on time");
  Checked c = check_text(text, "", {}, std::nullopt);
  ASSERT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  expect_at(c.result.violations[0], ViolationCode::MoveAfterEnd, Board::B, Black, 2, pos_of(text, "e6"));
  EXPECT_TRUE(mentions(c.result.violations[0], "the flag of WhiteA (Alice) fell at 183 s of match time")) << c.result.violations[0].message;
  EXPECT_EQ(c.result.outcome.winner, Winner::Team2);
  EXPECT_EQ(c.result.outcome.reason, EndReason::Time);
}

// Time well within the control: no flag, nothing reported. WhiteA spends 170 s of 180 on 2A. Nf3.
TEST(Verdicts, TsClocksWithinTheControlAreClean) {
  const std::string text = bughouse_pro(
      "1A. e4 {[ts=1.000]} 1a. e5 {[ts=2.000]} 2A. Nf3 {[ts=172.000]} 2a. Nc6 {[ts=173.000]}", "180", "*",
      "unterminated", "Unterminated");
  Checked c = check_text(text, "", {}, 0.0);
  EXPECT_TRUE(c.result.violations.empty()) << codes_of(c.result);
  EXPECT_EQ(c.result.outcome.winner, Winner::None);
}

// ---- 2. Truncated records, unexplained results -------------------------------------------------

// corpus/broken/fics-truncated.bpgn: a FICS download cut after 8 plies, its `{... checkmated} 1-0`
// gone. FICS always ends the movetext with a result token: truncated-record at the last move, and
// no unexplained-result on top of it.
TEST(Verdicts, FicsRecordWithoutResultTokenIsTruncated) {
  const std::string text = corpus("broken/fics-truncated.bpgn");
  Checked c = check_text(text);
  ASSERT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  expect_game_level(c.result.violations[0], ViolationCode::TruncatedRecord, pos_of(text, "e6{58.1}"));
  EXPECT_EQ(c.result.violations[0].severity, Severity::Error);
}

// The same cut with the token kept but the comment lost: `... 2b. e6{58.1} 1-0`. Nothing says how
// the match was decided (no mate, no flag: every clock is near 59 s of 60): unexplained-result at
// the result token.
TEST(Verdicts, DecisiveResultThatNothingExplains) {
  const std::string text = fics("1A. e4{59.8} 1B. d4{59.7} 1a. e5{59.5} 1b. d5{59.4} 2A. Nf3{58.9} 2a. Nc6{58.7} "
                                "2B. c4{58.2} 2b. e6{58.1} 1-0",
                                "1-0", "53 37 31 28 100 29 34 24");
  Checked c = check_text(text);
  ASSERT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  expect_game_level(c.result.violations[0], ViolationCode::UnexplainedResult, pos_of(text, "1-0", 3));  // after "01-03", the tag
  EXPECT_EQ(c.result.violations[0].severity, Severity::Warning);
  EXPECT_EQ(c.result.outcome.winner, Winner::None);
}

// What explains a result: a termination comment, or bughouse.pro's Outcome tag; a BPGN record not
// from FICS (bughouse.pro writes no result token) is never truncated.
TEST(Verdicts, ExplainedResultsAndRecordsWithoutTokensByDesign) {
  const std::string moves = "1A. e4{59.8} 1B. d4{59.7} 1a. e5{59.5} 1b. d5{59.4}";
  Checked resigned = check_text(fics(moves + "\n{ba resigns} 1-0", "1-0", "53 37 31 28"));
  EXPECT_TRUE(resigned.result.violations.empty()) << codes_of(resigned.result);
  EXPECT_EQ(resigned.result.outcome.winner, Winner::Team1);  // BlackA is team 2

  // A termination comment the program cannot read is still an account of the end.
  Checked adjudicated = check_text(fics(moves + "\n{Game adjudicated by an admin} 1-0", "1-0", "53 37 31 28"));
  EXPECT_TRUE(adjudicated.result.violations.empty()) << codes_of(adjudicated.result);
  // A Termination tag that says nothing ("normal") does not explain a result.
  Checked normal = check_text(bughouse_pro("1A. e4 {[ts=1.000]} 1a. e5 {[ts=2.000]}", "180", "1-0", "normal", ""));
  ASSERT_EQ(normal.result.violations.size(), 1u) << codes_of(normal.result);
  EXPECT_EQ(normal.result.violations[0].code, ViolationCode::UnexplainedResult);

  Checked pro = check_text(bughouse_pro("1A. e4 {[ts=1.000]} 1a. e5 {[ts=2.000]}", "180", "1-0", "normal",
                                        "Alice & Dave won: Bob & Charlie resigned"));
  EXPECT_TRUE(pro.result.violations.empty()) << codes_of(pro.result);
}

// ---- 3. bughouse.pro's Outcome tag -------------------------------------------------------------

// No mate, no flag: the Outcome decides (team 2 won by resignation), and agrees with Result 0-1.
TEST(Verdicts, OutcomeTagDecidesAResignation) {
  Checked c = check_text(bughouse_pro("1A. e4 {[ts=1.000]} 1a. e5 {[ts=2.000]}", "180", "0-1", "normal",
                                      "Bob & Charlie won: Alice & Dave resigned"));
  EXPECT_TRUE(c.result.violations.empty()) << codes_of(c.result);
  EXPECT_EQ(c.result.outcome.winner, Winner::Team2);
  EXPECT_EQ(c.result.outcome.reason, EndReason::Resignation);
  EXPECT_FALSE(c.result.outcome.board.has_value());  // a team resigned: no board decided it
}

// bughouse.pro's draws: "Draw: simultaneous flags", Result 1/2-1/2.
TEST(Verdicts, OutcomeTagDraw) {
  Checked c = check_text(
      bughouse_pro("1A. e4 {[ts=1.000]} 1a. e5 {[ts=2.000]}", "180", "1/2-1/2", "normal", "Draw: simultaneous flags"));
  EXPECT_TRUE(c.result.violations.empty()) << codes_of(c.result);
  EXPECT_EQ(c.result.outcome.winner, Winner::Draw);
  EXPECT_EQ(c.result.outcome.reason, EndReason::Draw);
}

// Scholar's mate on board A without '#' (bughouse.pro writes none): Alice (WhiteA) mates Bob, so
// Alice & Dave (team 1) won. An Outcome naming the other team contradicts the moves.
TEST(Verdicts, OutcomeTagContradictingTheMate) {
  const std::string moves =
      "1A. e4 {[ts=1.000]} 1a. e5 {[ts=2.000]} 2A. Qh5 {[ts=3.000]} 2a. Nc6 {[ts=4.000]}\n"
      "3A. Bc4 {[ts=5.000]} 3a. Nf6 {[ts=6.000]} 4A. Qxf7 {[ts=7.000]}";
  Checked right = check_text(bughouse_pro(moves, "180", "1-0", "normal", "Alice & Dave won: Bob & Charlie checkmated"));
  EXPECT_TRUE(with_code(right.result, ViolationCode::ResultMismatch).empty()) << codes_of(right.result);
  EXPECT_EQ(right.result.outcome.winner, Winner::Team1);
  EXPECT_EQ(right.result.outcome.reason, EndReason::Checkmate);

  const std::string text = bughouse_pro(moves, "180", "1-0", "normal", "Bob & Charlie won: Alice & Dave checkmated");
  Checked wrong = check_text(text);
  auto list = with_code(wrong.result, ViolationCode::ResultMismatch);
  ASSERT_EQ(list.size(), 1u) << codes_of(wrong.result);
  EXPECT_TRUE(mentions(list[0], "Bob & Charlie won: Alice & Dave checkmated")) << list[0].message;
  EXPECT_TRUE(mentions(list[0], "team1")) << list[0].message;
  EXPECT_FALSE(list[0].board.has_value());
  EXPECT_EQ(list[0].pos, pos_of(text, "[Result"));  // no result token: the Result tag
}

// "lost on time" names a team; the clocks say who was to move. TimeControl 60: at the end WhiteA
// (to move on A since 2 s, 59 s left) runs out at 61 s, BlackB (to move on B since 50 s, 59 s left)
// at 109 s. Both are team 1: an Outcome saying Bob & Charlie (team 2) lost on time names a team
// with nobody to move.
TEST(Verdicts, OutcomeTagTimeAgainstATeamNotToMove) {
  const std::string moves = "1A. e4 {[ts=1.000]} 1a. e5 {[ts=2.000]} 1B. d4 {[ts=3.000]} 1b. d5 {[ts=4.000]}\n"
                            "2B. c4 {[ts=50.000]}";
  Checked right = check_text(bughouse_pro(moves, "60", "0-1", "time forfeit", "Bob & Charlie won: Alice & Dave lost on time"));
  EXPECT_TRUE(right.result.violations.empty()) << codes_of(right.result);
  EXPECT_EQ(right.result.outcome.winner, Winner::Team2);
  EXPECT_EQ(right.result.outcome.board, Board::A);  // WhiteA's flag falls first

  Checked wrong = check_text(bughouse_pro(moves, "60", "1-0", "time forfeit", "Alice & Dave won: Bob & Charlie lost on time"));
  auto list = with_code(wrong.result, ViolationCode::ResultMismatch);
  ASSERT_FALSE(list.empty()) << codes_of(wrong.result);
  EXPECT_TRUE(mentions(list[0], "no player of that team was to move at the end")) << list[0].message;
}

// The Outcome tag's text as bughouse.pro writes it (game.rs, GameOutcome::to_pgn).
TEST(Verdicts, OutcomeTagReading) {
  auto read = [](const std::string& outcome) {
    std::vector<Game> games = read_games(bughouse_pro("1A. e4 {[ts=1.000]}", "180", "*", "", outcome));
    return read_outcome_tag(games.at(0));
  };
  Termination mate = read("Bob & Charlie won: Alice & Dave checkmated");
  EXPECT_EQ(mate.kind, TerminationKind::Checkmate);
  EXPECT_TRUE(mate.team);
  EXPECT_EQ(mate.winners, (std::vector<Seat>{Seat::BlackA, Seat::WhiteB}));
  EXPECT_EQ(mate.losers, (std::vector<Seat>{Seat::WhiteA, Seat::BlackB}));
  EXPECT_EQ(read("Alice & Dave won: Charlie & Bob lost on time").kind, TerminationKind::Time);
  EXPECT_EQ(read("Alice & Dave won: Bob & Charlie resigned").kind, TerminationKind::Resignation);
  EXPECT_EQ(read("Alice & Dave won, Bob & Charlie lost").kind, TerminationKind::Victory);
  EXPECT_EQ(read("Alice & Dave won by flag").kind, TerminationKind::Time);  // the older form
  EXPECT_EQ(read("Draw: threefold repetition").kind, TerminationKind::Draw);
  EXPECT_EQ(read("Draw").kind, TerminationKind::Draw);
  EXPECT_EQ(read("Unterminated").kind, TerminationKind::None);
  EXPECT_EQ(read("Eve & Dave won: Bob & Charlie resigned").kind, TerminationKind::Unknown);  // Eve plays not
}

// ---- 4. The right team, the wrong player; winners, not strings ---------------------------------

// FICS 2021 shape: Scholar's mate on board A mates ba (BlackA), but the comment says wb (WhiteB,
// ba's partner) was checkmated. Same team, so the winner agrees: the player does not.
TEST(Verdicts, TerminationTextNamesTheWrongMatedPlayer) {
  const std::string text = bpgn("1A. e4 1a. e5 2A. Qh5 2a. Nc6 3A. Bc4 3a. Nf6 4A. Qxf7#\n{wb checkmated} 1-0", "", "1-0");
  Checked c = check_text(text);
  ASSERT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  const Violation& v = c.result.violations[0];
  expect_game_level(v, ViolationCode::ResultMismatch, pos_of(text, "1-0", 2));
  EXPECT_TRUE(mentions(v, "the player checkmated was ba (BlackA) on board A")) << v.message;
  EXPECT_EQ(c.result.outcome.winner, Winner::Team1);

  Checked right = check_text(bpgn("1A. e4 1a. e5 2A. Qh5 2a. Nc6 3A. Bc4 3a. Nf6 4A. Qxf7#\n{ba checkmated} 1-0", "", "1-0"));
  EXPECT_TRUE(right.result.violations.empty()) << codes_of(right.result);
}

// Scholar's mate on board B: Charlie (WhiteB, team 2) mates Dave. "1-0" is board B's White winning
// under the 2021 FICS convention, but bughouse.pro writes Result from team 1's view: its "1-0"
// says Alice & Dave won. Both strings are "1-0"; the winners differ, so they disagree.
TEST(Verdicts, SameResultStringDifferentWinners) {
  const std::string text = bughouse_pro(
      "1B. e4 {[ts=1.000]} 1b. e5 {[ts=2.000]} 2B. Qh5 {[ts=3.000]} 2b. Nc6 {[ts=4.000]}\n"
      "3B. Bc4 {[ts=5.000]} 3b. Nf6 {[ts=6.000]} 4B. Qxf7 {[ts=7.000]}",
      "180", "1-0", "normal", "");
  Checked c = check_text(text);
  EXPECT_EQ(c.result.outcome.winner, Winner::Team2);
  EXPECT_EQ(c.result.outcome.recorded, "1-0");
  EXPECT_EQ(c.result.outcome.computed, "0-1");
  auto list = with_code(c.result, ViolationCode::ResultMismatch);
  ASSERT_EQ(list.size(), 1u) << codes_of(c.result);
  EXPECT_TRUE(mentions(list[0], "team1 (WhiteA + BlackB) winning")) << list[0].message;
  EXPECT_TRUE(mentions(list[0], "but team2 (BlackA + WhiteB) won")) << list[0].message;
}

// ---- 5. Check-marking conventions: one note ----------------------------------------------------

// bughouse.pro writes no '+': 2B. Qh5 checks (h5-g6-f7-e8 after 1b. f6) and 4A. Qxf7 mates. One
// note for the game, at the first unmarked check, no per-move warning; the game stays valid.
TEST(Verdicts, RecordThatMarksNoCheckGetsOneNote) {
  const std::string text = bughouse_pro(
      "1B. e4 {[ts=1.000]} 1b. f6 {[ts=2.000]} 2B. Qh5 {[ts=3.000]} 2b. g6 {[ts=4.000]}\n"
      "1A. e4 {[ts=5.000]} 1a. e5 {[ts=6.000]} 2A. Qh5 {[ts=7.000]} 2a. Nc6 {[ts=8.000]}\n"
      "3A. Bc4 {[ts=9.000]} 3a. Nf6 {[ts=10.000]} 4A. Qxf7 {[ts=11.000]}",
      "180", "1-0", "normal", "Alice & Dave won: Bob & Charlie checkmated");
  Checked c = check_text(text);
  EXPECT_TRUE(with_code(c.result, ViolationCode::CheckSuffix).empty()) << codes_of(c.result);
  auto notes = with_code(c.result, ViolationCode::CheckSuffixConvention);
  ASSERT_EQ(notes.size(), 1u) << codes_of(c.result);
  EXPECT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  expect_game_level(notes[0], ViolationCode::CheckSuffixConvention, pos_of(text, "Qh5"));
  EXPECT_EQ(notes[0].severity, Severity::Note);
  EXPECT_TRUE(mentions(notes[0], "marks no check")) << notes[0].message;
  EXPECT_TRUE(mentions(notes[0], "2 checking moves (1 mate)")) << notes[0].message;
  EXPECT_FALSE(c.result.has_error());
}

// FICS 2001 writes '+' on its mates (and marks its other checks): one note. The plain check 2B.
// Qh5+ is marked, so nothing else is said.
TEST(Verdicts, RecordThatWritesPlusOnMatesGetsOneNote) {
  const std::string text = bpgn("1B. e4 1b. f6 2B. Qh5+ 2b. g6 1A. e4 1a. e5 2A. Qh5 2a. Nc6 3A. Bc4 3a. Nf6 "
                                "4A. Qxf7+ {ba checkmated} 1-0", "", "1-0");
  Checked c = check_text(text);
  ASSERT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  expect_game_level(c.result.violations[0], ViolationCode::CheckSuffixConvention, pos_of(text, "Qxf7+"));
  EXPECT_TRUE(mentions(c.result.violations[0], "'+' on its mating move (1 of 1), never '#'"))
      << c.result.violations[0].message;
}

// A record that marks some checks and not others keeps its per-move warnings: the mate 4A. Qxf7# is
// marked, the check 2B. Qh5 is not.
TEST(Verdicts, InconsistentMarkingKeepsPerMoveWarnings) {
  const std::string text = bpgn("1B. e4 1b. f6 2B. Qh5 2b. g6 1A. e4 1a. e5 2A. Qh5 2a. Nc6 3A. Bc4 3a. Nf6 "
                                "4A. Qxf7# {ba checkmated} 1-0", "", "1-0");
  Checked c = check_text(text);
  ASSERT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  expect_at(c.result.violations[0], ViolationCode::CheckSuffix, Board::B, White, 2, pos_of(text, "Qh5"));
}

// ---- 6. One-board PGN: the SAN decides the colour ----------------------------------------------

// A crazyhouse FEN with Black to move at move 5; the record numbers Black's move `5.` (a White
// number) and White's reply `5.` too. Read as Black's Nc3 (the knight on d5) and White's P@d5:
// a move-number warning for each, no wrong-turn.
TEST(Verdicts, OneBoardPgnNumbersDoNotDecideTheColour) {
  const std::string text = pgn("5. Nc3 5. P@d5 *",
                               "[Variant \"Crazyhouse\"]\n[SetUp \"1\"]\n"
                               "[FEN \"r1bqkbnr/pppp1ppp/8/3np3/4P3/5N2/PPPP1PPP/RNBQKB1R[P] b KQkq - 0 5\"]\n");
  Checked c = check_text(text);
  ASSERT_EQ(c.result.violations.size(), 2u) << codes_of(c.result);
  // `5. Nc3`: Black's move 5 written with a White number.
  expect_at(c.result.violations[0], ViolationCode::MoveNumber, Board::A, Black, 5, pos_of(text, "5. Nc3"));
  EXPECT_TRUE(mentions(c.result.violations[0], "numbered 5. (as White's move), but Black is to move; read as Black's"))
      << c.result.violations[0].message;
  // `5. P@d5`: White's move 6.
  expect_at(c.result.violations[1], ViolationCode::MoveNumber, Board::A, White, 5, pos_of(text, "5. P@d5"));
  EXPECT_TRUE(mentions(c.result.violations[1], "numbered 5 but the board is at move 6")) << c.result.violations[1].message;
  EXPECT_TRUE(c.result.plies[1].replayed);
  EXPECT_EQ(c.result.final[0].side_to_move(), Black);
}

// fmt writes the moves with the colours the SAN gave them: `5... Nc3 6. P@d5`, which reads back
// without a warning.
TEST(Verdicts, OneBoardPgnNumbersAreRewrittenByFmt) {
  const std::string text = pgn("5. Nc3 5. P@d5 *",
                               "[Variant \"Crazyhouse\"]\n[SetUp \"1\"]\n"
                               "[FEN \"r1bqkbnr/pppp1ppp/8/3np3/4P3/5N2/PPPP1PPP/RNBQKB1R[P] b KQkq - 0 5\"]\n");
  std::vector<Game> games = read_games(text);
  ASSERT_EQ(games.size(), 1u);
  ReplayOptions options;
  options.keep_positions = true;
  const ReplayResult r = replay(games[0], default_rules_for_record(games[0]), options);
  std::string out;
  CanonicalWriter().write(games[0], r, out);
  EXPECT_NE(out.find("\n5... Nc3 6. P@d5 *\n"), std::string::npos) << out;
  Checked again = check_text(out);
  EXPECT_TRUE(again.result.violations.empty()) << codes_of(again.result);
}

// Both wrong at once (`3... Nf3` as the first move of a game from the start): one warning.
TEST(Verdicts, OneBoardPgnWrongSideAndWrongNumberGiveOneWarning) {
  const std::string text = pgn("3... Nf3 Nc6 *");
  Checked c = check_text(text);
  ASSERT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  expect_at(c.result.violations[0], ViolationCode::MoveNumber, Board::A, White, 3, pos_of(text, "3..."));
  EXPECT_TRUE(mentions(c.result.violations[0], "numbered 3... (as Black's move), but White is to move at move 1"))
      << c.result.violations[0].message;
}

// In BPGN the seat letter decides: `1A.` twice is a wrong-turn.
TEST(Verdicts, BpgnSeatLetterStillDecides) {
  const std::string text = bpgn("1A. e4 1A. e5 *");
  Checked c = check_text(text);
  ASSERT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  expect_at(c.result.violations[0], ViolationCode::WrongTurn, Board::A, White, 1, pos_of(text, "1A.", 2));
}

// ---- 7. No clock follow-ons after a wrong-turn -------------------------------------------------

// Black's 1... e5 written `1A.` with Black's reading 178: read as White's, it "grows" White's clock
// from 170 to 178 (clock-increase), and 2A. Nf3{165} then has board A at 360 - 165 - 180 = 15 s,
// earlier than 1B. d4 at 20 s (clock-order). Both come from the wrong seat: only the wrong-turn.
TEST(Verdicts, ClockWarningsAfterAWrongTurnAreNotReported) {
  const std::string text = bpgn("1A. e4{170} 1A. e5{178} 1B. d4{160} 2A. Nf3{165} *", "[TimeControl \"180+0\"]\n");
  Checked c = check_text(text);
  ASSERT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  expect_at(c.result.violations[0], ViolationCode::WrongTurn, Board::A, White, 1, pos_of(text, "1A.", 2));
  // A clock warning before the wrong-turn stays: 2A. Nf3{178} grows White's clock from 175.
  const std::string earlier = bpgn("1A. e4{175} 1a. e5{170} 2A. Nf3{178} 2A. Nc6{169} *", "[TimeControl \"180+0\"]\n");
  Checked before = check_text(earlier);
  ASSERT_EQ(before.result.violations.size(), 2u) << codes_of(before.result);
  expect_at(before.result.violations[0], ViolationCode::ClockIncrease, Board::A, White, 2, pos_of(earlier, "Nf3"));
  expect_at(before.result.violations[1], ViolationCode::WrongTurn, Board::A, White, 2, pos_of(earlier, "2A.", 2));
}

// Black's reply written `1A.` with Black's reading -5: credited to White, it would be a move on a
// flag fallen at 180 s (185 - 5), making 1A. e5 a move-after-end and 1b. d5 (at 80 + 130 = 210 s)
// one too, with a clock-order for 1B. d4 (80 s) after it. None of that is the record's: the move
// is a wrong-turn, and the flag its reading gave is no flag.
TEST(Verdicts, NoFlagFromTheReadingOfAWrongTurn) {
  const std::string text = bpgn("1A. e4{170} 1A. e5{-5} 1B. d4{100} 1b. d5{50} *", "[TimeControl \"180+0\"]\n");
  Checked c = check_text(text);
  ASSERT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  expect_at(c.result.violations[0], ViolationCode::WrongTurn, Board::A, White, 1, pos_of(text, "1A.", 2));
  EXPECT_EQ(c.result.outcome.winner, Winner::None);
}

}  // namespace
}  // namespace bpgn::check_test
