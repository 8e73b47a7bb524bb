#include "pipeline/input/game_stream.h"

#include <stdexcept>
#include <utility>

namespace bpgn {

GameStream::GameStream(InputStreams& inputs, ReaderOptions options) : inputs_(inputs), options_(std::move(options)) {
  if (inputs_.at_stream()) start_reader();
}

GameStream::~GameStream() = default;

void GameStream::start_reader() {
  in_file_ = 0;
  reader_ = std::make_unique<Reader>(
      inputs_.file(),
      [this](char* buffer, std::size_t size) {
        const std::size_t n = inputs_.read(buffer, size);
        if (watch_) watch_(std::string_view(buffer, n));
        return n;
      },
      options_);
}

void GameStream::leave_input() {
  reader_.reset();
  inputs_.leave();
}

GameStream::Step GameStream::next(Game& game) {
  for (;;) {
    if (reader_) {
      try {
        if (reader_->next(game)) {
          game.index = ++games_;
          game.file_index = ++in_file_;
          return Step::Game;
        }
      } catch (const std::runtime_error& e) {
        // The source's read error (a std::system_error), thrown after the games read before it.
        reader_.reset();
        inputs_.fail(e);
        return Step::Failure;
      }
      reader_.reset();
      if (in_file_ == 0) return Step::NoGames;
    }
    switch (inputs_.next()) {
      case InputStreams::Step::End: return Step::End;
      case InputStreams::Step::Failure: return Step::Failure;
      case InputStreams::Step::Stream: start_reader(); break;
    }
  }
}

}  // namespace bpgn
