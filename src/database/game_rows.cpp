#include "database/game_rows.h"

#include "core/fen.h"
#include "replay/fingerprint.h"
#include "replay/violation.h"
#include "rules/rule_options.h"

#include <array>
#include <charconv>
#include <optional>
#include <string>

namespace bpgn::db {
namespace {

using Null = std::monostate;

Value text_or_null(const std::string* s) { return s ? Value(std::string_view(*s)) : Value(Null{}); }
Value text_or_null(std::string_view s) { return s.empty() ? Value(Null{}) : Value(s); }


// The tags that have a column of their own in games (the first of each name goes there).
constexpr std::array<std::string_view, 9> kGameTags = {"Event", "Site", "Date", "Round", "White",
                                                      "Black", "Result", "TimeControl", "Variant"};

std::optional<std::int64_t> number_of(const std::string& text) {
  std::int64_t n = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, n);
  if (text.empty() || ec != std::errc() || p != end) return std::nullopt;
  return n;
}

// A player tag: its seat's board, colour and team (0: one board).
struct SeatTag {
  std::string_view tag;
  std::string_view elo_tag;
  std::string_view board;
  Color color;
  int team;
};
constexpr std::array<SeatTag, 6> kSeats = {{
    {"WhiteA", "WhiteAElo", "A", White, 1},
    {"BlackA", "BlackAElo", "A", Black, 2},
    {"WhiteB", "WhiteBElo", "B", White, 2},
    {"BlackB", "BlackBElo", "B", Black, 1},
    {"White", "WhiteElo", "A", White, 0},
    {"Black", "BlackElo", "A", Black, 0},
}};

void emit_games_row(const Game& game, const ReplayResult& result, GameStatus status, std::int64_t game_id,
                    std::string_view record_text, const std::optional<MatchKey>& key, TableSink& sink) {
  const bool unreadable = status == GameStatus::Unreadable;
  std::int64_t errors = 0, warnings = 0;
  for (const Violation& v : result.violations) {
    if (v.severity == Severity::Error) ++errors;
    if (v.severity == Severity::Warning) ++warnings;
  }
  const Outcome& o = result.outcome;
  std::string rules;
  if (!unreadable) rules = rules_label(result.rules);
  const int boards = unreadable ? record_boards(game) : result.boards;
  const std::array<Value, 31> row = {
      game_id,
      std::string_view(game.file),
      std::int64_t(game.file_index),
      std::int64_t(game.start.line),
      std::int64_t(game.start.column),
      text_or_null(game.tag("Event")),
      text_or_null(game.tag("Site")),
      text_or_null(game.tag("Date")),
      text_or_null(game.tag("Round")),
      text_or_null(game.tag("White")),
      text_or_null(game.tag("Black")),
      text_or_null(game.tag("Result")),
      text_or_null(game.tag("TimeControl")),
      text_or_null(game.tag("Variant")),
      std::int64_t(boards),
      std::string_view(game.dialect == Dialect::Bpgn ? "bpgn" : "pgn"),
      unreadable ? Value(Null{}) : Value(std::string_view(rules)),
      unreadable ? text_or_null(std::string_view(game.result)) : text_or_null(std::string_view(o.recorded)),
      unreadable ? Value(Null{}) : text_or_null(std::string_view(o.computed)),
      unreadable ? Value(Null{}) : text_or_null(to_string(o.winner)),
      unreadable ? Value(Null{}) : text_or_null(to_string(o.reason)),
      unreadable || !o.board ? Value(Null{}) : Value(board_name(*o.board)),
      unreadable ? Value(Null{}) : Value(to_string(o.source)),
      to_string(status),
      errors,
      warnings,
      std::int64_t(game.plies.size()),
      key ? Value(stored_fingerprint(key->fingerprint)) : Value(Null{}),
      key ? Value(std::int64_t(key->date)) : Value(Null{}),
      key ? Value(std::int64_t(key->clocks)) : Value(Null{}),
      record_text,
  };
  sink.row(TableId::Games, row);
}

// Whether the tag at `i` is stored elsewhere than in tags: the first of a games column's name,
// the first of a seat tag, the first of a seat's Elo tag when it is a number and the seat is named.
bool stored_elsewhere(const Game& game, std::size_t i) {
  const Tag& t = game.tags[i];
  const auto first = [&] {
    for (std::size_t j = 0; j < i; ++j)
      if (game.tags[j].name == t.name) return false;
    return true;
  };
  for (std::string_view name : kGameTags)
    if (t.name == name) return first();
  for (const SeatTag& s : kSeats) {
    if (t.name == s.tag) return first();
    if (t.name == s.elo_tag) return game.tag(s.tag) && number_of(t.value) && first();
  }
  return false;
}

void emit_players(const Game& game, std::int64_t game_id, TableSink& sink) {
  for (const SeatTag& s : kSeats) {
    const std::string* name = game.tag(s.tag);
    if (!name) continue;
    const std::string* elo_text = game.tag(s.elo_tag);
    const std::optional<std::int64_t> elo = elo_text ? number_of(*elo_text) : std::nullopt;
    const std::array<Value, 7> row = {
        game_id,
        s.tag,
        s.board,
        color_word(s.color),
        s.team ? Value(std::int64_t(s.team)) : Value(Null{}),
        std::string_view(*name),
        elo ? Value(*elo) : Value(Null{}),
    };
    sink.row(TableId::Players, row);
  }
}

void emit_plies(const Game& game, const ReplayResult& result, std::int64_t game_id, TableSink& sink) {
  PlyRow row;
  row.game_id = game_id;
  for (std::size_t i = 0; i < game.plies.size(); ++i) {
    const Ply& p = game.plies[i];
    const PlyOutcome* kept = i < result.plies.size() ? &result.plies[i] : nullptr;
    const PlyOutcome* out = kept && kept->replayed ? kept : nullptr;
    row.ply = std::int64_t(i + 1);
    row.board = p.board;
    row.color = p.color;
    row.number.reset();
    if (p.number) row.number = p.number;
    row.san = p.san;
    row.canonical.reset();
    row.piece = row.promotion = 0;
    row.from = row.to = 64;
    row.drop = false;
    if (out) {
      const Move& m = out->move;
      row.canonical = std::string_view(out->canonical_san);
      row.drop = m.kind == MoveKind::Drop;
      if (!row.drop && m.from < 64) row.from = m.from;
      if (m.to < 64) row.to = m.to;
      row.piece = piece_letter(m.piece);
      if (m.promotion != NoPieceType) row.promotion = piece_letter(m.promotion);
    }
    row.played = out != nullptr;
    row.clock.reset();
    if (p.clock.kind == ClockKind::Remaining) row.clock = p.clock.seconds;
    row.time = kept ? kept->time : std::nullopt;
    row.line = p.san_pos.line;
    row.column = p.san_pos.column;
    sink.ply(row);
  }
}

void emit_violations(const ReplayResult& result, std::int64_t game_id, TableSink& sink) {
  std::int64_t ordinal = 0;
  for (const Violation& v : result.violations) {
    const std::array<Value, 12> row = {
        game_id,
        ++ordinal,
        v.ply ? Value(std::int64_t(*v.ply + 1)) : Value(Null{}),
        info(v.code).code,
        to_string(v.severity),
        v.board ? Value(board_name(*v.board)) : Value(Null{}),
        v.color ? Value(color_word(*v.color)) : Value(Null{}),
        v.move_number ? Value(std::int64_t(*v.move_number)) : Value(Null{}),
        text_or_null(std::string_view(v.move)),
        std::string_view(v.message),
        std::int64_t(v.pos.line),
        std::int64_t(v.pos.column),
    };
    sink.row(TableId::Violations, row);
  }
}

void emit_tags(const Game& game, std::int64_t game_id, TableSink& sink) {
  std::int64_t ordinal = 0;
  for (std::size_t i = 0; i < game.tags.size(); ++i) {
    if (stored_elsewhere(game, i)) continue;
    const std::array<Value, 4> row = {game_id, ++ordinal, std::string_view(game.tags[i].name),
                                      std::string_view(game.tags[i].value)};
    sink.row(TableId::Tags, row);
  }
}

// The board's position after each played ply: the kept position before it with the move played
// (on its own board a ply changes nothing but that board; a capture's piece goes to the partner's
// holding, which is the other board's position).
void emit_positions(const Game& game, const ReplayResult& result, std::int64_t game_id, TableSink& sink) {
  std::string fen;
  for (std::size_t i = 0; i < game.plies.size() && i < result.plies.size(); ++i) {
    const Position* before = result.kept_before(i);
    if (!result.plies[i].replayed || !before) continue;
    Position after = *before;
    after.play(result.plies[i].move, result.rules);
    fen.clear();
    append_fen(after, true, fen);
    const std::array<Value, 4> row = {game_id, std::int64_t(i + 1), board_name(game.plies[i].board),
                                      std::string_view(fen)};
    sink.row(TableId::Positions, row);
  }
}

}  // namespace

