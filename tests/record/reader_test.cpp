// The reader on small hand-written records: clocks, comments, variations, NAGs, seats and
// colours, encodings, line ends, the BOM, limits and recovery. Expected values are read off the
// record text in each test.
#include "grammar/errors.h"
#include "read_games.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace bpgn {
namespace {

using test::read_text;

Game one_game(const std::string& text, ReaderOptions options = {}) {
  const std::vector<Game> games = read_text(text, options);
  EXPECT_EQ(games.size(), 1u) << text;
  return games.empty() ? Game{} : games[0];
}

TEST(Reader, ClockForms) {
  const Game g =
      one_game("1A. e4{58.345} 1a. e5 {-0.576} 1B. d4 {179} 1b. d5{[%clk 0:02:59.9]} 2A. Nf3 {[ts=185.070]}");
  ASSERT_EQ(g.plies.size(), 5u);
  EXPECT_EQ(g.plies[0].clock.seconds, 58.345);
  EXPECT_EQ(g.plies[0].clock.decimals, 3);
  EXPECT_EQ(g.plies[1].clock.seconds, -0.576);  // a flag fall
  EXPECT_EQ(g.plies[1].clock.decimals, 3);
  EXPECT_EQ(g.plies[1].clock.text, "-0.576");
  EXPECT_EQ(g.plies[2].clock.seconds, 179);
  EXPECT_EQ(g.plies[2].clock.decimals, 0);
  EXPECT_DOUBLE_EQ(g.plies[3].clock.seconds, 179.9);  // 0 h 2 min 59.9 s
  EXPECT_EQ(g.plies[3].clock.decimals, 1);
  EXPECT_EQ(g.plies[3].clock.kind, ClockKind::Remaining);
  EXPECT_EQ(g.plies[4].clock.kind, ClockKind::SinceStart);
  EXPECT_EQ(g.plies[4].clock.seconds, 185.070);
  EXPECT_EQ(g.plies[4].clock.decimals, 3);
  EXPECT_EQ(g.clock_kind, ClockKind::Remaining);  // four of five
  for (const Ply& p : g.plies) EXPECT_TRUE(p.comments.empty()) << p.san;
  EXPECT_EQ(one_game("1A. e4{[ts=1.5]} 1a. e5{[ts=2.5]} 1B. d4{100}").clock_kind, ClockKind::SinceStart);
  EXPECT_EQ(one_game("1. e4 e5").clock_kind, ClockKind::None);
}

// The plain clock `{179}` is read by its own short path; `{ 179 }` by the general one. Both give the
// same seconds, decimals and text, also where the short path hands over (no decimal digit, more
// than 15 digits) and at its edges (leading zeros, trailing zeros, 15 digits).
TEST(Reader, PlainClockReadsAsTheGeneralClock) {
  for (const char* number : {"0", "7", "179", "58.345", "007.50", "0.0", "58.", "1.5", "123456789012345",
                             "12345678901234.5", "1234567890123456", "1234567890.123456", "99999999999999999999",
                             "0.000000000000001", "1.0000000000000000"}) {
    const Game plain = one_game(std::string("1A. e4{") + number + "} *");
    const Game general = one_game(std::string("1A. e4{ ") + number + " } *");
    ASSERT_EQ(plain.plies.size(), 1u) << number;
    ASSERT_EQ(general.plies.size(), 1u) << number;
    const Clock& p = plain.plies[0].clock;
    const Clock& g = general.plies[0].clock;
    EXPECT_EQ(p.kind, ClockKind::Remaining) << number;
    EXPECT_EQ(p.kind, g.kind) << number;
    EXPECT_EQ(p.seconds, g.seconds) << number;
    EXPECT_EQ(p.decimals, g.decimals) << number;
    EXPECT_EQ(p.text, number);
    EXPECT_EQ(p.text, g.text) << number;
  }
  EXPECT_EQ(one_game("1A. e4{58.345} *").plies[0].clock.seconds, 58.345);
  EXPECT_EQ(one_game("1A. e4{58.} *").plies[0].clock.decimals, 0);
}

TEST(Reader, OnlyTheFirstBraceAfterAMoveIsItsClock) {
  const Game g = one_game("1A. e4 {120}{C: good move} {119} 1a. e5 *");
  ASSERT_EQ(g.plies.size(), 2u);
  EXPECT_EQ(g.plies[0].clock.seconds, 120);
  ASSERT_EQ(g.plies[0].comments.size(), 2u);
  EXPECT_EQ(g.plies[0].comments[0].text, "C: good move");
  EXPECT_EQ(g.plies[0].comments[0].pos, (SourcePos{1, 13}));
  EXPECT_EQ(g.plies[0].comments[1].text, "119");
  EXPECT_EQ(g.plies[1].clock.kind, ClockKind::None);
}

TEST(Reader, BraceWithAClockAndMore) {
  // lichess: the clock goes to the ply, the rest stays a comment; study arrows stay as written.
  const Game g = one_game(
      "1. e4 { [%eval 0.17] [%clk 0:05:00] } 1... e5 { [%csl Gd4][%cal Ge2e4] [%clk 0:04:58] } 2. Nf3 { text "
      "[%clk 0:04:59] more }");
  ASSERT_EQ(g.plies.size(), 3u);
  EXPECT_EQ(g.plies[0].clock.seconds, 300);
  EXPECT_EQ(g.plies[0].clock.text, "[%clk 0:05:00]");
  ASSERT_EQ(g.plies[0].comments.size(), 1u);
  EXPECT_EQ(g.plies[0].comments[0].text, "[%eval 0.17]");
  EXPECT_EQ(g.plies[1].clock.seconds, 298);
  EXPECT_EQ(g.plies[1].comments.at(0).text, "[%csl Gd4][%cal Ge2e4]");
  EXPECT_EQ(g.plies[2].comments.at(0).text, "text more");
}

TEST(Reader, TypedCommentsAndTermination) {
  const Game g = one_game(
      "[Event \"x\"]\n{C: banner}\n1A. e4{10} {A: strong} 1B. d4{9} {L: lag 300 ms}\n27b. Qg5+ {4}{Marat "
      "checkmated} 1-0");
  ASSERT_EQ(g.leading_comments.size(), 1u);
  EXPECT_EQ(g.leading_comments[0].text, "C: banner");
  EXPECT_EQ(g.plies[0].comments.at(0).text, "A: strong");
  EXPECT_EQ(g.plies[1].comments.at(0).text, "L: lag 300 ms");
  EXPECT_EQ(g.plies[2].clock.seconds, 4);
  EXPECT_TRUE(g.plies[2].comments.empty());  // the termination is no ply comment
  EXPECT_EQ(g.termination, "Marat checkmated");
  EXPECT_EQ(g.result, "1-0");
  EXPECT_EQ(g.result_pos, (SourcePos{4, 33}));
  // No comment right before the result: no termination.
  EXPECT_EQ(one_game("1. e4 {a comment} e5 {5} 1-0").termination, "");
  // What shares a brace with the last move's clock stays that move's comment.
  const Game lichess = one_game("41. Qxh7 { [%eval 5.44] [%clk 0:00:10] } 1-0");
  EXPECT_EQ(lichess.termination, "");
  EXPECT_EQ(lichess.plies.at(0).comments.at(0).text, "[%eval 5.44]");
  // A game that ends before its first move.
  const Game aborted = one_game("[Event \"x\"]\n{Game aborted on move 1} *");
  EXPECT_EQ(aborted.termination, "Game aborted on move 1");
  EXPECT_TRUE(aborted.leading_comments.empty());
}

TEST(Reader, VariationsNagsAnnotations) {
  const Game g = one_game("1. e4! $14 (1. d4 d5 (1... Nf6 {deep}) 2. c4) 1... e5?! $6 2. Nf3+ !? *");
  ASSERT_EQ(g.plies.size(), 3u);  // the moves inside variations are not main-line plies
  EXPECT_EQ(g.plies[0].san, "e4");
  EXPECT_EQ(g.plies[0].nags, (std::vector<int>{1, 14}));
  ASSERT_EQ(g.plies[0].variations.size(), 1u);
  EXPECT_EQ(g.plies[0].variations[0], "1. d4 d5 (1... Nf6 {deep}) 2. c4");
  EXPECT_EQ(g.plies[1].san, "e5");
  EXPECT_EQ(g.plies[1].nags, (std::vector<int>{6, 6}));
  EXPECT_EQ(g.plies[2].san, "Nf3+");  // check suffix kept, annotation not
  EXPECT_EQ(g.plies[2].nags, (std::vector<int>{5}));
  const Game glyphs = one_game("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?!");
  std::vector<int> nags;
  for (const Ply& p : glyphs.plies) nags.push_back(p.nags.at(0));
  EXPECT_EQ(nags, (std::vector<int>{1, 2, 3, 4, 5, 6}));  // PGN standard NAGs 1-6
}

TEST(Reader, SanTokensKeptAsWritten) {
  const Game g = one_game(
      "1A. e4 1a. e5 1B. N@f3 1b. N*f3 2B. @e4 2b. $146@g4 3B. O-O 3b. 0-0-0 4B. e8=R/d1 4b. e8Q# 5B. exd6 "
      "e.p. 5b. e5");
  std::vector<std::string> san;
  for (const Ply& p : g.plies) san.push_back(p.san);
  EXPECT_EQ(san, (std::vector<std::string>{"e4", "e5", "N@f3", "N*f3", "@e4", "$146@g4", "O-O", "0-0-0",
                                           "e8=R/d1", "e8Q#", "exd6 e.p.", "e5"}));
  for (const Ply& p : g.plies) EXPECT_TRUE(p.nags.empty());
}

TEST(Reader, SeatsAndColours) {
  // BPGN seats, and the space after the dot is optional.
  const Game b = one_game("1A.e4 1B. d4 1a.e5 1b. d5 2A. Nf3");
  const std::vector<std::pair<Board, Color>> seats = {
      {Board::A, White}, {Board::B, White}, {Board::A, Black}, {Board::B, Black}, {Board::A, White}};
  ASSERT_EQ(b.plies.size(), seats.size());
  for (std::size_t i = 0; i < seats.size(); ++i) {
    EXPECT_EQ(b.plies[i].board, seats[i].first) << i;
    EXPECT_EQ(b.plies[i].color, seats[i].second) << i;
    EXPECT_TRUE(b.plies[i].seat_written);
  }
  EXPECT_EQ(b.plies[4].number, 2);
  EXPECT_EQ(b.plies[1].number_pos, (SourcePos{1, 7}));
  EXPECT_EQ(b.plies[1].san_pos, (SourcePos{1, 11}));
  EXPECT_EQ(b.dialect, Dialect::Bpgn);

  // PGN: colour from the number's form and by alternation; no seat.
  const Game p = one_game("1. e4 e5 2. Nf3 2... Nc6 Bb5");
  const Color colours[] = {White, Black, White, Black, White};
  ASSERT_EQ(p.plies.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(p.plies[i].color, colours[i]) << i;
    EXPECT_EQ(p.plies[i].board, Board::A);
    EXPECT_FALSE(p.plies[i].seat_written);
  }
  EXPECT_EQ(p.plies[1].number, 0);                       // none written
  EXPECT_EQ(p.plies[1].number_pos, p.plies[1].san_pos);  // the move stands in for it
  EXPECT_EQ(p.plies[3].number, 2);
  EXPECT_EQ(p.dialect, Dialect::Pgn);
  EXPECT_EQ(one_game("1... Nf6 2. c4").plies[0].color, Black);
  // A FEN with Black to move and no number before the first move.
  EXPECT_EQ(one_game("[FEN \"8/8/8/8/8/8/8/K6k b - - 0 1\"]\nKg1 Kb1").plies[0].color, Black);
  // Two-board by its tags although no move carries a seat.
  EXPECT_EQ(one_game("[WhiteA \"x\"]\n*").dialect, Dialect::Bpgn);
}

TEST(Reader, LagTag) {
  const Game g = one_game("[Lag \"178 284 x\"]\n1A. e4 1a. e5 1B. d4 1b. d5");
  EXPECT_EQ(g.plies[0].lag_ms, 178);
  EXPECT_EQ(g.plies[1].lag_ms, 284);
  EXPECT_FALSE(g.plies[2].lag_ms);  // not a number
  EXPECT_FALSE(g.plies[3].lag_ms);  // no entry
}

TEST(Reader, TagValues) {
  const std::string text = R"([Event "a \"quoted\" word"][Site "back\\slash"][Annotator "Bob "the" Man"] *)";
  const Game g = one_game(text);
  EXPECT_EQ(g.tags.at(0).value, "a \"quoted\" word");
  EXPECT_EQ(g.tags.at(1).value, "back\\slash");
  EXPECT_EQ(g.tags.at(2).value, "Bob \"the\" Man");
  EXPECT_EQ(g.tags.at(2).pos, (SourcePos{1, static_cast<std::uint32_t>(text.find("[Annotator") + 1)}));
  EXPECT_EQ(*g.tag("Site"), "back\\slash");
  EXPECT_EQ(g.tag("Round"), nullptr);
}

