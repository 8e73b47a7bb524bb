#include "database/schema.h"

#include <array>
#include <stdexcept>

namespace bpgn::db {
namespace {

using enum ColumnType;

constexpr Column kMeta[] = {
    {"key", Text, false, "schema_version, bpgn_version, created_by"},
    {"value", Text, false, "its value"},
};

constexpr Column kGames[] = {
    {"id", Integer, false, "the game's number in the archive, from 1, in the order games were added"},
    {"file", Text, false, "the input it was read from, as named on the command line ('-': standard input)"},
    {"file_index", Integer, false, "its number within that file (or archive member), from 1"},
    {"line", Integer, false, "the line where its text starts"},
    {"col", Integer, false, "the column where its text starts"},
    {"event", Text, true, "the Event tag"},
    {"site", Text, true, "the Site tag"},
    {"date", Text, true, "the Date tag as written"},
    {"round", Text, true, "the Round tag"},
    {"white", Text, true, "the White tag (one-board records; bughouse seats are in players)"},
    {"black", Text, true, "the Black tag (one-board records; bughouse seats are in players)"},
    {"result", Text, true, "the Result tag as written"},
    {"time_control", Text, true, "the TimeControl tag"},
    {"variant", Text, true, "the Variant tag"},
    {"boards", Integer, false, "1 or 2"},
    {"dialect", Text, false, "'bpgn' (seat-numbered moves) or 'pgn'"},
    {"rules", Text, true, "the rule set applied, with the options that differ from its preset ('bughouse', 'turkish illegal_action=automatic'); NULL when unreadable"},
    {"result_recorded", Text, true, "the result token at the end of the movetext"},
    {"result_computed", Text, true, "the result bpgn works out from the moves, clocks and termination text"},
    {"winner", Text, true, "'team1' (WhiteA+BlackB), 'team2', 'white', 'black', 'draw'; NULL when undecided"},
    {"reason", Text, true, "'checkmate', 'time', 'resignation', 'illegal-action', 'abort', 'draw'"},
    {"decided_board", Text, true, "'A' or 'B': the board where it was decided"},
    {"result_source", Text, true, "'record' or 'rules': where the outcome comes from"},
    {"status", Text, false, "'valid', 'invalid' or 'unreadable', as bpgn check says"},
    {"errors", Integer, false, "violations of severity error"},
    {"warnings", Integer, false, "violations of severity warning"},
    {"plies", Integer, false, "plies in the record, both boards"},
    {"fingerprint", Integer, true, "the match fingerprint (check --duplicates), 64 bits as a signed integer"},
    {"date_key", Integer, true, "the date part of the duplicate key (0: none)"},
    {"clocks_key", Integer, true, "the clock part of the duplicate key (0: none)"},
    {"record", Text, false, "the record as bpgn fmt writes it (as found when it could not be read through)"},
};

constexpr Column kPlayers[] = {
    {"game_id", Integer, false, "games.id"},
    {"seat", Text, false, "'WhiteA', 'BlackA', 'WhiteB', 'BlackB' (bughouse) or 'White', 'Black'"},
    {"board", Text, false, "'A' or 'B'"},
    {"color", Text, false, "'white' or 'black'"},
    {"team", Integer, true, "1 (WhiteA+BlackB) or 2 (BlackA+WhiteB); NULL on one board"},
    {"name", Text, true, "the seat's tag"},
    {"elo", Integer, true, "the seat's Elo tag when it is a number"},
};

constexpr Column kPlies[] = {
    {"game_id", Integer, false, "games.id"},
    {"ply", Integer, false, "its order in the record, from 1, both boards together"},
    {"board", Text, false, "'A' or 'B'"},
    {"color", Text, false, "'white' or 'black'"},
    {"seat", Text, false, "the mover's seat"},
    {"move_number", Integer, true, "the move number as written (NULL when none was written)"},
    {"san", Text, false, "the move as written"},
    {"canonical_san", Text, true, "the move as bpgn writes it (NULL when not played)"},
    {"piece", Text, true, "the piece moved or dropped: 'P', 'N', 'B', 'R', 'Q', 'K' (NULL when not played)"},
    {"from_square", Text, true, "'e2'; NULL for a drop or a move not played"},
    {"to_square", Text, true, "'e4'; the drop's square"},
    {"is_drop", Integer, false, "1 for a drop"},
    {"promotion", Text, true, "the piece promoted to"},
    {"clock", Real, true, "the mover's time left after the move, seconds, as recorded"},
    {"match_time", Real, true, "seconds since the match began when the ply was played, when known"},
    {"played", Integer, false, "1 when the replay played it (0 after the board's first error)"},
    {"line", Integer, false, "where the move stands"},
    {"col", Integer, false, "where the move stands"},
};

constexpr Column kViolations[] = {
    {"game_id", Integer, false, "games.id"},
    {"ordinal", Integer, false, "its order among the game's violations, from 1"},
    {"ply", Integer, true, "plies.ply of the move concerned"},
    {"code", Text, false, "the violation code (docs/check.md)"},
    {"severity", Text, false, "'error', 'warning' or 'note'"},
    {"board", Text, true, "'A' or 'B'"},
    {"color", Text, true, "'white' or 'black'"},
    {"move_number", Integer, true, "the move number as written"},
    {"move", Text, true, "the move as written"},
    {"message", Text, false, "what is wrong, in full"},
    {"line", Integer, false, "where"},
    {"col", Integer, false, "where"},
};

constexpr Column kTags[] = {
    {"game_id", Integer, false, "games.id"},
    {"ordinal", Integer, false, "its order among the game's tags, from 1"},
    {"name", Text, false, "every tag not in games' columns or players"},
    {"value", Text, false, "its value"},
};

constexpr Column kPositions[] = {
    {"game_id", Integer, false, "games.id"},
    {"ply", Integer, false, "plies.ply: the position after it (written with --positions only)"},
    {"board", Text, false, "the board it was played on"},
    {"fen", Text, false, "that board's position after the ply, with holdings"},
};

constexpr Index kGameIndexes[] = {
    {"games_fingerprint", "fingerprint", false},
    {"games_date", "date", false},
    {"games_event", "event", false},
};
constexpr Index kPlayerIndexes[] = {{"players_name", "name", false}};
constexpr Index kPlyIndexes[] = {{"plies_canonical_san", "canonical_san", false}};
constexpr Index kViolationIndexes[] = {{"violations_code", "code", false}};
constexpr Index kTagIndexes[] = {{"tags_name", "name, value", false}};

constexpr std::array<Table, kTableCount> kTables = {{
    {TableId::Meta, "meta", kMeta, "key", {}, "what wrote the archive: its schema version"},
    {TableId::Games, "games", kGames, "id", kGameIndexes, "one row per game read (unreadable ones too)"},
    {TableId::Players, "players", kPlayers, "game_id, seat", kPlayerIndexes, "one row per seat named by a tag", true},
    {TableId::Plies, "plies", kPlies, "game_id, ply", kPlyIndexes, "one row per move of the record", true},
    {TableId::Violations, "violations", kViolations, "game_id, ordinal", kViolationIndexes,
     "one row per violation found, as bpgn check reports it", true},
    {TableId::Tags, "tags", kTags, "game_id, ordinal", kTagIndexes, "the other tags of each game", true},
    {TableId::Positions, "positions", kPositions, "game_id, ply", {}, "with --positions: the FEN after each played ply", true},
}};

}  // namespace

std::span<const Table> tables() { return kTables; }

std::size_t column_index(TableId id, std::string_view column) {
  const Table& t = table(id);
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    if (t.columns[i].name == column) return i;
  }
  throw std::logic_error("no column " + std::string(column) + " in table " + std::string(t.name));
}

