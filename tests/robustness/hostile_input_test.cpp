// Hostile input through the built program: deep nesting, huge tokens, no line breaks, a game of
// 100,000 plies, 100,000 tiny games. Every game is reported (count in == count out for
// `check --format jsonl`, `fmt` and `convert --to json`), the reader's buffer stays within its
// bound, and the program's peak memory does not grow with the number of games (docs/robustness.md).
#include "record/reader.h"
#include "robustness/robustness_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace bpgn::robustness {
namespace {

struct Outputs {
  ChildRun check, fmt, convert;
  JsonLines check_lines, convert_lines;
  std::size_t fmt_games = 0;
  std::string fmt_path;
};

// check --format jsonl, fmt and convert --to json over one file; the games of fmt's output are
// counted by reading it back.
Outputs run_every_command(const Scratch& dir, const std::string& input, bool keep_statuses = true) {
  Outputs o;
  const std::string err = dir / "stderr.txt";
  o.check = run_bpgn({"check", "--format", "jsonl", input}, dir / "check.jsonl", err);
  o.check_lines = read_json_lines(dir / "check.jsonl", keep_statuses);
  o.fmt_path = dir / "fmt.out";
  o.fmt = run_bpgn({"fmt", input}, o.fmt_path, err);
  o.fmt_games = games_in_file(o.fmt_path);
  o.convert = run_bpgn({"convert", "--to", "json", input}, dir / "convert.jsonl", err);
  o.convert_lines = read_json_lines(dir / "convert.jsonl", false);
  return o;
}

// Every command ended normally (exit 0 or 1) and reported `games` games, in order.
void expect_all_reported(const Outputs& o, std::size_t games) {
  for (const ChildRun* r : {&o.check, &o.fmt, &o.convert}) {
    EXPECT_EQ(r->signal, 0) << "killed by signal " << r->signal;
    EXPECT_TRUE(r->code == 0 || r->code == 1) << "exit code " << r->code;
  }
  EXPECT_EQ(o.check_lines.lines, games) << "check --format jsonl";
  EXPECT_TRUE(o.check_lines.indices_in_order) << "check --format jsonl indices";
  EXPECT_EQ(o.fmt_games, games) << "fmt, read back";
  EXPECT_EQ(o.convert_lines.lines, games) << "convert --to json";
  EXPECT_TRUE(o.convert_lines.indices_in_order) << "convert --to json indices";
}

const std::string kTail = "[Event \"after\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";

TEST(HostileInput, DeepNestingEndsTheGameNotTheStream) {
  Scratch dir;
  const std::string input = dir / "deep.pgn";
  const std::size_t depth = 100000;
  std::string text = "[Event \"deep\"]\n[Result \"*\"]\n\n1. e4 ";
  for (std::size_t i = 0; i < depth; ++i) text += "( e4 ";
  for (std::size_t i = 0; i < depth; ++i) text += ") ";
  text += "*\n\n";
  // After a good game: brackets without end at the start of a line, then an empty line (a header
  // of broken tags, a game of its own with a syntax error: the empty line ends its tag section);
  // then a brace comment holding a million '('.
  text += kTail + "\n";
  text += std::string(depth, '[') + "\n\n";
  text += "[Event \"comment\"]\n[Result \"*\"]\n\n1. e4 {" + std::string(1000000, '(') + "} e5 *\n\n";
  text += kTail;
  write_file(input, text);
  const Outputs o = run_every_command(dir, input);
  expect_all_reported(o, 5);
  ASSERT_EQ(o.check_lines.statuses.size(), 5u);
  EXPECT_EQ(o.check_lines.statuses[0], "invalid");  // the first move stays, the rest is a syntax error
  EXPECT_EQ(o.check_lines.statuses[1], "valid");
  EXPECT_EQ(o.check_lines.statuses[2], "unreadable");  // only a broken tag `[[[...`: a syntax error
  EXPECT_EQ(o.check_lines.statuses[3], "valid");    // the comment of a million '(' is read whole
  EXPECT_EQ(o.check_lines.statuses[4], "valid");
  EXPECT_NE(read_file(dir / "check.jsonl").find("nested too deeply (limit 64)"), std::string::npos);
}

TEST(HostileInput, HugeTokensAreReadOrRefusedOneGameAtATime) {
  Scratch dir;
  const std::string input = dir / "huge.pgn";
  // Under the sanitizers 1 MiB, which still crosses every bound on the way (the 64 KiB of the
  // reader's first buffer and of a read, the 256 KiB a piece of --jobs may run to; the game limit,
  // 16 MiB, is crossed by neither size).
  const std::size_t huge = kSanitized ? std::size_t{1} << 20 : std::size_t{5} << 20;
  std::string text;
  text += "[Event \"tag\"]\n[Annotator \"" + std::string(huge, 'x') + "\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";
  text += "[Event \"san\"]\n[Result \"*\"]\n\n1. N" + std::string(huge, 'a') + " *\n\n";
  text += "[Event \"comment\"]\n[Result \"*\"]\n\n1. e4 {" + std::string(huge, 'c') + "} e5 *\n\n";
  text += "[Event \"number\"]\n[Result \"*\"]\n\n" + std::string(huge, '9') + ". e4 e5 *\n\n";
  text += "[Event \"word\"]\n[Result \"*\"]\n\n" + std::string(huge, 'z') + "\n\n";
  text += kTail;
  write_file(input, text);
  const Outputs o = run_every_command(dir, input);
  expect_all_reported(o, 6);
  ASSERT_EQ(o.check_lines.statuses.size(), 6u);
  EXPECT_EQ(o.check_lines.statuses[0], "valid");   // a long tag value is only long
  EXPECT_NE(o.check_lines.statuses[1], "valid");   // not a move
  EXPECT_EQ(o.check_lines.statuses[2], "valid");   // a long comment is only long
  EXPECT_NE(o.check_lines.statuses[4], "valid");   // not a move
  EXPECT_EQ(o.check_lines.statuses[5], "valid");
  // fmt keeps the long values in full.
  const std::string formatted = read_file(o.fmt_path);
  EXPECT_NE(formatted.find(std::string(huge, 'x')), std::string::npos);
  EXPECT_NE(formatted.find(std::string(huge, 'c')), std::string::npos);
}

TEST(HostileInput, GameLongerThanTheLimitIsReportedAndSkipped) {
  // The reader's limit is a game of 16 MiB; a longer one is one game with an error, and the next
  // game is read. A small limit shows the same without 16 MiB of text.
  ReaderOptions options;
  options.max_game_bytes = 4096;
  std::string text = "[Event \"long\"]\n\n1. e4 {" + std::string(100000, 'c') + "} e5 *\n\n" + kTail;
  Reader reader("long", text, options);
  Game game;
  std::vector<Game> games;
  while (reader.next(game)) games.push_back(game);
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(games[0].error);
  EXPECT_NE(games[0].error->message.find("(limit 4096 bytes)"), std::string::npos) << games[0].error->message;
  EXPECT_FALSE(games[1].error);
  EXPECT_LE(reader.buffer_capacity(), 2 * options.max_game_bytes);
}

// Games of a file without a single line break: tags and moves run together, as one archive
// stores them. Valid games, illegal moves and malformed moves (errors of the replay, not of the
// syntax) alternate.
TEST(HostileInput, FileWithoutLineBreaks) {
  Scratch dir;
  const std::string input = dir / "one-line.bpgn";
  const std::size_t games = 3000;
  std::string text;
  std::vector<std::string> planted;
  for (std::size_t i = 0; i < games; ++i) {
    text += "[Event \"g" + std::to_string(i) + "\"][WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]";
    text += "[Result \"*\"]";
    switch (i % 3) {
      case 0: text += "1A. e4 {179} 1B. d4 {179} 1a. e5 {178} 1b. d5 {178} *"; planted.push_back("valid"); break;
      case 1: text += "1A. e4 {179} 1a. Ke7 {178} 1B. d4 {178} *"; planted.push_back("invalid"); break;
      case 2: text += "1A. e4 {179} 1a. Zz9 {178} *"; planted.push_back("invalid"); break;
    }
  }
  ASSERT_EQ(text.find('\n'), std::string::npos);
  write_file(input, text);
  const Outputs o = run_every_command(dir, input);
  expect_all_reported(o, games);
  EXPECT_EQ(o.check_lines.statuses, planted);
}

// A syntax error in a file without line breaks: reading resumes at the next line that starts with
// a tag, so the rest of the line belongs to the broken game. Nothing is lost: fmt writes it as
// found, and the games after the next line break are read again.
TEST(HostileInput, SyntaxErrorInALongLineTakesTheRestOfTheLine) {
  Scratch dir;
  const std::string input = dir / "broken-line.pgn";
  const std::string good = "[Event \"g\"][Result \"*\"]1. e4 e5 2. Nf3 *";
  const std::string bad = "[Event \"b\"][Result \"*\"]1. e4 e5 2. Nf3 ) *";
  write_file(input, good + good + bad + good + good + "\n" + kTail);
  const Outputs o = run_every_command(dir, input);
  expect_all_reported(o, 4);
  // The broken game's tags and first moves were read: invalid, not unreadable.
  EXPECT_EQ(o.check_lines.statuses, (std::vector<std::string>{"valid", "valid", "invalid", "valid"}));
  const std::string formatted = read_file(o.fmt_path);
  EXPECT_NE(formatted.find(bad + good + good), std::string::npos) << "the broken game's text is kept as found";
}

// Files written with a byte order mark and then joined (`cat a.pgn b.pgn`): each mark stands at a
// game's start, and is blank space there as it is at the start of the input.
TEST(HostileInput, ByteOrderMarksOfJoinedFiles) {
  Scratch dir;
  const std::string input = dir / "joined.pgn";
  const std::string bom = "\xEF\xBB\xBF";
  const std::string game = "[Event \"g\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
  write_file(input, bom + game + bom + game + "\n" + bom + "\n" + game + " " + bom + bom + game);
  const Outputs o = run_every_command(dir, input);
  expect_all_reported(o, 4);
  EXPECT_EQ(o.check_lines.statuses, (std::vector<std::string>{"valid", "valid", "valid", "valid"}));
  EXPECT_EQ(o.check.code, 0);
  EXPECT_EQ(o.fmt.code, 0);
}

// 100,000 plies of one game (knights out and back), under chess (PGN) and bughouse (BPGN).
TEST(HostileInput, HundredThousandPlies) {
  Scratch dir;
  const std::size_t plies = 100000;
  std::string pgn = "[Event \"long\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n";
  std::string bpgn = "[Event \"long\"]\n[WhiteA \"a\"]\n[BlackA \"b\"]\n[WhiteB \"c\"]\n[BlackB \"d\"]\n[Result \"*\"]\n\n";
  for (std::size_t move = 1; 2 * move <= plies; ++move) {
    const bool out = move % 2 == 1;
    pgn += std::to_string(move) + (out ? ". Nf3 Nf6 " : ". Ng1 Ng8 ");
    // Board A and board B take turns, a quarter of the plies each per round.
    if (4 * move <= plies) {
      const std::string n = std::to_string(move);
      bpgn += n + "A. " + (out ? "Nf3 " : "Ng1 ") + n + "a. " + (out ? "Nf6 " : "Ng8 ");
      bpgn += n + "B. " + (out ? "Nc3 " : "Nb1 ") + n + "b. " + (out ? "Nc6 " : "Nb8 ");
    }
    if (move % 8 == 0) pgn += '\n', bpgn += '\n';
  }
  pgn += "*\n";
  bpgn += "*\n";
  for (const auto& [name, text] : {std::pair{"long.pgn", pgn}, std::pair{"long.bpgn", bpgn}}) {
    SCOPED_TRACE(name);
    const std::string input = dir / name;
    write_file(input, text);
    const Outputs o = run_every_command(dir, input);
    expect_all_reported(o, 1);
    EXPECT_EQ(o.check_lines.statuses, std::vector<std::string>{"valid"});
    EXPECT_NE(read_file(dir / "check.jsonl").find("\"plies\":100000"), std::string::npos);
    Reader back(o.fmt_path);
    Game game;
    ASSERT_TRUE(back.next(game));
    EXPECT_FALSE(game.error);
    EXPECT_EQ(game.plies.size(), plies);
  }
}

std::string tiny_games(std::size_t n) {
  std::string text;
  text.reserve(n * 48);
  for (std::size_t i = 0; i < n; ++i) text += "[Event \"t" + std::to_string(i) + "\"]\n[Result \"*\"]\n\n1. e4 *\n\n";
  return text;
}

TEST(HostileInput, HundredThousandTinyGames) {
  Scratch dir;
  const std::string input = dir / "tiny.pgn";
  // Under the sanitizers 70,000: still past 65,536 games, and some 50 pieces of --jobs (64 KiB each).
  const std::size_t games = kSanitized ? 70000 : 100000;
  write_file(input, tiny_games(games));
  const Outputs o = run_every_command(dir, input, false);
  expect_all_reported(o, games);
}

// The program streams: its peak memory over 100,000 games is that over 20,000 games plus the
// bigger read buffer (the reader buffers up to 2 x 16 MiB of input; this input is 4 MB), not a
// record per game. Two threads, whatever the machine's cores: the pieces in flight, and their
// reports, grow with the threads (--jobs N holds up to 2N + 2 pieces of 64 KiB), and the smaller
// input must fill them.
TEST(HostileInput, PeakMemoryDoesNotGrowWithTheNumberOfGames) {
  if (kSanitized) GTEST_SKIP() << "sanitizer quarantine: peak RSS is no measure here";
  Scratch dir;
  long peak[2] = {0, 0};
  const std::size_t counts[2] = {20000, 100000};
  for (int k = 0; k < 2; ++k) {
    const std::string input = dir / ("tiny" + std::to_string(k) + ".pgn");
    write_file(input, tiny_games(counts[k]));
    const ChildRun run = run_bpgn({"check", "--jobs", "2", "--format", "jsonl", input}, dir / "out.jsonl", dir / "err.txt");
    EXPECT_EQ(run.code, 0);
    peak[k] = run.peak_rss_kb;
    const ChildRun fmt = run_bpgn({"fmt", input}, dir / "out.pgn", dir / "err.txt");
    EXPECT_EQ(fmt.code, 0);
    peak[k] = std::max(peak[k], fmt.peak_rss_kb);
  }
  const long input_growth_kb = long(tiny_games(counts[1]).size() - tiny_games(counts[0]).size()) / 1024;
  EXPECT_LE(peak[1], peak[0] + input_growth_kb + 8 * 1024)
      << "peak RSS " << peak[0] << " KiB for " << counts[0] << " games, " << peak[1] << " KiB for " << counts[1];
  EXPECT_LE(peak[1], 64 * 1024) << "peak RSS in KiB";
}

// Blank space costs no memory, between games or alone, with one thread or two: 100 MB of blank
// lines between two games (and 100 MB alone) take about what 1 MB does. With --jobs 2 the worker
// of the first game reads through the run while every piece it reads through waits to be written;
// such pieces are kept as a byte and a count. The games around the run are both read.
TEST(HostileInput, PeakMemoryDoesNotGrowWithBlankSpace) {
  if (kSanitized) GTEST_SKIP() << "sanitizer quarantine: peak RSS is no measure here";
  Scratch dir;
  const std::string game = read_file(kCorpus + "/fics/1934301.bpgn");
  long peak[2] = {0, 0};
  const std::size_t blank[2] = {std::size_t{1} << 20, std::size_t{100} << 20};
  for (int k = 0; k < 2; ++k) {
    const std::string between = dir / ("between" + std::to_string(k) + ".bpgn");
    const std::string alone = dir / ("alone" + std::to_string(k) + ".bpgn");
    // Written a block at a time: a forked child's peak memory counts the test's own pages.
    auto write_blank = [](std::ofstream& out, std::size_t bytes, const std::string& unit) {
      std::string block;
      while (block.size() < (std::size_t{1} << 16)) block += unit;
      for (std::size_t done = 0; done < bytes; done += block.size()) out << block.substr(0, std::min(block.size(), bytes - done));
    };
    {
      std::ofstream out(between, std::ios::binary);
      out << game;
      write_blank(out, blank[k] / 2, "\n");
      write_blank(out, blank[k] / 2, "\r\n");  // Windows blank lines: kept as their two bytes too
      out << game;
      std::ofstream only(alone, std::ios::binary);
      write_blank(only, blank[k], "\n");
    }
    for (const char* jobs : {"1", "2"}) {
      const ChildRun run = run_bpgn({"check", "-q", "--jobs", jobs, between}, dir / "out.txt", dir / "err.txt");
      EXPECT_EQ(run.code, 0) << jobs;
      EXPECT_NE(read_file(dir / "err.txt").find("2 games read: 2 valid"), std::string::npos) << jobs;
      peak[k] = std::max(peak[k], run.peak_rss_kb);
      const ChildRun empty = run_bpgn({"check", "-q", "--allow-empty", "--jobs", jobs, alone}, dir / "out.txt", dir / "err.txt");
      EXPECT_EQ(empty.code, 0) << jobs;
      peak[k] = std::max(peak[k], empty.peak_rss_kb);
    }
  }
  // The window of the reader may grow to 2 x 16 MiB while it looks for the end of the first game.
  EXPECT_LE(peak[1], peak[0] + 40 * 1024) << "peak RSS " << peak[0] << " KiB with 1 MB of blank lines, " << peak[1]
                                          << " KiB with 100 MB";
}

// A text of tiny move-like tokens is one game with a ply per token: past 200,000 plies it is a
// syntax error (a ply takes hundreds of bytes: 10 million of them took gigabytes), and the rest of
// the text up to the next game is skipped in bounded memory.
TEST(HostileInput, TinyTokensCannotMakeAGameOfMillionsOfPlies) {
  Scratch dir;
  std::string lines;
  for (int i = 0; i < 5000000; ++i) lines += "x\n";
  const std::string input = dir / "x.pgn";
  write_file(input, lines + "[Event \"after\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 *\n");
  const ChildRun run = run_bpgn({"check", "--jobs", "1", input}, dir / "out.txt", dir / "err.txt");
  EXPECT_EQ(run.code, 1);
  const std::string out = read_file(dir / "out.txt");
  EXPECT_NE(out.find(":200001:1: error[syntax]: game has too many moves (limit 200000 plies)"), std::string::npos) << out;
  EXPECT_NE(read_file(dir / "err.txt").find("2 games read: 1 valid, 0 invalid, 1 unreadable"), std::string::npos);
  if (!kSanitized) EXPECT_LE(run.peak_rss_kb, 256 * 1024) << "peak RSS in KiB";
}

// The reader's buffer stays within 2 x max_game_bytes however long the stream: 40 MB of games
// from a source that makes them as it goes, with a 256 KiB limit (8 MB under the sanitizers: still
// 32 times the window the buffer keeps).
TEST(HostileInput, ReaderBufferStaysBounded) {
  ReaderOptions options;
  options.max_game_bytes = 256 << 10;
  const std::string game_text = "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
  const std::size_t total_games = (std::size_t{kSanitized ? 8 : 40} << 20) / game_text.size();
  std::size_t made = 0, offset = 0;
  Reader::Source source = [&](char* buffer, std::size_t size) {
    std::size_t n = 0;
    while (n < size && made < total_games) {
      const std::size_t take = std::min(size - n, game_text.size() - offset);
      std::memcpy(buffer + n, game_text.data() + offset, take);
      n += take;
      offset += take;
      if (offset == game_text.size()) offset = 0, ++made;
    }
    return n;
  };
  Reader reader("stream", source, options);
  Game game;
  std::size_t games = 0, errors = 0, largest_buffer = 0;
  while (reader.next(game)) {
    ++games;
    errors += game.error.has_value();
    largest_buffer = std::max(largest_buffer, reader.buffer_capacity());
  }
  EXPECT_EQ(games, total_games);
  EXPECT_EQ(errors, 0u);
  EXPECT_LE(largest_buffer, 2 * options.max_game_bytes);
}

}  // namespace
}  // namespace bpgn::robustness
