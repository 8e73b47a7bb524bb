#include "pipeline/commands/check_run.h"

#include "pipeline/input/game_stream.h"
#include "pipeline/run/ordered_driver.h"
#include "record/reader.h"
#include "text/visible_text.h"
#include "replay/fingerprint.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bpgn {
namespace {

bool counts_filtered(const CheckRunSettings& s) { return s.filter != nullptr; }

// An input that could not be opened or read on: said, given to the report in its place, and kept
// in `summary` (the json, sarif, junit and html reports list it at their end).
void input_failed(const CheckRunSettings& settings, ReportSink& sink, const InputFailure& failure, CheckSummary& summary) {
  CheckSummary::InputFailure failed{failure.name(), failure.reason};
  settings.say("cannot read " + shown_path(failed.file) + ": " + failed.message);
  sink.input_failure(failed);
  // Its games are in the sorted outputs already: none of them is committed (docs/robustness.md, *Gates*).
  if (failure.while_read && settings.sorted && settings.sorted->damaged_input.empty())
    settings.sorted->damaged_input = failed.file;
  summary.input_failures.push_back(std::move(failed));
}

void no_games(const CheckRunSettings& settings, const std::string& file) {
  settings.say(shown_path(input_label(file)) + ": no games");
}

// ---- one thread: the reference the parallel run must equal byte for byte -------------------

class OneThread {
 public:
  OneThread(ReportSink& sink, const CheckRunSettings& settings, std::ostream& err)
      : sink_(sink), settings_(settings), err_(err) {
    if (settings.sorted) sorted_text_.emplace(settings.sorted->canonical, settings.sorted_choice);
    options_ = settings.options;
    options_.key = settings.seen != nullptr;
  }

  void run(InputStreams& inputs, CheckRunResult& r) {
    CheckedGame checked;  // refilled for every game, keeping its memory
    Game game;            // refilled by the reader, keeping its memory
    ReaderOptions options;
    if (settings_.sorted) options.keep_raw_text = [](const Game&) { return true; };
    GameStream games(inputs, options);
    for (GameStream::Step step; (step = games.next(game)) != GameStream::Step::End;) {
      if (step == GameStream::Step::NoGames) {
        no_games(settings_, games.file());
      } else if (step == GameStream::Step::Failure) {
        input_failed(settings_, sink_, games.failure(), r.summary);
        r.inputs_ok = false;
      } else {
        ++r.games_read;
        if (settings_.games_done) settings_.games_done(1);
        check_one(game, checked, r);
      }
    }
  }

 private:
  // One game: left out by the filters, or checked (a repeat of an earlier game gets a
  // duplicate-game note), counted, reported and sorted.
  void check_one(const Game& game, CheckedGame& checked, CheckRunResult& r) {
    const GameFilter* filter = settings_.filter;
    if (filter && !filter->keeps_record(game)) {
      ++*r.summary.filtered;
      return;
    }
    check_game(game, settings_.choice, options_, checked);
    if (filter && !filter->keeps_checked(game, checked.result)) {
      ++*r.summary.filtered;
      return;
    }
    SortedKind kind = SortedKind(checked.status);
    if (checked.key) {  // the duplicate search: an unreadable game has no key
      if (auto first = settings_.seen->offer(*checked.key, game.index, game.start.line, game.file)) {
        ++*r.summary.duplicates;
        kind = SortedKind::Duplicate;
        checked.result.violations.push_back(duplicate_note(game, *first));
      }
    }
    r.summary.add(checked.status, checked.result);
    sink_.game(game, checked);
    if (settings_.sorted) sort(game, kind);
  }

  void sort(const Game& game, SortedKind kind) {
    if (!settings_.sorted->target(kind)) return;
    if (sorted_text_->make(game, sorted_buffer_)) {
      settings_.sorted->emit(kind, sorted_buffer_);
    } else {
      settings_.sorted->too_long(game, kind, err_);
    }
  }

