// corpus/invalid/: each hand-made broken record with its exact message and line:column, each
// followed by a good game (fics/1283326: 7 plies on board A, 1 on B) that must still be read.
// The expected positions were worked out by hand (corpus/invalid/README.md says how) and are
// checked here against a search of the file's text as well.
#include "grammar/errors.h"
#include "read_games.h"
#include "support/text.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace bpgn {
namespace {

using test::corpus;
using test::plies_per_board;
using test::games_in_file;

using test::slurp;

// Line and column of byte `offset` in an ASCII text.
SourcePos position_at(const std::string& text, std::size_t offset) {
  SourcePos pos{1, 1};
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n')
      pos = {pos.line + 1, 1};
    else
      ++pos.column;
  }
  return pos;
}

struct Case {
  const char* file;
  const char* message;
  SourcePos pos;
  const char* at;     // the text the error stands on (searched in the file), "" for none
  std::size_t games;  // games the file yields
  std::size_t tags;   // tags of the broken game kept
  std::size_t plies;  // plies of the broken game kept
};

void expect_good_game_last(const std::vector<Game>& games, const char* file) {
  ASSERT_FALSE(games.empty());
  const Game& good = games.back();
  EXPECT_FALSE(good.error) << file;
  EXPECT_EQ(plies_per_board(good), (std::pair<std::size_t, std::size_t>{7, 1})) << file;
  EXPECT_EQ(good.termination, "Game aborted on move 1") << file;
  EXPECT_EQ(good.tags.size(), 15u) << file;
}

TEST(ReaderInvalid, EachFileMessagePositionAndRecovery) {
  const std::string unexpected = grammar::error_message<grammar::game_end>;
  const std::vector<Case> cases = {
      {"tag-in-movetext.bpgn", unexpected.c_str(), {12, 8}, "[%clk", 2, 15, 1},
      {"unclosed-brace.bpgn", "unclosed comment: '{' has no matching '}'", {13, 1}, "{carlosfenix", 2, 15, 5},
      {"bad-move-number.bpgn",
       "malformed move number: expected '.' or a seat letter (A, a, B, b) and '.'",
       {12, 51},
       "X. Nc3",
       2,
       15,
       3},
      {"truncated-after-tags.bpgn", "expected moves or a result after the tags", {12, 1}, "", 2, 15, 0},
      {"truncated-mid-move.bpgn", "expected a move after the move number", {13, 1}, "", 2, 15, 5},
      {"unterminated-variation.bpgn",
       "unterminated variation: '(' has no matching ')'",
       {12, 84},
       "(3A. d5",
       2,
       15,
       5},
      {"deep-nesting.bpgn", "variations nested too deeply (limit 64)", {12, 81}, "", 2, 15, 1},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.file);
    const std::string path = corpus(std::string("invalid/") + c.file);
    const std::vector<Game> games = games_in_file(path);
    ASSERT_EQ(games.size(), c.games);
    const Game& broken = games[0];
    ASSERT_TRUE(broken.error);
    EXPECT_EQ(broken.error->message, c.message);
    EXPECT_EQ(broken.error->pos, c.pos);
    EXPECT_EQ(broken.tags.size(), c.tags);
    EXPECT_EQ(broken.plies.size(), c.plies);
    EXPECT_EQ(broken.file, path);
    if (*c.at) {
      const std::string text = slurp(path);
      EXPECT_EQ(position_at(text, text.find(c.at)), c.pos) << "position by search of " << c.at;
    }
    expect_good_game_last(games, c.file);
    EXPECT_EQ(games.back().index, c.games);
  }
}

