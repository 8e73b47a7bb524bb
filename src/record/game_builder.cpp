#include "record/game_builder.h"

#include "core/ascii.h"

#include "record/clock_brace.h"

#include "grammar/comment.h"
#include "record/encoding.h"

#include <algorithm>
#include <charconv>
#include <cstdint>

namespace bpgn {

namespace {

namespace pegtl = tao::pegtl;

template <typename T>
T number_of(std::string_view text) {
  T value{};
  std::from_chars(text.data(), text.data() + text.size(), value);
  return value;
}

int decimals_of(std::string_view number) {
  for (std::size_t i = 0; i < number.size(); ++i)
    if (number[i] == '.') return static_cast<int>(number.size() - i - 1);
  return 0;
}

// A decimal number as std::from_chars reads it, without its general (slow) path in the common case
// of a clock reading: `-?digits(.digits)?` with at most 15 digits is an exact integer divided by an
// exact power of ten, which IEEE division rounds correctly, i.e. to the same double.
double decimal_of(std::string_view text) {
  static constexpr double kPow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  std::size_t i = 0;
  const bool negative = !text.empty() && text[0] == '-';
  if (negative) i = 1;
  if (i >= text.size() || text[i] < '0' || text[i] > '9') return number_of<double>(text);
  std::uint64_t mantissa = 0;
  int digits = 0, decimals = 0;
  bool point = false;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      mantissa = mantissa * 10 + std::uint64_t(c - '0');
      ++digits;
      if (point) ++decimals;
    } else if (c == '.' && !point) {
      point = true;
    } else {
      break;
    }
  }
  if (i != text.size() || digits == 0 || digits > 15 || (point && decimals == 0)) return number_of<double>(text);
  const double value = double(mantissa) / kPow10[decimals];
  return negative ? -value : value;
}

// The common clock reading `digits.digits` (or `digits`, at most 15 digits in all; no sign): its
// seconds and decimals in one pass, the same values as decimal_of and decimals_of. False for any
// other text, which the general functions read.
bool plain_clock(std::string_view text, Clock& clock) {
  static constexpr double kPow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  const char* p = text.data();
  const char* const end = p + text.size();
  if (text.empty() || text.size() > 16) return false;
  std::uint64_t mantissa = 0;
  const char* const int_start = p;
  while (p != end && unsigned(*p - '0') < 10) mantissa = mantissa * 10 + std::uint64_t(*p++ - '0');
  if (p == int_start) return false;
  int decimals = 0;
  if (p != end) {
    if (*p != '.') return false;
    const char* const frac_start = ++p;
    while (p != end && unsigned(*p - '0') < 10) mantissa = mantissa * 10 + std::uint64_t(*p++ - '0');
    if (p != end || p == frac_start) return false;
    decimals = int(p - frac_start);
    if (text.size() - 1 > 15) return false;
  } else if (text.size() > 15) {
    return false;
  }
  clock.seconds = double(mantissa) / kPow10[decimals];
  clock.decimals = decimals;
  return true;
}