TEST(Reader, Latin1AndUtf8) {
  // "Café" in Latin-1 (é = 0xE9) and 0xFE, bughouse-db's paragraph break, in a comment.
  const Game latin = one_game("[Event \"Caf\xE9\"]\n1. e4 {caf\xE9\xFEnext} e5 12X.");
  EXPECT_EQ(latin.encoding, Encoding::Latin1);
  EXPECT_EQ(latin.tags[0].value, "Caf\xC3\xA9");
  EXPECT_EQ(latin.plies[0].comments.at(0).text, "caf\xC3\xA9\nnext");
  // One byte, one character: `1. e4 {café?next} e5 12X.`: e5 at 19, X at 24.
  EXPECT_EQ(latin.plies[1].san_pos, (SourcePos{2, 19}));
  EXPECT_EQ(latin.error->pos, (SourcePos{2, 24}));

  // The same in UTF-8 (é = C3 A9): columns count characters, not bytes.
  const Game utf8 = one_game("[Event \"Caf\xC3\xA9\"]\n1. e4 {caf\xC3\xA9!next} e5 12X.");
  EXPECT_EQ(utf8.encoding, Encoding::Utf8);
  EXPECT_EQ(utf8.tags[0].value, "Caf\xC3\xA9");
  EXPECT_EQ(utf8.plies[0].comments.at(0).text, "caf\xC3\xA9!next");
  EXPECT_EQ(utf8.plies[1].san_pos, (SourcePos{2, 19}));
  EXPECT_EQ(utf8.error->pos, (SourcePos{2, 24}));
  // A three-byte character (€ = E2 82 AC) and a four-byte one (𝄞 = F0 9D 84 9E) before a move.
  const Game wide = one_game("{\xE2\x82\xAC\xF0\x9D\x84\x9E} 1. e4");
  EXPECT_EQ(wide.plies[0].number_pos, (SourcePos{1, 6}));

  // Encoding is decided per game.
  const std::vector<Game> both = read_text("[Event \"Caf\xE9\"] *\n\n[Event \"Caf\xC3\xA9\"] *\n");
  ASSERT_EQ(both.size(), 2u);
  EXPECT_EQ(both[0].encoding, Encoding::Latin1);
  EXPECT_EQ(both[1].encoding, Encoding::Utf8);
  EXPECT_EQ(both[0].tags[0].value, both[1].tags[0].value);
}

