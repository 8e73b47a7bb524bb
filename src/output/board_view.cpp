#include "output/board_view.h"

#include "output/outcome_text.h"
#include "output/report_text.h"
#include "record/names_format.h"
#include "text/visible_text.h"
#include "replay/messages.h"
#include "rules/rule_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace bpgn {
namespace {

constexpr int kBoardWidth = 26;  // rank label, blank, 8 cells of 3
constexpr std::string_view kGap = "     ";

// Columns a terminal gives UTF-8 text: one per character (the names of real records are
// Latin, Cyrillic and the like; the figures and `·` take one column too). ANSI colour sequences
// (`ESC [ ... m`) take none.
std::size_t display_width(std::string_view s) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\x1b') {
      while (i < s.size() && s[i] != 'm') ++i;
      continue;
    }
    n += (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80;
  }
  return n;
}

std::string pad(std::string s, std::size_t width) {
  const std::size_t w = display_width(s);
  if (w < width) s.append(width - w, ' ');
  return s;
}

std::string_view figure(Piece p, bool ascii) {
  static constexpr std::string_view kAscii[2][6] = {{"P", "N", "B", "R", "Q", "K"}, {"p", "n", "b", "r", "q", "k"}};
  static constexpr std::string_view kUnicode[2][6] = {{"♙", "♘", "♗", "♖", "♕", "♔"},
                                                      {"♟", "♞", "♝", "♜", "♛", "♚"}};
  return ascii ? kAscii[p.color][p.type] : kUnicode[p.color][p.type];
}

std::string holding_view(const Holding& h, Color c, bool ascii) {
  std::string out;
  for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn}) {
    if (h[t] == 0) continue;
    if (!out.empty()) out += ' ';
    out += figure(Piece{c, t}, ascii);
    if (h[t] > 1) out += fmt::format("{}{}", ascii ? "x" : "×", int(h[t]));
  }
  return out.empty() ? "-" : out;
}

struct Marks {
  std::optional<Square> from, to, aimed;
};

// One board's block of lines, kBoardWidth columns wide: title, the top player, the board, the
// files, the bottom player. `flipped`: Black at the bottom (board B beside board A).
std::vector<std::string> board_block(const Game& game, const Moment& m, int b, const Marks& marks,
                                     const BoardViewOptions& o) {
  const Position& pos = m.position[b];
  const bool flipped = b == 1;
  const Color bottom = flipped ? Black : White;
  const Color top = flipped ? White : Black;
  auto seat_line = [&](Color c) {
    const Seat seat = seat_of(Board(b), c);
    const std::optional<double>& r = m.remaining[int(seat)];
    const std::string clock = r ? clock_text(*r) : "";
    const std::string name = "  " + player_name(game, seat, m.boards);
    // The clock at the board's right edge, or two blanks after a name too long for that.
    const std::size_t width = display_width(name);
    if (clock.empty()) return name;
    if (width + 2 + clock.size() <= kBoardWidth) return pad(name, kBoardWidth - clock.size()) + clock;
    return name + "  " + clock;
  };
  auto holding_line = [&](Color c) { return "  in hand: " + holding_view(pos.holding(c), c, o.ascii); };

  std::vector<std::string> lines;
  lines.push_back(m.boards == 1 ? "  Board" : fmt::format("  Board {}", Board(b)));
  lines.push_back(seat_line(top));
  lines.push_back(holding_line(top));
  for (int row = 0; row < 8; ++row) {
    const int rank = flipped ? row : 7 - row;
    std::string line = fmt::format("{} ", rank + 1);
    for (int col = 0; col < 8; ++col) {
      const int file = flipped ? 7 - col : col;
      const Square s = Square(rank * 8 + file);
      const std::string_view piece = pos.empty(s) ? (o.ascii ? "." : "·") : figure(pos.piece_on(s), o.ascii);
      const bool moved = s == marks.from || s == marks.to;
      const bool aimed = s == marks.aimed;
      const char open = aimed ? '<' : moved ? '[' : ' ';
      const char close = aimed ? '>' : moved ? ']' : ' ';
      if (o.color && (moved || aimed)) {
        line += fmt::format("\x1b[{}m{}{}{}\x1b[0m", aimed ? "1;31" : "1;33", open, piece, close);
      } else {
        line += open;
        line += piece;
        line += close;
      }
    }
    lines.push_back(std::move(line));
  }
  std::string files = "  ";
  for (int col = 0; col < 8; ++col) files += fmt::format(" {} ", char('a' + (flipped ? 7 - col : col)));
  lines.push_back(files);
  lines.push_back(seat_line(bottom));
  lines.push_back(holding_line(bottom));
  return lines;
}

}  // namespace