// A plain clock as the grammar matched it (`digits` or `digits.digits*`): its seconds and decimals
// in one loop without plain_clock's checks of the form, the same values. False (nothing set) where
// plain_clock is false too: no decimal digit after the point, more than 15 digits.
bool matched_plain_clock(std::string_view text, Clock& clock) {
  static constexpr double kPow10[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  const std::size_t n = text.size();
  if (n > 16) return false;
  std::uint64_t mantissa = 0;
  std::size_t point = n;
  for (std::size_t i = 0; i < n; ++i) {
    const char c = text[i];
    if (c == '.') point = i;
    else mantissa = mantissa * 10 + std::uint64_t(c - '0');
  }
  const std::size_t digits = point == n ? n : n - 1;
  if (digits > 15 || point + 1 == n) return false;
  const int decimals = point == n ? 0 : int(n - point - 1);
  clock.seconds = double(mantissa) / kPow10[decimals];
  clock.decimals = decimals;
  return true;
}

// The common `[%clk h:mm:ss]` time (one hour digit, no decimals): whole seconds, which
// clock_time_seconds computes exactly as well. False for any other text.
bool plain_clk_time(std::string_view text, Clock& clock) {
  if (text.size() != 7 || text[1] != ':' || text[4] != ':') return false;
  for (const std::size_t i : {0, 2, 3, 5, 6})
    if (text[i] < '0' || text[i] > '9') return false;
  const int h = text[0] - '0', m = (text[2] - '0') * 10 + (text[3] - '0'), sec = (text[5] - '0') * 10 + (text[6] - '0');
  clock.seconds = double((h * 60 + m) * 60 + sec);
  clock.decimals = 0;
  return true;
}

// An hours or minutes field of a clock: digits, read as std::from_chars reads an int (0 when too
// large); short ones without its general path.
int clock_field(std::string_view digits) {
  if (digits.size() > 9) return number_of<int>(digits);
  int value = 0;
  for (const char c : digits) value = value * 10 + (c - '0');
  return value;
}

bool all_digits(std::string_view text) {
  for (const char c : text)
    if (c < '0' || c > '9') return false;
  return true;
}

// `0:02:59.9` -> 179.9; `2:59` -> 179; `59` -> 59.
double clock_time_seconds(std::string_view text) {
  double total = 0;
  for (;;) {
    std::size_t colon = 0;
    while (colon < text.size() && text[colon] != ':') ++colon;
    if (colon == text.size()) return total * 60 + decimal_of(text);
    total = total * 60 + clock_field(text.substr(0, colon));
    text.remove_prefix(colon + 1);
  }
}

// PGN tag escapes: `\"` and `\\`.
void unescape_tag_value(std::string_view raw, std::string& out) {
  if (raw.find('\\') == std::string_view::npos) {
    out.assign(raw);
    return;
  }
  out.clear();
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) ++i;
    out.push_back(raw[i]);
  }
}

// bughouse-db writes byte 0xFE inside comments as a paragraph break (Latin-1 `þ`).
std::string latin1_comment_to_utf8(std::string_view text) {
  std::string s(text);
  std::replace(s.begin(), s.end(), static_cast<char>(0xFE), '\n');
  return latin1_to_utf8(s);
}

void to_utf8(std::string& s) {
  if (!is_ascii(s)) s = latin1_to_utf8(s);
}

void comment_to_utf8(std::string& s) {
  if (!is_ascii(s)) s = latin1_comment_to_utf8(s);
}

}  // namespace

void GameBuilder::begin(Game& game, const char* base, const char* end, SourcePos start) {
  game_ = &game;
  base_ = base;
  positions_.reset(base, end, start);
  number_ = {};
  braces_since_move_ = 0;
  last_comment_ = Where::None;
  last_color_ = {-1, -1};
  last_board_ = Board::A;
}

bool GameBuilder::tag(const char* at) {
  for (const Tag& t : game_->tags)
    if (t.name == tag_name_) return false;
  Tag& t = game_->tags.emplace_back();
  t.name.assign(tag_name_);
  unescape_tag_value(tag_value_, t.value);
  t.pos = positions_.at(at);
  return true;
}

void GameBuilder::broken_tag(std::string_view text, std::string_view message, const char* at) {
  ReadNote& n = game_->notes.emplace_back();
  n.kind = ReadNote::Kind::BadTag;
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  n.text.assign(text);
  n.message.assign(message);
  n.pos = positions_.at(at);
}

void GameBuilder::stray_text(std::string_view block) {
  while (!block.empty()) {
    const std::size_t nl = block.find('\n');
    const std::string_view line = block.substr(0, nl);
    if (const std::string_view text = trim_ascii_space(line); !text.empty()) {
      ReadNote& n = game_->notes.emplace_back();
      n.kind = ReadNote::Kind::StrayText;
      n.text.assign(text);
      n.pos = positions_.at(text.data());
    }
    if (nl == std::string_view::npos) break;
    block.remove_prefix(nl + 1);
  }
}