std::array<Value, 18> ply_values(const PlyRow& row, PlyScratch& scratch) {
  using Null = std::monostate;
  const auto square = [](int s, char (&text)[2]) -> Value {
    if (s >= 64) return Null{};
    text[0] = char('a' + s % 8);
    text[1] = char('1' + s / 8);
    return std::string_view(text, 2);
  };
  const auto letter = [](char c, char& text) -> Value {
    if (!c) return Null{};
    text = c;
    return std::string_view(&text, 1);
  };
  return {
      row.game_id,
      row.ply,
      board_name(row.board),
      color_word(row.color),
      seat_tag(seat_of(row.board, row.color)),
      row.number ? Value(*row.number) : Value(Null{}),
      row.san,
      row.canonical ? Value(*row.canonical) : Value(Null{}),
      letter(row.piece, scratch.piece),
      square(row.from, scratch.from),
      square(row.to, scratch.to),
      std::int64_t(row.drop),
      letter(row.promotion, scratch.promotion),
      row.clock ? Value(*row.clock) : Value(Null{}),
      row.time ? Value(*row.time) : Value(Null{}),
      std::int64_t(row.played),
      row.line,
      row.column,
  };
}

void emit_game_rows(const Game& game, const ReplayResult& result, GameStatus status, std::int64_t game_id,
                    std::string_view record_text, const GameRowsOptions& options, TableSink& sink) {
  std::optional<MatchKey> key;
  if (status != GameStatus::Unreadable) key = match_key(game, result);
  emit_game_rows(game, result, status, game_id, record_text, key, options, sink);
}

void emit_game_rows(const Game& game, const ReplayResult& result, GameStatus status, std::int64_t game_id,
                    std::string_view record_text, const std::optional<MatchKey>& key, const GameRowsOptions& options,
                    TableSink& sink) {
  emit_games_row(game, result, status, game_id, record_text, key, sink);
  emit_players(game, game_id, sink);
  emit_plies(game, result, game_id, sink);
  emit_violations(result, game_id, sink);
  emit_tags(game, game_id, sink);
  if (options.positions) emit_positions(game, result, game_id, sink);
}

}  // namespace bpgn::db
