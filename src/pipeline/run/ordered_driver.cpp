// The reading thread cuts each input into pieces at lines `[Event ...` (about piece_bytes each)
// and counts their lines; it does not parse. A worker reads a piece with its own Reader started at
// the piece's first byte, gives each game to its job as soon as it is read (while it is in the
// cache), and goes on into the following pieces until a game of its ends exactly where a later
// piece starts (or the input ends). The reader reads a game the same way from any point where a
// game starts, so a piece's games are the ones a single reader gives if the piece starts where
// the games of the pieces before it ended. The writer decides that in input order: it gives a
// piece's games to the consumer with their places and discards the pieces its games ran over (a
// cut inside a comment, a game running past the cut).
#include "pipeline/run/ordered_driver.h"

#include "pipeline/input/game_stream.h"
#include "pipeline/input/piece_cut.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <optional>
#include <system_error>
#include <ostream>
#include <thread>
#include <vector>

namespace bpgn {
namespace {

enum class PieceState {
  Continuation,  // does not start at a cut: only read by the worker of a piece before it
  Unread,        // may start a game; waits for a worker
  Reading,       // a worker reads its games
  Done,          // its games are read; waits for the pieces before it to be written
  Skipped,       // its text belongs to the games of a piece before it
};

struct StreamEntry {
  std::string path;   // Game::file
  std::size_t input = 0;
  std::optional<InputFailure> failure;  // when it could not be opened or read
  std::size_t games = 0;                // written so far
};

// What the worker found: its job's work, how many games, the piece the reading stopped at (where
// the next piece's games to write start).
struct ReadPiece {
  std::unique_ptr<PieceWork> work;
  std::size_t games = 0;
  std::uint64_t end_seq = 0;
};

struct InputPiece {
  std::size_t file = 0;
  std::uint64_t seq = 0;    // position among all pieces of all inputs
  std::uint64_t start = 0;  // byte offset of its first byte in the input
  std::uint32_t line = 1;   // line of its first byte (at a line start)
  bool first_in_file = false, last_in_file = false;
  bool read_failed = false;  // the input could not be read past this piece
  std::shared_ptr<const std::string> data;  // released once no worker needs it
  // A piece that is a few blank bytes over and over (a run of blank lines between games, `\n` or
  // `\r\n`, as long as it may be) keeps no text: `repeated_size` bytes of `repeated` repeated,
  // made as they are read. The worker of the piece before it reads through the run, and every
  // piece it reads through stays until that piece is written: kept as text, a 1 GB run would
  // take 1 GB.
  BlankPattern repeated;
  std::uint64_t repeated_size = 0;
  PieceState state = PieceState::Unread;
  ReadPiece read;
};

using PiecePtr = std::shared_ptr<InputPiece>;

// Thrown inside a worker's read when the piece it parses has been discarded meanwhile.
struct Abandoned {};

class OrderedDriver {
 public:
  OrderedDriver(const DriverSettings& settings, OrderedConsumer& consumer)
      : consumer_(consumer),
        reader_options_(settings.reader),
        jobs_(std::max(settings.jobs, 1u)),
        piece_bytes_(std::max<std::size_t>(settings.piece_bytes, 1)),
        max_pieces_(2 * std::size_t{jobs_} + 2) {}

  // False in `started` when not even one worker thread could be started: then nothing was read.
  bool run(InputStreams& inputs, const DriverSettings& settings, bool& started) {
    std::vector<std::thread> workers;
    workers.reserve(jobs_);
    std::string refused;
    for (unsigned i = 0; i < jobs_; ++i) {
      try {
        workers.emplace_back([this] { work(); });
      } catch (const std::system_error& e) {  // a thread or memory limit: run with fewer
        refused = e.code().message();
        break;
      }
    }
    if (workers.size() < jobs_ && settings.notes) {
      *settings.notes << settings.command << ": note: --jobs " << jobs_ << ": only " << workers.size()
                      << " worker thread" << (workers.size() == 1 ? "" : "s") << " could be started (" << refused
                      << ")" << (workers.empty() ? "; reading in one thread" : "") << "\n";
    }
    started = !workers.empty();
    if (!started) return true;
    bool ok = true;
    for (InputStreams::Step step; (step = inputs.next()) != InputStreams::Step::End;) {
      if (step == InputStreams::Step::Stream) {
        ok = split_member(inputs) && ok;
        continue;
      }
      // Not opened, or a broken archive's next member: a piece of its own carries the failure.
      const std::size_t file_id = add_file(inputs.failure().file, inputs.input());
      fail(file_id, inputs.failure());
      emit(file_id, std::string(), true, true, 0, 1, false, /*unopened=*/true);
      ok = false;
    }
    {
      std::lock_guard lock(mutex_);
      splitting_done_ = true;
    }
    work_ready_.notify_all();
    for (std::thread& t : workers) t.join();
    return ok;
  }