// A broken tag is no syntax error of the game: it is left out with a note (message and place as
// the grammar says), the other 14 tags and the 5 moves are read, and the good game follows.
TEST(ReaderInvalid, BrokenTagsAreLeftOutAndTheRestIsRead) {
  const std::vector<Case> cases = {
      {"missing-quote.bpgn", "unterminated tag value: no closing '\"' on its line", {2, 7}, "\"freechess.org]", 2, 14, 5},
      {"missing-open-quote.bpgn", "expected a quoted tag value", {4, 7}, "18:44:37\"]", 2, 14, 5},
      {"missing-bracket.bpgn", "expected ']' after the tag value", {9, 21}, "\n[Lag", 2, 14, 5},
      {"bad-tag-name.bpgn", "expected a tag name after '[' (a letter or '_' first)", {2, 3}, "\"freechess.org\"]", 2, 14, 5},
  };
  const std::vector<std::string> written = {"[Site \"freechess.org]", "[Time 18:44:37\"]", "[TimeControl \"120+0\"",
                                            "[ \"freechess.org\"]"};
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    SCOPED_TRACE(c.file);
    const std::string path = corpus(std::string("invalid/") + c.file);
    const std::vector<Game> games = games_in_file(path);
    ASSERT_EQ(games.size(), c.games);
    const Game& broken = games[0];
    EXPECT_FALSE(broken.error);
    ASSERT_EQ(broken.notes.size(), 1u);
    EXPECT_EQ(broken.notes[0].kind, ReadNote::Kind::BadTag);
    EXPECT_EQ(broken.notes[0].message, c.message);
    EXPECT_EQ(broken.notes[0].pos, c.pos);
    EXPECT_EQ(broken.notes[0].text, written[i]);
    EXPECT_EQ(broken.tags.size(), c.tags);
    EXPECT_EQ(broken.plies.size(), c.plies);
    EXPECT_EQ(broken.dialect, Dialect::Bpgn);
    ASSERT_NE(broken.tag("Result"), nullptr);
    EXPECT_EQ(*broken.tag("Result"), "*");
    const std::string text = slurp(path);
    EXPECT_EQ(position_at(text, text.find(c.at)), c.pos) << "position by search of " << c.at;
    expect_good_game_last(games, c.file);
  }
}

TEST(ReaderInvalid, PositionsOfTheCasesWithoutAnAnchor) {
  // truncated-after-tags: the next game's `[Event` is where moves were expected, on line 12
  // (11 tag lines before it); truncated-mid-move: `3A.` ends line 12, the next `[Event` is 13:1.
  for (const char* file : {"truncated-after-tags.bpgn", "truncated-mid-move.bpgn"}) {
    const std::vector<Game> games = games_in_file(corpus(std::string("invalid/") + file));
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[1].start, games[0].error->pos) << file;  // the good game starts right there
  }
  // deep-nesting: `1A. e4{118.585} ` is 16 characters, so the 65th '(' stands in column 16 + 65.
  const std::string text = slurp(corpus("invalid/deep-nesting.bpgn"));
  EXPECT_EQ(position_at(text, text.find('(') + 64), (SourcePos{12, 81}));
}

// Two lines of binary bytes before the first game, the first opening with a zero byte: binary
// garbage, an unreadable game of its own up to the good game's `[Event` (issue 36: a zero byte is
// never stray text). The good game after them is read whole, with no note.
TEST(ReaderInvalid, GarbageWithAZeroByteBeforeTheFirstGameIsAnUnreadableGame) {
  const std::vector<Game> games = games_in_file(corpus("invalid/garbage-bytes.bpgn"));
  ASSERT_EQ(games.size(), 2u);
  const Game& garbage = games[0];
  ASSERT_TRUE(garbage.error);
  EXPECT_EQ(garbage.error->pos, (SourcePos{1, 1}));
  EXPECT_EQ(garbage.error->message,
            "unexpected text: expected a move, comment, variation, NAG, result, or a tag at the start of a line");
  EXPECT_TRUE(garbage.tags.empty());
  const Game& g = games[1];
  EXPECT_FALSE(g.error);
  EXPECT_EQ(g.start, (SourcePos{3, 1}));
  EXPECT_TRUE(g.notes.empty());
  EXPECT_EQ(g.tags.size(), 15u);
  EXPECT_EQ(plies_per_board(g), (std::pair<std::size_t, std::size_t>{7, 1}));
}

TEST(ReaderInvalid, EmptyFile) {
  // An empty input holds no game: nothing to report as unreadable (the commands say "no games").
  EXPECT_TRUE(games_in_file(corpus("invalid/empty.bpgn")).empty());
  // The next file of a stream is read as usual.
  const std::vector<Game> next = games_in_file(corpus("fics/1283326.bpgn"), ReaderOptions{.first_index = 2});
  ASSERT_EQ(next.size(), 1u);
  EXPECT_EQ(next[0].index, 2u);
  EXPECT_FALSE(next[0].error);
}

}  // namespace
}  // namespace bpgn