TEST(Reader, CrlfAndBom) {
  const std::string text =
      "\xEF\xBB\xBF[Event \"x\"]\r\n[Site \"y\"]\r\n{C: banner}\r\n1A. e4{10} 1B. d4{9}\r\n{Marat "
      "checkmated} 1-0\r\n\r\n"
      "[Event \"z\"]\r\n1. e4 ; rest of line\r\n*\r\n";
  const std::vector<Game> games = read_text(text);
  ASSERT_EQ(games.size(), 2u);
  const Game& g = games[0];
  EXPECT_EQ(g.start, (SourcePos{1, 1}));  // the BOM is not a character of the text
  EXPECT_EQ(g.tags.at(0).name, "Event");
  EXPECT_EQ(g.tags.at(1).pos, (SourcePos{2, 1}));
  EXPECT_EQ(g.leading_comments.at(0).text, "C: banner");
  EXPECT_EQ(g.plies.at(1).san_pos, (SourcePos{4, 16}));
  EXPECT_EQ(g.termination, "Marat checkmated");
  EXPECT_EQ(games[1].start, (SourcePos{7, 1}));
  EXPECT_EQ(games[1].plies.at(0).comments.at(0).text, " rest of line");
  EXPECT_EQ(games[1].termination, "");  // a `;` comment is no termination
  EXPECT_EQ(games[1].result, "*");
  EXPECT_FALSE(games[1].error);
}

