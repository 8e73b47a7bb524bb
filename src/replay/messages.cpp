#include "replay/messages.h"

#include "record/names_format.h"
#include "text/visible_text.h"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <iterator>
#include <vector>

namespace bpgn {

std::string_view piece_name(PieceType t) {
  switch (t) {
    case Pawn: return "pawn";
    case Knight: return "knight";
    case Bishop: return "bishop";
    case Rook: return "rook";
    case Queen: return "queen";
    case King: return "king";
    case NoPieceType: return "piece";
  }
  return "piece";
}

std::string who(Board b, Color c, int boards, std::string_view player) {
  const std::string named =
      player.empty() ? std::string(color_name(c)) : fmt::format("{} ({})", color_name(c), clipped(player));
  if (boards == 1) return named;
  return fmt::format("{} on board {}", named, b);
}

std::string_view player_of(const Game& game, Board b, Color c, int boards) {
  const std::string* name = game.tag(boards == 1 ? color_name(c) : seat_tag(seat_of(b, c)));
  if (!name || name->empty() || *name == "?") return {};
  return *name;
}

std::string seat_name(const Game& game, Seat seat, int boards) {
  const std::string_view name = player_of(game, board_of(seat), color_of(seat), boards);
  return std::string(name.empty() ? (boards == 1 ? color_name(color_of(seat)) : seat_tag(seat)) : name);
}

std::string move_ref(const Ply& ply, int number, int boards) {
  return fmt::format("{} {}", MoveNumberText{number, ply.board, ply.color, ply.seat_written || boards == 2},
                     clipped(ply.san));
}

namespace {

// The number of a ply that has none written, from the ply before it on its board (`prev`, or
// none: the board's first move is 1).
int counted_number(const Ply& p, const Ply* prev, int prev_number) {
  if (!prev) return 1;
  return prev->color == White && p.color == Black ? prev_number : prev_number + 1;
}

}  // namespace

std::vector<int> move_numbers(const Game& game) {
  std::vector<int> numbers(game.plies.size());
  std::array<const Ply*, 2> prev{};
  std::array<int, 2> prev_number{};
  for (std::size_t i = 0; i < game.plies.size(); ++i) {
    const Ply& p = game.plies[i];
    const int b = int(p.board);
    numbers[i] = p.number != 0 ? p.number : counted_number(p, prev[b], prev_number[b]);
    prev[b] = &p;
    prev_number[b] = numbers[i];
  }
  return numbers;
}

std::string move_ref(const Game& game, std::size_t index, int boards) {
  const Ply& p = game.plies[index];
  // Messages are rare: counting every ply's number for one of them costs nothing that matters.
  return move_ref(p, p.number != 0 ? p.number : move_numbers(game)[index], boards);
}

std::string holding_text(const Holding& h, Color c) {
  std::string out = "[";
  for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn}) {
    out.append(h[t], piece_letter(t, c));
  }
  out += ']';
  return out;
}

std::string holding_words(const Holding& h) {
  static constexpr std::string_view kCounts[] = {"",    "a",     "two",   "three", "four",  "five",  "six",
                                                 "seven", "eight", "nine", "ten",   "eleven", "twelve", "thirteen",
                                                 "fourteen", "fifteen", "sixteen"};
  std::vector<std::string> parts;
  for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn}) {
    const int n = h[t];
    if (n == 0) continue;
    const std::string count = n < int(std::size(kCounts)) ? std::string(kCounts[n]) : std::to_string(n);
    parts.push_back(fmt::format("{} {}{}", count, piece_name(t), n > 1 ? "s" : ""));
  }
  if (parts.empty()) return "nothing";
  std::string out = parts[0];
  for (std::size_t i = 1; i < parts.size(); ++i) out += (i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return out;
}

std::string seconds_text(double s) {
  std::string out = fmt::format("{:.3f}", std::round(s * 1000) / 1000);
  while (!out.empty() && out.back() == '0') out.pop_back();
  if (!out.empty() && out.back() == '.') out.pop_back();
  if (out == "-0") return "0";
  return out;
}

Violation ply_violation(ViolationCode code, const Game& game, std::size_t index, std::string message,
                        bool at_number) {
  const Ply& ply = game.plies[index];
  Violation v;
  v.code = code;
  v.severity = info(code).severity;
  v.board = ply.board;
  v.color = ply.color;
  if (ply.number != 0) v.move_number = ply.number;
  v.move = ply.san;
  v.pos = at_number && ply.number != 0 ? ply.number_pos : ply.san_pos;
  v.message = std::move(message);
  v.ply = index;
  return v;
}

Violation game_violation(ViolationCode code, SourcePos pos, std::string message) {
  Violation v;
  v.code = code;
  v.severity = info(code).severity;
  v.pos = pos;
  v.message = std::move(message);
  return v;
}

}  // namespace bpgn
