#include "database/packed_plies.h"

#include "database/real_text.h"
#include "database/schema.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <optional>
#include <cmath>
#include <stdexcept>

namespace bpgn::db {
namespace {

constexpr std::string_view kPieces = "PNBRQK";

// The view's columns, each an SQL expression on the ply's code `$c` (its element of codes, what
// json_each gives), its index `j.key` and the game's row `m`: in the order of schema.h's plies
// columns. Whatever a query filters on but the texts and the times is in the code, so that a scan
// of every ply reads one integer a ply.
constexpr std::string_view kViewColumns[] = {
    "m.game_id",
    "j.key + 1",
    "CASE WHEN $c & 1 THEN 'B' ELSE 'A' END",
    "CASE WHEN $c & 2 THEN 'black' ELSE 'white' END",
    "CASE $c & 3 WHEN 0 THEN 'WhiteA' WHEN 1 THEN 'WhiteB' WHEN 2 THEN 'BlackA' ELSE 'BlackB' END",
    "CASE WHEN ($c >> 24) & 1 THEN ($c >> 25) & 4294967295 END",
    "m.moves ->> (2 * j.key)",
    "CASE WHEN ($c >> 57) & 1 THEN NULL WHEN ($c >> 58) & 1 THEN m.moves ->> (2 * j.key + 1) ELSE m.moves ->> (2 * j.key) END",
    "CASE WHEN ($c >> 4) & 7 THEN substr('PNBRQK', ($c >> 4) & 7, 1) END",
    "CASE WHEN NOT ($c >> 16) & 1 THEN char(97 + (($c >> 10) & 7), 49 + (($c >> 13) & 7)) END",
    "CASE WHEN NOT ($c >> 23) & 1 THEN char(97 + (($c >> 17) & 7), 49 + (($c >> 20) & 7)) END",
    "($c >> 2) & 1",
    "CASE WHEN ($c >> 7) & 7 THEN substr('PNBRQK', ($c >> 7) & 7, 1) END",
    "m.extras ->> (4 * j.key)",
    "m.extras ->> (4 * j.key + 1)",
    "($c >> 3) & 1",
    "m.extras ->> (4 * j.key + 2)",
    "m.extras ->> (4 * j.key + 3)",
};

[[noreturn]] void cannot_pack(std::string_view what) {
  throw ArchiveError(kArchiveExitIo, fmt::format("a ply row version 2 cannot hold: {}", what));
}

std::string_view text_of(const Value& v) {
  const auto* t = std::get_if<std::string_view>(&v);
  return t ? *t : std::string_view();
}

// 1..6 for a piece letter (PNBRQK), 0 for none.
int piece_code(char letter, std::string_view column) {
  switch (letter) {
    case 0: return 0;
    case 'P': return 1;
    case 'N': return 2;
    case 'B': return 3;
    case 'R': return 4;
    case 'Q': return 5;
    case 'K': return 6;
    default: cannot_pack(fmt::format("{} '{}'", column, std::string_view(&letter, 1)));
  }
}

// A piece column's letter: 0 for NULL.
char piece_letter_of(const Value& v, std::string_view column) {
  if (std::holds_alternative<std::monostate>(v)) return 0;
  const std::string_view t = text_of(v);
  if (t.size() != 1 || kPieces.find(t[0]) == std::string_view::npos) cannot_pack(fmt::format("{} '{}'", column, t));
  return t[0];
}

// 0..63 for "a1".."h8" (file + 8 * rank), 64 for NULL.
int square_code(const Value& v, std::string_view column) {
  if (std::holds_alternative<std::monostate>(v)) return 64;
  const std::string_view t = text_of(v);
  if (t.size() != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8') cannot_pack(fmt::format("{} '{}'", column, t));
  return (t[0] - 'a') + 8 * (t[1] - '1');
}

std::int64_t integer_of(const Value& v, std::string_view column) {
  const auto* n = std::get_if<std::int64_t>(&v);
  if (!n) cannot_pack(fmt::format("{} is not an integer", column));
  return *n;
}

std::optional<double> real_of(const Value& v, std::string_view column) {
  if (std::holds_alternative<std::monostate>(v)) return std::nullopt;
  const auto* d = std::get_if<double>(&v);
  if (!d) cannot_pack(fmt::format("{} is not a number", column));
  return *d;
}

// std::to_chars, not fmt: the packing of every ply's numbers is a measurable part of the run.
char* put_number(char* out, std::int64_t n) { return std::to_chars(out, out + 24, n).ptr; }

// A REAL as JSON that SQLite reads back as the same REAL: the shortest text that reads back the
// same, with ".0" when it has neither a point nor an exponent (else SQLite takes it for an
// INTEGER); an infinity as a number out of range. NULL (SQLite stores a NaN as NULL too) as null.
// At most 26 bytes.
char* put_real(char* out, const std::optional<double>& v) {
  const auto put = [&out](std::string_view text) {
    std::memcpy(out, text.data(), text.size());
    return out + text.size();
  };
  if (!v || std::isnan(*v)) return put("null");
  if (std::isinf(*v)) return put(*v > 0 ? "9e999" : "-9e999");
  if (char* end = thousandths_text(out, *v)) {
    if (*v != std::trunc(*v)) return end;  // "179.9"
    std::memcpy(end, ".0", 2);             // "180.0"
    return end + 2;
  }
  char* const end = std::to_chars(out, out + 24, *v).ptr;  // the shortest that reads back the same
  if (std::string_view(out, std::size_t(end - out)).find_first_of(".e") != std::string_view::npos) return end;
  std::memcpy(end, ".0", 2);
  return end + 2;
}

// `s` as a JSON string: at most 2 + 6 * s.size() bytes.
char* put_string(char* out, std::string_view s) {
  *out++ = '"';
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      *out++ = '\\';
      *out++ = c;
    } else if (u < 0x20) {
      constexpr std::string_view kHex = "0123456789abcdef";
      const char escape[6] = {'\\', 'u', '0', '0', kHex[u >> 4], kHex[u & 15]};
      out = std::copy(escape, escape + 6, out);
    } else {
      *out++ = c;
    }
  }
  *out++ = '"';
  return out;
}

}  // namespace