 private:
  // ---- the reading thread -------------------------------------------------------------------

  std::size_t add_file(const std::string& path, std::size_t input) {
    std::lock_guard lock(mutex_);
    files_.push_back(StreamEntry{path, input, {}, 0});
    return files_.size() - 1;
  }

  // Cuts the stream `inputs` is on into pieces; false when it could not be read through.
  bool split_member(InputStreams& input) {
    const std::size_t file_id = add_file(input.file(), input.input());
    // Read in blocks much smaller than a piece, so that little is carried over past a cut.
    // (Tests cut in pieces of a few bytes: then a block is a byte.)
    const std::size_t block = std::clamp<std::size_t>(piece_bytes_ / 8, 1, 16384);
    // A piece with no line `[Event ` is cut anyway at this size, and the next piece continues it.
    const std::size_t longest = 4 * piece_bytes_ + 64;
    const auto bytes = std::make_unique_for_overwrite<char[]>(block);
    std::string buf = take_text();
    std::size_t scanned = 0;  // buf[0, scanned) holds no cut past piece_bytes_ - 1
    std::uint64_t start = 0;
    std::uint32_t line = 1;
    bool first = true, ok = true;
    for (bool eof = false; !eof;) {
      std::size_t n = 0;
      try {
        n = input.read(bytes.get(), block);
      } catch (const std::system_error& e) {
        fail(file_id, input.fail(e));
        ok = false;
      }
      buf.append(bytes.get(), n);
      if (n == 0) eof = true;
      // Cut every piece that a line `[Event ` past piece_bytes_ ends, or that reaches `longest`.
      while (!eof && buf.size() >= piece_bytes_) {
        const std::size_t from = std::max(piece_bytes_ - 1, scanned);
        std::size_t cut = find_piece_cut(buf, from);
        bool continued = false;
        if (cut == std::string::npos) {
          scanned = std::max(from, buf.size() >= 6 ? buf.size() - 6 : 0);
          if (buf.size() < longest) break;
          cut = buf.size();
          continued = true;
        }
        std::string rest = take_text();
        rest.assign(buf, cut);
        buf.resize(cut);
        const auto lines = static_cast<std::uint32_t>(count_lines(buf));
        const std::uint64_t size = buf.size();
        // A piece of a few blank bytes repeated is kept as those bytes and a count.
        const std::optional<BlankPattern> pattern = continued ? blank_pattern(buf) : std::nullopt;
        const bool repeated = pattern.has_value();
        if (repeated) {  // its buffer goes back to the pool: an empty string would keep its capacity
          buf.clear();
          std::lock_guard lock(text_mutex_);
          if (text_pool_.size() < max_pieces_ + jobs_ + 2) text_pool_.push_back(std::make_unique<std::string>(std::move(buf)));
          buf = std::string();
        }
        emit(file_id, std::move(buf), first, false, start, line, false, false, pattern.value_or(BlankPattern{}),
             repeated ? size : 0);
        first = false;
        start += size;
        line += lines;
        buf = std::move(rest);
        scanned = 0;
        pending_continuation_ = continued;
      }
      if (eof) {
        emit(file_id, std::move(buf), first, true, start, line, !ok);
        pending_continuation_ = false;
      }
    }
    return ok;
  }

  void fail(std::size_t file_id, const InputFailure& failure) {
    std::lock_guard lock(mutex_);
    files_[file_id].failure = failure;
  }

