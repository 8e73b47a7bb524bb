// The games of the inputs, in order, one at a time: each stream of the opener (pipeline/input/inputs.h)
// read by its own Reader, each game placed in the run (Game::index) and in its file
// (Game::file_index), and between the games the inputs' events: one that could not be read, one
// that held no game (docs/architecture.md, *Inputs and the game stream*).
#pragma once

#include "pipeline/input/inputs.h"
#include "record/game.h"
#include "record/reader.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace bpgn {

class GameStream {
 public:
  // Reads the streams of `inputs` (which must outlive it), each with a Reader under `options`.
  // When `inputs` stands on a stream not yet read, that one is read first.
  explicit GameStream(InputStreams& inputs, ReaderOptions options = {});
  ~GameStream();

  enum class Step {
    Game,     // `game` holds the next game
    Failure,  // an input could not be opened or read on: failure() (the games before it came first)
    NoGames,  // the stream file() ended without a game (empty, or blank space only)
    End,
  };
  Step next(Game& game);

  const InputFailure& failure() const { return inputs_.failure(); }
  // The stream being read (after NoGames: the one that held none).
  const std::string& file() const { return inputs_.file(); }
  // Games given so far: the last one's Game::index.
  std::size_t games() const { return games_; }
  // Reads no more of the current input (the rest of this stream, its later archive members).
  void leave_input();
  // Sees each stream's bytes as the reader takes them (fmt compares what it writes with them).
  void watch_bytes(std::function<void(std::string_view)> watch) { watch_ = std::move(watch); }

 private:
  void start_reader();

  InputStreams& inputs_;
  ReaderOptions options_;
  std::unique_ptr<Reader> reader_;  // the current stream's
  std::function<void(std::string_view)> watch_;
  std::size_t games_ = 0, in_file_ = 0;
};

}  // namespace bpgn
