// Finding the game a command means: FILE:LINE[:COLUMN] taken apart, the game whose text holds a
// line (its first and last lines, a line inside its moves, the blank lines between games, past the
// end), the Nth game of an input and of a run.
#include "pipeline/commands/find_game.h"

#include "io/archive_fixture.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

namespace bpgn {
namespace {

GameAddress place(const std::string& arg, std::set<std::string> files) {
  return parse_game_address(arg, [&](const std::string& name) { return files.contains(name); });
}

TEST(ParseGameAddress, ANameThatExistsIsAFileEvenWithColons) {
  EXPECT_EQ(place("a.bpgn", {"a.bpgn"}).open, "a.bpgn");
  EXPECT_FALSE(place("a.bpgn", {"a.bpgn"}).line);
  const GameAddress odd = place("odd:12", {"odd", "odd:12"});
  EXPECT_EQ(odd.open, "odd:12");
  EXPECT_FALSE(odd.line);
  const GameAddress odd_line = place("odd:12:3", {"odd:12"});
  EXPECT_EQ(odd_line.open, "odd:12");
  EXPECT_EQ(odd_line.line, 3u);
}

TEST(ParseGameAddress, TakesOffALineAndAColumn) {
  for (const std::string arg : {"dir/a.bpgn:120", "dir/a.bpgn:120:5"}) {
    const GameAddress p = place(arg, {"dir/a.bpgn"});
    EXPECT_EQ(p.open, "dir/a.bpgn") << arg;
    EXPECT_EQ(p.stream, "dir/a.bpgn") << arg;
    EXPECT_EQ(p.line, 120u) << arg;
  }
  EXPECT_EQ(place("-:7", {}).open, "-");
  EXPECT_EQ(place("-:7", {}).line, 7u);
  // Nothing exists: the file and line as written, so that reading it says what is missing.
  const GameAddress missing = place("none.bpgn:12:5", {});
  EXPECT_EQ(missing.open, "none.bpgn");
  EXPECT_EQ(missing.line, 12u);
  // Not numbers: no line.
  EXPECT_FALSE(place("a.bpgn:x", {"a.bpgn"}).line);
  EXPECT_FALSE(place(":12", {}).line);
}

TEST(ParseGameAddress, AnArchiveMember) {
  const GameAddress p = place("d/two.zip:m/2.bpgn:40:1", {"d/two.zip"});
  EXPECT_EQ(p.open, "d/two.zip");
  EXPECT_EQ(p.stream, "d/two.zip:m/2.bpgn");
  EXPECT_EQ(p.line, 40u);
  const GameAddress whole = place("d/two.zip:m/2.bpgn", {"d/two.zip"});
  EXPECT_EQ(whole.open, "d/two.zip");
  EXPECT_EQ(whole.stream, "d/two.zip:m/2.bpgn");
  EXPECT_FALSE(whole.line);
}

// Line 1 blank; game 1 on lines 2-5 (a blank line inside); lines 6-7 blank; game 2 on lines 8-11
// (a comment over two lines); line 12 blank, and the text ends there.
const std::string kText =
    "\n"
    "[Event \"one\"]\n"
    "[Site \"here\"]\n"
    "\n"
    "1A. e4 1a. e5 1B. d4 1b. d5 *\n"
    "\n"
    "  \n"
    "[Event \"two\"]\n"
    "\n"
    "1A. e4 {a comment\n"
    "over two lines} 1a. e5 *\n"
    "\n";

FoundGame at_line(std::uint32_t line, Game& game, const std::string& text = kText) {
  InputStreams inputs = InputStreams::of_text("t.bpgn", text);
  GameWanted wanted;
  wanted.by = GameWanted::By::Line;
  wanted.line = line;
  wanted.stream = "t.bpgn";
  return find_game(inputs, wanted, game);
}

TEST(FindGame, TheGameWhoseTextHoldsTheLine) {
  const std::map<std::uint32_t, std::size_t> game_of = {{2, 1}, {3, 1}, {4, 1}, {5, 1}, {8, 2}, {9, 2}, {10, 2}, {11, 2}};
  for (const auto& [line, number] : game_of) {
    Game game;
    const FoundGame found = at_line(line, game);
    ASSERT_EQ(found.outcome, FoundGame::Outcome::Found) << line << ": " << found.why;
    EXPECT_EQ(game.file_index, number) << line;
    EXPECT_EQ(game.index, number) << line;
    EXPECT_EQ(game.tag("Event") ? *game.tag("Event") : "", number == 1 ? "one" : "two") << line;
  }
}

TEST(FindGame, ALineOfNoGameSaysTheNearestGames) {
  Game game;
  EXPECT_EQ(at_line(1, game).why, "line 1 of t.bpgn is before its first game (game 1, from line 2)");
  for (std::uint32_t line : {6u, 7u}) {
    const FoundGame f = at_line(line, game);
    EXPECT_EQ(f.outcome, FoundGame::Outcome::Absent);
    EXPECT_EQ(f.why, "line " + std::to_string(line) +
                         " of t.bpgn is between game 1 (lines 2-5) and game 2 (from line 8)");
  }
  EXPECT_EQ(at_line(12, game).why, "line 12 of t.bpgn is after its last game, game 2 (lines 8-11)");
  EXPECT_EQ(at_line(13, game).why,
            "t.bpgn has 12 lines: there is no line 13 (its last game, game 2, starts at line 8)");
  EXPECT_EQ(at_line(1000000, game).outcome, FoundGame::Outcome::Absent);
  // Without a line break at its end the last line is still one.
  EXPECT_EQ(at_line(11, game, kText.substr(0, kText.size() - 2)).outcome, FoundGame::Outcome::Found);
  EXPECT_EQ(at_line(12, game, kText.substr(0, kText.size() - 2)).why,
            "t.bpgn has 11 lines: there is no line 12 (its last game, game 2, starts at line 8)");
  EXPECT_EQ(at_line(1, game, "\n\n").why, "t.bpgn holds no game");
}

TEST(FindGame, TheNthGameOfAFileAndOfARun) {
  test::ScratchDir dir;
  const std::string a = (dir / "a.bpgn").string(), zip = (dir / "z.zip").string();
  test::write_bytes(a, kText);
  test::write_archive(zip, test::Filter::None, test::Container::Zip, {{"m1.bpgn", kText}, {"m2.bpgn", kText}});
  for (std::size_t index = 1; index <= 6; ++index) {
    InputStreams inputs({a, zip});
    GameWanted wanted;
    wanted.by = GameWanted::By::Index;
    wanted.number = index;
    Game game;
    ASSERT_EQ(find_game(inputs, wanted, game).outcome, FoundGame::Outcome::Found) << index;
    EXPECT_EQ(game.index, index);
    EXPECT_EQ(game.file, index <= 2 ? a : index <= 4 ? zip + ":m1.bpgn" : zip + ":m2.bpgn");
    EXPECT_EQ(game.file_index, (index - 1) % 2 + 1);
  }
  {
    InputStreams inputs({a, zip});
    GameWanted wanted;
    wanted.by = GameWanted::By::Index;
    wanted.number = 7;
    Game game;
    EXPECT_EQ(find_game(inputs, wanted, game).why, "the inputs hold 6 games in all: there is no game with index 7");
  }
  // An archive's games are counted through its members; one member's alone.
  for (const auto& [stream, number, file, file_index] :
       {std::tuple{std::string(), 3u, zip + ":m2.bpgn", 1u}, std::tuple{zip + ":m2.bpgn", 2u, zip + ":m2.bpgn", 2u}}) {
    InputStreams inputs({zip});
    GameWanted wanted;
    wanted.number = number;
    wanted.stream = stream;
    Game game;
    ASSERT_EQ(find_game(inputs, wanted, game).outcome, FoundGame::Outcome::Found);
    EXPECT_EQ(game.file, file);
    EXPECT_EQ(game.file_index, file_index);
  }
  // A line of a member; of the archive without its member.
  InputStreams inputs({zip});
  GameWanted wanted;
  wanted.by = GameWanted::By::Line;
  wanted.line = 10;
  wanted.stream = zip + ":m2.bpgn";
  Game game;
  ASSERT_EQ(find_game(inputs, wanted, game).outcome, FoundGame::Outcome::Found);
  EXPECT_EQ(game.index, 4u);
  EXPECT_EQ(game.file_index, 2u);
  InputStreams again({zip});
  wanted.stream = zip;
  EXPECT_EQ(find_game(again, wanted, game).why, zip + " is an archive: name its member and the line, as " + zip + ":m1.bpgn:10");
}

}  // namespace
}  // namespace bpgn