  ReportSink& sink_;
  const CheckRunSettings& settings_;
  std::ostream& err_;
  GameCheckOptions options_;
  std::optional<SortedText> sorted_text_;  // with settings_.sorted: how a game's text is made
  std::string sorted_buffer_;
};

// ---- N threads: check's job (in the workers) and consumer (in input order) ------------------

// The games of a piece, checked: their reports one after another, each without its index.
struct CheckedPiece : PieceWork {
  std::string report;
  struct Segment {
    std::size_t end = 0;                       // of the game's report in `report`
    IndexPlaces index_at;  // where its index and file_index go (npos: nowhere)
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
  bool alone_given = false;  // the writer gave `alone` with the piece's first checked game
};

class CheckJob : public GameJob {
 public:
  CheckJob(ReportSink& sink, const CheckRunSettings& settings, const GameCheckOptions& options)
      : renderer_(sink.renderer()), shows_games_(sink.shows_games()), settings_(settings), options_(options) {
    if (settings.sorted) text_.emplace(settings.sorted->canonical, settings.sorted_choice);
  }

  std::unique_ptr<PieceWork> new_piece() override {
    auto piece = std::make_unique<CheckedPiece>();
    if (settings_.filter) piece->summary.filtered = 0;
    return piece;
  }

  // One game read by a worker: left out by the filters, or checked, its report rendered and its
  // text for the sorted outputs made.
  void game(Game& game, PieceWork& work) override {
    auto& result = static_cast<CheckedPiece&>(work);
    const GameFilter* filter = settings_.filter;
    SortedOutputs* sorted = settings_.sorted;
    CheckedPiece::Segment segment;
    segment.end = result.report.size();
    segment.index_at = IndexPlaces{};
    segment.sorted_end = result.sorted.size();
    segment.line = game.start.line;
    if (filter && !filter->keeps_record(game)) {
      segment.filtered = true;
    } else {
      check_game(game, settings_.choice, options_, checked_);
      if (filter && !filter->keeps_checked(game, checked_.result)) {
        segment.filtered = true;
      } else {
        // An unreadable game has no key: it is never compared, as with one thread.
        if (checked_.key) {
          segment.compared = true;
          segment.fingerprint = *checked_.key;
          if (shows_games_) {
            segment.kept = result.kept.size();
            result.kept.push_back(game);
          }
        }
        result.summary.add(checked_.status, checked_.result);
        segment.index_at = renderer_->render(game, checked_, result.report);
        segment.end = result.report.size();
        if (result.summary.games == 1) result.alone = renderer_->alone(game, checked_);
        if (text_) {
          segment.kind = SortedKind(checked_.status);
          // A game that may turn out a duplicate needs its text for --duplicates-out too.
          if (sorted->target(segment.kind) || (segment.compared && sorted->file[std::size_t(SortedKind::Duplicate)])) {
            segment.sorted = true;
            std::string text;
            segment.too_long = !text_->make(game, text);
            result.sorted += text;
            segment.sorted_end = result.sorted.size();
          }
        }
      }
    }
    if (segment.filtered) ++*result.summary.filtered;
    result.games.push_back(segment);
  }

 private:
  const std::unique_ptr<ReportRenderer> renderer_;
  const bool shows_games_;
  const CheckRunSettings& settings_;
  const GameCheckOptions& options_;
  CheckedGame checked_;            // refilled for every game, keeping its memory
  std::optional<SortedText> text_;  // this thread's maker of the sorted outputs' texts
};

class CheckInOrder : public OrderedConsumer {
 public:
  CheckInOrder(ReportSink& sink, const CheckRunSettings& settings, std::ostream& err, CheckRunResult& result)
      : sink_(sink), writer_renderer_(sink.renderer()), settings_(settings), err_(err), result_(result) {
    options_ = settings.options;
    options_.key = settings.seen != nullptr;
    redo_options_ = options_;
    redo_options_.key = false;
  }

  std::unique_ptr<GameJob> make_job() override { return std::make_unique<CheckJob>(sink_, settings_, options_); }

