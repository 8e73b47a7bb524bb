#include "database/csv_sink.h"

#include "database/real_text.h"
#include "output/utf8_sequence.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iterator>

namespace bpgn::db {
namespace {

// A table's rows are handed to its stream in pieces of about this size: few writes, little memory.
constexpr std::size_t kDrainBytes = std::size_t{1} << 16;

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

bool needs_quotes(std::string_view text) {
  if (text.empty()) return true;  // "" is empty text; an empty unquoted field is NULL
  const auto blank = [](char c) { return c == ' ' || c == '\t'; };
  if (blank(text.front()) || blank(text.back())) return true;
  if (text.starts_with("\\.")) return true;
  return text.find_first_of(std::string_view(",\"\r\n", 4)) != std::string_view::npos;
}

// Whether the `\` at `p` starts a line `\.` inside the text (after LF, before LF or CR LF): psql's
// \copy takes such a line for the end of the data even inside a quoted CSV field.
bool ends_copy(const unsigned char* p, const unsigned char* begin, const unsigned char* end) {
  if (p == begin || p[-1] != '\n' || end - p < 3 || p[1] != '.') return false;
  return p[2] == '\n' || (p[2] == '\r' && end - p >= 4 && p[3] == '\n');
}

// Copies `text` with NUL, ill-formed UTF-8 and a line `\\.` replaced, each `"` doubled when `quoted`.
void append_clean(std::string& out, std::string_view text, bool quoted) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = p + text.size();
  const auto* const begin = p;
  const auto* copied = p;  // bytes before this one are in `out`
  const auto flush = [&] { out.append(reinterpret_cast<const char*>(copied), std::size_t(p - copied)); };
  while (p != end) {
    const unsigned char c = *p;
    if (c >= 0x80) {
      std::size_t bad = 0;
      if (const std::size_t n = utf8_sequence(p, end, bad)) {
        p += n;
        continue;
      }
      flush();
      out += kReplacement;
      p += bad;
      copied = p;
    } else if (c == 0) {
      flush();
      out += kReplacement;
      copied = ++p;
    } else if (c == '\\' && ends_copy(p, begin, end)) {
      flush();
      out += kReplacement;  // the line `\.`
      p += 2;
      copied = p;
    } else if (c == '"' && quoted) {
      ++p;  // the quote itself is copied with what follows
      flush();
      out += '"';
      copied = p;
    } else {
      ++p;
    }
  }
  flush();
}

// Whether `text` is written as it is: not empty, no blank at either end, and none of the bytes
// that quoting or cleaning is about (`,` `"` CR LF, `\`, NUL, and every byte of a multi-byte
// sequence, checked by append_clean). Most cells are such text (SAN, squares, names).
bool plain_text(std::string_view text) {
  if (text.empty() || text.front() == ' ' || text.front() == '\t' || text.back() == ' ' || text.back() == '\t')
    return false;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x80 || u == 0 || c == ',' || c == '"' || c == '\r' || c == '\n' || c == '\\') return false;
  }
  return true;
}

// A REAL of a CSV field (at most 32 bytes): NULL and NaN as nothing; a whole number of
// thousandths by thousandths_text (real_text.h), the same text as fmt's, faster.
char* put_real(char* out, const std::optional<double>& d) {
  if (!d || std::isnan(*d)) return out;
  if (char* end = thousandths_text(out, *d)) return end;
  return fmt::format_to(out, "{}", *d);
}

}  // namespace

void append_csv_text(std::string& out, std::string_view text) {
  if (plain_text(text)) {
    out += text;
    return;
  }
  const bool quoted = needs_quotes(text);
  if (quoted) out += '"';
  append_clean(out, text, quoted);
  if (quoted) out += '"';
}

void append_csv_value(std::string& out, const Value& value) {
  if (const auto* n = std::get_if<std::int64_t>(&value)) {
    char text[24];
    const auto r = std::to_chars(text, text + sizeof text, *n);
    out.append(text, std::size_t(r.ptr - text));
  } else if (const auto* d = std::get_if<double>(&value)) {
    char text[32];
    out.append(text, std::size_t(put_real(text, *d) - text));
  } else if (const auto* s = std::get_if<std::string_view>(&value)) {
    append_csv_text(out, *s);
  }
}