// The square a move that was not played aims at: the last square named in its text.
std::optional<Square> aimed_square(std::string_view san) {
  for (std::size_t i = san.size(); i-- > 1;) {
    if (san[i - 1] >= 'a' && san[i - 1] <= 'h' && san[i] >= '1' && san[i] <= '8') {
      return Square((san[i] - '1') * 8 + (san[i - 1] - 'a'));
    }
  }
  return std::nullopt;
}

namespace {

// `At match time 3:01, after 2B. c4 (ply 5 of 8): the flag of WhiteA Alice fell`.
std::string instant_caption(const Game& game, const std::vector<int>& numbers, const Moment& m) {
  std::string out = fmt::format("At match time {}, ", clock_text(m.at.time));
  if (m.plies == 0) {
    out += "before the first move";
  } else {
    const std::size_t i = m.plies - 1;
    const bool played = m.last_played[0] == i || m.last_played[1] == i;
    out += fmt::format("after {} (ply {} of {}{})", move_ref(game.plies[i], numbers[i], m.boards), m.plies,
                       game.plies.size(), played ? "" : ", not played");
  }
  std::string fell;
  for (int s = 0; s < 2 * m.boards; ++s) {
    const std::optional<double>& f = m.clocks.seats[s].fell;
    if (f && std::fabs(*f - m.at.time) < 1e-6) fell += (fell.empty() ? "" : " and ") + player_name(game, Seat(s), m.boards);
  }
  if (!fell.empty()) out += fmt::format(": the flag of {} fell", fell);
  return out;
}

std::string flag_line(const Game& game, const Moment& m) {
  std::string out;
  for (int s = 0; s < 2 * m.boards; ++s) {
    if (const std::optional<double>& f = m.clocks.seats[s].fell) {
      out += fmt::format("The flag of {} fell at {} of match time\n",
                         visible_text(player_name(game, Seat(s), m.boards)),
                         clock_text(*f));
    }
  }
  return out;
}

}  // namespace

std::string moment_caption(const Game& game, const std::vector<int>& numbers, const Moment& m) {
  const std::size_t n = game.plies.size();
  const std::string time = m.time ? fmt::format(", match time {}", clock_text(*m.time)) : "";
  switch (m.at.kind) {
    case MomentAt::Kind::Start: return "At the start of the match";
    case MomentAt::Kind::End: return fmt::format("At the end of the record ({} plies{})", n, time);
    case MomentAt::Kind::Instant: return instant_caption(game, numbers, m);
    case MomentAt::Kind::Ply: break;
  }
  const std::string ref = move_ref(game.plies[m.at.ply], numbers[m.at.ply], m.boards);
  if (m.played) return fmt::format("After {} (ply {} of {}{})", ref, m.at.ply + 1, n, time);
  return fmt::format("At {} (ply {} of {}{}), not played: the position its player saw", ref, m.at.ply + 1, n, time);
}

std::string clock_text(double seconds) {
  const bool negative = seconds < 0;
  double s = std::fabs(seconds);
  // Tenths, rounded down as a clock counts them (a hair of float error is not a tenth less).
  const long long tenths = static_cast<long long>(std::floor(s * 10 + 1e-6));
  const long long whole = tenths / 10;
  const int tenth = int(tenths % 10);
  const long long h = whole / 3600, mi = whole / 60 % 60, se = whole % 60;
  std::string out = negative && tenths > 0 ? "-" : "";
  out += h > 0 ? fmt::format("{}:{:02}:{:02}", h, mi, se) : fmt::format("{}:{:02}", mi, se);
  if (tenth != 0) out += fmt::format(".{}", tenth);
  return out;
}