std::string packed_plies_statements(bool if_not_exists) {
  const std::string_view maybe = if_not_exists ? "IF NOT EXISTS " : "";
  std::string columns, expressions;
  const Table& plies = table(TableId::Plies);
  for (std::size_t i = 0; i < plies.columns.size(); ++i) {
    if (i) {
      columns += ", ";
      expressions += ",\n  ";
    }
    columns += plies.columns[i].name;
    std::string e(kViewColumns[i]);
    for (std::size_t at; (at = e.find("$c")) != std::string::npos;) e.replace(at, 2, "j.value");
    expressions += e;
  }
  return fmt::format(
      "-- version 2: each game's plies packed in one row (docs/database.md, \"Schema versions\")\n"
      "CREATE TABLE {0}plies_packed (\n"
      "  game_id INTEGER NOT NULL PRIMARY KEY,  -- games.id\n"
      "  codes TEXT NOT NULL,  -- JSON: an integer a ply (board, colour, seat, move number, piece, squares, flags)\n"
      "  moves TEXT NOT NULL,  -- JSON: san, canonical_san (0: the same) a ply\n"
      "  extras TEXT NOT NULL  -- JSON: clock, match_time, line, col a ply\n"
      ");\n"
      "-- version 1's plies table, a row per ply, unpacked\n"
      "CREATE VIEW {0}plies ({1}) AS SELECT\n  {2}\nFROM plies_packed m, json_each(m.codes) j;\n",
      maybe, columns, expressions);
}