CsvSink::CsvSink(const std::array<std::ostream*, kTableCount>& streams) : streams_(streams) {
  for (const Table& t : tables()) {
    std::string& line = buffers_[std::size_t(t.id)];
    for (const Column& c : t.columns) {
      if (&c != t.columns.data()) line += ',';
      line += c.name;  // plain identifiers: nothing to quote
    }
    line += '\n';
  }
}

void CsvSink::row(TableId table, std::span<const Value> values) {
  const std::size_t t = std::size_t(table);
  std::string& line = buffers_[t];
  bool first = true;
  for (const Value& v : values) {
    if (!first) line += ',';
    first = false;
    append_csv_value(line, v);
  }
  line += '\n';
  if (line.size() >= kDrainBytes) drain(t);
}

namespace {

char* put_integer(char* out, std::int64_t n) { return std::to_chars(out, out + 24, n).ptr; }


// A piece letter or a square's text as one field (NULL: nothing); plain text, never quoted.
char* put_letter(char* out, char c) {
  if (c) *out++ = c;
  return out;
}
char* put_square(char* out, int s) {
  if (s >= 64) return out;
  *out++ = char('a' + s % 8);
  *out++ = char('1' + s / 8);
  return out;
}
char* put_text(char* out, std::string_view text) { return std::copy(text.begin(), text.end(), out); }

}  // namespace

void CsvSink::ply(const PlyRow& row) {
  // Quoted as append_csv_text would: the board, colour and seat words, the squares and the piece
  // letters have nothing to quote, and the SANs go through append_csv_text.
  const bool plain_letters = (!row.piece || plain_text(std::string_view(&row.piece, 1))) &&
                             (!row.promotion || plain_text(std::string_view(&row.promotion, 1)));
  if (!plain_letters) return TableSink::ply(row);
  const std::size_t t = std::size_t(TableId::Plies);
  std::string& line = buffers_[t];
  char buf[192];
  char* at = put_integer(buf, row.game_id);
  *at++ = ',';
  at = put_integer(at, row.ply);
  *at++ = ',';
  at = put_text(at, board_name(row.board));
  *at++ = ',';
  at = put_text(at, color_word(row.color));
  *at++ = ',';
  at = put_text(at, seat_tag(seat_of(row.board, row.color)));
  *at++ = ',';
  if (row.number) at = put_integer(at, *row.number);
  *at++ = ',';
  line.append(buf, std::size_t(at - buf));
  append_csv_text(line, row.san);
  line += ',';
  if (row.canonical) append_csv_text(line, *row.canonical);
  at = buf;
  *at++ = ',';
  at = put_letter(at, row.piece);
  *at++ = ',';
  at = put_square(at, row.from);
  *at++ = ',';
  at = put_square(at, row.to);
  *at++ = ',';
  *at++ = row.drop ? '1' : '0';
  *at++ = ',';
  at = put_letter(at, row.promotion);
  *at++ = ',';
  at = put_real(at, row.clock);
  *at++ = ',';
  at = put_real(at, row.time);
  *at++ = ',';
  *at++ = row.played ? '1' : '0';
  *at++ = ',';
  at = put_integer(at, row.line);
  *at++ = ',';
  at = put_integer(at, row.column);
  *at++ = '\n';
  line.append(buf, std::size_t(at - buf));
  if (line.size() >= kDrainBytes) drain(t);
}

void CsvSink::drain(std::size_t table) {
  std::string& text = buffers_[table];
  streams_[table]->write(text.data(), std::streamsize(text.size()));
  text.clear();
}

bool CsvSink::flush() {
  bool ok = true;
  for (std::size_t t = 0; t < kTableCount; ++t) {
    drain(t);
    ok = bool(streams_[t]->flush()) && ok;
  }
  return ok;
}

}  // namespace bpgn::db