TEST(Reader, GameBoundaries) {
  // A game may follow a result on the same line; tags may follow tags of a record cut short.
  const std::vector<Game> games = read_text("1. e4 1-0 [Event \"b\"] 1. d4 *");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].start, (SourcePos{1, 11}));
  EXPECT_EQ(games[1].plies.at(0).san, "d4");

  // Without a result the next game must start a line.
  const std::vector<Game> no_result = read_text("1. e4 e5\n[Event \"b\"]\n1. d4");
  ASSERT_EQ(no_result.size(), 2u);
  EXPECT_FALSE(no_result[0].error);
  EXPECT_EQ(no_result[0].result, "");

  // Games without tags, and a last game without a final newline.
  EXPECT_EQ(read_text("1. e4 *\n\n1. d4 *").size(), 2u);
  // Nothing, blank space, byte order marks: no game (the commands say "no games" once).
  EXPECT_TRUE(read_text("").empty());
  EXPECT_TRUE(read_text(" \n\t\n").empty());
  EXPECT_TRUE(read_text("\xEF\xBB\xBF\r\n\f\v \xEF\xBB\xBF\n").empty());
}

TEST(Reader, RecoveryKeepsEveryGame) {
  // Broken games one after the other, and a broken last game: every game comes out, the good
  // ones whole. A broken tag (bad1) is no syntax error of the game: it is left out with a note.
  const std::string good = "[Event \"good\"]\n1A. e4{1} 1a. e5{2} *\n\n";
  const std::string text = good + "[Event \"bad1\"]\n[Site \"x]\n[Date \"y\"]\n1A. e4 *\n\n" + good +
                           "[Event \"bad2\"]\n1A. e4 {unclosed\n\n" + "[Event \"bad3\"]\n1A. e4 12X. e5\n" +
                           good + "[Event \"bad4\"]\n1A. e4 (1A. d4";
  const std::vector<Game> games = read_text(text);
  ASSERT_EQ(games.size(), 7u);
  const char* events[] = {"good", "bad1", "good", "bad2", "bad3", "good", "bad4"};
  for (std::size_t i = 0; i < games.size(); ++i) {
    EXPECT_EQ(games[i].tags.at(0).value, events[i]) << i;
    EXPECT_EQ(games[i].error.has_value(), events[i][0] == 'b' && i != 1) << i;
    EXPECT_EQ(games[i].index, i + 1);
    if (events[i][0] == 'g') {
      EXPECT_EQ(games[i].plies.size(), 2u) << i;
    }
  }
  // Lines: good 1-3, bad1 4-8 (`[Site "x]` on 5), good 9-11, bad2 12-14 (`{` on 13), bad3 15-16,
  // good 17-19, bad4 20-21.
  ASSERT_EQ(games[1].notes.size(), 1u);
  EXPECT_EQ(games[1].notes[0].kind, ReadNote::Kind::BadTag);
  EXPECT_EQ(games[1].notes[0].pos, (SourcePos{5, 7}));
  EXPECT_EQ(games[1].notes[0].text, "[Site \"x]");
  EXPECT_EQ(games[1].tags.size(), 2u);  // [Event], [Date]: the broken [Site] is left out
  EXPECT_EQ(games[1].plies.size(), 1u);
  EXPECT_EQ(games[3].error->pos, (SourcePos{13, 8}));
  EXPECT_EQ(games[4].error->pos, (SourcePos{16, 10}));
  EXPECT_EQ(games[6].error->pos, (SourcePos{21, 8}));
  EXPECT_EQ(games[6].plies.size(), 1u);
}