void PlyPacker::add(std::span<const Value> row) {
  if (row.size() != table(TableId::Plies).columns.size()) cannot_pack("a row of another table");
  const std::string_view board = text_of(row[2]), color = text_of(row[3]), seat = text_of(row[4]);
  if ((board != "A" && board != "B") || (color != "white" && color != "black"))
    cannot_pack(fmt::format("board '{}', color '{}'", board, color));
  PlyRow r;
  r.game_id = integer_of(row[0], "game_id");
  r.ply = integer_of(row[1], "ply");
  r.board = board == "B" ? Board::B : Board::A;
  r.color = color == "black" ? Black : White;
  if (seat != seat_tag(seat_of(r.board, r.color))) cannot_pack(fmt::format("seat '{}' on board {} for {}", seat, board, color));
  if (!std::holds_alternative<std::monostate>(row[5])) r.number = integer_of(row[5], "move_number");
  if (!std::holds_alternative<std::string_view>(row[6])) cannot_pack("san is not text");
  r.san = text_of(row[6]);
  if (!std::holds_alternative<std::monostate>(row[7])) {
    if (!std::holds_alternative<std::string_view>(row[7])) cannot_pack("canonical_san is not text");
    r.canonical = text_of(row[7]);
  }
  r.piece = piece_letter_of(row[8], "piece");
  r.from = square_code(row[9], "from_square");
  r.to = square_code(row[10], "to_square");
  const std::int64_t drop = integer_of(row[11], "is_drop"), played = integer_of(row[15], "played");
  if ((drop != 0 && drop != 1) || (played != 0 && played != 1)) cannot_pack("is_drop or played not 0 or 1");
  r.drop = drop;
  r.played = played;
  r.promotion = piece_letter_of(row[12], "promotion");
  r.clock = real_of(row[13], "clock");
  r.time = real_of(row[14], "match_time");
  r.line = integer_of(row[16], "line");
  r.column = integer_of(row[17], "col");
  add(r);
}

void PlyPacker::add(const PlyRow& row) {
  if (closed_) throw std::logic_error("PlyPacker::add after packed(), before clear()");
  if (row.ply != std::int64_t(plies_) + 1) cannot_pack("plies out of order");
  if (row.from < 0 || row.from > 64 || row.to < 0 || row.to > 64) cannot_pack("a square that is not one");
  std::int64_t number = 0;  // bit 24: written; bits 25..56: the number
  if (row.number) {
    const std::int64_t n = *row.number;
    if (n < 0 || n > 0xffffffffLL) cannot_pack(fmt::format("move_number {}", n));
    number = (std::int64_t(1) << 24) | (n << 25);
  }
  // bit 57: canonical_san is NULL; bit 58: it differs from san (and is in moves after it).
  const bool differs = row.canonical && *row.canonical != row.san;
  const int b = row.board == Board::B, black = row.color == Black;
  const std::int64_t code = (std::int64_t(!row.canonical) << 57) + (std::int64_t(differs) << 58) + b + 2 * black +
                            4 * row.drop + 8 * row.played + 16 * piece_code(row.piece, "piece") +
                            128 * piece_code(row.promotion, "promotion") + 1024 * row.from + 131072 * row.to + number;
  const char open = plies_ ? ',' : '[';
  char* at = codes_.room(24);
  *at++ = open;
  codes_.done(put_number(at, code));
  at = moves_.room(8 + 6 * (row.san.size() + (differs ? row.canonical->size() : 0)));
  *at++ = open;
  at = put_string(at, row.san);
  *at++ = ',';
  if (differs) {
    at = put_string(at, *row.canonical);
  } else {
    *at++ = '0';
  }
  moves_.done(at);
  at = extras_.room(4 + 2 * 26 + 2 * 20);
  *at++ = open;
  at = put_real(at, row.clock);
  *at++ = ',';
  at = put_real(at, row.time);
  *at++ = ',';
  at = put_number(at, row.line);
  *at++ = ',';
  extras_.done(put_number(at, row.column));
  ++plies_;
}

PackedPlies PlyPacker::packed() {
  if (!closed_) {
    for (Text* t : {&codes_, &moves_, &extras_}) {
      char* at = t->room(2);
      if (!plies_) *at++ = '[';
      *at++ = ']';
      t->done(at);
    }
    closed_ = true;
  }
  return {codes_.view(), moves_.view(), extras_.view()};
}

void PlyPacker::clear() {
  codes_.clear();
  moves_.clear();
  extras_.clear();
  plies_ = 0;
  closed_ = false;
}

}  // namespace bpgn::db
