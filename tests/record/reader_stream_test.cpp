// Streaming: many thousands of generated games read with a bounded buffer, exact counts, exact
// positions; and the same games whatever sizes the source hands its bytes over in.
#include "read_games.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace bpgn {
namespace {

// Eight lines per game (the last one blank). Game n (0-based) starts on line 8n + 1.
std::string game_text(std::size_t n, bool broken) {
  return "[Event \"FICS rated bughouse match\"]\n"
         "[Site \"game " +
         std::to_string(n) + (broken ? "]\n" : "\"]\n") +
         "[WhiteA \"Gnejs\"][WhiteAElo \"2051\"]\n"
         "[Result \"*\"]\n"
         "{C: This is game number " +
         std::to_string(n) +
         "}\n"
         "1A. e4{118.585} 1B. e4{117.268} 1a. Nf6{118.687} 2A. Nc3{118.485}\n"
         "{Game aborted on move 1} *\n"
         "\n";
}

// Makes the games on the fly: the input never exists as a whole.
class GeneratedGames {
 public:
  GeneratedGames(std::size_t games, std::size_t broken_every) : games_(games), broken_every_(broken_every) {}

  std::size_t operator()(char* buffer, std::size_t size) {
    std::size_t written = 0;
    while (written < size) {
      if (offset_ == pending_.size()) {
        if (made_ == games_) break;
        pending_ = game_text(made_, made_ % broken_every_ == broken_every_ - 1);
        ++made_;
        offset_ = 0;
      }
      const std::size_t n = std::min(size - written, pending_.size() - offset_);
      std::memcpy(buffer + written, pending_.data() + offset_, n);
      written += n;
      offset_ += n;
    }
    return written;
  }

 private:
  std::size_t games_, broken_every_, made_ = 0, offset_ = 0;
  std::string pending_;
};

TEST(ReaderStream, ManyGamesBoundedBuffer) {
  constexpr std::size_t kGames = 20000, kBrokenEvery = 1000;
  ReaderOptions options;
  options.max_game_bytes = 16 << 10;
  options.chunk_bytes = 4 << 10;
  Reader reader("generated", GeneratedGames(kGames, kBrokenEvery), options);
  Game g;
  std::size_t games = 0, errors = 0, plies = 0, peak = 0;
  while (reader.next(g)) {
    peak = std::max(peak, reader.buffer_capacity());
    const std::size_t n = games++;
    ASSERT_EQ(g.index, n + 1);
    ASSERT_EQ(g.start, (SourcePos{static_cast<std::uint32_t>(8 * n + 1), 1}));
    const bool broken = n % kBrokenEvery == kBrokenEvery - 1;
    ASSERT_FALSE(g.error) << n;
    // The broken `[Site "game N]` is left out with a note; the rest of the game is read.
    ASSERT_EQ(g.notes.size(), broken ? 1u : 0u) << n;
    if (broken) {
      ++errors;
      ASSERT_EQ(g.notes[0].kind, ReadNote::Kind::BadTag);
      ASSERT_EQ(g.notes[0].pos, (SourcePos{static_cast<std::uint32_t>(8 * n + 2), 7}));
      ASSERT_EQ(g.tag("Site"), nullptr);
      ASSERT_EQ(g.tags.size(), 4u);
    } else {
      ASSERT_EQ(*g.tag("Site"), "game " + std::to_string(n));
      ASSERT_EQ(g.tags.size(), 5u);
    }
    ASSERT_EQ(g.plies.size(), 4u);
    ASSERT_EQ(g.plies[3].san_pos, (SourcePos{static_cast<std::uint32_t>(8 * n + 6), 54}));
    plies += g.plies.size();
  }
  EXPECT_EQ(games, kGames);
  EXPECT_EQ(errors, kGames / kBrokenEvery);
  EXPECT_EQ(plies, 4 * kGames);
  // The input is about 4 MB; the buffer never holds more than twice the game limit.
  EXPECT_LE(peak, 2 * options.max_game_bytes);
  EXPECT_GT(peak, 0u);
}

// Hands the text over in pieces of at most `piece` bytes.
Reader::Source trickle(std::string text, std::size_t piece) {
  auto offset = std::make_shared<std::size_t>(0);
  auto data = std::make_shared<std::string>(std::move(text));
  return [=](char* buffer, std::size_t size) {
    const std::size_t n = std::min({size, piece, data->size() - *offset});
    std::memcpy(buffer, data->data() + *offset, n);
    *offset += n;
    return n;
  };
}

TEST(ReaderStream, SameGamesWhateverTheReadSizes) {
  std::string text;
  for (std::size_t n = 0; n < 40; ++n) text += game_text(n, n % 7 == 3);
  const std::vector<Game> whole = test::read_text(text);
  ASSERT_EQ(whole.size(), 40u);
  for (std::size_t piece : {1u, 7u, 300u}) {
    ReaderOptions options;
    options.max_game_bytes = 1024;  // the window is cut in the middle of games, often
    options.chunk_bytes = 100;
    Reader reader("pieces", trickle(text, piece), options);
    std::size_t i = 0;
    for (Game g; reader.next(g); ++i) {
      ASSERT_LT(i, whole.size());
      EXPECT_EQ(g.start, whole[i].start) << piece << " " << i;
      EXPECT_EQ(g.tags.size(), whole[i].tags.size()) << piece << " " << i;
      EXPECT_EQ(g.plies.size(), whole[i].plies.size()) << piece << " " << i;
      EXPECT_EQ(g.error.has_value(), whole[i].error.has_value()) << piece << " " << i;
      if (g.error && whole[i].error) {
        EXPECT_EQ(g.error->pos, whole[i].error->pos);
      }
      EXPECT_EQ(g.termination, whole[i].termination);
    }
    EXPECT_EQ(i, whole.size()) << piece;
    EXPECT_LE(reader.buffer_capacity(), 2048u);
  }
}

}  // namespace
}  // namespace bpgn