std::string_view sql_type(ColumnType type, SqlDialect dialect) {
  const bool pg = dialect == SqlDialect::Postgresql;
  switch (type) {
    case Integer: return pg ? "BIGINT" : "INTEGER";
    case Real: return pg ? "DOUBLE PRECISION" : "REAL";
    case Text: return "TEXT";
  }
  return "TEXT";
}

std::string create_statements(SqlDialect dialect, bool if_not_exists, bool skip_plies) {
  const std::string_view maybe = if_not_exists ? "IF NOT EXISTS " : "";
  std::string sql;
  for (const Table& t : kTables) {
    if (skip_plies && t.id == TableId::Plies) continue;
    sql += "-- ";
    sql += t.doc;
    sql += "\nCREATE TABLE ";
    sql += maybe;
    sql += t.name;
    sql += " (\n";
    for (const Column& c : t.columns) {
      sql += "  ";
      sql += c.name;
      sql += ' ';
      sql += sql_type(c.type, dialect);
      if (!c.nullable) sql += " NOT NULL";
      sql += ",  -- ";
      sql += c.doc;
      sql += '\n';
    }
    sql += "  PRIMARY KEY (";
    sql += t.primary_key;
    sql += t.clustered && dialect == SqlDialect::Sqlite ? ")\n) WITHOUT ROWID;\n" : ")\n);\n";
    for (const Index& i : t.indexes) {
      sql += i.unique ? "CREATE UNIQUE INDEX " : "CREATE INDEX ";
      sql += maybe;
      sql += i.name;
      sql += " ON ";
      sql += t.name;
      sql += " (";
      sql += i.columns;
      sql += ");\n";
    }
  }
  return sql;
}

}  // namespace bpgn::db