void GameBuilder::move_number(std::string_view text, const char* at) {
  // The grammar's shape: 1 to 9 digits, an optional seat letter, then only dots.
  std::size_t i = 0;
  int number = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) number = number * 10 + (text[i] - '0');
  number_.present = true;
  number_.number = number;
  number_.seat = text[i] == '.' ? 0 : text[i];
  number_.dots = static_cast<int>(text.size() - i) - (number_.seat != 0);
  number_.pos = positions_.at(at);
}

Ply& GameBuilder::new_ply() {
  Ply& ply = game_->plies.emplace_back();
  braces_since_move_ = 0;
  last_comment_ = Where::None;
  return ply;
}

Color GameBuilder::first_color() {
  // A one-board record may start with Black to move (a FEN tag); a two-board FEN is `A | B`.
  const std::string* fen = game_->tag("FEN");
  if (!fen) return White;
  std::string_view f = *fen;
  if (const auto bar = f.find('|'); bar != std::string_view::npos)
    f = last_board_ == Board::A ? f.substr(0, bar) : f.substr(bar + 1);
  f = trim_ascii_space(f);
  const auto space = f.find(' ');
  return space != std::string_view::npos && f.substr(space + 1, 1) == "b" ? Black : White;
}

std::size_t GameBuilder::plies() const { return game_->plies.size(); }

void GameBuilder::move(std::string_view san, const char* at) {
  Ply& ply = new_ply();
  ply.san.assign(san);
  ply.san_pos = positions_.at(at);
  if (number_.present) {
    ply.number = number_.number;
    ply.number_pos = number_.pos;
    switch (number_.seat) {
      case 'A': ply.board = Board::A, ply.color = White; break;
      case 'a': ply.board = Board::A, ply.color = Black; break;
      case 'B': ply.board = Board::B, ply.color = White; break;
      case 'b': ply.board = Board::B, ply.color = Black; break;
      default: ply.board = Board::A, ply.color = number_.dots >= 2 ? Black : White; break;
    }
    ply.seat_written = number_.seat != 0;
    number_.present = false;
  } else {
    // PGN's Black move after `1. e4`, or any move written without a number: the board of the
    // previous move, the other colour.
    ply.number = 0;
    ply.number_pos = ply.san_pos;
    ply.board = last_board_;
    const int last = last_color_[static_cast<int>(ply.board)];
    ply.color = last < 0 ? first_color() : ~Color(last);
  }
  last_board_ = ply.board;
  last_color_[static_cast<int>(ply.board)] = ply.color;
}

void GameBuilder::annotation(std::string_view glyph) {
  // The PGN standard's NAG numbers for the traditional suffixes.
  int nag = 0;
  if (glyph == "!") nag = 1;
  else if (glyph == "?") nag = 2;
  else if (glyph == "!!") nag = 3;
  else if (glyph == "??") nag = 4;
  else if (glyph == "!?") nag = 5;
  else if (glyph == "?!") nag = 6;
  if (!game_->plies.empty()) game_->plies.back().nags.push_back(nag);
  last_comment_ = Where::None;
}

void GameBuilder::nag(std::string_view text) {
  text.remove_prefix(1);  // '$'
  if (!game_->plies.empty()) game_->plies.back().nags.push_back(number_of<int>(text));
  last_comment_ = Where::None;
}

void GameBuilder::set_clock(Ply& ply, ClockForm form, std::string_view number, std::string_view clock_text) {
  ply.clock.kind = form == ClockForm::TsTime ? ClockKind::SinceStart : ClockKind::Remaining;
  if (form == ClockForm::ClkTime ? !plain_clk_time(number, ply.clock) : !plain_clock(number, ply.clock)) {
    ply.clock.seconds = form == ClockForm::ClkTime ? clock_time_seconds(number) : decimal_of(number);
    ply.clock.decimals = decimals_of(number);
  }
  ply.clock.text.assign(clock_text);
}

void GameBuilder::clock_comment(ClockForm form, std::string_view number, std::string_view clock_text,
                                std::string_view content, const char* at) {
  // Only the first brace after a move is its clock; elsewhere a number in braces is a comment.
  if (game_->plies.empty() || braces_since_move_ != 0) {
    comment(content, at);
    return;
  }
  set_clock(game_->plies.back(), form, number, clock_text);
  ++braces_since_move_;
  last_comment_ = Where::None;
}

