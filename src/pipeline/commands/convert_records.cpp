// convert_records: the game stream of the inputs, per-board PGN games waiting for their partner.
#include "pipeline/commands/convert_inputs.h"

#include "convert/as_found.h"
#include "convert/board_join.h"
#include "pipeline/run/ordered_driver.h"
#include "record/names_format.h"
#include "text/visible_text.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>

namespace bpgn {
namespace {

// Per-board games wait here for their partner (matched by [BughouseMatch], or the next game of
// the other board when they carry no id).
class BoardPairs {
 public:
  explicit BoardPairs(ConvertRun& run) : run_(run) {}

  void add(Game&& game, Board board) {
    const std::string id = match_id_of(game);
    for (auto it = waiting_.begin(); it != waiting_.end(); ++it) {
      if (it->id != id || it->board == board) continue;
      Game first = std::move(it->game);
      waiting_.erase(it);
      const Game& a = board == Board::A ? game : first;
      const Game& b = board == Board::A ? first : game;
      JoinedMatch joined = join_boards(a, b);
      GameToConvert what;
      what.joined = true;
      for (const std::string& note : joined.notes)
        what.notes += fmt::format("bpgn convert: {}: game {}: {}\n", visible_text(a.file), a.index, note);
      convert(joined.match, what);
      return;
    }
    waiting_.push_back({id, board, std::move(game)});
  }

  // Boards whose partner never came: written as they are, and reported.
  void finish() {
    for (Waiting& w : waiting_) {
      GameToConvert what;
      what.notes = fmt::format("bpgn convert: {}:{}: game {} (board {}{}) has no partner board among the inputs\n",
                               visible_text(w.game.file), w.game.start.line, w.game.index, w.board,
                               w.id.empty() ? std::string() : ", match " + w.id);
      what.notes_fail = true;
      convert(w.game, what);
    }
    waiting_.clear();
  }

  void convert(const Game& game, const GameToConvert& what) {
    run_.convert.convert(game, what, converted_);
    run_.write(game, run_.convert.last_prepared().result, converted_);
  }

 private:
  struct Waiting {
    std::string id;
    Board board;
    Game game;
  };
  ConvertRun& run_;
  std::vector<Waiting> waiting_;
  ConvertedGame converted_;  // refilled for every game
};

// What a worker made of the games of one piece, in order.
struct ConvertPiece : PieceWork {
  struct Entry {
    enum class Kind { Cut, Board, Converted, Prepared } kind = Kind::Converted;
    std::uint32_t line = 0;  // of the game's first line (Cut: the message)
    Game game;               // Board, Prepared: the game, for the consumer to join or number
    Board board = Board::A;  // Board
    GameToConvert what;      // Prepared
    PreparedGame prepared;   // Prepared: the record is made once its number is known (JSON)
    ConvertedGame converted;  // Converted: the record (it holds no number)
  };
  std::vector<Entry> entries;
};

class ConvertJob : public GameJob {
 public:
  explicit ConvertJob(const ConvertSettings& settings) : converter_(settings) {}
  std::unique_ptr<PieceWork> new_piece() override { return std::make_unique<ConvertPiece>(); }
  void game(Game& game, PieceWork& work) override {
    ConvertPiece::Entry& e = static_cast<ConvertPiece&>(work).entries.emplace_back();
    e.line = game.start.line;
    if (game.raw_cut) {
      e.kind = ConvertPiece::Entry::Kind::Cut;
      return;
    }
    e.what.kind = convert_kind(game);
    // The archive keeps the record as fmt writes it: a broken tag has no canonical form, so fmt
    // writes such a game as found.
    if (converter_.settings().keep_replay && e.what.kind == GameToConvert::Kind::Record && game.has_broken_tag())
      e.what.kind = GameToConvert::Kind::Unreadable;
    std::optional<Board> board;
    if (e.what.kind == GameToConvert::Kind::Record && game.dialect == Dialect::Pgn) board = board_of_game(game);
    if (board) {  // joined with its partner in input order, by the consumer
      e.kind = ConvertPiece::Entry::Kind::Board;
      e.board = *board;
      keep(game, e.game);
    } else if (converter_.settings().target == ConvertTarget::Json || converter_.settings().keep_replay) {
      // The JSON record holds its number; the archive's rows are made in input order.
      e.kind = ConvertPiece::Entry::Kind::Prepared;
      converter_.prepare(game, e.what, e.prepared);
      if (e.prepared.as != ConvertedAs::LeftOut) keep(game, e.game);
    } else {
      converter_.convert(game, e.what, e.converted);
    }
  }

