// Streaming reader: bytes in, one Game at a time out. Memory does not grow with input size.
#pragma once

#include "record/game.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace bpgn {

// Bounds that keep the reader's memory and stack fixed whatever the input holds.
struct ReaderOptions {
  // Longest game text; a longer one is reported with an error and skipped to the next game. The
  // read buffer holds at most twice this.
  std::size_t max_game_bytes = std::size_t{16} << 20;
  // Deepest nesting of variations `( ... ( ... ) ... )`.
  int max_variation_depth = 64;
  // Plies of one game: one more is a syntax error (`game has too many moves (limit 200000)`), so
  // that a text of tiny move-like tokens cannot take gigabytes (a ply costs ~450 bytes).
  std::size_t max_plies = 200000;
  // How much the reader asks its source for at a time (at most max_game_bytes).
  std::size_t chunk_bytes = std::size_t{1} << 20;
  // The first window a game is parsed in: the reader holds about twice this in memory. A game
  // whose parse reaches the window's end is parsed again in a window twice as large (up to
  // max_game_bytes), so the games read never depend on it; only memory and speed do.
  std::size_t first_window_bytes = std::size_t{64} << 10;
  // Game::index of the first game (a caller reading several files as one stream counts on).
  std::size_t first_index = 1;
  // Where the source's first byte stands in the input, for a reader started in the middle of an
  // input at a line start (parallel check): its line (column 1) and byte offset, and whether it is
  // the input's first byte (only there is a byte order mark skipped).
  std::uint32_t first_line = 1;
  std::uint64_t first_offset = 0;
  bool at_stream_start = true;
  // Which games get their bytes as read in Game::raw (fmt and convert: the games they write back
  // as found). Asked once per game, when its text has been parsed (tags, moves, error and notes
  // known), before the reader moves past it. Empty: no game keeps its text (check).
  std::function<bool(const Game&)> keep_raw_text;
  // Longest Game::raw: the game's own text is at most max_game_bytes, but the lines skipped after
  // a broken game (up to the next line that starts a game) have no bound of their own. Past this
  // the reader keeps skipping without keeping, and sets Game::raw_cut.
  std::size_t max_raw_bytes = std::size_t{32} << 20;
};

class Reader {
 public:
  // Fills `buffer` with up to `size` bytes and returns how many; 0 means the end of the input.
  // Throws std::system_error on a read error.
  using Source = std::function<std::size_t(char* buffer, std::size_t size)>;

  // Reads from a named file ("-" = standard input). Throws std::system_error when it cannot be opened.
  explicit Reader(const std::string& path, ReaderOptions options = {});
  // Reads from a text in memory (tests, fuzzing); `name` is used in positions. The text is copied.
  Reader(std::string name, std::string_view text, ReaderOptions options = {});
  // Reads from any source (generated input, a decompressor, ...); `name` is used in positions.
  Reader(std::string name, Source source, ReaderOptions options = {});
  ~Reader();
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;

  // Fills `game` with the next game and returns true; false at the end of input. A game whose text
  // is broken is still returned, with `game.error` set; reading resumes at the next game's tags.
  // A broken tag and text outside any game (docs/formats.md) do not break a game: they are
  // `game.notes`, and the game is read whole around them.
  // An input of nothing but blank space (or a byte order mark) holds no game: the first call
  // returns false. A read error of the source is thrown (as the source threw it) after the games
  // in the bytes read before it: the reader takes the input as ending there, then throws.
  bool next(Game& game);

  // Starts over on another source, as a reader newly made with these arguments would, but keeps
  // the read buffer's memory (a parallel check reads many pieces of input, one after another).
  void restart(std::string name, Source source, ReaderOptions options = {});

  // Bytes the read buffer holds allocated right now (bounded by 2 * max_game_bytes).
  std::size_t buffer_capacity() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bpgn