  // Hands a piece to the workers; waits while too many are in flight, unless the worker of the
  // front piece waits for this one (may_pass_the_limit).
  void emit(std::size_t file_id, std::string data, bool first, bool last, std::uint64_t start = 0,
            std::uint32_t line = 1, bool read_failed = false, bool unopened = false, BlankPattern repeated = {},
            std::uint64_t repeated_size = 0) {
    auto piece = std::make_shared<InputPiece>();
    piece->file = file_id;
    piece->start = start;
    piece->line = line;
    piece->first_in_file = first;
    piece->last_in_file = last;
    piece->read_failed = read_failed;
    piece->data = share_text(std::move(data));
    piece->repeated = repeated;
    piece->repeated_size = repeated_size;
    const bool continuation = pending_continuation_ && !first;
    piece->state = continuation ? PieceState::Continuation : PieceState::Unread;
    {
      std::unique_lock lock(mutex_);
      if (pieces_.size() >= max_pieces_ && !front_waits()) {
        // Waits until half the pieces are written: fewer wake-ups than one per piece.
        splitter_waiting_ = true;
        space_ready_.wait(lock, [this] { return pieces_.size() <= max_pieces_ / 2 || front_waits(); });
        splitter_waiting_ = false;
      }
      piece->seq = front_seq_ + pieces_.size();
      if (unopened) {  // nothing to read: the piece only carries the input's failure into the order
        piece->state = PieceState::Done;
        piece->read.end_seq = piece->seq + 1;
      }
      pieces_.push_back(piece);
      if (piece->state == PieceState::Done) write_ready(lock);
      if (!waiting_.empty()) data_ready_.notify_all();
    }
    work_ready_.notify_one();
  }

  // Piece texts are reused: allocating and freeing buffers this size costs page faults.
  std::string take_text() {
    std::lock_guard lock(text_mutex_);
    if (text_pool_.empty()) {
      std::string text;
      text.reserve(std::min(4 * piece_bytes_ + 64, piece_bytes_ + 16384) + 64);  // the usual longest piece
      return text;
    }
    std::string text = std::move(*text_pool_.back());
    text_pool_.pop_back();
    text.clear();
    return text;
  }

  std::shared_ptr<const std::string> share_text(std::string text) {
    return std::shared_ptr<const std::string>(new std::string(std::move(text)), [this](const std::string* t) {
      std::unique_ptr<std::string> owned(const_cast<std::string*>(t));
      std::lock_guard lock(text_mutex_);
      if (text_pool_.size() < max_pieces_ + jobs_ + 2) text_pool_.push_back(std::move(owned));
    });
  }

  // ---- the workers --------------------------------------------------------------------------

  bool front_waits() const { return may_pass_the_limit(front_seq_, pieces_.size(), waiting_); }

  InputPiece* find(std::uint64_t seq) {
    if (seq < front_seq_ || seq >= front_seq_ + pieces_.size()) return nullptr;
    return pieces_[seq - front_seq_].get();
  }

  void work() {
    const std::unique_ptr<GameJob> job = consumer_.make_job();
    std::unique_ptr<Reader> reader;  // restarted on every piece, keeping its buffer
    Game game;                       // refilled for every game, keeping its memory
    for (;;) {
      Task task;
      {
        std::unique_lock lock(mutex_);
        work_ready_.wait(lock, [&] {
          task = next_task();
          return task.piece || (splitting_done_ && pieces_.empty());
        });
        if (!task.piece) return;
      }
      read(task, reader, game, *job);
    }
  }

  struct Task {
    PiecePtr piece;
    std::shared_ptr<const std::string> data;  // the piece's bytes and its input's name, taken under the lock
    std::string path;
  };

  // The first piece to read (under the lock); marks it taken.
  Task next_task() {
    for (const PiecePtr& p : pieces_) {
      if (p->state == PieceState::Unread) {
        p->state = PieceState::Reading;
        return Task{p, p->data, files_[p->file].path};
      }
    }
    return Task{};
  }

  // The Reader's source for a worker: the piece's bytes, then the next pieces' of the same input.
  class PieceSource {
   public:
    PieceSource(OrderedDriver& run, PiecePtr own, std::shared_ptr<const std::string> data)
        : run_(run), own_(own), current_(own), data_(std::move(data)) {}

    std::size_t read(char* buffer, std::size_t size) {
      for (;;) {
        const std::uint64_t length = current_->repeated_size ? current_->repeated_size : data_->size();
        if (pos_ < length) {
          const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(size, length - pos_));
          if (current_->repeated_size) current_->repeated.fill(buffer, pos_, n);
          else std::memcpy(buffer, data_->data() + pos_, n);
          pos_ += n;
          return n;
        }
        if (current_->read_failed) throw std::system_error(EIO, std::generic_category());
        if (current_->last_in_file) return 0;
        advance();
      }
    }

