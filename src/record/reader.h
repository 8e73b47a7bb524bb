// Streaming reader: bytes in, one Game at a time out. Memory does not grow with input size.
#pragma once

#include "record/game.h"

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace bpgn {

class Reader {
 public:
  // Reads from a named file ("-" = standard input). Throws std::system_error when it cannot be opened.
  explicit Reader(const std::string& path);
  // Reads from a text in memory (tests, fuzzing); `name` is used in positions.
  Reader(std::string name, std::string_view text);
  ~Reader();
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;

  // Fills `game` with the next game and returns true; false at the end of input. A game whose text
  // is broken is still returned, with `game.error` set; reading resumes at the next game's tags.
  bool next(Game& game);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bpgn