std::string board_view(const Game& game, const ReplayResult& result, const Moment& m, const BoardViewOptions& o) {
  std::string out;
  const int boards = m.boards;
  if (boards == 2) {
    out += fmt::format("{}, game {}: {} and {} against {} and {}\n", visible_text(game.file), game.index,
                       player_name(game, Seat::WhiteA, 2), player_name(game, Seat::BlackB, 2), player_name(game, Seat::BlackA, 2),
                       player_name(game, Seat::WhiteB, 2));
  } else {
    out += fmt::format("{}, game {}: {} against {}\n", visible_text(game.file), game.index, player_name(game, Seat::WhiteA, 1),
                       player_name(game, Seat::BlackA, 1));
  }
  out += fmt::format("Rules: {}\n", rules_label(result.rules));
  const std::vector<int> numbers = move_numbers(game);
  out += visible_text(moment_caption(game, numbers, m)) + "\n\n";

  std::array<std::vector<std::string>, 2> blocks;
  for (int b = 0; b < boards; ++b) {
    Marks marks;
    if (m.last_played[b]) {
      const Move& mv = result.plies[*m.last_played[b]].move;
      if (mv.from != kNoSquare) marks.from = mv.from;
      marks.to = mv.to;
    }
    if (m.at.kind == MomentAt::Kind::Ply && !m.played) {
      const Ply& p = game.plies[m.at.ply];
      if ((boards == 1 ? 0 : int(p.board)) == b) marks.aimed = aimed_square(p.san);
    }
    blocks[b] = board_block(game, m, b, marks, o);
  }
  // Board B starts after the widest line of board A's block (a long name pushes it right).
  std::size_t left = kBoardWidth;
  for (const std::string& line : blocks[0]) left = std::max(left, display_width(line));
  for (std::size_t i = 0; i < blocks[0].size(); ++i) {
    std::string line = blocks[0][i];
    if (boards == 2) line = pad(std::move(line), left) + std::string(kGap) + blocks[1][i];
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  out += "\n";
  for (int b = 0; b < boards; ++b) {
    // A move its board did not play (the illegal one, and every later one on that board after its
    // first error) says so: the position above is the one without it.
    std::string moves;
    for (std::size_t i : m.recent[b]) {
      if (!moves.empty()) moves += ' ';
      const std::string ref = visible_text(move_ref(game.plies[i], numbers[i], boards));
      const bool played_on = std::any_of(result.violations.begin(), result.violations.end(), [i](const Violation& v) {
        return v.ply == i && v.fate == ActionFate::PlayedOn;
      });
      if (played_on) moves += ref + " (not claimed: play went on)";
      else if (result.plies[i].replayed) moves += ref;
      else if (o.color) moves += fmt::format("\x1b[2m{} (not played)\x1b[0m", ref);
      else moves += ref + " (not played)";
    }
    const std::string label = boards == 2 ? fmt::format("Moves on board {}", Board(b)) : "Moves";
    out += fmt::format("{}: {}\n", label, moves.empty() ? "(none yet)" : moves);
  }
  out += flag_line(game, m);
  if (!m.violations.empty()) out += "\n";
  for (std::size_t k : m.violations) {
    const Violation& v = result.violations[k];
    std::string line = diagnostic_line(game, v);
    if (o.color) {
      const std::string_view color = v.severity == Severity::Error ? "1;31" : v.severity == Severity::Warning ? "1;35" : "1;36";
      line = fmt::format("\x1b[{}m{}\x1b[0m", color, line);
    }
    out += line + "\n";
  }
  out += "\nOutcome: " + outcome_text(game, result) + "\n";
  return out;
}

}  // namespace bpgn
