#include "pipeline/commands/fmt_run.h"

#include "convert/as_found.h"
#include "pipeline/commands/format_game.h"
#include "output/report_text.h"
#include "output/summary_json.h"
#include "pipeline/run/check_game.h"
#include "pipeline/run/ordered_driver.h"
#include "text/visible_text.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace bpgn {
namespace {

// What a worker made of the games of a piece: their texts and messages one after another.
struct FormattedPiece : PieceWork {
  enum class Kind { Filtered, Cut, Valid, WithErrors, AsFound };
  struct Entry {
    Kind kind = Kind::Valid;
    bool errors = false;         // with errors or unreadable
    std::size_t text_end = 0;    // of its text in `text`
    std::size_t said_end = 0;    // of its messages in `said`
    std::uint32_t line = 0;      // of its first line (a game cut short: the message)
    RepairCounts repairs;        // --fix
  };
  std::vector<Entry> games;
  std::string text, said;
};

class FormatJob : public GameJob {
 public:
  explicit FormatJob(const FmtSettings& settings) : settings_(settings), formatter_(settings.choice, settings.fix) {}

  std::unique_ptr<PieceWork> new_piece() override { return std::make_unique<FormattedPiece>(); }

  // One game: left out by the filters, read too long to be written as found, or formatted.
  void game(Game& game, PieceWork& work) override {
    auto& piece = static_cast<FormattedPiece&>(work);
    FormattedPiece::Entry e;
    e.line = game.start.line;
    // A filter that needs the replay gets the one the game is written from.
    bool replayed = false;
    if (const GameFilter* filter = settings_.filter) {
      if (!filter->keeps_record(game)) {
        e.kind = FormattedPiece::Kind::Filtered;
      } else if (filter->needs_replay()) {
        replay_for_canonical(game, settings_.choice, formatter_.result(), filter->probe());
        replayed = true;
        if (!filter->keeps_checked(game, formatter_.result())) e.kind = FormattedPiece::Kind::Filtered;
      }
    }
    if (e.kind != FormattedPiece::Kind::Filtered && game.raw_cut) e.kind = FormattedPiece::Kind::Cut;
    if (e.kind != FormattedPiece::Kind::Filtered && e.kind != FormattedPiece::Kind::Cut) format(game, e, piece, replayed);
    e.text_end = piece.text.size();
    e.said_end = piece.said.size();
    piece.games.push_back(e);
  }

 private:
  // `replayed`: the formatter's result() holds the game's replay (the filters made it already).
  void format(Game& game, FormattedPiece::Entry& e, FormattedPiece& piece, bool replayed) {
    // The messages, through a stream made only for a game that has some.
    const auto say = [&](const auto& write) {
      std::ostringstream said;
      write(said);
      piece.said += said.str();
    };
    const bool report = settings_.report;
    e.errors = true;
    if (formatter_.format(game, piece.text, e.repairs, replayed) == FmtForm::Canonical) {
      const ReplayResult& result = formatter_.replay(game);
      e.kind = result.has_error() ? FormattedPiece::Kind::WithErrors : FormattedPiece::Kind::Valid;
      e.errors = result.has_error();
      if (e.errors && report) say([&](std::ostream& said) { write_errors(said, game, result); });
    } else if (unsupported_variant(game)) {
      // Not chess (DuckChess, Atomic, ...): its one error reported.
      e.kind = FormattedPiece::Kind::WithErrors;
      if (report) say([&](std::ostream& said) { write_errors(said, game, formatter_.replay(game)); });
    } else {
      e.kind = FormattedPiece::Kind::AsFound;
      if (report) say([&](std::ostream& said) { write_unreadable(said, game); });
    }
  }

  const FmtSettings& settings_;
  GameFormatter formatter_;
};

class FormatInOrder : public OrderedConsumer {
 public:
  FormatInOrder(const FmtSettings& settings, const std::function<bool(std::string_view)>& write, bool& first,
                FmtTotals& totals, WriteCounts& counts, std::ostream& err)
      : settings_(settings), write_(write), first_(first), totals_(totals), counts_(counts), err_(err) {}

  std::unique_ptr<GameJob> make_job() override { return std::make_unique<FormatJob>(settings_); }

