#include "output/canonical_writer.h"

#include "output/append_text.h"
#include "output/canonical_movetext.h"
#include "output/canonical_tags.h"
#include "record/clock_brace.h"
#include "record/encoding.h"
#include "record/names_format.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstring>

namespace bpgn {
namespace {

constexpr std::string_view kMarkerPrefix = "bpgn: ";
// The longest move number and what follows it in a token: `-2147483648... ` (or `2147483647A. `).
constexpr std::size_t kLongestNumber = 11 + 4;
constexpr std::string_view kMarkerText = "not replayed from here";

// The comment that says why the moves that follow are as written.
// It names the move as it is written after it (`number`: from MoveNumbers; the spelling
// normalised), so that formatting the output again gives the same comment.
std::string marker_for(const Game& game, const ReplayResult& replay, std::size_t ply_index, int number,
                       bool two_boards) {
  const Ply& ply = game.plies[ply_index];
  std::string text(kMarkerPrefix);
  if (two_boards) text += fmt::format("board {} ", ply.board);
  text += kMarkerText;
  for (const Violation& v : replay.violations) {
    if (v.severity != Severity::Error || !v.ply || *v.ply != ply_index) continue;
    text += fmt::format(": {} at {} {}", info(v.code).code, MoveNumberText{number, ply.board, ply.color, two_boards},
                        normalised_written_san(ply.san));
    break;
  }
  for (char& c : text) {
    if (c == '}') c = ')';
  }
  return text;
}

// A clock's text as write_single_line writes it, adding its width to `columns`. A clock is
// nearly always a short run of ASCII without blank space (`179.4`, `0:02:57`): copied as it is.
char* write_clock_text(char* p, std::string_view text, int& columns) {
  unsigned char any = 0;     // the bits of every byte (bit 7: not ASCII)
  bool blank = false;        // a byte that may be blank space
  for (char c : text) {
    any |= static_cast<unsigned char>(c);
    blank |= static_cast<unsigned char>(c) <= ' ';
  }
  if (!(any & 0x80) && !blank) {
    std::memcpy(p, text.data(), text.size());
    columns += int(text.size());
    return p + text.size();
  }
  char* const start = p;
  p = write_single_line(p, text);
  columns += text_columns(std::string_view(start, std::size_t(p - start)));
  return p;
}

// A comment's text as a brace comment can hold it: a `;` comment may contain `}`, which would
// end the brace early; it becomes `)`, as in the marker.
std::string brace_safe(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c == '}') c = ')';
  }
  return out;
}

// A brace comment. `clock_slot`: the brace is the first after a move without a clock, where the
// reader takes a clock from a brace holding one (`;0` read back as `{0}` would be a clock); a
// comment that looks like one gets an empty brace before it there, and stays a comment.
void write_brace(MovetextWriter& w, std::string_view text, bool& clock_slot) {
  std::string copy;  // only for a text with a `}`
  const std::string_view safe = text.find('}') == std::string_view::npos ? text : (copy = brace_safe(text));
  if (clock_slot && brace_holds_clock(safe)) w.token("{}");
  w.words("{", safe, "}");
  clock_slot = false;
}

void write_comment(MovetextWriter& w, std::string_view text, bool& clock_slot) {
  if (is_fmt_marker(text)) return;
  write_brace(w, text, clock_slot);
}

// A variation as written, but with each `; ...` comment (which runs to the line's end) made a
// brace comment: the writer joins the variation's lines, which would let the `;` comment swallow
// the rest of the variation and of the game.
std::string variation_text(std::string_view v) {
  std::string out;
  out.reserve(v.size());
  bool in_brace = false;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const char c = v[i];
    if (in_brace) {
      in_brace = c != '}';
    } else if (c == '{') {
      in_brace = true;
    } else if (c == ';') {
      const std::size_t end = std::min(v.find('\n', i), v.size());
      out += '{';
      out += brace_safe(v.substr(i + 1, end - i - 1));
      out += '}';
      i = end - 1;  // the line break stays, as blank space
      continue;
    }
    out += c;
  }
  return out;
}

}  // namespace

bool is_fmt_marker(std::string_view comment) {
  // single_line only turns blank space into spaces: without `bpgn:` the text cannot be a marker.
  if (comment.find(kMarkerPrefix.substr(0, kMarkerPrefix.size() - 1)) == std::string_view::npos) return false;
  // The writer wraps long comments: a line break may stand for any space of the marker.
  const std::string joined = single_line(comment);
  std::string_view text = joined;
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  return text.starts_with(kMarkerPrefix) && text.find(kMarkerText) != std::string_view::npos;
}