void GameBuilder::plain_clock_comment(std::string_view number, const char* at) {
  if (game_->plies.empty() || braces_since_move_ != 0) {
    comment(number, at);
    return;
  }
  Clock& clock = game_->plies.back().clock;
  clock.kind = ClockKind::Remaining;
  if (!matched_plain_clock(number, clock)) {
    clock.seconds = decimal_of(number);
    clock.decimals = decimals_of(number);
  }
  clock.text.assign(number);
  ++braces_since_move_;
  last_comment_ = Where::None;
}

Comment& GameBuilder::add_comment(std::string&& text, const char* at) {
  const bool leading = game_->plies.empty();
  std::vector<Comment>& list = leading ? game_->leading_comments : game_->plies.back().comments;
  Comment& c = list.emplace_back();
  c.text = std::move(text);
  c.pos = positions_.at(at);
  last_comment_ = leading ? Where::Leading : Where::Ply;
  return c;
}

void GameBuilder::comment(std::string_view content, const char* at) {
  const bool first_after_move = !game_->plies.empty() && braces_since_move_ == 0;
  ++braces_since_move_;
  if (first_after_move) {
    // A brace holding a clock and other things: the clock goes to the ply, the rest stays a comment.
    if (const EmbeddedClock clock = find_embedded_clock(content); clock.found) {
      set_clock(game_->plies.back(), clock.form, clock.number, clock.text);
      const auto offset = static_cast<std::size_t>(clock.text.data() - content.data());
      const std::string_view before = trim_ascii_space(content.substr(0, offset));
      const std::string_view after = trim_ascii_space(content.substr(offset + clock.text.size()));
      std::string rest(before);
      if (!before.empty() && !after.empty()) rest.push_back(' ');
      rest.append(after);
      if (!rest.empty()) add_comment(std::move(rest), at);
      last_comment_ = Where::None;  // what shares a brace with a clock is no termination
      return;
    }
  }
  add_comment(std::string(content), at);
}

void GameBuilder::line_comment(std::string_view content, const char* at) {
  if (!content.empty() && content.back() == '\r') content.remove_suffix(1);
  add_comment(std::string(content), at);
  last_comment_ = Where::None;  // the termination is written in braces
}

void GameBuilder::variation(std::string_view text) {
  if (!game_->plies.empty()) game_->plies.back().variations.emplace_back(text);
  last_comment_ = Where::None;
}

void GameBuilder::result(std::string_view text, const char* at) {
  game_->result.assign(text);
  game_->result_pos = positions_.at(at);
  // `{BobBughouse checkmated} 1-0`: the comment right before the result says how the game ended.
  // An empty one (`{}`, `{ }`) says nothing and stays a comment: as a termination it would
  // vanish, and fmt would drop it on its second run.
  if (last_comment_ != Where::None) {
    std::vector<Comment>& list =
        last_comment_ == Where::Leading ? game_->leading_comments : game_->plies.back().comments;
    if (const std::string_view said = trim_ascii_space(list.back().text); !said.empty()) {
      game_->termination.assign(said);
      list.pop_back();
    }
    last_comment_ = Where::None;
  }
}

void GameBuilder::apply_lag() {
  // `[Lag "178 284 242"]`: one entry per ply, in record order, milliseconds.
  const std::string* lag = game_->tag("Lag");
  if (!lag) return;
  std::string_view rest = *lag;
  std::size_t i = 0;
  while (i < game_->plies.size()) {
    rest = trim_ascii_space(rest);
    if (rest.empty()) break;
    std::size_t end = 0;
    while (end < rest.size() && rest[end] != ' ' && rest[end] != '\t') ++end;
    const std::string_view entry = rest.substr(0, end);
    if (!entry.empty() && entry.size() <= 9 && all_digits(entry)) {
      game_->plies[i].lag_ms = clock_field(entry);  // the value from_chars reads, without its general path
    } else {
      int ms = 0;
      const auto [ptr, ec] = std::from_chars(entry.data(), entry.data() + entry.size(), ms);
      if (ec == std::errc{} && ptr == entry.data() + entry.size()) game_->plies[i].lag_ms = ms;
    }
    ++i;
    rest.remove_prefix(end);
  }
}