 private:
  // The game moves into the entry, not copied (a copy of its plies cost about a tenth of the run
  // of convert --to sqlite); the reader refills `game` from nothing (Reader::next clears it), and
  // what the driver still reads of it, where it stands and where its bytes end, is put back.
  static void keep(Game& game, Game& kept) {
    std::swap(game, kept);
    game.file = kept.file;
    game.index = kept.index;
    game.file_index = kept.file_index;
    game.start = kept.start;
    game.bytes = kept.bytes;
  }

  GameConverter converter_;
};

// The games in input order: numbered within their file, joined, written and counted.
class ConvertInOrder : public OrderedConsumer {
 public:
  explicit ConvertInOrder(ConvertRun& run) : run_(run), pairs_(run) {}
  std::unique_ptr<GameJob> make_job() override { return std::make_unique<ConvertJob>(run_.convert.settings()); }

  void game(PieceWork& work, std::size_t nth, const GamePlace& place) override {
    if (stopped_ || place.input == left_input_) return;
    ConvertPiece::Entry& e = static_cast<ConvertPiece&>(work).entries[nth];
    WriteCounts& counts = run_.output.counts();
    ++counts.read;
    using Kind = ConvertPiece::Entry::Kind;
    if (e.kind == Kind::Cut) {  // read, and never written: the reading of this input stops here
      ++counts.not_written;
      run_.output.cut();
      // convert numbers a game within its file
      fmt::print(run_.err, "bpgn convert: cannot read {}: {}\n", visible_text(input_label(*place.file)),
                 raw_text_cut_message(place.file_index, e.line));
      ok_ = false;
      left_input_ = place.input;
      return;
    }
    if (run_.games_read) run_.games_read(1);
    if (e.kind == Kind::Board) {
      e.game.index = place.file_index;
      e.game.file_index = place.file_index;
      pairs_.add(std::move(e.game), e.board);
    } else if (e.kind == Kind::Prepared) {
      e.game.index = place.file_index;
      e.game.file_index = place.file_index;
      run_.convert.record(e.game, e.what, e.prepared, converted_);
      run_.write(e.game, e.prepared.result, converted_);
    } else {
      run_.output.write(e.converted);
    }
    if (run_.output.failed()) stopped_ = true;  // nothing more is written or said
  }
  void input_failure(const StreamPlace& place, const InputFailure& failure) override {
    if (stopped_ || place.input == left_input_) return;
    fmt::print(run_.err, "bpgn convert: cannot read {}: {}\n", visible_text(input_label(failure.file)), failure.reason);
    ok_ = false;
  }
  void no_games(const StreamPlace& place) override {
    if (stopped_ || place.input == left_input_) return;
    fmt::print(run_.err, "bpgn convert: {}: no games\n", visible_text(input_label(*place.file)));
  }
  // Boards whose partner never came, unless the output failed.
  bool finish() {
    if (!stopped_) pairs_.finish();
    return ok_;
  }

 private:
  static constexpr std::size_t kNone = std::size_t(-1);
  ConvertRun& run_;
  BoardPairs pairs_;
  ConvertedGame converted_;  // refilled for every numbered game
  std::size_t left_input_ = kNone;  // an input whose reading stopped at a game too long to write
  bool stopped_ = false;
  bool ok_ = true;
};

}  // namespace

bool convert_records(const std::vector<std::string>& inputs, ConvertRun& run) {
  InputStreams streams(inputs);
  ConvertInOrder consumer(run);
  DriverSettings driver;
  driver.jobs = run.jobs;
  driver.piece_bytes = run.piece_bytes;
  driver.reader = as_found_reader_options();
  driver.notes = &run.err;
  driver.command = "bpgn convert";
  const bool read_through = run_in_order(streams, driver, consumer);
  return consumer.finish() && read_through;
}

}  // namespace bpgn