  void game(PieceWork& work, std::size_t nth, const GamePlace& place) override {
    if (passed_over(place.input)) return;
    auto& piece = static_cast<FormattedPiece&>(work);
    const FormattedPiece::Entry& e = piece.games[nth];
    const std::size_t text_begin = nth ? piece.games[nth - 1].text_end : 0;
    const std::size_t said_begin = nth ? piece.games[nth - 1].said_end : 0;
    ++counts_.read;
    switch (e.kind) {
      case FormattedPiece::Kind::Filtered:
        ++*counts_.filtered;
        return;
      case FormattedPiece::Kind::Cut: {  // read, and never written: the reading of this input stops here
        ++counts_.not_written;
        totals_.cut = true;
        // fmt numbers a game within its file
        fmt_cannot_read(*place.file, raw_text_cut_message(place.file_index, e.line), totals_, err_);
        stopped_input_ = place.input;
        ok_ = false;
        return;
      }
      case FormattedPiece::Kind::Valid: ++counts_.valid; break;
      case FormattedPiece::Kind::WithErrors: ++counts_.with_errors; break;
      case FormattedPiece::Kind::AsFound: ++counts_.as_found; break;
    }
    if (e.errors) totals_.game_errors = true;
    totals_.repairs.add(e.repairs);
    err_ << std::string_view(piece.said).substr(said_begin, e.said_end - said_begin);
    std::string_view text = std::string_view(piece.text).substr(text_begin, e.text_end - text_begin);
    const bool written = (first_ || write_("\n")) && write_(text);
    first_ = false;
    if (!written && !output_failed_in_) output_failed_in_ = place.input;
  }

  void piece_written(PieceWork&, std::size_t games) override {
    if (settings_.games_done) settings_.games_done(games);
  }

  void input_failure(const StreamPlace&, const InputFailure& failure) override {
    fmt_cannot_read(failure.file, failure.reason, totals_, err_);
    ok_ = false;
  }

  void no_games(const StreamPlace& place) override {
    if (passed_over(place.input)) return;
    fmt::print(err_, "bpgn fmt: {}: no games\n", visible_text(input_label(*place.file)));
  }

  bool ok() const { return ok_; }

 private:
  // The rest of an input cut short by a game too long, the inputs after the output failed.
  bool passed_over(std::size_t input) const {
    return (stopped_input_ && *stopped_input_ == input) || (output_failed_in_ && input > *output_failed_in_);
  }

  const FmtSettings& settings_;
  const std::function<bool(std::string_view)>& write_;
  bool& first_;
  FmtTotals& totals_;
  WriteCounts& counts_;
  std::ostream& err_;
  std::optional<std::size_t> stopped_input_, output_failed_in_;
  bool ok_ = true;
};

}  // namespace

void fmt_cannot_read(std::string_view name, std::string_view why, FmtTotals& totals, std::ostream& err) {
  fmt::print(err, "bpgn fmt: cannot read {}: {}\n", visible_text(input_label(name)), why);
  totals.io_failed = true;
}

bool format_games(InputStreams& inputs, const FmtSettings& settings,
                  const std::function<bool(std::string_view)>& write, bool& first, FmtTotals& totals,
                  WriteCounts& counts, std::ostream& err) {
  if (settings.filter && !counts.filtered) counts.filtered = 0;
  DriverSettings driver;
  driver.jobs = settings.jobs;
  driver.piece_bytes = settings.piece_bytes;
  driver.reader = as_found_reader_options();
  driver.watch = settings.watch;
  driver.notes = &err;
  driver.command = "bpgn fmt";
  FormatInOrder consumer(settings, write, first, totals, counts, err);
  const bool read = run_in_order(inputs, driver, consumer);
  return read && consumer.ok();
}

std::string fmt_summary_line(const FmtTotals& totals, bool fix, bool in_place, std::size_t inputs) {
  std::string line = write_summary("fmt", totals.counts);
  if (fix) line += "; " + repair_summary(totals.repairs);
  if (!in_place) line += fmt::format("; {} input{}", inputs, inputs == 1 ? "" : "s");
  if (in_place) {
    line += fmt::format("; {} file{}: {} rewritten, {} already canonical, {} left as {} (failed)", totals.files,
                        totals.files == 1 ? "" : "s", totals.rewritten, totals.untouched, totals.failed,
                        totals.failed == 1 ? "it was" : "they were");
  }
  return line;
}

std::string fmt_summary_json(const FmtTotals& totals, bool fix, std::size_t inputs) {
  if (!fix) return write_summary_json("fmt", inputs, totals.counts);
  return write_summary_json("fmt", inputs, totals.counts, [&](JsonWriter& w) { write_repair_members(w, totals.repairs); });
}

}  // namespace bpgn
