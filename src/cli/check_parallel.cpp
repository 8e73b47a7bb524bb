// Parallel check. The reading thread cuts each input into pieces at lines `[Event ...` (about
// piece_bytes each) and counts their lines; it does not parse. A worker reads a piece with its
// own Reader started at the piece's first byte, checks each game as soon as it is read (while it
// is in the cache) and formats its report without its index, and goes on into the following
// pieces until a game of its ends exactly where a later piece starts (or the input ends). The
// reader reads a game the same way from any point where a game starts, so a piece's games are the
// ones a single reader gives if the piece starts where the games of the pieces before it ended.
// The writer decides that in input order: it writes a piece's reports with their indexes and
// discards the pieces its games ran over (a cut inside a comment, a game running past the cut).
#include "cli/check_parallel.h"
#include "cli/check_plan.h"
#include "cli/errors.h"

#include "cli/progress.h"
#include "core/ascii.h"
#include "pipeline/inputs.h"
#include "record/reader.h"
#include "replay/fingerprint.h"

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace bpgn {

void BlankPattern::fill(char* out, std::uint64_t at, std::size_t n) const {
  if (period == 1) {
    std::memset(out, bytes[0], n);
    return;
  }
  for (std::size_t i = 0; i < n; ++i) out[i] = bytes[(at + i) % period];
}

std::optional<BlankPattern> blank_pattern(std::string_view text) {
  for (std::size_t period = 1; period <= 4 && period <= text.size(); ++period) {
    bool repeats = true;
    for (std::size_t i = 0; repeats && i < text.size(); ++i) {
      repeats = is_ascii_space(text[i]) && text[i] == text[i % period];
    }
    if (!repeats) continue;
    BlankPattern p;
    p.period = static_cast<std::uint8_t>(period);
    for (std::size_t i = 0; i < period; ++i) p.bytes[i] = text[i];
    return p;
  }
  return std::nullopt;
}

std::size_t find_piece_cut(std::string_view text, std::size_t from) {
  // With the space: `[EventDate ...]` lines stand inside headers.
  constexpr std::string_view kMark = "\n[Event ";
  const std::size_t at = text.find(kMark, from);
  return at == std::string_view::npos ? at : at + 1;
}

bool may_pass_the_limit(std::uint64_t front, std::size_t in_flight, std::span<const WaitingWorker> waiting) {
  return std::any_of(waiting.begin(), waiting.end(),
                     [&](const WaitingWorker& w) { return w.own == front && w.wanted >= front + in_flight; });
}

namespace {

enum class PieceState {
  Continuation,  // does not start at a cut: only read by the worker of a piece before it
  Unread,        // may start a game; waits for a worker
  Reading,       // a worker reads and checks its games
  Done,          // its games' reports are ready; waits for the pieces before it to be written
  Skipped,       // its text belongs to the games of a piece before it
};

struct InputEntry {
  std::string path;     // as given ("-": standard input); Game::file
  std::string name;     // in messages
  std::optional<CheckSummary::InputFailure> failure;  // when it could not be opened or read
  std::size_t games = 0;
};

// The games of a piece, checked: their reports one after another, each without its index.
struct ReadPiece {
  std::string report;
  struct Segment {
    std::size_t end = 0;                       // of the game's report in `report`
    IndexPlaces index_at;  // where its index and file_index go
    bool filtered = false;  // left out by the filters: no report, but it has its index
    // Sorted outputs: the end of its text in `sorted`, its kind, whether it could be made.
    std::size_t sorted_end = 0;
    SortedKind kind = SortedKind::Valid;
    bool sorted = false, too_long = false;
    std::uint32_t line = 0;  // of the game's first line (messages, the duplicate search)
    // The duplicate search: the game's fingerprint, and (when the report shows
    // games) the game itself in `kept`, to make its report again when it turns out a duplicate.
    bool compared = false;
    MatchKey fingerprint;
    std::size_t kept = std::string::npos;
  };
  std::vector<Segment> games;
  std::string sorted;  // the games' texts for the sorted outputs, one after another
  std::vector<Game> kept;  // the duplicate search: the compared games, when their report may need the note
  CheckSummary summary;
  std::string alone;  // its first checked game's ReportRenderer::alone()
  std::uint64_t end_seq = 0;
};

struct Piece {
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

  // What the worker found: its games' reports, the piece the reading stopped at (where the next
  // piece's games to write start).
  ReadPiece read;
};

using PiecePtr = std::shared_ptr<Piece>;

// Thrown inside a worker's read when the piece it parses has been discarded meanwhile.
struct Abandoned {};

class ParallelCheck {
 public:
  ParallelCheck(const CheckConfig& config, ReportSink& sink, unsigned jobs, std::size_t piece_bytes,
                std::ostream& err, CheckSummary& summary, const GameFilter* filter, SortedOutputs* sorted,
                DuplicateIndex* seen)
      : filter_(filter),
        sorted_(sorted),
        seen_(seen),
        plan_(game_check_plan(config, seen != nullptr)),
        sink_(sink),
        writer_renderer_(sink.renderer()),
        config_(config),
        jobs_(jobs),
        piece_bytes_(std::max<std::size_t>(piece_bytes, 1)),
        max_pieces_(2 * std::size_t{jobs} + 2),
        err_(err),
        summary_(summary) {
    if (!writer_renderer_) throw std::logic_error("check_in_parallel: the report is made in one thread");
    redo_options_ = plan_.options;
    redo_options_.key = false;
  }

  bool run() {
    std::vector<std::thread> workers;
    for (unsigned i = 0; i < jobs_; ++i) workers.emplace_back([this] { work(); });
    bool ok = true;
    std::vector<std::string> paths = config_.files;
    if (paths.empty() && !config_.files_expanded) paths.push_back("-");
    InputStreams inputs(std::move(paths), config_.list_failures);
    for (InputStreams::Step step; (step = inputs.next()) != InputStreams::Step::End;) {
      if (step == InputStreams::Step::Stream) {
        ok = split_member(inputs) && ok;
        continue;
      }
      // Not opened, or a broken archive's next member: a piece of its own carries the failure.
      const std::size_t file_id = add_file(inputs.failure().file);
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

  std::size_t add_file(const std::string& path) {
    std::lock_guard lock(mutex_);
    files_.push_back(InputEntry{path, input_label(path), {}, 0});
    return files_.size() - 1;
  }

  // Cuts the stream `inputs` is on into pieces; false when it could not be read through.
  bool split_member(InputStreams& input) {
    const std::size_t file_id = add_file(input.file());
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
        const auto lines = static_cast<std::uint32_t>(std::count(buf.begin(), buf.end(), '\n'));
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
    files_[file_id].failure = CheckSummary::InputFailure{failure.name(), failure.reason};
  }

  // Hands a piece to the workers; waits while too many are in flight, unless the worker of the
  // front piece waits for this one (may_pass_the_limit).
  void emit(std::size_t file_id, std::string data, bool first, bool last, std::uint64_t start = 0,
            std::uint32_t line = 1, bool read_failed = false, bool unopened = false, BlankPattern repeated = {},
            std::uint64_t repeated_size = 0) {
    auto piece = std::make_shared<Piece>();
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

  Piece* find(std::uint64_t seq) {
    if (seq < front_seq_ || seq >= front_seq_ + pieces_.size()) return nullptr;
    return pieces_[seq - front_seq_].get();
  }

  void work() {
    const std::unique_ptr<ReportRenderer> renderer = sink_.renderer();
    CheckedGame checked;  // refilled for every game, keeping its memory
    std::optional<SortedText> text;  // this thread's maker of the sorted outputs' texts
    if (sorted_) text.emplace(config_.canonical, output_rule_choice(config_));
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
      read(task, reader, game, checked, *renderer, text ? &*text : nullptr);
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
    PieceSource(ParallelCheck& run, PiecePtr own, std::shared_ptr<const std::string> data)
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
      for (;;) {
        if (own_->state == PieceState::Skipped) throw Abandoned{};
        if (Piece* p = run_.find(next)) {
          if (!p->data) throw Abandoned{};  // resolved past: only a discarded piece reads on
          current_ = run_.pieces_[next - run_.front_seq_];
          data_ = p->data;
          pos_ = 0;
          if (p->state != PieceState::Continuation) cuts_.emplace_back(p->start, p->seq);
          return;
        }
        run_.waiting_.push_back(WaitingWorker{own_->seq, next});
        run_.space_ready_.notify_all();
        run_.data_ready_.wait(lock);
        run_.waiting_.erase(std::find_if(run_.waiting_.begin(), run_.waiting_.end(),
                                          [&](const WaitingWorker& w) { return w.own == own_->seq; }));
      }
    }

    ParallelCheck& run_;
    PiecePtr own_, current_;
    std::shared_ptr<const std::string> data_;
    std::size_t pos_ = 0;
    std::deque<std::pair<std::uint64_t, std::uint64_t>> cuts_;  // (offset, seq) of pieces read into
  };

  void read(const Task& task, std::unique_ptr<Reader>& reader, Game& game, CheckedGame& checked,
            ReportRenderer& renderer, SortedText* sorted_text) {
    const PiecePtr& piece = task.piece;
    ReadPiece result;
    if (filter_) result.summary.filtered = 0;
    PieceSource source(*this, piece, task.data);
    ReaderOptions options;
    if (sorted_) options.keep_raw_text = [](const Game&) { return true; };
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
        check_one(game, checked, renderer, sorted_text, result);
        if (auto cut = source.cut_at(game.bytes.end)) {
          result.end_seq = *cut;
          break;
        }
      }
    } catch (const Abandoned&) {
      return;
    } catch (const std::system_error&) {
      // The input could not be read on (its failure is reported after its games, as --jobs 1 does).
      result.end_seq = source.after_input();
    }
    std::unique_lock lock(mutex_);
    if (piece->state != PieceState::Reading) return;  // discarded meanwhile
    piece->read = std::move(result);
    piece->state = PieceState::Done;
    write_ready(lock);
  }

  // One game read by a worker: left out by the filters, or checked, its report rendered and its
  // text for the sorted outputs made.
  void check_one(const Game& game, CheckedGame& checked, ReportRenderer& renderer, SortedText* sorted_text,
                 ReadPiece& result) {
    ReadPiece::Segment segment;
    segment.end = result.report.size();
    segment.sorted_end = result.sorted.size();
    segment.line = game.start.line;
    if (filter_ && !filter_->keeps_record(game)) {
      segment.filtered = true;
    } else {
      check_game(game, plan_.choice, plan_.options, checked);
      if (filter_ && !filter_->keeps_checked(game, checked.result)) {
        segment.filtered = true;
      } else {
        // An unreadable game has no key: it is never compared, as with --jobs 1.
        if (checked.key) {
          segment.compared = true;
          segment.fingerprint = *checked.key;
          if (sink_.shows_games()) {
            segment.kept = result.kept.size();
            result.kept.push_back(game);
          }
        }
        result.summary.add(checked.status, checked.result);
        segment.index_at = renderer.render(game, checked, result.report);
        segment.end = result.report.size();
        if (result.summary.games == 1) result.alone = renderer.alone(game, checked);
        if (sorted_text) {
          segment.kind = SortedKind(checked.status);
          // A game that may turn out a duplicate needs its text for --duplicates-out too.
          if (sorted_->target(segment.kind) || (segment.compared && sorted_->file[std::size_t(SortedKind::Duplicate)])) {
            segment.sorted = true;
            std::string text;
            segment.too_long = !sorted_text->make(game, text);
            result.sorted += text;
            segment.sorted_end = result.sorted.size();
          }
        }
      }
    }
    if (segment.filtered) ++*result.summary.filtered;
    result.games.push_back(segment);
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
      const std::size_t first_file_index = files_[p->file].games + 1;  // counted per input stream
      if (write) {
        next_index_ += p->read.games.size();
        files_[p->file].games += p->read.games.size();
        for (std::uint64_t s = p->seq + 1; s < p->read.end_seq; ++s) {
          Piece* q = find(s);
          if (!q) break;
          q->state = PieceState::Skipped;
          q->data.reset();
          skipped = true;
        }
      }
      p->data.reset();
      std::string note;
      std::optional<CheckSummary::InputFailure> failure;
      if (p->last_in_file) {
        const InputEntry& file = files_[p->file];
        failure = file.failure;
        note = !failure && file.games == 0 ? command_message("check", file.name + ": no games") + "\n" : "";
      }
      const std::string file_path = write ? files_[p->file].path : std::string();  // files_ grows under the lock
      lock.unlock();
      if (write) write_piece(p->read, first_index, first_file_index, file_path);
      err_ << note;
      if (failure) input_failed(sink_, std::move(*failure), err_, summary_);
      lock.lock();
      pieces_.pop_front();
      ++front_seq_;
    }
    writing_ = false;
    if (splitter_waiting_ && (pieces_.size() <= max_pieces_ / 2 || front_waits())) space_ready_.notify_one();
    if (skipped) data_ready_.notify_all();
    if (splitting_done_ && pieces_.empty()) work_ready_.notify_all();
  }

  void write_piece(ReadPiece& piece, std::size_t first_index, std::size_t file_index, const std::string& file) {
    std::size_t begin = 0, sorted_begin = 0, index = first_index;
    bool first_checked = true;
    for (const ReadPiece::Segment& g : piece.games) {
      if (g.filtered) {
        ++index;
        ++file_index;
        continue;
      }
      // The duplicate search, in input order.
      std::optional<SeenGame> first;
      if (g.compared) {
        first = seen_->offer(g.fingerprint, index, g.line, file);
        if (first) {
          ++duplicates_;
          ++piece.summary.notes;
          ++piece.summary.per_code[std::size_t(ViolationCode::DuplicateGame)];
        }
      }
      RenderedGame rendered;
      rendered.text = std::string_view(piece.report).substr(begin, g.end - begin);
      rendered.index_at = g.index_at.after(begin);
      rendered.index = index;
      rendered.file_index = file_index;
      if (first_checked) rendered.alone = piece.alone;
      first_checked = false;
      if (first && g.kept != std::string::npos) {
        // Its report again, with the note, from the game as the worker read it.
        const Game& game = piece.kept[g.kept];
        check_game(game, plan_.choice, redo_options_, redone_game_);
        redone_game_.result.violations.push_back(duplicate_note(game, *first));
        redone_.clear();
        rendered.index_at = writer_renderer_->render(game, redone_game_, redone_);
        rendered.text = redone_;
      }
      sink_.write_rendered(rendered);
      begin = g.end;
      if (g.sorted) {
        if (g.too_long) {
          Game where;
          where.file = file;
          where.start.line = g.line;
          sorted_->too_long(where, g.kind, err_);
        } else {
          sorted_->emit(first ? SortedKind::Duplicate : g.kind,
                        std::string_view(piece.sorted).substr(sorted_begin, g.sorted_end - sorted_begin));
        }
        sorted_begin = g.sorted_end;
      }
      ++index;
      ++file_index;
    }
    Progress::add_games(piece.games.size());
    if (seen_) summary_.duplicates = summary_.duplicates.value_or(0) + duplicates_;
    duplicates_ = 0;
    summary_.merge(piece.summary);
    piece = ReadPiece{};
  }

  const GameFilter* filter_;
  SortedOutputs* sorted_;
  DuplicateIndex* seen_;
  const GameCheckPlan plan_;  // every worker checks games so
  ReportSink& sink_;
  // The writer's (one thread at a time, under writing_): duplicates' reports made again.
  const std::unique_ptr<ReportRenderer> writer_renderer_;
  GameCheckOptions redo_options_;
  CheckedGame redone_game_;
  std::string redone_;
  std::size_t duplicates_ = 0;
  const CheckConfig& config_;
  const unsigned jobs_;
  const std::size_t piece_bytes_;
  const std::size_t max_pieces_;
  std::ostream& err_;
  CheckSummary& summary_;
  bool pending_continuation_ = false;  // reading thread only: the next piece continues the last

  std::mutex text_mutex_;  // never taken with mutex_ waiting on it: a text may be let go under mutex_
  std::vector<std::unique_ptr<std::string>> text_pool_;

  std::mutex mutex_;
  std::condition_variable work_ready_, space_ready_, data_ready_;
  std::vector<InputEntry> files_;
  std::deque<PiecePtr> pieces_;  // not yet written, in input order
  std::uint64_t front_seq_ = 0;  // seq of pieces_.front()
  std::size_t next_index_ = 1;
  std::vector<WaitingWorker> waiting_;  // workers waiting for a piece not yet made
  bool splitting_done_ = false, writing_ = false, splitter_waiting_ = false;
};

}  // namespace

bool check_in_parallel(const CheckConfig& config, ReportSink& sink, unsigned jobs, std::size_t piece_bytes,
                       std::ostream& err, CheckSummary& summary, const GameFilter* filter, SortedOutputs* sorted,
                       DuplicateIndex* seen) {
  return ParallelCheck(config, sink, jobs, piece_bytes, err, summary, filter, sorted, seen).run();
}

}  // namespace bpgn