void GameBuilder::decide_dialect() {
  Game& g = *game_;
  bool two_boards = std::any_of(g.plies.begin(), g.plies.end(), [](const Ply& p) { return p.seat_written; });
  for (const char* name : {"WhiteA", "BlackA", "WhiteB", "BlackB", "BFEN"}) two_boards = two_boards || g.tag(name);
  if (const std::string* fen = g.tag("FEN")) two_boards = two_boards || fen->find('|') != std::string::npos;
  g.dialect = two_boards ? Dialect::Bpgn : Dialect::Pgn;
}

void GameBuilder::decide_clock_kind() {
  int remaining = 0, since_start = 0;
  for (const Ply& p : game_->plies) {
    remaining += p.clock.kind == ClockKind::Remaining;
    since_start += p.clock.kind == ClockKind::SinceStart;
  }
  game_->clock_kind = remaining + since_start == 0 ? ClockKind::None
                      : since_start > remaining    ? ClockKind::SinceStart
                                                   : ClockKind::Remaining;
}

void GameBuilder::count_columns_in_characters(std::string_view text) {
  Game& g = *game_;
  fixups_.clear();
  for (Tag& t : g.tags) fixups_.push_back(&t.pos);
  for (Comment& c : g.leading_comments) fixups_.push_back(&c.pos);
  for (Ply& p : g.plies) {
    fixups_.push_back(&p.number_pos);
    fixups_.push_back(&p.san_pos);
    for (Comment& c : p.comments) fixups_.push_back(&c.pos);
  }
  if (g.result_pos.line != 0) fixups_.push_back(&g.result_pos);
  for (ReadNote& n : g.notes) fixups_.push_back(&n.pos);
  if (g.error && g.error->pos.line != 0) fixups_.push_back(&g.error->pos);
  std::sort(fixups_.begin(), fixups_.end(), [](const SourcePos* a, const SourcePos* b) {
    return a->line != b->line ? a->line < b->line : a->column < b->column;
  });

  // Walk the text once, counting bytes and characters side by side.
  std::uint32_t line = g.start.line, bytes = g.start.column, chars = g.start.column;
  const char* p = text.data();
  const char* end = p + text.size();
  for (SourcePos* target : fixups_) {
    while (p < end && (line < target->line || (line == target->line && bytes < target->column))) {
      if (*p == '\n') {
        ++line;
        bytes = chars = 1;
      } else {
        ++bytes;
        chars += (static_cast<unsigned char>(*p) & 0xC0) != 0x80;
      }
      ++p;
    }
    target->column = chars;  // equal positions (a move without number) meet the same count
  }
}

void GameBuilder::decide_encoding(std::string_view text) {
  Game& g = *game_;
  if (is_ascii(text)) {
    g.encoding = Encoding::Utf8;
    return;
  }
  if (is_valid_utf8(text)) {
    g.encoding = Encoding::Utf8;
    count_columns_in_characters(text);
    return;
  }
  // Latin-1: one byte, one character, so the columns already count characters.
  g.encoding = Encoding::Latin1;
  for (Tag& t : g.tags) to_utf8(t.value);
  for (Comment& c : g.leading_comments) comment_to_utf8(c.text);
  for (Ply& p : g.plies) {
    for (Comment& c : p.comments) comment_to_utf8(c.text);
    for (std::string& v : p.variations) to_utf8(v);
  }
  comment_to_utf8(g.termination);
  for (ReadNote& n : g.notes) to_utf8(n.text);
}

void GameBuilder::finish(const char* end) {
  apply_lag();
  decide_dialect();
  decide_clock_kind();
  decide_encoding(std::string_view(base_, static_cast<std::size_t>(end - base_)));
}

}  // namespace bpgn