std::string normalised_written_san(std::string_view san) {
  // Built by appending: GCC 12 warns (-Wrestrict, a false positive) on "N" + std::string.
  std::string out;
  out.reserve(san.size() + 1);
  append_normalised_written_san(out, san);
  return out;
}

void append_normalised_written_san(std::string& out, std::string_view san) {
  const std::size_t start = out.size();
  if (san.starts_with("$146@")) {
    out += 'N';
    out += san.substr(4);
  } else if (san.starts_with("@")) {
    out += 'P';
    out += san;
  } else if (san.size() >= 2 && san[1] == '*' && piece_type_from_letter(san[0]) != NoPieceType) {
    out += san;
    out[start + 1] = '@';
  } else if (san.starts_with("0-0")) {
    for (char c : san) out += c == '0' ? 'O' : c;
  } else {
    out += san;
  }
}

std::string san_to_write(const Ply& ply, const PlyOutcome* outcome) {
  std::string out;
  append_san_to_write(out, ply, outcome);
  return out;
}

void append_san_to_write(std::string& out, const Ply& ply, const PlyOutcome* outcome) {
  if (outcome && outcome->replayed && !outcome->canonical_san.empty()) {
    out += outcome->canonical_san;
  } else {
    append_normalised_written_san(out, ply.san);
  }
}

int MoveNumbers::next(const Ply& ply, const ReplayResult& replay, std::size_t i) {
  const PlyOutcome* outcome = outcome_of(replay, i);
  const Color color = played_color(ply, outcome);
  int(&next)[2] = expected_[int(ply.board)];
  if (next[White] == 0) next[White] = next[Black] = 1;
  int n;
  if (outcome && outcome->replayed && i < replay.move_numbers.size()) {
    n = replay.move_numbers[i];
  } else if (ply.number > 0) {
    n = ply.number;
  } else {
    n = next[color];
  }
  if (color == White) {
    next[Black] = n;
    next[White] = n + 1;
  } else {
    next[White] = next[Black] = n + 1;
  }
  return n;
}

