// The grammar on its own: no cycles without progress, and the shape of each token as the
// formats write it (values taken from formats.md and the corpus files named in the comments).
#include "grammar/errors.h"

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include <gtest/gtest.h>

#include <string>

namespace bpgn::grammar {
namespace {

// The whole text matches the rule (a must<> inside that fails counts as no match).
template <typename Rule>
bool matches(const std::string& text) {
  pegtl::memory_input in(text, "test");
  try {
    return pegtl::parse<pegtl::seq<Rule, pegtl::eof>>(in);
  } catch (const pegtl::parse_error&) {
    return false;
  }
}

TEST(Grammar, AnalyzeFindsNoProblems) {
  EXPECT_EQ(pegtl::analyze<game>(), 0u);
  EXPECT_EQ(pegtl::analyze<embedded_clock_search>(), 0u);
  EXPECT_EQ(pegtl::analyze<tag_line_start>(), 0u);
  EXPECT_EQ(pegtl::analyze<event_tag_start>(), 0u);
}

TEST(Grammar, Tags) {
  EXPECT_TRUE(matches<tag>(R"([Event "FICS rated bughouse match"])"));
  EXPECT_TRUE(matches<tag>(R"([ WhiteA  "Gnejs" ])"));
  EXPECT_TRUE(matches<tag>(R"([Event "a \"quoted\" word"])"));
  EXPECT_TRUE(matches<tag>(R"([Event "Bob "the" Man"])"));  // inner quotes kept: ']' does not follow them
  EXPECT_TRUE(matches<tag>(R"([Opening ""])"));
  EXPECT_FALSE(matches<tag>(R"([Site "freechess.org])"));
  EXPECT_FALSE(matches<tag>(R"([Time 18:44:37"])"));
  EXPECT_FALSE(matches<tag>(R"([ "x"])"));
  EXPECT_FALSE(matches<tag>("[Site \"freechess.org\"\n]"));  // a tag never spans lines
  // Several tags on one line, and tags running straight into the movetext (2001 archive copy).
  EXPECT_TRUE(matches<tag_section>(R"([WhiteA "Gnejs"][WhiteAElo "2051"])"));
  EXPECT_TRUE((matches<pegtl::seq<tag_section, numbered_move>>(R"([Result "1-0"]1B. e4)")));
  // A broken tag is read past: the section goes on (the reader notes it, see reader_test.cpp).
  for (const char* broken : {"[White A \"x\"]", "[Time-Control \"x\"]", "[1Event \"x\"]", "[Site \"x]",
                             "[TimeControl \"120+0\"", "[ \"x\"]", "[%clk 0:01:58]"}) {
    EXPECT_FALSE(matches<tag>(broken)) << broken;
    EXPECT_TRUE(matches<broken_tag>(broken)) << broken;
    EXPECT_TRUE(matches<tag_section>(std::string("[Event \"a\"]\n") + broken + "\n[Result \"*\"]")) << broken;
  }
  // A broken tag ends at its first ']': the tags after it on its line are read.
  EXPECT_TRUE((matches<pegtl::seq<broken_tag, tag>>(R"([White A "x"][Black "y"])")));
  // A name the section already holds starts another game: the reader's tag action decides that
  // (reader_test.cpp, TagBeforeEventAndRepeatedNames); the grammar alone reads both.
  EXPECT_TRUE(matches<tag_section>("[Event \"a\"]\n[Event \"b\"]"));
  EXPECT_TRUE((matches<pegtl::seq<tag_line_start, pegtl::star<pegtl::any>>>(R"([WhiteAElo "2051"])")));
  EXPECT_FALSE((matches<pegtl::seq<tag_line_start, pegtl::star<pegtl::any>>>("[%clk 0:01:58]")));
  EXPECT_TRUE((matches<pegtl::seq<event_tag_start, pegtl::star<pegtl::any>>>(R"([Event "x"])")));
  EXPECT_FALSE((matches<pegtl::seq<event_tag_start, pegtl::star<pegtl::any>>>(R"([EventDate "x"])")));
}

TEST(Grammar, MoveNumbers) {
  for (const char* n : {"12A.", "12a.", "3B.", "3b.", "1.", "1...", "123."})
    EXPECT_TRUE(matches<move_number>(n)) << n;
  for (const char* n : {"12X.", "12A", "12", "1234567890."}) EXPECT_FALSE(matches<move_number>(n)) << n;
}

TEST(Grammar, SanTokensByShape) {
  // formats.md: drops with and without the letter, the `$146@` knight, castling with O and 0,
  // promotions with and without '=', Gambler's steal, check and mate suffixes.
  for (const char* s : {"Nf3",   "exd5",    "e8=Q",    "e8Q",   "N@f3",  "N*f3",      "P@e4",
                        "@e4",   "$146@g4", "O-O",     "O-O-O", "0-0",   "0-0-0",     "Qxg1#",
                        "Nxf3+", "e8=R/d1", "exf8=Q+", "N1c3",  "Q@h4+", "exd6 e.p.", "exd6e.p."})
    EXPECT_TRUE(matches<san>(s)) << s;
  for (const char* s : {"", "1-0", "$146", "{e4}", "e4!", "-e4"}) EXPECT_FALSE(matches<san>(s)) << s;
  // bughouse.pro: a pawn capture without the file, the discard promotion; a '.' elsewhere is no move.
  for (const char* s : {"xe6", "xd6", "e8=.", "dxe8=.", "e1=."}) {
    EXPECT_TRUE(matches<san>(s)) << s;
    EXPECT_TRUE(matches<plain_san>(s)) << s;
  }
  for (const char* s : {"e4.", "e8.", "e8=..", "N.f3"}) {
    EXPECT_FALSE(matches<san>(s)) << s;
    EXPECT_FALSE(matches<plain_san>(s)) << s;
  }
  for (const char* s : {"e4!", "e4?", "e4!!", "e4??", "e4!?", "e4?!", "Nf3+!"})
    EXPECT_TRUE(matches<move_text>(s)) << s;
}

// bughouse.pro writes the Gambler steal square without the slash: the token is whole, also when the
// plain-move fast path reads it (a space or a brace after it).
TEST(Grammar, StealTokenWithoutSlash) {
  for (const char* s : {"e8=Rd1", "dxe8=Rd1", "e8=Rd1+", "a1=Nh8#"}) {
    EXPECT_TRUE(matches<san>(s)) << s;
    using plain_then_rest = pegtl::seq<plain_unnumbered_move, pegtl::star<pegtl::any>>;
    using numbered_then_rest = pegtl::seq<plain_numbered_move, pegtl::star<pegtl::any>>;
    EXPECT_TRUE(matches<plain_then_rest>(std::string(s) + " ")) << s;
    EXPECT_TRUE(matches<numbered_then_rest>("31A. " + std::string(s) + "{1.5}")) << s;
  }
}

TEST(Grammar, NagsAndResults) {
  EXPECT_TRUE(matches<nag>("$1"));
  EXPECT_TRUE(matches<nag>("$146"));
  for (const char* r : {"1-0", "0-1", "1/2-1/2", "*"}) EXPECT_TRUE(matches<result>(r)) << r;
  EXPECT_FALSE(matches<result>("1-0-0"));
  EXPECT_FALSE(matches<result>("0-0"));
}

TEST(Grammar, Clocks) {
  // formats.md: `{179}` (2001), `{58.345}` (2014-22), `{-0.576}` (flag fall), `[%clk 0:02:59.9]`,
  // `[ts=185.070]`, lichess `{ [%clk 0:02:59] }`.
  for (const char* c : {"{179}", "{58.345}", "{-0.576}", "{[%clk 0:02:59.9]}", "{[ts=185.070]}",
                        "{ [%clk 0:02:59] }", "{[%clk\n0:00:01.6]}"})
    EXPECT_TRUE(matches<clock_comment>(c)) << c;
  for (const char* c : {"{C: hi}", "{179 seconds}", "{[%eval 0.17] [%clk 0:05:00]}", "{}"})
    EXPECT_FALSE(matches<clock_comment>(c)) << c;
  EXPECT_TRUE(matches<comment>("{[%eval 0.17] [%clk 0:05:00]}"));
  EXPECT_TRUE(matches<comment>("{}"));
}

TEST(Grammar, Comments) {
  EXPECT_TRUE(matches<comment>("{C: This is game number 1283326 at http://www.bughousedb.com}"));
  EXPECT_TRUE(matches<comment>("{spans\ntwo lines}"));
  EXPECT_TRUE(matches<comment>("{a line may start with [%cal Ge2e4]\n[%csl Gd4] }"));
  // A line that starts with a tag ends an unclosed comment: the next game survives.
  EXPECT_FALSE((matches<pegtl::seq<comment, pegtl::star<pegtl::any>>>("{unclosed\n[Event \"next\"]")));
  EXPECT_TRUE((matches<pegtl::seq<line_comment, line_end>>("; to the end of the line\n")));
}

TEST(Grammar, Variations) {
  EXPECT_TRUE(matches<variation>("(1... e5 2. Nf3)"));
  EXPECT_TRUE(matches<variation>("(3A. d5 {comment (with a parenthesis)} (3A. c4) $1)"));
  EXPECT_FALSE(matches<variation>("(3A. d5"));
  EXPECT_FALSE(matches<variation>("(3A. d5))"));
}

TEST(Grammar, Games) {
  EXPECT_TRUE(matches<game>("[Event \"x\"]\n1A. e4{118.585} 1B. e4{117.268}\n{Game aborted on move 1} *"));
  EXPECT_TRUE(matches<game>("1. e4 e5 2. Nf3 Nc6 1-0\n"));
  EXPECT_TRUE(matches<game>("1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:05:00] }"));  // no result
  EXPECT_TRUE(matches<game>("[Event \"x\"] *"));
  EXPECT_FALSE(matches<game>("[Event \"x\"]"));              // tags without moves or result
  // Text after the result is stray text of the game (the reader notes it): no game of its own.
  EXPECT_TRUE(matches<game>("1. e4 (1. d4) e5 1-0 junk"));
  EXPECT_TRUE(matches<game>("1. e4 1-0?\n-----\n</pre>\n"));
  // ... up to a line that starts a tag or a move number: the next game.
  EXPECT_FALSE(matches<game>("1. e4 1-0\n-----\n1. d4 *"));
  EXPECT_TRUE((matches<pegtl::seq<game, pegtl::star<ws>, plain_numbered_move, pegtl::star<pegtl::any>>>("1. e4 1-0\n-----\n1. d4 *")));
  // A movetext without a result: a foreign line before a tag line or the end is stray text too,
  // one before more moves is an error; so is a game that is nothing but a foreign line.
  EXPECT_TRUE(matches<game>("1A. e4 {[ts=1.5]}\n-----\n"));
  EXPECT_FALSE(matches<game>("1A. e4 {[ts=1.5]}\n-----\n2A. d4"));
  EXPECT_FALSE(matches<game>("-----\n"));
  // Lines that cannot start a game, before one: stray text of that game.
  EXPECT_TRUE(matches<game>("<pre>\n-----\n[Event \"x\"]\n1. e4 *"));
  EXPECT_FALSE(matches<game>("(1. d4) 1. e4"));              // a variation needs a move before it
  EXPECT_FALSE(matches<game>("1A. e4 [%clk 0:01:58]"));      // '[' mid-line is no tag
}

}  // namespace
}  // namespace bpgn::grammar
