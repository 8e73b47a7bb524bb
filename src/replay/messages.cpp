#include "replay/messages.h"

#include "record/names_format.h"

#include <fmt/format.h>

#include <cmath>

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

std::string who(Board b, Color c, int boards) {
  if (boards == 1) return std::string(color_name(c));
  return fmt::format("{} on board {}", color_name(c), b);
}

std::string move_ref(const Ply& ply, int boards) {
  if (ply.number == 0) return ply.san;
  return fmt::format("{} {}", MoveNumberText{ply.number, ply.board, ply.color, ply.seat_written || boards == 2},
                     ply.san);
}

std::string holding_text(const Holding& h, Color c) {
  std::string out = "[";
  for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn}) {
    out.append(h[t], piece_letter(t, c));
  }
  out += ']';
  return out;
}

std::string seconds_text(double s) {
  std::string out = fmt::format("{:.3f}", std::round(s * 1000) / 1000);
  while (!out.empty() && out.back() == '0') out.pop_back();
  if (!out.empty() && out.back() == '.') out.pop_back();
  if (out == "-0") out = "0";
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
