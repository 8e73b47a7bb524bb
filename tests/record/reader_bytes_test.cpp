// Game::bytes and Game::raw: where each game lies in the input, and the text the reader keeps for
// the games fmt and convert write back as found. Every expected text below is written by hand
// from the input beside it; offsets are sizes of those hand-written pieces.
#include "convert/as_found.h"
#include "read_games.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace bpgn {
namespace {

using test::read_text;

ReaderOptions keep_all() {
  ReaderOptions options;
  options.keep_raw_text = [](const Game&) { return true; };
  return options;
}

ReaderOptions keep_broken() {
  ReaderOptions options;
  options.keep_raw_text = [](const Game& g) { return g.error.has_value(); };
  return options;
}

TEST(ReaderBytes, GamesSharingOneLine) {
  const std::string a = "[Event \"a\"]1. e4 * ";
  const std::string b = "[Event \"b\"]1. d4 *\n";
  const std::vector<Game> games = read_text(a + b, keep_all());
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].bytes, (ByteRange{0, 19}));
  EXPECT_EQ(a.size(), 19u);
  EXPECT_EQ(games[1].bytes, (ByteRange{19, 38}));
  EXPECT_EQ(games[1].start, (SourcePos{1, 20}));
  EXPECT_EQ(games[0].raw, "[Event \"a\"]1. e4 * ");
  EXPECT_EQ(games[1].raw, "[Event \"b\"]1. d4 *\n");
  EXPECT_FALSE(games[0].raw_cut);
}

TEST(ReaderBytes, NoRawTextUnlessAsked) {
  // check reads without keep_raw_text: a broken game has its range, not its text.
  const std::vector<Game> games = read_text("[Event \"a\"]\n1. e4 )) *\n");
  ASSERT_EQ(games.size(), 1u);
  ASSERT_TRUE(games[0].error);
  EXPECT_EQ(games[0].bytes, (ByteRange{0, 23}));
  EXPECT_EQ(games[0].raw, "");
  // Asked per game: only the broken one of two keeps its text.
  const std::vector<Game> two = read_text("[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n1. e4 )) *\n", keep_broken());
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].raw, "");
  EXPECT_EQ(two[1].raw, "[Event \"b\"]\n1. e4 )) *\n");
}

TEST(ReaderBytes, BrokenGameTakesTheSkippedLinesAndTheBlankSpaceAfterIt) {
  const std::string broken = "[Event \"a\"]\n1. e4 )) *\njunk line\n  more junk\n\n  \n\t\n";
  const std::string next = "[Event \"b\"]\n1. d4 *\n";
  const std::vector<Game> games = read_text(broken + next, keep_broken());
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(games[0].error);
  EXPECT_EQ(games[0].raw, "[Event \"a\"]\n1. e4 )) *\njunk line\n  more junk\n\n  \n\t\n");
  EXPECT_EQ(games[0].bytes, (ByteRange{0, broken.size()}));
  EXPECT_EQ(games[1].bytes, (ByteRange{broken.size(), broken.size() + next.size()}));
  EXPECT_EQ(games[1].start, (SourcePos{8, 1}));
  EXPECT_FALSE(games[1].error);
  EXPECT_EQ(games[1].raw, "");
}

TEST(ReaderBytes, Latin1GameAfterAUtf8OneOnOneLine) {
  // é as UTF-8 (C3 A9) in the first game, as Latin-1 (E9) in the second, broken one.
  const std::string utf8 = "[Event \"\xC3\xA9\"]1. e4 *";
  const std::string latin1 = "[Event \"\xE9\"]1. e4 ) *\n";
  const std::vector<Game> games = read_text(utf8 + latin1, keep_broken());
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].encoding, Encoding::Utf8);
  EXPECT_EQ(games[1].encoding, Encoding::Latin1);
  EXPECT_FALSE(games[0].error);
  ASSERT_TRUE(games[1].error);
  EXPECT_EQ(games[0].bytes, (ByteRange{0, 19}));
  EXPECT_EQ(games[1].bytes, (ByteRange{19, 19 + 21}));
  // Columns count characters: the first game's 18 characters (é is one) put the second at 19.
  EXPECT_EQ(games[1].start, (SourcePos{1, 19}));
  EXPECT_EQ(games[1].raw, "[Event \"\xE9\"]1. e4 ) *\n");
}