TEST(Reader, TagsOnlyRecordBeforeTheNextGame) {
  const std::vector<Game> games = read_text("[Event \"cut\"]\n[Site \"x\"]\n[Event \"next\"]\n1. e4 *");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].tags.size(), 2u);
  EXPECT_EQ(games[0].error->message, "expected moves or a result after the tags");
  EXPECT_EQ(games[0].error->pos, (SourcePos{3, 1}));
  EXPECT_EQ(games[1].tags.at(0).value, "next");
  EXPECT_FALSE(games[1].error);
}

TEST(Reader, VariationDepthLimit) {
  const auto nested = [](int depth) {
    return "1. e4 " + std::string(static_cast<std::size_t>(depth), '(') + "1. d4" +
           std::string(static_cast<std::size_t>(depth), ')') + " e5 *";
  };
  const Game ok = one_game(nested(64));
  EXPECT_FALSE(ok.error);
  EXPECT_EQ(ok.plies.size(), 2u);
  const Game deep = one_game(nested(65));
  ASSERT_TRUE(deep.error);
  EXPECT_EQ(deep.error->message, "variations nested too deeply (limit 64)");
  EXPECT_EQ(deep.error->pos, (SourcePos{1, 7 + 64}));  // the 65th '('
  const Game custom = one_game(nested(3), ReaderOptions{.max_variation_depth = 2});
  EXPECT_EQ(custom.error->message, "variations nested too deeply (limit 2)");
}

