// convert_records: the game stream of the inputs, per-board PGN games waiting for their partner.
#include "pipeline/convert_inputs.h"

#include "convert/as_found.h"
#include "convert/board_join.h"
#include "pipeline/game_stream.h"
#include "record/names_format.h"
#include "record/visible_text.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

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
    run_.output.write(converted_);
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

}  // namespace

bool convert_records(const std::vector<std::string>& inputs, ConvertRun& run) {
  bool io_ok = true;
  BoardPairs pairs(run);
  InputStreams streams(inputs);
  GameStream games(streams, as_found_reader_options());
  WriteCounts& counts = run.output.counts();
  Game game;
  for (GameStream::Step step; (step = games.next(game)) != GameStream::Step::End;) {
    if (step == GameStream::Step::NoGames) {
      fmt::print(run.err, "bpgn convert: {}: no games\n", visible_text(input_label(games.file())));
      continue;
    }
    if (step == GameStream::Step::Failure) {
      fmt::print(run.err, "bpgn convert: cannot read {}: {}\n", visible_text(input_label(games.failure().file)),
                 games.failure().reason);
      io_ok = false;
      continue;
    }
    game.index = game.file_index;  // convert numbers a game within its file
    if (game.raw_cut) {  // read, and never written: the reading of this input stops here
      ++counts.read;
      ++counts.not_written;
      run.output.cut();
      try {
        require_whole_raw_text(game);
      } catch (const std::runtime_error& e) {
        fmt::print(run.err, "bpgn convert: cannot read {}: {}\n", visible_text(input_label(game.file)), e.what());
      }
      io_ok = false;
      games.leave_input();
      continue;
    }
    ++counts.read;
    if (run.games_read) run.games_read(1);
    GameToConvert what;
    what.kind = convert_kind(game);
    std::optional<Board> board;
    if (what.kind == GameToConvert::Kind::Record && game.dialect == Dialect::Pgn) board = board_of_game(game);
    if (board) {
      pairs.add(std::move(game), *board);
      game = Game{};
    } else {
      pairs.convert(game, what);
    }
    if (run.output.failed()) return io_ok;
  }
  pairs.finish();
  return io_ok;
}

}  // namespace bpgn
