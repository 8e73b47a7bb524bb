#include "database/csv_sink.h"

#include "database/real_text.h"
#include "output/utf8_sequence.h"

#include <fmt/format.h>

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
    char text[16];
    if (const char* end = thousandths_text(text, *d)) {
      out.append(text, std::size_t(end - text));  // what fmt writes of such a number, faster (real_text.h)
    } else if (!std::isnan(*d)) {
      fmt::format_to(std::back_inserter(out), "{}", *d);
    }
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