TEST(Reader, OneMegabyteCommentParses) {
  const std::string big(std::size_t{1} << 20, 'x');
  const std::vector<Game> games =
      read_text("[Event \"big\"]\n1A. e4{58.1} {C:" + big + "} 1a. e5 *\n\n[Event \"next\"]\n1A. d4 *\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_FALSE(games[0].error);
  ASSERT_EQ(games[0].plies.size(), 2u);
  EXPECT_EQ(games[0].plies[0].comments.at(0).text.size(), big.size() + 2);
  // `1A. e4{58.1} {C:` is 16 characters, the comment closes at 17 + N, `1a.` at 19 + N, `e5` at 23 + N.
  const auto n = static_cast<std::uint32_t>(big.size());
  EXPECT_EQ(games[0].plies[1].number_pos, (SourcePos{2, 19 + n}));
  EXPECT_EQ(games[0].plies[1].san_pos, (SourcePos{2, 23 + n}));
  EXPECT_FALSE(games[1].error);
}

TEST(Reader, GameLongerThanTheLimit) {
  ReaderOptions small;
  small.max_game_bytes = 4096;
  small.chunk_bytes = 512;
  const std::string big(10000, 'x');
  const std::vector<Game> games = read_text("[Event \"first\"]\n1A. e4 *\n\n[Event \"long\"]\n1A. e4 {" +
                                                big + "}\n1a. e5 *\n\n[Event \"next\"]\n1A. d4 *\n",
                                            small);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_FALSE(games[0].error);
  ASSERT_TRUE(games[1].error);
  EXPECT_EQ(games[1].error->message, "game text too long (limit 4096 bytes)");
  EXPECT_EQ(games[1].error->pos, (SourcePos{4, 1}));
  EXPECT_EQ(games[1].tags.at(0).value, "long");
  EXPECT_FALSE(games[2].error);
  EXPECT_EQ(games[2].start, (SourcePos{8, 1}));
  // A game just under the limit is read whole, at the input's end or before another game.
  const std::string fits = "[Event \"fits\"]\n1A. e4 {" + std::string(3900, 'x') + "} *";
  EXPECT_FALSE(read_text(fits, small).at(0).error);
  const std::vector<Game> two = read_text(fits + "\n[Event \"next\"]\n1A. d4 *\n", small);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_FALSE(two[0].error);
  EXPECT_FALSE(two[1].error);
  // The limit holds at the end of the input as well.
  const std::vector<Game> last = read_text("[Event \"long\"]\n1A. e4 {" + big + "} *", small);
  ASSERT_EQ(last.size(), 1u);
  EXPECT_EQ(last[0].error->message, "game text too long (limit 4096 bytes)");
}

// Blank space after a game is no part of its size: a game followed by more blank space than the
// limit, with or without a result, with a next game or the end after it, is read whole.
TEST(Reader, BlankSpaceAfterAGameDoesNotCountTowardItsSize) {
  ReaderOptions small;
  small.max_game_bytes = 4096;
  small.chunk_bytes = 512;
  const std::string blank = std::string(5000, '\n') + std::string(5000, ' ') + "\r\n\t" + std::string(3000, '\n');
  for (const std::string game : {"[Event \"a\"]\n1A. e4 1a. e5 *", "[Event \"a\"]\n1A. e4 1a. e5 {[ts=1.0]}"}) {
    const std::vector<Game> alone = read_text(game + blank, small);
    ASSERT_EQ(alone.size(), 1u) << game;
    EXPECT_FALSE(alone[0].error) << alone[0].error->message;
    EXPECT_EQ(alone[0].plies.size(), 2u);
    const std::vector<Game> two = read_text(game + blank + "[Event \"b\"]\n1A. d4 *\n", small);
    ASSERT_EQ(two.size(), 2u) << game;
    EXPECT_FALSE(two[0].error) << two[0].error->message;
    EXPECT_FALSE(two[1].error);
    EXPECT_EQ(two[1].tags.at(0).value, "b");
    EXPECT_EQ(two[1].start.line, 2u + 5000u + 1u + 3000u);
  }
  // More blank space than the limit ends a game without a result: what follows is read as the next
  // game (here a tagless one), not as more of a game too long to read.
  const std::vector<Game> inside = read_text("[Event \"a\"]\n1A. e4" + blank + "1a. e5 *\n", small);
  ASSERT_EQ(inside.size(), 2u);
  EXPECT_FALSE(inside[0].error);
  EXPECT_EQ(inside[0].plies.size(), 1u);
  EXPECT_EQ(inside[1].plies.size(), 1u);
  // Blank space inside a comment is the game's own text and counts.
  const std::vector<Game> comment = read_text("[Event \"a\"]\n1A. e4 {" + blank + "} 1a. e5 *\n", small);
  ASSERT_EQ(comment.size(), 1u);
  ASSERT_TRUE(comment[0].error);
  EXPECT_EQ(comment[0].error->message, "game text too long (limit 4096 bytes)");
}

// A text with no tag and no move is not a game: one unreadable game with a syntax error at its
// start, whatever the junk (a lone comment, words, a lone result).
TEST(Reader, TextWithoutATagOrAMoveIsNotAGame) {
  for (const std::string junk : {"{\"game\": 1}\n", "hello world\n", "1. hello world\n", "*\n", "1-0\n", "{a} {b}\n"}) {
    const std::vector<Game> games = read_text(junk);
    ASSERT_EQ(games.size(), 1u) << junk;
    ASSERT_TRUE(games[0].error) << junk;
    EXPECT_EQ(games[0].error->message, "not a game: this text holds no tag and no move") << junk;
    EXPECT_EQ(games[0].error->pos, (SourcePos{1, 1})) << junk;
    EXPECT_FALSE(games[0].readable()) << junk;
  }
  // One move or one tag is enough, even an illegal move or a broken game.
  for (const std::string game : {"1. e4\n", "1. Ke5\n", "[Event \"x\"]\n*\n", "1. e4 {unclosed\n"}) {
    const std::vector<Game> games = read_text(game);
    ASSERT_EQ(games.size(), 1u) << game;
    EXPECT_TRUE(games[0].readable()) << game;
    if (games[0].error) EXPECT_NE(games[0].error->message, "not a game: this text holds no tag and no move") << game;
  }
}

// Comments above the first game with no move after them (an exporter's banner) are stray text of
// that game, one note per line, also mixed with foreign lines; a comment before a move stays the
// game's own.
TEST(Reader, CommentsAboveTheFirstGameAreStrayText) {
  const std::vector<Game> games =
      read_text("{exported by X}\n<pre>\n{two\nlines}\n\n[Event \"x\"]\n[White \"a\"]\n1. e4 *\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_FALSE(games[0].error);
  ASSERT_EQ(games[0].notes.size(), 4u);
  EXPECT_EQ(games[0].notes[0].text, "{exported by X}");
  EXPECT_EQ(games[0].notes[0].pos, (SourcePos{1, 1}));
  EXPECT_EQ(games[0].notes[3].text, "lines}");
  EXPECT_EQ(games[0].notes[3].pos, (SourcePos{4, 1}));
  const std::vector<Game> own = read_text("{C: banner} 1. e4 *\n");
  ASSERT_EQ(own.size(), 1u);
  EXPECT_TRUE(own[0].notes.empty());
  ASSERT_EQ(own[0].leading_comments.size(), 1u);
}

}  // namespace
}  // namespace bpgn