    // The piece whose first byte is at `offset`, when it is one the reading may stop at.
    std::optional<std::uint64_t> cut_at(std::uint64_t offset) {
      while (!cuts_.empty() && cuts_.front().first < offset) cuts_.pop_front();
      if (!cuts_.empty() && cuts_.front().first == offset) return cuts_.front().second;
      return std::nullopt;
    }

    // The piece after the input's last one (the next input's first).
    std::uint64_t after_input() const { return current_->seq + 1; }

   private:
    void advance() {
      std::unique_lock lock(run_.mutex_);
      const std::uint64_t next = current_->seq + 1;
      // A continuation piece is read only by the workers of pieces before it. When every piece
      // from this worker's own to the current one is a continuation and the own piece is the front
      // (never discarded), no other worker can need the current piece: read to its end, its text
      // goes now, not when the front is written. So a run of blank space of any shape (or one
      // long game) read through holds a piece at a time, not the run. (A piece past a cut may
      // still be the next games' start: the reader reads ahead of the game it parses.)
      if (only_continuations_ && current_ != own_ && own_->seq == run_.front_seq_ &&
          current_->state == PieceState::Continuation) {
        current_->data.reset();
        data_.reset();
      }
      for (;;) {
        if (own_->state == PieceState::Skipped) throw Abandoned{};
        if (InputPiece* p = run_.find(next)) {
          if (!p->data) throw Abandoned{};  // resolved past: only a discarded piece reads on
          current_ = run_.pieces_[next - run_.front_seq_];
          data_ = p->data;
          pos_ = 0;
          if (p->state != PieceState::Continuation) {
            cuts_.emplace_back(p->start, p->seq);
            only_continuations_ = false;
          }
          return;
        }
        run_.waiting_.push_back(WaitingWorker{own_->seq, next});
        run_.space_ready_.notify_all();
        run_.data_ready_.wait(lock);
        run_.waiting_.erase(std::find_if(run_.waiting_.begin(), run_.waiting_.end(),
                                          [&](const WaitingWorker& w) { return w.own == own_->seq; }));
      }
    }

    OrderedDriver& run_;
    PiecePtr own_, current_;
    std::shared_ptr<const std::string> data_;
    std::size_t pos_ = 0;
    bool only_continuations_ = true;  // every piece read into after the own one was a continuation
    std::deque<std::pair<std::uint64_t, std::uint64_t>> cuts_;  // (offset, seq) of pieces read into
  };

  void read(const Task& task, std::unique_ptr<Reader>& reader, Game& game, GameJob& job) {
    const PiecePtr& piece = task.piece;
    ReadPiece result;
    result.work = job.new_piece();
    PieceSource source(*this, piece, task.data);
    ReaderOptions options = reader_options_;
    options.first_line = piece->line;
    options.first_offset = piece->start;
    options.at_stream_start = piece->first_in_file;
    try {
      Reader::Source bytes = [&source](char* b, std::size_t n) { return source.read(b, n); };
      if (reader) reader->restart(task.path, std::move(bytes), options);
      else reader = std::make_unique<Reader>(task.path, std::move(bytes), options);
      for (;;) {
        if (!reader->next(game)) {
          result.end_seq = source.after_input();
          break;
        }
        job.game(game, *result.work);
        ++result.games;
        if (auto cut = source.cut_at(game.bytes.end)) {
          result.end_seq = *cut;
          break;
        }
      }
    } catch (const Abandoned&) {
      return;
    } catch (const std::system_error&) {
      // The input could not be read on (its failure is said after its games, as one reader does).
      result.end_seq = source.after_input();
    }
    std::unique_lock lock(mutex_);
    if (piece->state != PieceState::Reading) return;  // discarded meanwhile
    piece->read = std::move(result);
    piece->state = PieceState::Done;
    write_ready(lock);
  }