  void game(PieceWork& work, std::size_t nth, const GamePlace& place) override {
    auto& piece = static_cast<CheckedPiece&>(work);
    const CheckedPiece::Segment& g = piece.games[nth];
    if (g.filtered) return;
    const std::size_t begin = nth ? piece.games[nth - 1].end : 0;
    const std::size_t sorted_begin = nth ? piece.games[nth - 1].sorted_end : 0;
    // The duplicate search, in input order.
    std::optional<SeenGame> first;
    if (g.compared) {
      first = settings_.seen->offer(g.fingerprint, place.index, g.line, *place.file);
      if (first) {
        ++duplicates_;
        ++piece.summary.notes;
        ++piece.summary.per_code[std::size_t(ViolationCode::DuplicateGame)];
      }
    }
    RenderedGame rendered;
    rendered.text = std::string_view(piece.report).substr(begin, g.end - begin);
    rendered.index_at = g.index_at.after(begin);
    rendered.index = place.index;
    rendered.file_index = place.file_index;
    if (!piece.alone_given) rendered.alone = piece.alone;
    piece.alone_given = true;
    if (first && g.kept != std::string::npos) {
      // Its report again, with the note, from the game as the worker read it.
      const Game& game = piece.kept[g.kept];
      check_game(game, settings_.choice, redo_options_, redone_game_);
      redone_game_.result.violations.push_back(duplicate_note(game, *first));
      redone_.clear();
      rendered.index_at = writer_renderer_->render(game, redone_game_, redone_);
      rendered.text = redone_;
    }
    sink_.write_rendered(rendered);
    if (g.sorted) {
      if (g.too_long) {
        Game where;
        where.file = *place.file;
        where.start.line = g.line;
        settings_.sorted->too_long(where, g.kind, err_);
      } else {
        settings_.sorted->emit(first ? SortedKind::Duplicate : g.kind,
                               std::string_view(piece.sorted).substr(sorted_begin, g.sorted_end - sorted_begin));
      }
    }
  }

  void piece_written(PieceWork& work, std::size_t games) override {
    auto& piece = static_cast<CheckedPiece&>(work);
    if (settings_.games_done) settings_.games_done(games);
    result_.games_read += games;
    if (settings_.seen) result_.summary.duplicates = result_.summary.duplicates.value_or(0) + duplicates_;
    duplicates_ = 0;
    result_.summary.merge(piece.summary);
  }

  void input_failure(const StreamPlace&, const InputFailure& failure) override {
    input_failed(settings_, sink_, failure, result_.summary);
  }

  void no_games(const StreamPlace& place) override { bpgn::no_games(settings_, *place.file); }

 private:
  ReportSink& sink_;
  // The writer's (one thread at a time): duplicates' reports made again.
  const std::unique_ptr<ReportRenderer> writer_renderer_;
  const CheckRunSettings& settings_;
  std::ostream& err_;
  CheckRunResult& result_;
  GameCheckOptions options_, redo_options_;
  CheckedGame redone_game_;
  std::string redone_;
  std::size_t duplicates_ = 0;
};

}  // namespace

CheckRunResult check_games(InputStreams& inputs, ReportSink& sink, const CheckRunSettings& settings, std::ostream& err) {
  CheckRunResult r;
  if (counts_filtered(settings)) r.summary.filtered = 0;
  if (settings.seen) r.summary.duplicates = 0;
  // A report that is one document is written in one thread (docs/check.md, Threads).
  if (settings.jobs <= 1 || !sink.renderer()) {
    OneThread(sink, settings, err).run(inputs, r);
    return r;
  }
  DriverSettings driver;
  driver.jobs = settings.jobs;
  driver.piece_bytes = settings.piece_bytes;
  driver.notes = &err;
  driver.command = "bpgn check";
  if (settings.sorted) driver.reader.keep_raw_text = [](const Game&) { return true; };
  CheckInOrder consumer(sink, settings, err, r);
  r.inputs_ok = run_in_order(inputs, driver, consumer);
  return r;
}

}  // namespace bpgn
