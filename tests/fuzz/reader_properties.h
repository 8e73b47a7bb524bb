// What the reader guarantees for any bytes (checked by fuzz_reader and, on corpus/regressions/, by
// tests/robustness): every game comes out, with or without an error; indices count 1, 2, 3 ...;
// every position lies inside the text; the games do not depend on how the source hands the bytes
// over (chunk size) or on the window a game is first parsed in; a small game-size limit ends games, not the stream; the buffer stays bounded;
// the games' byte ranges follow each other from the first game to the end of the text, and the raw
// text kept for a game is the text's bytes in its range (cut at the raw-text limit).
#pragma once

#include "fuzz/fuzz_support.h"
#include "record/reader.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn::fuzz::reader_detail {

using bpgn::fuzz::require;

// What must not change when only the chunk size changes.
struct Summary {
  std::size_t index;
  bpgn::SourcePos start;
  bool error;
  std::string error_message;
  bpgn::SourcePos error_pos;
  std::size_t tags, plies, notes;
  std::string result;
  bpgn::ByteRange bytes;
  friend bool operator==(const Summary&, const Summary&) = default;
};

class Bounds {
 public:
  explicit Bounds(std::string_view text) {
    std::size_t length = 0;
    for (char c : text) {
      if (c == '\n') {
        line_bytes_.push_back(length);
        length = 0;
      } else {
        ++length;
      }
    }
    line_bytes_.push_back(length);
  }
  // A position names a line of the text and a column at most one past its last character.
  void check(const bpgn::SourcePos& pos, const char* what) const {
    require(pos.line >= 1 && pos.line <= line_bytes_.size(), what);
    require(pos.column >= 1 && pos.column <= line_bytes_[pos.line - 1] + 1, what);
  }

 private:
  std::vector<std::size_t> line_bytes_;
};

// Blank space and byte order marks only.
inline bool blank_only(std::string_view rest) {
  while (!rest.empty()) {
    if (rest.substr(0, 3) == "\xEF\xBB\xBF")
      rest.remove_prefix(3);
    else if (std::string_view(" \t\n\r\f\v").find(rest[0]) != std::string_view::npos)
      rest.remove_prefix(1);
    else
      return false;
  }
  return true;
}

inline std::vector<Summary> read_all(std::string_view text, const bpgn::ReaderOptions& options, const Bounds& bounds) {
  bpgn::Reader reader("fuzz", text, options);
  bpgn::Game game;
  std::vector<Summary> games;
  bpgn::SourcePos last_start{0, 0};
  while (reader.next(game)) {
    require(games.size() <= text.size() + 1, "more games than bytes: the reader loops");
    require(game.index == games.size() + 1, "game indices are not 1, 2, 3, ...");
    bounds.check(game.start, "game start outside the text");
    require(game.start.line > last_start.line ||
                (game.start.line == last_start.line && game.start.column > last_start.column),
            "a game starts before the previous one");
    last_start = game.start;
    if (games.empty()) {
      require(game.bytes.begin <= text.size() && blank_only(text.substr(0, game.bytes.begin)),
              "text that is not blank before the first game's range");
    } else {
      require(game.bytes.begin == games.back().bytes.end, "a gap or an overlap between two games' ranges");
    }
    require(game.bytes.begin < game.bytes.end && game.bytes.end <= text.size(), "a game's range is empty or outside the text");
    if (options.keep_raw_text && options.keep_raw_text(game)) {
      const std::string_view in_range = text.substr(game.bytes.begin, game.bytes.size());
      require(game.raw == in_range.substr(0, options.max_raw_bytes), "the raw text is not the text in the game's range");
      require(game.raw_cut == (in_range.size() > options.max_raw_bytes), "raw_cut is wrong");
    } else {
      require(game.raw.empty() && !game.raw_cut, "raw text kept though not asked for");
    }
    if (game.error) bounds.check(game.error->pos, "error position outside the text");
    for (const bpgn::Tag& t : game.tags) bounds.check(t.pos, "tag position outside the text");
    for (const bpgn::Comment& c : game.leading_comments) bounds.check(c.pos, "comment position outside the text");
    for (const bpgn::Ply& p : game.plies) {
      bounds.check(p.san_pos, "move position outside the text");
      bounds.check(p.number_pos, "move number position outside the text");
      for (const bpgn::Comment& c : p.comments) bounds.check(c.pos, "comment position outside the text");
    }
    if (!game.result.empty()) bounds.check(game.result_pos, "result position outside the text");
    for (const bpgn::ReadNote& n : game.notes) {
      bounds.check(n.pos, "note position outside the text");
      require(n.kind == bpgn::ReadNote::Kind::BadTag || !n.text.empty(), "an empty stray text note");
    }
    require(reader.buffer_capacity() <= 2 * std::max<std::size_t>(options.max_game_bytes, 512),
            "read buffer above its bound");
    games.push_back(Summary{game.index, game.start, bool(game.error), game.error ? game.error->message : "",
                            game.error ? game.error->pos : bpgn::SourcePos{}, game.tags.size(),
                            game.plies.size(), game.notes.size(), game.result, game.bytes});
  }
  require(games.empty() || games.back().bytes.end == text.size(), "the last game's range does not end the text");
  // No game exactly when the text is nothing but blank space and byte order marks.
  const bool blank = blank_only(text);
  require(games.empty() == blank, blank ? "a game in blank space" : "no game in a text that is not blank");
  return games;
}

}  // namespace bpgn::fuzz::reader_detail

namespace bpgn::fuzz {

inline void reader_properties(std::string_view text) {
  using namespace reader_detail;
  const std::size_t size = text.size();
  const Bounds bounds(text);

  const std::vector<Summary> whole = read_all(text, {}, bounds);

  // The same games whatever the chunk size of the source, the first window the reader parses a
  // game in, and whether raw text is kept.
  bpgn::ReaderOptions chunked;
  chunked.chunk_bytes = 1 + size % 97;
  chunked.first_window_bytes = 1 + size % 89;
  chunked.keep_raw_text = [](const bpgn::Game&) { return true; };
  require(read_all(text, chunked, bounds) == whole, "games differ with another chunk size");

  // A tiny game-size limit (the reader raises it to 512 bytes): long games become errors, the
  // stream goes on.
  bpgn::ReaderOptions tiny;
  tiny.max_game_bytes = 1;
  tiny.chunk_bytes = 61;
  tiny.max_variation_depth = 3;
  tiny.keep_raw_text = [](const bpgn::Game& g) { return g.error.has_value(); };
  tiny.max_raw_bytes = 700;
  read_all(text, tiny, bounds);
}

}  // namespace bpgn::fuzz