TEST(ReaderBytes, ByteOrderMarkAtTheStartBelongsToNoGame) {
  const std::vector<Game> games = read_text("\xEF\xBB\xBF[Event \"a\"]\n1. e4 )) *\n", keep_all());
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].bytes, (ByteRange{3, 26}));
  EXPECT_EQ(games[0].start, (SourcePos{1, 1}));
  EXPECT_EQ(games[0].raw, "[Event \"a\"]\n1. e4 )) *\n");
  // The mark, then blank lines: the game starts after both.
  const std::vector<Game> blank = read_text("\xEF\xBB\xBF\n \n[Event \"a\"]\n1. e4 *", keep_all());
  ASSERT_EQ(blank.size(), 1u);
  EXPECT_EQ(blank[0].bytes, (ByteRange{6, 25}));
  EXPECT_EQ(blank[0].raw, "[Event \"a\"]\n1. e4 *");
}

TEST(ReaderBytes, BrokenGameAtTheEndOfTheInput) {
  const std::string first = "[Event \"a\"]\n1. e4 *\n";
  const std::vector<Game> games = read_text(first + "[Event \"b\"]\n1. e4 ))\n  \n", keep_broken());
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(games[1].error);
  EXPECT_EQ(games[1].raw, "[Event \"b\"]\n1. e4 ))\n  \n");
  EXPECT_EQ(games[1].bytes, (ByteRange{20, 20 + 24}));
  // Without a line end at the very end.
  const std::vector<Game> cut = read_text(first + "[Event \"b\"]\n1. e4 ))", keep_broken());
  ASSERT_EQ(cut.size(), 2u);
  EXPECT_EQ(cut[1].raw, "[Event \"b\"]\n1. e4 ))");
  EXPECT_EQ(cut[1].bytes, (ByteRange{20, 20 + 20}));
}

TEST(ReaderBytes, CarriageReturnsAndStrayBytesAreKeptAsRead) {
  const std::vector<Game> games =
      read_text("[Event \"a\"]\r\r\n1. e4 \x80)) *\r\n\r\n[Event \"b\"]\r\n1. d4 *\r\n", keep_broken());
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(games[0].error);
  EXPECT_EQ(games[0].raw, "[Event \"a\"]\r\r\n1. e4 \x80)) *\r\n\r\n");
  EXPECT_EQ(games[1].bytes.begin, 29u);
}

TEST(ReaderBytes, RawTextIsBoundedAndSaysWhenItWasCut) {
  // A broken game, then 50 lines of junk without a tag line: the skipped lines are the game's.
  ReaderOptions options = keep_broken();
  options.max_raw_bytes = 100;
  std::string junk;
  for (int i = 0; i < 50; ++i) junk += "junk junk\n";
  const std::string head = "[Event \"a\"]\n1. e4 )) *\n";
  const std::string text = head + junk + "[Event \"b\"]\n1. d4 *\n";
  const std::vector<Game> games = read_text(text, options);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_TRUE(games[0].raw_cut);
  EXPECT_EQ(games[0].raw.size(), 100u);
  EXPECT_EQ(games[0].raw, text.substr(0, 100));
  EXPECT_GE(games[0].raw.capacity(), 100u);
  EXPECT_EQ(games[0].bytes, (ByteRange{0, head.size() + 500}));  // the range is whole
  EXPECT_FALSE(games[1].error);  // reading goes on
  EXPECT_THROW(require_whole_raw_text(games[0]), std::runtime_error);
  EXPECT_NO_THROW(require_whole_raw_text(games[1]));
  // Exactly at the limit: not cut.
  options.max_raw_bytes = head.size() + 500;
  EXPECT_FALSE(read_text(text, options)[0].raw_cut);
}

