#include "convert/board_pgn.h"

#include "core/fen.h"
#include "core/fnv1a.h"
#include "output/canonical_movetext.h"
#include "output/canonical_tags.h"
#include "output/canonical_writer.h"
#include "record/names_format.h"

#include <fmt/format.h>

#include <array>
#include <cstdint>

namespace bpgn {
namespace {

constexpr std::array<std::string_view, 15> kReserved{
    "White", "Black",         "WhiteElo",     "BlackElo",     "Result",         "Variant",
    "Board", "BughouseMatch", "WhitePartner", "BlackPartner", "BughouseResult", "BughouseResultToken",
    "SetUp", "FEN",           "Round"};

// Tags of the match that become the board games' own (seat names, STR, result).
bool is_seat_or_roster_tag(std::string_view name) {
  for (std::string_view s : {"WhiteA", "WhiteAElo", "BlackA", "BlackAElo", "WhiteB", "WhiteBElo", "BlackB",
                             "BlackBElo", "Event", "Site", "Date", "Round", "Result"}) {
    if (name == s) return true;
  }
  return false;
}

// The text, then a separator, so that ("ab","c") and ("a","bc") differ.
std::uint64_t fnv1a_field(std::uint64_t h, std::string_view s) { return fnv1a_byte(fnv1a(h, s), 0xff); }

bool digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// The board's result from the match's: team 1 is White on A and Black on B.
std::string board_result(const ReplayResult& replay, Board board) {
  switch (replay.outcome.winner) {
    case Winner::Team1:
      return board == Board::A ? "1-0" : "0-1";
    case Winner::Team2:
      return board == Board::A ? "0-1" : "1-0";
    case Winner::White:
      return "1-0";
    case Winner::Black:
      return "0-1";
    case Winner::Draw:
      return "1/2-1/2";
    case Winner::None:
      return "*";
  }
  return "*";
}

std::string seat_name(Board board, Color color, std::string_view suffix = {}) {
  return fmt::format("{}{}", seat_of(board, color), suffix);
}

void append_board(const Game& match, const ReplayResult& replay, Board board, const std::string& id,
                  std::string& out) {
  auto tag = [&](std::string_view name) { return match.tag(name); };
  for (std::string_view name : {"Event", "Site", "Date", "Round"}) {
    if (const std::string* v = tag(name)) append_tag(out, name, is_date_tag(name) ? normalise_date(*v) : *v);
  }
  if (const std::string* v = tag(seat_name(board, White))) append_tag(out, "White", *v);
  if (const std::string* v = tag(seat_name(board, Black))) append_tag(out, "Black", *v);
  append_tag(out, "Result", board_result(replay, board));
  if (const std::string* v = tag(seat_name(board, White, "Elo"))) append_tag(out, "WhiteElo", *v);
  if (const std::string* v = tag(seat_name(board, Black, "Elo"))) append_tag(out, "BlackElo", *v);
  for (const Tag& t : match.tags) {
    if (is_seat_or_roster_tag(t.name) && match.tag(t.name) == &t.value) continue;  // written above or below
    const std::string value = is_date_tag(t.name) ? normalise_date(t.value) : t.value;
    if (is_board_pgn_reserved_tag(t.name)) {
      append_tag(out, "Match" + t.name, value);
    } else {
      append_tag(out, t.name, value);
    }
  }
  append_tag(out, "Variant", "Bughouse");
  append_tag(out, "Board", board_name(board));
  append_tag(out, "BughouseMatch", id);
  const Board other = board == Board::A ? Board::B : Board::A;
  // White's partner is Black on the other board, and Black's is White there.
  if (const std::string* v = tag(seat_name(other, Black))) append_tag(out, "WhitePartner", *v);
  if (const std::string* v = tag(seat_name(other, White))) append_tag(out, "BlackPartner", *v);
  const std::string* result_tag = tag("Result");
  if (result_tag) append_tag(out, "BughouseResult", *result_tag);
  if (!result_tag || *result_tag != match.result) append_tag(out, "BughouseResultToken", match.result);
  if (const std::string* fen = tag("FEN")) {
    const auto bar = fen->find('|');
    std::string_view part = *fen;
    if (bar != std::string::npos) part = board == Board::A ? part.substr(0, bar) : part.substr(bar + 1);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    append_tag(out, "SetUp", "1");
    append_tag(out, "FEN", part);
  }
  out += '\n';

  MovetextWriter w(out);
  if (board == Board::A) {
    for (const Comment& c : match.leading_comments) {
      if (!is_fmt_marker(c.text)) w.words("{", c.text, "}");
    }
  }
  MoveNumbers numbers;
  bool black_needs_number = true;
  std::vector<std::string> annotation;
  for (std::size_t i = 0; i < match.plies.size(); ++i) {
    const Ply& ply = match.plies[i];
    const PlyOutcome* outcome = i < replay.plies.size() ? &replay.plies[i] : nullptr;
    const Position* before = replay.kept_before(i);  // for the position after a drop
    const int number = numbers.next(ply, replay, i);
    if (ply.board != board) continue;
    const bool played = outcome && outcome->replayed;
    const std::string san = san_to_write(ply, outcome);
    if (ply.color == White) {
      w.token(fmt::format("{}. {}", number, san));
    } else if (black_needs_number) {
      w.token(fmt::format("{}... {}", number, san));
    } else {
      w.token(san);
    }
    // The annotation: the clock as %clk when the match writes plain seconds, the match order,
    // and the position after a drop. A clock written some other way (`[%clk 0:00:01.3]`,
    // `[ts=185.07]`) follows in its own brace, announced by [%matchclock next].
    annotation.clear();
    std::optional<std::string> verbatim_clock;
    if (ply.clock.kind != ClockKind::None) {
      if (auto clk = clk_command(ply.clock.text); clk && ply.clock.kind == ClockKind::Remaining) {
        annotation.push_back(*clk);
      } else {
        verbatim_clock = single_line(ply.clock.text);
      }
    }
    annotation.push_back(fmt::format("[%matchply {}]", i + 1));
    if (verbatim_clock) annotation.push_back("[%matchclock next]");
    if (played && outcome->move.kind == MoveKind::Drop && before) {
      Position after = *before;
      after.play(outcome->move, replay.rules);
      annotation.push_back("[%fen " + to_fen(after) + "]");
    }
    w.pieces("{", annotation, "}");
    if (verbatim_clock) w.token("{" + *verbatim_clock + "}");
    for (int nag : ply.nags) w.token(fmt::format("${}", nag));
    for (const Comment& c : ply.comments) {
      if (!is_fmt_marker(c.text)) w.words("{", c.text, "}");
    }
    for (const std::string& v : ply.variations) w.words("(", v, ")");
    black_needs_number = true;  // every move is followed by its annotation comment
  }
  if (!match.termination.empty()) w.words("{", match.termination, "}");
  w.token(board_result(replay, board));
  w.finish();
}

}  // namespace

bool is_board_pgn_reserved_tag(std::string_view name) {
  if (name.starts_with("Match")) return true;
  for (std::string_view r : kReserved) {
    if (name == r) return true;
  }
  return false;
}

std::string bughouse_match_id(const Game& match) {
  if (const std::string* no = match.tag("BughouseDBGameNo"); no && digits(*no)) return "bughousedb-" + *no;
  const std::string* a = match.tag("ChessComGameA");
  const std::string* b = match.tag("ChessComGameB");
  if (a && b && digits(*a) && digits(*b)) return "chesscom-" + *a + "-" + *b;
  std::uint64_t h = kFnv1aOffset;
  for (const Tag& t : match.tags) h = fnv1a_field(fnv1a_field(h, t.name), t.value);
  for (const Ply& p : match.plies) h = fnv1a_field(h, p.san);
  return fmt::format("{:016x}", h);
}

void append_board_pgns(const Game& match, const ReplayResult& replay, std::string& out) {
  const std::string id = bughouse_match_id(match);
  append_board(match, replay, Board::A, id, out);
  out += '\n';
  append_board(match, replay, Board::B, id, out);
}

std::optional<std::string> clk_command(std::string_view text) {
  std::string_view s = text;
  const bool negative = s.starts_with('-');
  if (negative) s.remove_prefix(1);
  const auto dot = s.find('.');
  const std::string_view whole = s.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? std::string_view{} : s.substr(dot + 1);
  if (!digits(whole) || (dot != std::string_view::npos && !digits(fraction)) || whole.size() > 9)
    return std::nullopt;
  if (whole.size() > 1 && whole.front() == '0') return std::nullopt;  // `058` would not come back as written
  const long seconds = std::stol(std::string(whole));
  std::string out = fmt::format("[%clk {}{}:{:02}:{:02}", negative ? "-" : "", seconds / 3600,
                                (seconds / 60) % 60, seconds % 60);
  if (dot != std::string_view::npos) out += fmt::format(".{}", fraction);
  return out + "]";
}

std::optional<std::string> seconds_from_clk(std::string_view v) {
  const bool negative = v.starts_with('-');
  if (negative) v.remove_prefix(1);
  const auto c1 = v.find(':');
  const auto c2 = c1 == std::string_view::npos ? c1 : v.find(':', c1 + 1);
  if (c2 == std::string_view::npos) return std::nullopt;
  const std::string_view h = v.substr(0, c1);
  const std::string_view m = v.substr(c1 + 1, c2 - c1 - 1);
  std::string_view sec = v.substr(c2 + 1);
  std::string_view fraction;
  const auto dot = sec.find('.');
  if (dot != std::string_view::npos) {
    fraction = sec.substr(dot + 1);
    sec = sec.substr(0, dot);
    if (!digits(fraction)) return std::nullopt;
  }
  if (!digits(h) || !digits(m) || !digits(sec) || h.size() > 6 || m.size() > 2 || sec.size() > 2)
    return std::nullopt;
  const long total =
      std::stol(std::string(h)) * 3600 + std::stol(std::string(m)) * 60 + std::stol(std::string(sec));
  std::string out = fmt::format("{}{}", negative ? "-" : "", total);
  if (dot != std::string_view::npos) out += fmt::format(".{}", fraction);
  return out;
}

}  // namespace bpgn