  // Writes every piece at the front whose games are read, in input order, and discards the pieces
  // those games ran over (one writer at a time; the lock is held on entry and on return, and
  // released while writing). The piece at the front that is not discarded starts where the games
  // written before it ended: its games are the input's.
  void write_ready(std::unique_lock<std::mutex>& lock) {
    if (writing_) return;
    writing_ = true;
    bool skipped = false;
    while (!pieces_.empty()) {
      const PiecePtr p = pieces_.front();
      if (p->state != PieceState::Done && p->state != PieceState::Skipped) break;
      const bool write = p->state == PieceState::Done;
      const std::size_t first_index = next_index_;
      const std::size_t first_in_file = files_[p->file].games;
      if (write) {
        next_index_ += p->read.games;
        files_[p->file].games += p->read.games;
        for (std::uint64_t s = p->seq + 1; s < p->read.end_seq; ++s) {
          InputPiece* q = find(s);
          if (!q) break;
          q->state = PieceState::Skipped;
          q->data.reset();
          skipped = true;
        }
      }
      p->data.reset();
      bool no_games = false;
      std::optional<InputFailure> failure;
      if (p->last_in_file) {
        const StreamEntry& file = files_[p->file];
        failure = file.failure;
        no_games = !failure && file.games == 0;
      }
      // files_ grows under the lock: what the writer needs of it, copied.
      const std::string file_path = files_[p->file].path;
      const StreamPlace stream{files_[p->file].input, &file_path};
      lock.unlock();
      if (write && p->read.work) {
        GamePlace place{first_index, first_in_file, stream.input, &file_path};
        for (std::size_t k = 0; k < p->read.games; ++k, ++place.index) {
          place.file_index = first_in_file + k + 1;
          consumer_.game(*p->read.work, k, place);
        }
        consumer_.piece_written(*p->read.work, p->read.games);
        p->read.work.reset();
      }
      if (no_games) consumer_.no_games(stream);
      if (failure) consumer_.input_failure(stream, *failure);
      lock.lock();
      pieces_.pop_front();
      ++front_seq_;
    }
    writing_ = false;
    if (splitter_waiting_ && (pieces_.size() <= max_pieces_ / 2 || front_waits())) space_ready_.notify_one();
    if (skipped) data_ready_.notify_all();
    if (splitting_done_ && pieces_.empty()) work_ready_.notify_all();
  }

  OrderedConsumer& consumer_;
  const ReaderOptions reader_options_;
  const unsigned jobs_;
  const std::size_t piece_bytes_;
  const std::size_t max_pieces_;
  bool pending_continuation_ = false;  // reading thread only: the next piece continues the last

  std::mutex text_mutex_;  // never taken with mutex_ waiting on it: a text may be let go under mutex_
  std::vector<std::unique_ptr<std::string>> text_pool_;

  std::mutex mutex_;
  std::condition_variable work_ready_, space_ready_, data_ready_;
  std::vector<StreamEntry> files_;
  std::deque<PiecePtr> pieces_;  // not yet written, in input order
  std::uint64_t front_seq_ = 0;  // seq of pieces_.front()
  std::size_t next_index_ = 1;
  std::vector<WaitingWorker> waiting_;  // workers waiting for a piece not yet made
  bool splitting_done_ = false, writing_ = false, splitter_waiting_ = false;
};

// One thread: a GameStream, each game to the job and at once to the consumer.
bool run_in_one_thread(InputStreams& inputs, const DriverSettings& settings, OrderedConsumer& consumer) {
  const std::unique_ptr<GameJob> job = consumer.make_job();
  GameStream games(inputs, settings.reader);
  if (settings.watch) games.watch_bytes(settings.watch);
  Game game;
  bool ok = true;
  for (GameStream::Step step; (step = games.next(game)) != GameStream::Step::End;) {
    if (step == GameStream::Step::NoGames) {
      consumer.no_games(StreamPlace{inputs.input(), &games.file()});
    } else if (step == GameStream::Step::Failure) {
      consumer.input_failure(StreamPlace{inputs.input(), &games.failure().file}, games.failure());
      ok = false;
    } else {
      std::unique_ptr<PieceWork> work = job->new_piece();
      job->game(game, *work);
      consumer.game(*work, 0, GamePlace{game.index, game.file_index, inputs.input(), &game.file, &game});
      consumer.piece_written(*work, 1);
    }
  }
  return ok;
}

}  // namespace

bool run_in_order(InputStreams& inputs, const DriverSettings& settings, OrderedConsumer& consumer) {
  if (settings.jobs <= 1 || settings.watch) return run_in_one_thread(inputs, settings, consumer);
  bool started = false;
  const bool ok = OrderedDriver(settings, consumer).run(inputs, settings, started);
  return started ? ok : run_in_one_thread(inputs, settings, consumer);
}

}  // namespace bpgn
