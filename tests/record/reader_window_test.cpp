// The window a game is parsed in: the reader parses each game in the bytes it holds and parses it
// again in a larger window when the parse reached the window's end. The games must come out the
// same whatever the first window, and the read buffer must stay small however large the input.
#include "read_games.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <filesystem>
#include <string>
#include <vector>

namespace bpgn {
namespace {

std::string pos_text(const SourcePos& p) { return fmt::format("{}:{}", p.line, p.column); }

// Everything the reader fills in, as text.
std::string describe(const Game& g) {
  std::string s = fmt::format("#{} {} [{},{}) enc={} dialect={} clocks={} result='{}'@{} term='{}'\n", g.index,
                              pos_text(g.start), g.bytes.begin, g.bytes.end, int(g.encoding), int(g.dialect),
                              int(g.clock_kind), g.result, pos_text(g.result_pos), g.termination);
  if (g.error) s += fmt::format("error {} @{}\n", g.error->message, pos_text(g.error->pos));
  for (const Tag& t : g.tags) s += fmt::format("tag {}='{}'@{}\n", t.name, t.value, pos_text(t.pos));
  for (const Comment& c : g.leading_comments) s += fmt::format("lead '{}'@{}\n", c.text, pos_text(c.pos));
  for (const Ply& p : g.plies) {
    s += fmt::format("ply {}{} {} {}@{} n{}@{} clock '{}'", int(p.board), int(p.color), p.seat_written, p.san,
                     pos_text(p.san_pos), p.number, pos_text(p.number_pos), p.clock.text);
    for (const Comment& c : p.comments) s += fmt::format(" c'{}'@{}", c.text, pos_text(c.pos));
    for (int n : p.nags) s += fmt::format(" ${}", n);
    for (const std::string& v : p.variations) s += fmt::format(" ({})", v);
    s += '\n';
  }
  for (const ReadNote& n : g.notes)
    s += fmt::format("note {} '{}' '{}'@{}\n", int(n.kind), n.text, n.message, pos_text(n.pos));
  if (!g.raw.empty()) s += "raw " + g.raw + "\n";
  return s;
}

std::string describe_all(const std::vector<Game>& games) {
  std::string s;
  for (const Game& g : games) s += describe(g);
  return s;
}

ReaderOptions window(std::size_t bytes) {
  ReaderOptions o;
  o.first_window_bytes = bytes;
  o.keep_raw_text = [](const Game& g) { return g.error.has_value(); };
  return o;
}

// Every file of corpus/ (regressions and broken records included), read with first windows from
// one byte up, gives the games the default window gives.
TEST(ReaderWindow, EveryCorpusFileReadsTheSameInAnyWindow) {
  std::size_t files = 0, regrown = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(BPGN_CORPUS_DIR)) {
    if (!entry.is_regular_file() || entry.path().filename().string().starts_with("README")) continue;
    ++files;
    const std::string path = entry.path().string();
    const std::string expected = describe_all(test::games_in_file(path, window(std::size_t{64} << 10)));
    for (std::size_t bytes : {1, 2, 3, 17, 100, 999}) {
      EXPECT_EQ(describe_all(test::games_in_file(path, window(bytes))), expected) << path << " window " << bytes;
      regrown += std::filesystem::file_size(entry.path()) > bytes;
    }
  }
  EXPECT_GT(files, 100u);
  EXPECT_GT(regrown, 300u);  // most files are longer than the small windows: the regrowing is exercised
}

// Hand-made texts whose parse looks far ahead: an unclosed comment that a tag line ends, a tag
// section, a game longer than the window, a broken game and its skipped lines, a byte order mark.
TEST(ReaderWindow, LookAheadsAcrossTheWindowEnd) {
  std::string long_game = "[Event \"long\"]\n\n";
  for (int i = 1; i <= 300; ++i) long_game += fmt::format("{}. Nf3 {{[%clk 0:01:00]}} Nf6 {}. Ng1 Ng8 ", 2 * i - 1, 2 * i);
  long_game += "1/2-1/2\n\n";
  const std::string texts[] = {
      "[Event \"a\"]\n\n1. e4 { unclosed comment\n[Event \"b\"]\n\n1. d4 *\n",
      "[Event \"a\"]\n[Site \"s\"]\n[Date \"2020.01.01\"]\n\n1A. e4 1a. e5 1B. d4 {1.5} 1b. d5 *\n\n",
      long_game + "[Event \"c\"]\n1. e4 *\n",
      "[Event \"a\"]\n1. e4 )) junk *\nmore junk\n[Site \"x\"]\n\n[Event \"b\"]\n1. e4 e5 *\n",
      "\xEF\xBB\xBF\n\n[Event \"a\"]\n1. e4 *\n\xEF\xBB\xBF[Event \"b\"]\n1. e4 *\n",
      "[Event \"a\"] [Result \"*\"] 1. e4 * [Event \"b\"] [Result \"*\"] [Result \"*\"] 1. d4 *",
  };
  for (const std::string& text : texts) {
    const std::string expected = describe_all(test::read_text(text, window(std::size_t{64} << 10)));
    for (std::size_t bytes = 1; bytes <= 80; ++bytes)
      EXPECT_EQ(describe_all(test::read_text(text, window(bytes))), expected) << text << "\nwindow " << bytes;
  }
}

// 8 MB of games: the buffer stays near twice the first window, not the game-size limit.
TEST(ReaderWindow, BufferStaysSmallOnALargeInput) {
  const std::string game = "[Event \"e\"]\n[Site \"s\"]\n\n1A. e4 {1.5} 1a. e5 {1.4} 1B. d4 {1.2} 1b. d5 {1.1} 1-0\n\n";
  std::string text;
  while (text.size() < (std::size_t{8} << 20)) text += game;
  Reader reader("big", text);
  std::size_t games = 0, peak = 0;
  for (Game g; reader.next(g);) {
    ++games;
    peak = std::max(peak, reader.buffer_capacity());
  }
  EXPECT_EQ(games, (text.size() / game.size()));
  EXPECT_LE(peak, std::size_t{256} << 10);
}

}  // namespace
}  // namespace bpgn
