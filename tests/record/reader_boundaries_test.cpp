// One record is one game: where games start and end, what becomes of text outside any game and of
// broken tags. The records are corpus/broken/ and corpus/bughouse-pro/ (corpus/README.md says what
// real source each copies); every expected line:column was counted by hand on the file (the
// comments say how) and is checked against a search of the file's text as well.
#include "replay/rule_choice.h"
#include "read_games.h"
#include "replay/replay.h"
#include "support/text.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <tuple>
#include <vector>

namespace bpgn {
namespace {

using test::corpus;
using test::games_in_file;
using test::read_text;

using test::slurp;

// Line and column (in characters) of the first occurrence of `needle` in a UTF-8 text.
SourcePos position_of(const std::string& text, const std::string& needle) {
  const std::size_t at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << needle;
  SourcePos pos{1, 1};
  for (std::size_t i = 0; i < at && i < text.size(); ++i) {
    if (text[i] == '\n')
      pos = {pos.line + 1, 1};
    else
      pos.column += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
  }
  return pos;
}

std::vector<std::string> tag_names(const Game& g) {
  std::vector<std::string> names;
  for (const Tag& t : g.tags) names.push_back(t.name);
  return names;
}

// code, line, column of every violation `bpgn check` reports for the game, in order.
using Found = std::tuple<std::string, std::uint32_t, std::uint32_t>;
std::vector<Found> violations(const Game& g) {
  ReplayOptions options;
  options.tolerance_seconds = default_tolerance(g);
  const ReplayResult r = replay(g, rules_for_record(g, default_rules_for_record(g), RuleOverrides{}), options);
  std::vector<Found> out;
  for (const Violation& v : r.violations) out.emplace_back(std::string(info(v.code).code), v.pos.line, v.pos.column);
  return out;
}

// --- A tag before [Event -------------------------------------------------------------------

TEST(ReaderBoundaries, TagBeforeEventStaysInItsGame) {
  const std::vector<Game> games = games_in_file(corpus("broken/tag-before-event.bpgn"));
  ASSERT_EQ(games.size(), 3u);
  // `[Variant "bughouse"]` first, then the FICS header.
  EXPECT_EQ(tag_names(games[0]),
            (std::vector<std::string>{"Variant", "Event", "Site", "Date", "WhiteA", "WhiteAElo", "BlackA", "BlackAElo",
                                      "WhiteB", "WhiteBElo", "BlackB", "BlackBElo", "TimeControl", "Result"}));
  EXPECT_EQ(games[0].plies.size(), 5u);
  EXPECT_EQ(games[0].start, (SourcePos{1, 1}));
  // `[SetUp]` and `[FEN]` first: the FEN (Black to move on board A) is the game's, so `1a. e5` is
  // Black's move in turn, not a wrong-turn error.
  EXPECT_EQ(tag_names(games[1]), (std::vector<std::string>{"SetUp", "FEN", "Event", "WhiteA", "BlackA", "WhiteB",
                                                           "BlackB", "TimeControl", "Result"}));
  EXPECT_EQ(games[1].start, (SourcePos{13, 1}));
  ASSERT_EQ(games[1].plies.size(), 5u);
  EXPECT_EQ(games[1].plies[0].san, "e5");
  // Tags running into the movetext on one line, straight after the previous game's result line.
  EXPECT_EQ(games[2].start, (SourcePos{20, 1}));
  EXPECT_EQ(games[2].tags.size(), 7u);
  EXPECT_EQ(games[2].plies.size(), 2u);
  for (const Game& g : games) {
    EXPECT_FALSE(g.error);
    EXPECT_TRUE(g.notes.empty());
    EXPECT_EQ(g.dialect, Dialect::Bpgn);
    EXPECT_EQ(g.result, "*");
    EXPECT_TRUE(violations(g).empty()) << g.index;
  }
}

TEST(ReaderBoundaries, ANameTheHeaderHoldsStartsTheNextGame) {
  // A record with no movetext before the next: its header ends where a name comes again, whatever
  // the name (here `[Variant`), and it is an error of its own; the next game keeps its tags.
  const std::vector<Game> games =
      read_text("[Variant \"bughouse\"]\n[Event \"cut\"]\n[Variant \"bughouse\"]\n[Event \"next\"]\n1. e4 *\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(tag_names(games[0]), (std::vector<std::string>{"Variant", "Event"}));
  ASSERT_TRUE(games[0].error);
  EXPECT_EQ(games[0].error->message, "expected moves or a result after the tags");
  EXPECT_EQ(games[0].error->pos, (SourcePos{3, 1}));
  EXPECT_EQ(tag_names(games[1]), (std::vector<std::string>{"Variant", "Event"}));
  EXPECT_EQ(games[1].tags[1].value, "next");
  EXPECT_FALSE(games[1].error);
  // Several tags on one line, the first not [Event; the same name twice on one line.
  const std::vector<Game> line = read_text("[Variant \"x\"][Event \"a\"][Site \"s\"] 1. e4 *\n");
  ASSERT_EQ(line.size(), 1u);
  EXPECT_EQ(line[0].tags.size(), 3u);
  const std::vector<Game> twice = read_text("[Event \"a\"][Result \"*\"] *\n[Event \"b\"][Result \"*\"][Event \"c\"] *");
  ASSERT_EQ(twice.size(), 3u);
  ASSERT_TRUE(twice[1].error);  // [Event "b"][Result "*"]: a header without movetext
  EXPECT_EQ(twice[1].error->pos, (SourcePos{2, 24}));
  EXPECT_EQ(twice[2].start, (SourcePos{2, 24}));  // the next game starts right there, mid-line
  EXPECT_EQ(twice[2].tags.at(0).value, "c");
  EXPECT_FALSE(twice[2].error);
}

// --- Stray text ------------------------------------------------------------------------------

TEST(ReaderBoundaries, StrayTextIsANoteOfTheGameNextToIt) {
  const std::string path = corpus("broken/stray-text.bpgn");
  const std::string text = slurp(path);
  const std::vector<Game> games = games_in_file(path);
  ASSERT_EQ(games.size(), 5u);
  // Per game: the stray lines (trimmed) and where each starts. Line 7 is
  // `1A. e4{179} 1a. e5{178} 1B. d4{179} 1b. d5{178} *` + U+202C: four moves of 12 characters, `*`
  // at 49, the mark at 50. Line 14 `1A. d4{179} 1a. d5{178} *?`: `?` at 26; line 23 `... * gg`: 27.
  const std::vector<std::vector<std::pair<std::string, SourcePos>>> stray = {
      {{"<pre>", {1, 1}}, {"\u202c", {7, 50}}, {"-----", {8, 1}}},
      {{"?", {14, 26}}, {"Game 3 was played the next evening.", {16, 1}}},
      {{"gg", {23, 27}}},
      {{"--------------------------------", {31, 1}}},
      {{"</pre>", {38, 1}}},
  };
  const std::vector<std::size_t> plies = {4, 2, 2, 4, 2};
  for (std::size_t i = 0; i < games.size(); ++i) {
    SCOPED_TRACE("game " + std::to_string(i + 1));
    const Game& g = games[i];
    EXPECT_FALSE(g.error);
    EXPECT_EQ(g.tags.size(), 8u);
    EXPECT_EQ(g.plies.size(), plies[i]);
    EXPECT_EQ(g.result, i < 3 ? "*" : "");
    ASSERT_EQ(g.notes.size(), stray[i].size());
    for (std::size_t k = 0; k < stray[i].size(); ++k) {
      EXPECT_EQ(g.notes[k].kind, ReadNote::Kind::StrayText);
      EXPECT_EQ(g.notes[k].text, stray[i][k].first);
      EXPECT_EQ(g.notes[k].pos, stray[i][k].second);
    }
  }
  // The positions by search of the file (the mark is found by its bytes).
  EXPECT_EQ(position_of(text, "\u202c"), (SourcePos{7, 50}));
  EXPECT_EQ(position_of(text, "*?"), (SourcePos{14, 25}));
  EXPECT_EQ(position_of(text, "gg"), (SourcePos{23, 27}));
  EXPECT_EQ(position_of(text, "</pre>"), (SourcePos{38, 1}));
}

TEST(ReaderBoundaries, StrayTextIsAStrayTextWarningAndNothingElse) {
  const std::vector<Game> games = games_in_file(corpus("broken/stray-text.bpgn"));
  ASSERT_EQ(games.size(), 5u);
  // Stray text before the game (`<pre>`) comes first, the rest after the game's other findings.
  EXPECT_EQ(violations(games[0]), (std::vector<Found>{{"stray-text", 1, 1}, {"stray-text", 7, 50}, {"stray-text", 8, 1}}));
  EXPECT_EQ(violations(games[1]), (std::vector<Found>{{"stray-text", 14, 26}, {"stray-text", 16, 1}}));
  EXPECT_EQ(violations(games[2]), (std::vector<Found>{{"stray-text", 23, 27}}));
  EXPECT_EQ(violations(games[3]), (std::vector<Found>{{"stray-text", 31, 1}}));
  EXPECT_EQ(violations(games[4]), (std::vector<Found>{{"stray-text", 38, 1}}));
  // The message quotes the text and shows a mark one cannot see.
  ReplayOptions options;
  options.tolerance_seconds = default_tolerance(games[0]);
  const ReplayResult r = replay(games[0], rules_for_record(games[0], default_rules_for_record(games[0]), RuleOverrides{}), options);
  ASSERT_EQ(r.violations.size(), 3u);
  EXPECT_EQ(r.violations[1].message, "text outside any game, skipped: \"<U+202C>\"");
  EXPECT_EQ(r.violations[1].severity, Severity::Warning);
  EXPECT_FALSE(r.violations[1].board);
}

TEST(ReaderBoundaries, StrayTextShapes) {
  // A line that starts a move number after a result is the next game (tagless games), not stray.
  const std::vector<Game> tagless = read_text("1. e4 *\n1. d4 *\n");
  ASSERT_EQ(tagless.size(), 2u);
  EXPECT_TRUE(tagless[0].notes.empty());
  // Junk before the input's end with no game after it stays the error it was: no empty game.
  const std::vector<Game> only_junk = read_text("-----\n");
  ASSERT_EQ(only_junk.size(), 1u);
  EXPECT_TRUE(only_junk[0].error);
  EXPECT_FALSE(only_junk[0].readable());
  // A foreign line inside a movetext without a result, more moves after it: an error, as before.
  const std::vector<Game> mid = read_text("[Event \"x\"]\n1. e4 e5\n-----\n2. Nf3 Nc6\n[Event \"y\"]\n1. d4 *\n");
  ASSERT_EQ(mid.size(), 2u);
  ASSERT_TRUE(mid[0].error);
  EXPECT_EQ(mid[0].error->pos, (SourcePos{3, 1}));
  EXPECT_EQ(mid[0].plies.size(), 2u);
  EXPECT_EQ(mid[1].tags.at(0).value, "y");
  // Stray text ends at a tag on its line: the next game starts there.
  const std::vector<Game> same_line = read_text("1. e4 1-0 junk [Event \"b\"] 1. d4 *\n-----[Event \"c\"] 1. c4 *");
  ASSERT_EQ(same_line.size(), 3u);
  ASSERT_EQ(same_line[0].notes.size(), 1u);
  EXPECT_EQ(same_line[0].notes[0].text, "junk");
  EXPECT_EQ(same_line[1].start, (SourcePos{1, 16}));
  ASSERT_EQ(same_line[1].notes.size(), 1u);
  EXPECT_EQ(same_line[1].notes[0].text, "-----");
  EXPECT_EQ(same_line[2].start, (SourcePos{2, 6}));
  EXPECT_EQ(same_line[2].tags.at(0).value, "c");
  // CRLF line ends and blank lines after a result are no stray text.
  const std::vector<Game> crlf = read_text("[Event \"x\"]\r\n1. e4 *\r\n\r\n \t\r\n[Event \"y\"]\r\n1. d4 *\r\n");
  ASSERT_EQ(crlf.size(), 2u);
  EXPECT_TRUE(crlf[0].notes.empty());
  EXPECT_TRUE(crlf[1].notes.empty());
  // A Latin-1 game: the stray text is converted with the rest.
  const std::vector<Game> latin = read_text("[Event \"Caf\xE9\"]\n1. e4 * \xE9t\xE9\n");
  ASSERT_EQ(latin.size(), 1u);
  ASSERT_EQ(latin[0].notes.size(), 1u);
  EXPECT_EQ(latin[0].notes[0].text, "\xC3\xA9t\xC3\xA9");
  EXPECT_EQ(latin[0].notes[0].pos, (SourcePos{2, 9}));
}

// --- Broken tags ---------------------------------------------------------------------------

TEST(ReaderBoundaries, ABrokenTagIsLeftOutAndTheRestOfTheHeaderRead) {
  const std::string path = corpus("broken/bad-tags.bpgn");
  const std::string text = slurp(path);
  const std::vector<Game> games = games_in_file(path);
  ASSERT_EQ(games.size(), 5u);
  struct Expected {
    std::string written;  // the broken tag
    std::string message;
    SourcePos pos;
    std::string anchor;  // the text at pos, searched in the file
    std::vector<std::string> tags;
  };
  // [White A: the `A` at 8; [Time-Control: the `-` at 6; [1Event: the `1` at 2; [WhiteA "wa]: the
  // opening quote at 9; [TimeControl "180+0": 20 characters, the line's end at 21.
  const std::vector<Expected> expected = {
      {"[White A \"wa\"]", "expected a quoted tag value", {3, 8}, "A \"wa\"]",
       {"Event", "Site", "BlackA", "WhiteB", "BlackB", "Result"}},
      {"[Time-Control \"180+0\"]", "bad tag name: only letters, digits and '_' may follow its first letter", {10, 6},
       "-Control", {"Event", "WhiteA", "BlackA", "WhiteB", "BlackB", "Result"}},
      {"[1Event \"bad tag: a digit first\"]", "expected a tag name after '[' (a letter or '_' first)", {14, 2},
       "1Event", {"WhiteA", "BlackA", "WhiteB", "BlackB", "Result"}},
      {"[WhiteA \"wa]", "unterminated tag value: no closing '\"' on its line", {20, 9}, "\"wa]",
       {"Event", "BlackA", "WhiteB", "BlackB", "Result"}},
      {"[TimeControl \"180+0\"", "expected ']' after the tag value", {27, 21}, "\n[Result \"*\"]\n1A. e4{179} 1a. e5{178} *",
       {"Event", "WhiteA", "BlackA", "WhiteB", "BlackB", "Result"}},
  };
  for (std::size_t i = 0; i < games.size(); ++i) {
    SCOPED_TRACE("game " + std::to_string(i + 1));
    const Game& g = games[i];
    const Expected& e = expected[i];
    EXPECT_FALSE(g.error);
    ASSERT_EQ(g.notes.size(), 1u);
    EXPECT_EQ(g.notes[0].kind, ReadNote::Kind::BadTag);
    EXPECT_EQ(g.notes[0].text, e.written);
    EXPECT_EQ(g.notes[0].message, e.message);
    EXPECT_EQ(g.notes[0].pos, e.pos);
    EXPECT_EQ(position_of(text, e.anchor), e.pos) << "position by search of " << e.anchor;
    EXPECT_EQ(tag_names(g), e.tags);
    // Still a bughouse record with its Result tag: never read as chess.
    EXPECT_EQ(g.dialect, Dialect::Bpgn);
    ASSERT_NE(g.tag("Result"), nullptr);
    EXPECT_EQ(*g.tag("Result"), "*");
    EXPECT_EQ(g.plies.size(), i == 4 ? 2u : 4u);
  }
  // check: the syntax error at the tag; missing-tag only for the seat whose tag was broken.
  EXPECT_EQ(violations(games[0]), (std::vector<Found>{{"syntax", 3, 8}, {"missing-tag", 1, 1}}));
  EXPECT_EQ(violations(games[1]), (std::vector<Found>{{"syntax", 10, 6}}));
  EXPECT_EQ(violations(games[2]), (std::vector<Found>{{"syntax", 14, 2}}));
  EXPECT_EQ(violations(games[3]), (std::vector<Found>{{"syntax", 20, 9}, {"missing-tag", 19, 1}}));
  EXPECT_EQ(violations(games[4]), (std::vector<Found>{{"syntax", 27, 21}}));
}

TEST(ReaderBoundaries, BrokenTagShapes) {
  // A broken tag ends at its first ']': the tag after it on the line is read.
  const std::vector<Game> two = read_text("[Event \"x\"][White A \"wa\"][BlackA \"ba\"]\n1A. e4 *");
  ASSERT_EQ(two.size(), 1u);
  EXPECT_EQ(tag_names(two[0]), (std::vector<std::string>{"Event", "BlackA"}));
  ASSERT_EQ(two[0].notes.size(), 1u);
  EXPECT_EQ(two[0].notes[0].pos, (SourcePos{1, 19}));  // `[Event "x"]` is 11 characters, `[White ` 7 more
  // A broken first tag: the game is still read.
  const std::vector<Game> first = read_text("[ \"x\"]\n[Event \"y\"]\n1. e4 *");
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].tags.size(), 1u);
  EXPECT_EQ(first[0].notes.at(0).pos, (SourcePos{1, 3}));
  EXPECT_EQ(first[0].plies.size(), 1u);
}

// --- bughouse.pro exports ---------------------------------------------------------------------

void expect_three_records(const std::vector<Game>& games, std::size_t first) {
  struct Expected {
    const char* round;
    const char* white_a;
    const char* black_b;
    const char* outcome;
    std::size_t plies;
    const char* last_san;
    const char* last_ts;
  };
  const Expected expected[] = {
      {"3", "Alice", "Dave", "Alice & Dave won: Bob & Charlie resigned", 36, "Re8", "[ts=85.500]"},
      {"4", "Санёк", "Zoë", "km & Jürgen won: Санёк & Zoë resigned", 29, "Be2", "[ts=90.625]"},
      {"5", "李雷", "Zoë", "Andrei & Санёк won: 李雷 & Zoë lost on time", 28, "Nc6", "[ts=119.000]"},
  };
  const std::vector<std::string> names = {"Event",  "Site",          "UTCDate",        "UTCTime",   "Round",
                                          "WhiteA", "BlackA",        "WhiteB",         "BlackB",    "TimeControl",
                                          "Variant", "Promotion",    "DropAggression", "PawnDropRanks", "Result",
                                          "Termination", "Outcome", "GameDuration"};
  for (std::size_t i = 0; i < 3; ++i) {
    const Game& g = games[first + i];
    const Expected& e = expected[i];
    SCOPED_TRACE("game " + std::to_string(first + i + 1));
    EXPECT_FALSE(g.error);
    EXPECT_TRUE(g.notes.empty());
    EXPECT_EQ(tag_names(g), names);
    EXPECT_EQ(*g.tag("Round"), e.round);
    EXPECT_EQ(*g.tag("WhiteA"), e.white_a);
    EXPECT_EQ(*g.tag("BlackB"), e.black_b);
    EXPECT_EQ(*g.tag("Outcome"), e.outcome);
    EXPECT_EQ(*g.tag("Variant"), "Bughouse");
    EXPECT_EQ(g.result, "");  // no result token after the movetext
    EXPECT_EQ(g.dialect, Dialect::Bpgn);
    EXPECT_EQ(g.encoding, Encoding::Utf8);
    EXPECT_EQ(g.clock_kind, ClockKind::SinceStart);
    ASSERT_EQ(g.plies.size(), e.plies);
    for (const Ply& p : g.plies) EXPECT_EQ(p.clock.kind, ClockKind::SinceStart) << p.san;
    EXPECT_EQ(g.plies.back().san, e.last_san);
    EXPECT_EQ(g.plies.back().clock.text, e.last_ts);
  }
}

TEST(ReaderBoundaries, BughouseProExportReadsEveryRecordWhole) {
  const std::string path = corpus("bughouse-pro/three-records.bpgn");
  const std::vector<Game> games = games_in_file(path);
  ASSERT_EQ(games.size(), 3u);
  expect_three_records(games, 0);
  // Records 1 and 2 are parted by a blank line, records 2 and 3 not at all.
  EXPECT_EQ(games[1].start, (SourcePos{32, 1}));
  EXPECT_EQ(games[2].start, (SourcePos{60, 1}));
  for (const Game& g : games) {
    for (const Found& f : violations(g)) EXPECT_NE(std::get<0>(f), "syntax");
  }
  // Many records in one file: the export joined 40 times over (with and without blank lines).
  const std::string text = slurp(path);
  std::string many;
  for (int i = 0; i < 40; ++i) many += text + (i % 2 ? "\n" : "");
  const std::vector<Game> all = read_text(many);
  ASSERT_EQ(all.size(), 120u);
  for (std::size_t first = 0; first < all.size(); first += 3) expect_three_records(all, first);
}

}  // namespace
}  // namespace bpgn
