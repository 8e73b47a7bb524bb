// One game of bpgn convert (docs/convert.md): left out by the filters, or replayed and made into
// its record in the target format with what is said of it on standard error. GameConverter is
// "one game in, its output out" and keeps nothing of a game for the next, so that each thread of
// a parallel run may have its own; ConvertOutput writes the results in input order, counts them
// and keeps the exit status.
#pragma once

#include "convert/convert_text.h"
#include "output/write_summary.h"
#include "pipeline/run/game_filter.h"
#include "record/game.h"
#include "replay/replay.h"
#include "replay/rule_choice.h"

#include <optional>
#include <ostream>
#include <sstream>
#include <string>

namespace bpgn {

struct ConvertSettings {
  ConvertTarget target = ConvertTarget::Bpgn;
  bool fen = false;                    // json: the position after every ply
  RuleChoice choice;                   // --rules, --set
  const GameFilter* filter = nullptr;  // --player, --has, ...; null: every game
  bool quiet = false;                  // -q: nothing said of a game (its errors still count)
  bool keep_replay = false;            // the replay of each game kept for TableRows (--to sqlite, csv)
};

// What a game read is to convert.
struct GameToConvert {
  enum class Kind {
    Record,       // read through: replayed, written canonical (with errors: as written from the first)
    Unreadable,   // a syntax error kept the reader from reading it through: written as found
    Unsupported,  // a Variant bpgn cannot check: that one error said, written as found
  } kind = Kind::Record;
  bool joined = false;       // a match joined from two board games (two games read)
  std::string notes;         // said before the game's own messages: the join's, a board without partner
  bool notes_fail = false;   // the notes are errors (exit 1)
};

// How a game read was written (or not): one bucket of WriteCounts each.
enum class ConvertedAs { Valid, WithErrors, AsFound, Joined, LeftOut };

struct ConvertedGame {
  ConvertedAs as = ConvertedAs::Valid;
  std::size_t games_read = 1;  // the games it stands for: 2 for a match joined from two boards
  bool error = false;          // the run fails (exit 1)
  std::string record;          // the record in the target format; empty when left out
  std::string messages;        // for standard error, each line with its LF; empty when left out or quiet
};

// What can be made of a game before its number in its file is known (in any thread): whether the
// filters keep it, its replay, what is said of it. The record is made from it in input order.
struct PreparedGame {
  ConvertedAs as = ConvertedAs::Valid;
  bool error = false;
  std::optional<ReplayResult> result;  // a record or an unsupported variant, replayed
  std::string messages;                // for standard error (the notes first); empty when quiet
};

// The kind of a game read as found in the input (not yet joined).
GameToConvert::Kind convert_kind(const Game& game);

class GameConverter {
 public:
  explicit GameConverter(const ConvertSettings& settings)
      : settings_(settings), records_(settings.target, settings.fen) {}

  const ConvertSettings& settings() const { return settings_; }
  // Refills `out`: prepare() then record().
  void convert(const Game& game, const GameToConvert& what, ConvertedGame& out);
  // The part that does not need the game's number (Game::index, which the JSON record holds).
  void prepare(const Game& game, const GameToConvert& what, PreparedGame& out);
  // The record of a prepared game, numbered; refills `out` (moves the messages out of `prepared`).
  void record(const Game& game, const GameToConvert& what, PreparedGame& prepared, ConvertedGame& out);
  // What convert() prepared of the last game (its replay).
  const PreparedGame& last_prepared() const { return prepared_; }

 private:
  bool left_out(const Game& game, const ReplayResult* result) const;

  const ConvertSettings& settings_;
  RecordConverter records_;
  std::ostringstream messages_;
  PreparedGame prepared_;  // convert()'s, refilled for every game
};

class ConvertOutput {
 public:
  ConvertOutput(ConvertTarget target, bool filtering, std::ostream& out, std::ostream& err);

  // The next game in input order: its messages on `err`, its record (after a separator) on `out`.
  void write(const ConvertedGame& game);
  void error() { errors_ = true; }
  bool errors() const { return errors_; }
  // A game too long to be written as found was read: no output file is committed.
  void cut() { cut_ = true; }
  bool whole() const { return !cut_; }
  bool failed() const { return !out_; }
  // Games read count in `read` as the readers find them; the rest is counted as they are written.
  WriteCounts& counts() { return counts_; }

 private:
  std::string_view separator_;
  std::ostream& out_;
  std::ostream& err_;
  bool first_ = true;
  bool errors_ = false;
  bool cut_ = false;
  WriteCounts counts_;
};

}  // namespace bpgn
