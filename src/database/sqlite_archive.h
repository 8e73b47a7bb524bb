// The archive as an SQLite file (docs/database.md): the writer of `bpgn convert --to sqlite`
// (a TableSink) and the reader of `--from sqlite`. Through the SQLite C library, with prepared
// statements and bound parameters only.
#pragma once

#include "database/packed_plies.h"
#include "database/table_sink.h"
#include "replay/fingerprint.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace bpgn::db {

// The layout of an SQLite archive, its meta table's schema_version (docs/database.md, "Schema
// versions"): 1 stores a row per ply in a plies table; 2 (what a new archive gets) a row per game
// in plies_packed, with a view plies that gives version 1's rows. Both answer the same SQL; both
// are read and added to, each in its own layout.
inline constexpr int kArchiveVersionRowPlies = 1;
inline constexpr int kArchiveVersion = 2;

// An archive games are added to: `path` resolved as every output is (io/commit/output_path.h: a
// symbolic link kept, its target written; a folder or a device refused, exit 2; a loop of links,
// exit 3). A new file (none at `path`, or an empty one) is built under a
// temporary name beside it and renamed over `path` by commit(): a failed run leaves nothing. An
// existing archive is added to in place, one transaction per batch of games: a failed or
// interrupted run leaves the batches committed before it (whole games each) and nothing of the
// batch under way (SQLite's rollback journal undoes it, at once or when the archive is next opened).
class SqliteWriter : public TableSink {
 public:
  static constexpr std::size_t kBatchGames = 1000;
  // The rows of a game's tables (all but games) go in kRowsPerInsert to an INSERT statement: a
  // statement's run costs SQLite about as much as a row's (bench/sqlite_rows_bench.cpp).
  static constexpr std::size_t kRowsPerInsert = 8;

  // `version`: the layout of a new archive (kArchiveVersion when none is given); an existing
  // archive keeps its own, and a `version` other than it is refused (exit 2). Throws ArchiveError.
  explicit SqliteWriter(const std::string& path, std::optional<int> version = std::nullopt);
  ~SqliteWriter() override;
  SqliteWriter(const SqliteWriter&) = delete;
  SqliteWriter& operator=(const SqliteWriter&) = delete;

  bool appending() const { return appending_; }
  // The archive's layout: kArchiveVersion or kArchiveVersionRowPlies.
  int version() const { return version_; }
  // Games in the batches committed so far (an existing archive keeps them whatever follows).
  std::size_t committed_games() const { return committed_games_; }
  // The id the next game gets: max(id) + 1 of the archive, 1 when new.
  std::int64_t next_id() const { return next_id_; }
  // Whether a game with this key is in the archive (same_game of replay/fingerprint.h), those
  // added by this run included.
  bool has_game(const MatchKey& key);
  // A game's rows follow (each through row()); the batch's transaction begins when needed.
  void begin_game();
  // The game's rows are all given: the batch is committed every kBatchGames games.
  void end_game();
  void row(TableId table, std::span<const Value> values) override;
  void ply(const PlyRow& row) override;
  // Commits the last batch, creates the indexes, closes; a new archive is renamed into place.
  // Throws ArchiveError.
  void commit();
  // Every row of the archive `source` (of either version) into this new archive, in this one's
  // layout: the games keep their ids. Returns the number of games. Throws ArchiveError.
  std::size_t copy_from(const std::string& source);

 private:
  void open(bool version_asked);
  // Finalizes, rolls back, closes, and removes a new archive's temporary file unless committed.
  void release() noexcept;
  void exec(const char* sql);
  sqlite3_stmt* prepare(const std::string& sql);
  // Binds `values` to `stmt` from parameter `first` on.
  static void bind(sqlite3_stmt* stmt, int first, std::span<const Value> values);
  void step(sqlite3_stmt* stmt);
  // Inserts every row still waiting, one statement each, and empties the text store.
  void flush();
  void release_statements() noexcept;
  // Version 2: the plies given since the last call, packed, into plies_packed.
  void write_packed();
  // Version 2: a ply of game `game_id` follows (the plies of the one before are written first).
  void packing_game(std::int64_t game_id);
  [[noreturn]] void fail(std::string_view doing) const;

  std::string path_;     // the target, as named
  std::string written_;  // the target, its links followed (io/commit/output_path.h)
  std::string file_;     // what is open: path_, or the temporary file of a new archive
  int temp_slot_ = -1;   // the temporary file in temp_files.h's table
  bool appending_ = false;
  int version_ = kArchiveVersion;
  bool in_transaction_ = false;
  bool committed_ = false;
  std::size_t batch_games_ = 0;
  std::size_t committed_games_ = 0;
  std::int64_t next_id_ = 1;
  sqlite3* db_ = nullptr;
  struct TableInserts {
    sqlite3_stmt* one = nullptr;   // INSERT of one row
    sqlite3_stmt* many = nullptr;  // INSERT of kRowsPerInsert rows (not for games and meta)
    std::vector<Value> waiting;    // rows not yet inserted, their text in text_
  };
  std::array<TableInserts, kTableCount> insert_{};
  // The waiting rows' text: reserved once and never grown, so the views into it stay valid;
  // emptied by flush(), which runs when it is full, before every COMMIT, and by commit().
  std::string text_;
  sqlite3_stmt* find_ = nullptr;
  PlyPacker packer_;            // version 2: the plies of the game under way
  std::int64_t packed_game_ = 0;  // their game_id
  sqlite3_stmt* insert_packed_ = nullptr;
};

// The schema version of the archive open in `db` (named `path` in messages), checked: an SQLite
// file without bpgn's meta table is refused (exit 2), and so is an archive of a version this bpgn
// does not know (exit 3: a newer bpgn wrote it). Throws ArchiveError.
int archive_schema_version(sqlite3* db, const std::string& path);

// How long a run waits for an archive another process holds (SQLite's busy timeout) before it
// fails with "database is locked" (docs/database.md, "Adding to an archive").
inline constexpr int kArchiveBusyMilliseconds = 10'000;

// Why `clause` is not one SQL expression that `WHERE (clause)` can hold whole (empty when it may
// be): read by SQLite's own tokens, its parentheses must balance and never close one it did not
// open, and outside string literals and quoted names it may hold no `;` (a second statement) and
// no comment (`--`, `/*`: text that would swallow what follows the clause). Then a compound
// select, a second statement or a comment cannot reach past the parenthesis (docs/database.md,
// "Records back").
std::string why_not_one_sql_expression(std::string_view clause);

// The records of an archive in id order, of the games `where` (an SQL expression on the games
// table, the user's own; empty: every game) selects. Opens the file read-only; `where` must be one
// expression (text that makes more than one statement is refused). Throws ArchiveError.
// Reads archives of versions 1 and 2. Returns the number of records given to `each`.
std::size_t read_archive_records(const std::string& path, const std::string& where,
                                 const std::function<void(std::string_view record)>& each);

}  // namespace bpgn::db
