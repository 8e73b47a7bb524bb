#include "pipeline/commands/check_run.h"

#include "pipeline/run/ordered_driver.h"
#include "record/reader.h"
#include "text/visible_text.h"
#include "replay/fingerprint.h"

#include <algorithm>
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

// ---- check's job (in the reading thread or the workers) and consumer (in input order) ------
//
// One path for every --jobs: with 1 the ordered driver reads in the calling thread and hands each
// game to the consumer at once (GamePlace::game); a report that is one document built game by game
// (no ReportRenderer: html, sarif, junit) is always written so, its games given to the sink whole.


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
  // With one thread (GamePlace::game set) the piece holds one game, handed on at once: its check
  // still as the job made it (a sink without a renderer is given it whole; a duplicate's report is
  // made again from it, with the note, instead of checking the game again).
  CheckedGame* checked = nullptr;
  CheckSummary summary;
  std::string alone;  // its first checked game's ReportRenderer::alone()
  bool alone_given = false;  // the writer gave `alone` with the piece's first checked game
};

class CheckJob : public GameJob {
 public:
  // `keep_games`: the writer will not have the game itself (worker threads), so a game whose report
  // may need the duplicate note again is copied into the piece.
  // `run_summary`: one thread, whose pieces are never dropped: the games are counted there at once
  // (a summary per one-game piece would work out each game's rules label again).
  CheckJob(ReportSink& sink, const CheckRunSettings& settings, const GameCheckOptions& options, bool keep_games,
           CheckSummary* run_summary)
      : renderer_(sink.renderer()),
        keep_games_(keep_games && sink.shows_games()),
        settings_(settings),
        options_(options),
        run_summary_(run_summary) {
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
    CheckSummary& summary = run_summary_ ? *run_summary_ : result.summary;
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
          if (keep_games_ && renderer_) {
            segment.kept = result.kept.size();
            result.kept.push_back(game);
          }
        }
        summary.add(checked_.status, checked_.result);
        segment.kind = SortedKind(checked_.status);
        if (renderer_) {
          segment.index_at = renderer_->render(game, checked_, result.report);
          segment.end = result.report.size();
          if (summary.games == 1) result.alone = renderer_->alone(game, checked_);
        }
        if (text_) {
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
    if (segment.filtered) ++*summary.filtered;
    if (!segment.filtered) result.checked = &checked_;
    result.games.push_back(segment);
  }

 private:
  const std::unique_ptr<ReportRenderer> renderer_;  // null: the consumer gives the sink the game whole
  const bool keep_games_;
  const CheckRunSettings& settings_;
  const GameCheckOptions& options_;
  CheckSummary* const run_summary_;  // null: each piece counts its own games
  CheckedGame checked_;            // refilled for every game, keeping its memory
  std::optional<SortedText> text_;  // this thread's maker of the sorted outputs' texts
};

class CheckInOrder : public OrderedConsumer {
 public:
  CheckInOrder(ReportSink& sink, const CheckRunSettings& settings, bool one_thread, std::ostream& err, CheckRunResult& result)
      : sink_(sink),
        writer_renderer_(sink.renderer()),
        shows_games_(sink.shows_games()),
        settings_(settings),
        one_thread_(one_thread),
        err_(err),
        result_(result) {
    options_ = settings.options;
    options_.key = settings.seen != nullptr;
    redo_options_ = options_;
    redo_options_.key = false;
  }

  std::unique_ptr<GameJob> make_job() override {
    return std::make_unique<CheckJob>(sink_, settings_, options_, !one_thread_, one_thread_ ? &result_.summary : nullptr);
  }

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
    if (!writer_renderer_) {
      // One thread, a report that is one document: the game whole, its note added.
      CheckedGame& checked = *piece.checked;
      if (first) checked.result.violations.push_back(duplicate_note(*place.game, *first));
      sink_.game(*place.game, checked);
    } else {
      write_report(piece, g, place, first, begin);
    }
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
  // A rendered report to the sink, with its numbers (made again with the duplicate note for a
  // repeat of `first`).
  void write_report(CheckedPiece& piece, const CheckedPiece::Segment& g, const GamePlace& place,
                    const std::optional<SeenGame>& first, std::size_t begin) {
    RenderedGame rendered;
    rendered.text = std::string_view(piece.report).substr(begin, g.end - begin);
    rendered.index_at = g.index_at.after(begin);
    rendered.index = place.index;
    rendered.file_index = place.file_index;
    if (!piece.alone_given) rendered.alone = piece.alone;
    piece.alone_given = true;
    if (first && shows_games_ && (place.game || g.kept != std::string::npos)) {
      // Its report again, with the note: from the job's check (one thread), or from the game as
      // a worker read it, checked again.
      const Game& game = place.game ? *place.game : piece.kept[g.kept];
      CheckedGame* checked = place.game ? piece.checked : &redone_game_;
      if (!place.game) check_game(game, settings_.choice, redo_options_, redone_game_);
      checked->result.violations.push_back(duplicate_note(game, *first));
      redone_.clear();
      rendered.index_at = writer_renderer_->render(game, *checked, redone_);
      rendered.text = redone_;
    }
    sink_.write_rendered(rendered);
  }

  ReportSink& sink_;
  // The writer's (one thread at a time): duplicates' reports made again.
  const std::unique_ptr<ReportRenderer> writer_renderer_;
  const bool shows_games_;
  const CheckRunSettings& settings_;
  const bool one_thread_;
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
  DriverSettings driver;
  // A report that is one document is written in one thread (docs/check.md, Threads).
  driver.jobs = sink.renderer() ? std::max(settings.jobs, 1u) : 1;
  driver.piece_bytes = settings.piece_bytes;
  driver.notes = &err;
  driver.command = "bpgn check";
  if (settings.sorted) driver.reader.keep_raw_text = [](const Game&) { return true; };
  CheckInOrder consumer(sink, settings, driver.jobs <= 1, err, r);
  r.inputs_ok = run_in_order(inputs, driver, consumer);
  return r;
}

}  // namespace bpgn