void CanonicalWriter::write(const Game& game, const ReplayResult& replay, std::string& out) {
  const bool bpgn = game.dialect == Dialect::Bpgn;
  order_tags(game.tags, game.dialect, tags_);
  for (const Tag* t : tags_) {
    // (Not one call with `?:`: that would copy every value into a string.)
    if (is_date_tag(t->name)) {
      append_tag(out, t->name, normalise_date(t->value));
    } else {
      append_tag(out, t->name, t->value);
    }
  }
  bool has_stray = false;
  for (const ReadNote& n : game.notes) has_stray = has_stray || n.kind == ReadNote::Kind::StrayText;
  const bool has_movetext = !game.plies.empty() || !game.result.empty() || !game.termination.empty() ||
                            !game.leading_comments.empty() || has_stray;
  if (!has_movetext) return;
  if (!tags_.empty()) out += '\n';

  MovetextWriter w(out, options_.width);
  bool clock_slot = false;  // the next brace would be the first after a move without a clock
  for (const Comment& c : game.leading_comments) write_comment(w, c.text, clock_slot);
  // Stray text read with the game (docs/fmt.md): kept, as comments before the first move.
  if (has_stray) {
    for (const ReadNote& n : game.notes) {
      if (n.kind == ReadNote::Kind::StrayText) write_comment(w, n.text, clock_slot);
    }
    // Without a move the last of them would stand right before the result and be read back as the
    // termination: an empty comment after them stays a comment and keeps them comments.
    if (game.plies.empty() && game.termination.empty() && !game.result.empty()) w.token("{}");
  }

  MoveNumbers numbers;
  bool stopped[2] = {false, false};  // a board whose first unplayed move was reached
  bool black_needs_number = true;    // PGN: `12...` after a comment, a variation, a black move or at the start
  std::string& buffer = token_;      // one token at a time, its memory kept from game to game
  std::string written;               // the ply's SAN (san_to_write), its memory kept from ply to ply
  for (std::size_t i = 0; i < game.plies.size(); ++i) {
    const Ply& ply = game.plies[i];
    const PlyOutcome* outcome = outcome_of(replay, i);
    const bool played = outcome && outcome->replayed;
    const int number = numbers.next(ply, replay, i);
    const Color color = played_color(ply, outcome);
    if (!played && !stopped[int(ply.board)]) {
      stopped[int(ply.board)] = true;
      w.words("{", marker_for(game, replay, i, number, bpgn), "}");
      clock_slot = false;
      black_needs_number = true;
    }
    // The token written in place: the number as the dialect wants it (`12A. `, `12. `, `12... `
    // or none), the SAN, the clock. `buffer` holds at least the most it can need (it only grows:
    // no resizing, and no filling of what it gains, a ply). Its width is
    // counted as it is written: the number and a canonical SAN are ASCII.
    std::string_view san;
    int san_columns;
    if (played && !outcome->canonical_san.empty()) {
      san = outcome->canonical_san;
      san_columns = int(san.size());
    } else {
      written.clear();
      append_normalised_written_san(written, ply.san);
      san = written;
      san_columns = text_columns(san);
    }
    const bool has_clock = ply.clock.kind != ClockKind::None;
    const std::size_t most = kLongestNumber + san.size() + (has_clock ? 3 + ply.clock.text.size() : 0);
    if (buffer.size() < most) buffer.resize(std::max<std::size_t>(most, 64));
    char* const begin = buffer.data();
    char* p = begin;
    if (bpgn || color == White || black_needs_number) {
      p = std::to_chars(p, p + kLongestNumber, number).ptr;
      if (bpgn) *p++ = seat_letter(ply.board, color);
      *p++ = '.';
      if (!bpgn && color == Black) {
        *p++ = '.';
        *p++ = '.';
      }
      *p++ = ' ';
    }
    std::memcpy(p, san.data(), san.size());
    p += san.size();
    int columns = int(p - begin) - int(san.size()) + san_columns;
    // Only right after White's move may Black's go without its number: after a black move (a
    // record with a move out of turn) the reader would take an unnumbered one for White's.
    black_needs_number = color == Black;
    if (has_clock) {
      // The clock belongs to its move: the two stay on one line.
      *p++ = ' ';
      *p++ = '{';
      p = write_clock_text(p, ply.clock.text, columns);
      *p++ = '}';
      columns += 3;
      black_needs_number = true;
    }
    w.token(std::string_view(begin, std::size_t(p - begin)), columns);
    clock_slot = ply.clock.kind == ClockKind::None;
    for (int nag : ply.nags) {
      buffer.clear();
      buffer += '$';
      append_decimal(buffer, nag);
      w.token(buffer);
    }
    for (const Comment& c : ply.comments) {
      if (is_fmt_marker(c.text)) continue;
      write_comment(w, c.text, clock_slot);
      black_needs_number = true;
    }
    for (const std::string& v : ply.variations) {
      w.words("(", variation_text(v), ")");
      black_needs_number = true;
    }
  }
  if (!game.termination.empty()) write_brace(w, game.termination, clock_slot);
  if (!game.result.empty()) w.token(game.result);
  w.finish();
}

void write_as_found(std::string_view raw, std::string& out) {
  const std::string converted = is_valid_utf8(raw) ? std::string(raw) : latin1_to_utf8_keeping_marks(raw);
  std::string_view text = converted;
  std::size_t end = text.size();
  while (end > 0 &&
         (text[end - 1] == ' ' || text[end - 1] == '\n' || text[end - 1] == '\r' || text[end - 1] == '\t')) {
    --end;
  }
  std::size_t start = 0;
  while (start < end && (text[start] == '\n' || text[start] == '\r')) ++start;
  for (std::size_t i = start; i < end; ++i) {
    // CRLF becomes LF, and so do CR CR LF and longer runs (the CRs before a line end go with it:
    // kept, one of them would make a CRLF with the LF, and the next run would drop it). A CR
    // alone is no line end for the reader, and must not become one here: what follows it would
    // start a line, and could start a game.
    if (text[i] == '\r') {
      std::size_t j = i;
      while (j < end && text[j] == '\r') ++j;
      if (j == end || text[j] != '\n') out.append(text, i, j - i);  // lone CRs, kept as they are
      i = j - 1;  // the whole run at once: a long run costs its length, not its square
      continue;
    }
    out += text[i];
  }
  out += '\n';
}

}  // namespace bpgn