TEST(ReaderBytes, AsFoundGamesKeepTheirText) {
  // A broken tag and an unsupported variant are written as found: their text is kept; a valid
  // game's is not.
  const std::string broken_tag = "[Event \"a\"]\n[White A \"x\"]\n\n1. e4 *\n\n";
  const std::string duck = "[Event \"b\"]\n[Variant \"DuckChess\"]\n\n1. e4 *\n\n";
  const std::string valid = "[Event \"c\"]\n\n1. e4 *\n";
  const std::vector<Game> games = read_text(broken_tag + duck + valid, as_found_reader_options());
  ASSERT_EQ(games.size(), 3u);
  EXPECT_TRUE(games[0].has_broken_tag());
  EXPECT_EQ(games[0].raw, "[Event \"a\"]\n[White A \"x\"]\n\n1. e4 *\n\n");
  EXPECT_EQ(games[1].raw, "[Event \"b\"]\n[Variant \"DuckChess\"]\n\n1. e4 *\n\n");
  EXPECT_EQ(games[2].raw, "");
}

// Every file of corpus/ (the regressions and broken records included): the games' ranges follow
// each other from the first game's first byte to the end of the file, and each kept raw text is
// the file's bytes in its range.
TEST(ReaderBytes, RangesTileEveryCorpusFile) {
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(BPGN_CORPUS_DIR)) {
    if (!entry.is_regular_file() || entry.path().filename().string().starts_with("README")) continue;
    ++files;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    const std::string text = s.str();
    const std::vector<Game> games = test::games_in_file(entry.path().string(), keep_all());
    if (games.empty()) continue;
    // Before the first game: blank space or byte order marks only.
    const std::string lead = text.substr(0, games.front().bytes.begin);
    EXPECT_EQ(lead.find_first_not_of(" \t\r\n\f\v\xEF\xBB\xBF"), std::string::npos) << entry.path();
    for (std::size_t i = 0; i < games.size(); ++i) {
      const Game& g = games[i];
      const std::uint64_t end = i + 1 < games.size() ? games[i + 1].bytes.begin : text.size();
      EXPECT_EQ(g.bytes.end, end) << entry.path() << " game " << g.index;
      EXPECT_LT(g.bytes.begin, g.bytes.end) << entry.path() << " game " << g.index;
      EXPECT_EQ(g.raw, text.substr(g.bytes.begin, g.bytes.size())) << entry.path() << " game " << g.index;
    }
  }
  EXPECT_GT(files, 100u);
}

// Standard input as a pipe, written in small pieces by another thread while the reader reads.
class StdinFromPipe {
 public:
  explicit StdinFromPipe(std::string text) {
    saved_ = ::dup(0);
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("pipe");
    ::dup2(fds[0], 0);
    ::close(fds[0]);
    std::clearerr(stdin);
    writer_ = std::thread([fd = fds[1], text = std::move(text)] {
      for (std::size_t i = 0; i < text.size(); i += 7)
        if (::write(fd, text.data() + i, std::min<std::size_t>(7, text.size() - i)) < 0) break;
      ::close(fd);
    });
  }
  ~StdinFromPipe() {
    writer_.join();
    ::dup2(saved_, 0);
    ::close(saved_);
    std::clearerr(stdin);
  }

 private:
  int saved_ = -1;
  std::thread writer_;
};

TEST(ReaderBytes, StandardInputFromAPipe) {
  const std::string a = "\xEF\xBB\xBF[Event \"a\"]1. e4 * ";
  const std::string b = "[Event \"\xE9\"]1. e4 ) *\njunk\n\n";
  const std::string c = "[Event \"c\"]\n1. d4 *\n";
  std::vector<Game> games;
  {
    StdinFromPipe pipe(a + b + c);
    Reader reader("-", keep_broken());
    for (Game g; reader.next(g);) games.push_back(g);
  }
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0].file, "-");
  EXPECT_EQ(games[0].bytes, (ByteRange{3, a.size()}));
  EXPECT_EQ(games[1].bytes, (ByteRange{a.size(), a.size() + b.size()}));
  EXPECT_EQ(games[1].raw, "[Event \"\xE9\"]1. e4 ) *\njunk\n\n");
  EXPECT_EQ(games[2].bytes, (ByteRange{a.size() + b.size(), a.size() + b.size() + c.size()}));
  EXPECT_EQ(games[0].raw, "");
}

}  // namespace
}  // namespace bpgn
