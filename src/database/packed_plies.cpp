#include "database/packed_plies.h"

#include "database/schema.h"

#include <fmt/format.h>

#include <charconv>
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

// 1..6 for a piece letter, 0 for NULL.
int piece_code(const Value& v, std::string_view column) {
  if (std::holds_alternative<std::monostate>(v)) return 0;
  const std::string_view t = text_of(v);
  const auto at = t.size() == 1 ? kPieces.find(t[0]) : std::string_view::npos;
  if (at == std::string_view::npos) cannot_pack(fmt::format("{} '{}'", column, t));
  return int(at) + 1;
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

// std::to_chars, not fmt: the packing of every ply's numbers is a measurable part of the run.
void append_number(std::string& out, std::int64_t n) {
  char buf[24];
  const auto end = std::to_chars(buf, buf + sizeof buf, n).ptr;
  out.append(buf, end);
}

void append_string(std::string& out, std::string_view s) {
  out += '"';
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      fmt::format_to(std::back_inserter(out), "\\u{:04x}", int(static_cast<unsigned char>(c)));
    } else {
      out += c;
    }
  }
  out += '"';
}

// A REAL as JSON that SQLite reads back as the same REAL: the shortest text that reads back the
// same, with ".0" when it has neither a point nor an exponent (else SQLite takes it for an
// INTEGER); an infinity as a number out of range. NULL (SQLite stores a NaN as NULL too) as null.
void append_real(std::string& out, const Value& v, std::string_view column) {
  if (std::holds_alternative<std::monostate>(v)) {
    out += "null";
    return;
  }
  const auto* d = std::get_if<double>(&v);
  if (!d) cannot_pack(fmt::format("{} is not a number", column));
  if (std::isnan(*d)) {
    out += "null";
  } else if (std::isinf(*d)) {
    out += *d > 0 ? "9e999" : "-9e999";
  } else {
    char buf[32];
    const auto end = std::to_chars(buf, buf + sizeof buf, *d).ptr;  // the shortest that reads back the same
    out.append(buf, end);
    if (std::string_view(buf, std::size_t(end - buf)).find_first_of(".e") == std::string_view::npos) out += ".0";
  }
}

void append_integer_or_null(std::string& out, const Value& v, std::string_view column) {
  if (std::holds_alternative<std::monostate>(v)) {
    out += "null";
    return;
  }
  append_number(out, integer_of(v, column));
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
  if (closed_) throw std::logic_error("PlyPacker::add after packed(), before clear()");
  if (row.size() != table(TableId::Plies).columns.size()) cannot_pack("a row of another table");
  const std::string_view board = text_of(row[2]), color = text_of(row[3]), seat = text_of(row[4]);
  if ((board != "A" && board != "B") || (color != "white" && color != "black"))
    cannot_pack(fmt::format("board '{}', color '{}'", board, color));
  const int b = board == "B", black = color == "black";
  constexpr std::string_view kSeats[] = {"WhiteA", "WhiteB", "BlackA", "BlackB"};
  if (seat != kSeats[b + 2 * black]) cannot_pack(fmt::format("seat '{}' on board {} for {}", seat, board, color));
  const std::int64_t drop = integer_of(row[11], "is_drop"), played = integer_of(row[15], "played");
  if ((drop != 0 && drop != 1) || (played != 0 && played != 1)) cannot_pack("is_drop or played not 0 or 1");
  if (integer_of(row[1], "ply") != std::int64_t(plies_) + 1) cannot_pack("plies out of order");
  std::int64_t number = 0;  // bit 24: written; bits 25..56: the number
  if (!std::holds_alternative<std::monostate>(row[5])) {
    const std::int64_t n = integer_of(row[5], "move_number");
    if (n < 0 || n > 0xffffffffLL) cannot_pack(fmt::format("move_number {}", n));
    number = (std::int64_t(1) << 24) | (n << 25);
  }
  // bit 57: canonical_san is NULL; bit 58: it differs from san (and is in moves after it).
  const bool no_canonical = std::holds_alternative<std::monostate>(row[7]);
  if (!no_canonical && !std::holds_alternative<std::string_view>(row[7])) cannot_pack("canonical_san is not text");
  if (!std::holds_alternative<std::string_view>(row[6])) cannot_pack("san is not text");
  const std::string_view san = text_of(row[6]), canonical = text_of(row[7]);
  const bool differs = !no_canonical && canonical != san;
  const std::int64_t code = (std::int64_t(no_canonical) << 57) + (std::int64_t(differs) << 58) + b + 2 * black + 4 * drop + 8 * played + 16 * piece_code(row[8], "piece") +
                            128 * piece_code(row[12], "promotion") + 1024 * square_code(row[9], "from_square") +
                            131072 * square_code(row[10], "to_square") + number;
  const char* open = plies_ ? "," : "[";
  codes_ += open;
  append_number(codes_, code);
  moves_ += open;
  append_string(moves_, san);
  moves_ += ',';
  if (differs) {
    append_string(moves_, canonical);
  } else {
    moves_ += '0';
  }
  extras_ += open;
  append_real(extras_, row[13], "clock");
  extras_ += ',';
  append_real(extras_, row[14], "match_time");
  extras_ += ',';
  append_number(extras_, integer_of(row[16], "line"));
  extras_ += ',';
  append_number(extras_, integer_of(row[17], "col"));
  ++plies_;
}

PackedPlies PlyPacker::packed() {
  if (!closed_) {
    for (std::string* s : {&codes_, &moves_, &extras_}) *s += plies_ ? "]" : "[]";
    closed_ = true;
  }
  return {codes_, moves_, extras_};
}

void PlyPacker::clear() {
  codes_.clear();
  moves_.clear();
  extras_.clear();
  plies_ = 0;
  closed_ = false;
}

}  // namespace bpgn::db
