// What convert --to sqlite and --to csv share (docs/database.md): each game written becomes its
// rows of the archive's tables (database/game_rows.h), in input order, unless the target has the
// game already (the duplicate key of check --duplicates). A game that could not be read through
// is replayed here for its syntax error (convert does not replay it) and always written.
#pragma once

#include "database/game_rows.h"
#include "pipeline/commands/convert_game.h"
#include "replay/fingerprint.h"

#include <cstddef>
#include <optional>
#include <string_view>

namespace bpgn {

class TableRows {
 public:
  TableRows(const RuleChoice& choice, const db::GameRowsOptions& options) : choice_(choice), options_(options) {}
  virtual ~TableRows() = default;

  // Told of every game written (not left out by the filters), in input order, with its record and
  // its replay (null for a game that could not be read through).
  void game(const Game& game, const ReplayResult* result, const ConvertedGame& converted);
  // Games written, and games left out because the target had them (those of this run included).
  std::size_t added() const { return added_; }
  std::size_t skipped() const { return skipped_; }
  // The target failed (an ArchiveError from has_game() or write(), caught here: the games are
  // written from a worker thread): nothing more is written, and the run says why and fails.
  const std::optional<db::ArchiveError>& failure() const { return failure_; }

 protected:
  // Whether the target has a game of this key; when not, the game is written next.
  virtual bool has_game(const Game& game, const MatchKey& key) = 0;
  // The game's rows, through db::emit_game_rows; `key` as has_game() was asked (none: unreadable).
  virtual void write(const Game& game, const ReplayResult& result, GameStatus status, std::string_view record,
                     const std::optional<MatchKey>& key) = 0;
  const db::GameRowsOptions& options() const { return options_; }

 private:
  const RuleChoice& choice_;
  db::GameRowsOptions options_;
  ReplayResult unreadable_;  // the replay of a game that could not be read through (its syntax error)
  std::optional<db::ArchiveError> failure_;
  std::size_t added_ = 0;
  std::size_t skipped_ = 0;
};

}  // namespace bpgn
