// The ordered parallel driver: every command that reads games may read them in N threads and
// still see them in input order (docs/architecture.md, *Order and threads*; docs/performance.md,
// *Parallel parsing*).
//
// The reading thread cuts the inputs into pieces at lines `[Event ` (pipeline/input/piece_cut.h); each
// worker thread reads a piece with its own Reader and hands every game to its GameJob, which keeps
// what it made of the game with the piece (a PieceWork). One thread at a time then gives the
// pieces, in input order, to the OrderedConsumer: each game with its place in the run, and the
// inputs' events (could not be read, held no game) in their place. Pieces whose text a game of an
// earlier piece ran over are discarded, so the consumer sees exactly the games, places and events
// one reader over the same inputs gives (pipeline/input/game_stream.h).
#pragma once

#include "pipeline/input/inputs.h"
#include "record/game.h"
#include "record/reader.h"

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

namespace bpgn {

// Where a game stands, numbered as one reader over all the inputs numbers it.
struct GamePlace {
  std::size_t index = 0;       // in the run, from 1 (Game::index)
  std::size_t file_index = 0;  // in its own stream (a file, an archive member), from 1 (Game::file_index)
  std::size_t input = 0;       // the input it belongs to, InputStreams::input() (an archive: all its members)
  const std::string* file = nullptr;  // Game::file
  // The game itself, still as the job saw it, when the driver reads in the calling thread (jobs 1):
  // the consumer may use it instead of a copy kept in the work. Null with worker threads.
  const Game* game = nullptr;
};

// An input stream's event, in its place among the games: its input and its name.
struct StreamPlace {
  std::size_t input = 0;  // InputStreams::input()
  const std::string* file = nullptr;  // the stream's name (Game::file of its games)
};

// What a job made of the games of one piece; a job's own type derives from it.
struct PieceWork {
  virtual ~PieceWork() = default;
};

// The worker side, made once per worker thread (it may keep buffers, a renderer, ...).
class GameJob {
 public:
  virtual ~GameJob() = default;
  // A new, empty work for the games of one piece.
  virtual std::unique_ptr<PieceWork> new_piece() = 0;
  // Each game read, in order: what it makes of it goes into `work`. Must not throw (the game's
  // place is not known yet: a failure to say is kept in `work` for the consumer). It may change
  // the game (fmt --fix repairs it), but not where its bytes end (Game::bytes).
  virtual void game(Game& game, PieceWork& work) = 0;
};

// The writer side: called from one thread at a time, in input order.
class OrderedConsumer {
 public:
  virtual ~OrderedConsumer() = default;
  // A job for one worker thread; called in each worker thread, several at once.
  virtual std::unique_ptr<GameJob> make_job() = 0;
  // The `nth` game (from 0) the job saw for this piece, with its place.
  virtual void game(PieceWork& work, std::size_t nth, const GamePlace& place) = 0;
  // After the piece's games (`games` of them); the work is dropped after this.
  virtual void piece_written(PieceWork& /*work*/, std::size_t /*games*/) {}
  // An input that could not be opened or read on (after the games read before the failure).
  virtual void input_failure(const StreamPlace& place, const InputFailure& failure) = 0;
  // A stream that ended without a game (empty, or blank space only).
  virtual void no_games(const StreamPlace& place) = 0;
};

struct DriverSettings {
  // Worker threads; 1 or less: the games are read in the calling thread by a GameStream, and each
  // goes to the job and then to the consumer at once (no piece, no other thread).
  unsigned jobs = 1;
  // The size the inputs are cut at (tests make it tiny to put every seam to the test).
  std::size_t piece_bytes = std::size_t{64} << 10;
  // How the games are read (keep_raw_text, ...); the driver sets where each piece starts.
  ReaderOptions reader;
  // One thread only: sees each stream's bytes as the reader takes them (GameStream::watch_bytes).
  std::function<void(std::string_view)> watch;
  // Where to say, once, that fewer worker threads than `jobs` could be started (the system refused
  // one: a thread or memory limit), and the command's name to start that line with. The run goes
  // on with the workers that started, or in the calling thread when none did.
  std::ostream* notes = nullptr;
  std::string command = "bpgn";
};

// The most worker threads --jobs may ask for (docs/robustness.md, *Gates*).
inline constexpr unsigned kMaxJobs = 256;

// Reads every stream of `inputs` and gives its games and events to `consumer`, in input order.
// Returns false when some input could not be opened or read through.
bool run_in_order(InputStreams& inputs, const DriverSettings& settings, OrderedConsumer& consumer);

}  // namespace bpgn
