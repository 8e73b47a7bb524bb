#include "output/svg_board.h"

#include <fmt/format.h>

#include <array>

namespace bpgn {
namespace {

// Each piece in a 45 x 45 box, standing on a base 35..41 high. Every body covers the point
// (22.5, 31), where the browser test samples a piece's colour.
constexpr std::string_view kBase = R"(<rect x="10" y="35" width="25" height="6" rx="1.5"/>)";
constexpr std::array<std::string_view, 6> kShapes = {
    // pawn: a head on a cone
    R"(<circle cx="22.5" cy="13" r="5.5"/><path d="M15 36 Q15 25 22.5 19 Q30 25 30 36 Z"/>)",
    // knight: a horse's head facing left
    R"(<path d="M14 36 C13 30 16 26 19 23 L12 25 C9 24 8 21 9 19 C12 14 15 10 19 8 L20 4 L23 7 C29 9 32 16 32 24 C32 29 31 33 31 36 Z"/>)",
    // bishop: a mitre with a slit and a ball
    R"(<circle cx="22.5" cy="7.5" r="3"/><path d="M14.5 36 C14.5 28 16.5 20 22.5 11 C28.5 20 30.5 28 30.5 36 Z"/>)",
    // rook: a tower with battlements
    R"(<path d="M14 35 L15 17 L30 17 L31 35 Z"/><path d="M11 8 H16 V11 H20 V8 H25 V11 H29 V8 H34 V17 H11 Z"/>)",
    // queen: a crown with five points
    R"(<path d="M13 36 L9 14 L16.5 26 L18.5 10 L22.5 24 L26.5 10 L28.5 26 L36 14 L32 36 Z"/><circle cx="9" cy="13" r="2.5"/><circle cx="18.5" cy="9" r="2.5"/><circle cx="26.5" cy="9" r="2.5"/><circle cx="36" cy="13" r="2.5"/>)",
    // king: a cross over a rounded body
    R"(<path d="M13 36 C8 29 11 21 22.5 24 C34 21 37 29 32 36 Z"/><path d="M21 5 H24 V10 H28 V13 H24 V22 H21 V13 H17 V10 H21 Z"/>)",
};
// Details drawn over the body in the contrasting colour.
constexpr std::array<std::string_view, 6> kDetails = {
    "",
    R"(<circle cx="20" cy="13" r="1.4"/>)",
    R"(<path d="M20 21 L26 27" fill="none" stroke-width="1.6"/>)",
    "",
    "",
    "",
};
constexpr std::string_view kLetters = "pnbrqk";

std::string symbol_id(Piece p) { return fmt::format("piece-{}{}", p.color == White ? 'w' : 'b', kLetters[p.type]); }

std::string use_piece(Piece p, double x, double y, double size) {
  return fmt::format(R"(<use href="#{}" x="{:g}" y="{:g}" width="{:g}" height="{:g}"/>)", symbol_id(p), x, y, size, size);
}

std::string_view square_fill(Square s, const BoardMarks& m) {
  const bool light = (file_of(s) + rank_of(s)) % 2 == 1;
  const SquareColors* colors = &kPlainSquares;
  if (s == m.bad_from || s == m.bad_to) colors = &kOffendingSquares;
  else if (s == m.last_from || s == m.last_to) colors = &kLastMoveSquares;
  return light ? colors->light : colors->dark;
}

}  // namespace

std::string svg_piece_definitions() {
  std::string out = R"(<svg class="defs" width="0" height="0" aria-hidden="true"><defs>)";
  for (Color c : {White, Black}) {
    const std::string_view fill = c == White ? "#ffffff" : "#262626";
    const std::string_view detail = c == White ? "#262626" : "#ffffff";
    for (int t = Pawn; t <= King; ++t) {
      out += fmt::format(R"(<symbol id="{}" viewBox="0 0 45 45"><g fill="{}" stroke="#262626" stroke-width="1.5" )"
                         R"(stroke-linejoin="round">{}{}</g><g fill="{}" stroke="{}">{}</g></symbol>)",
                         symbol_id(Piece{c, PieceType(t)}), fill, kShapes[t], kBase, detail, detail, kDetails[t]);
    }
  }
  out += "</defs></svg>";
  return out;
}

std::string svg_board(const Position& pos, const BoardMarks& marks, const BoardSvgOptions& o) {
  constexpr int kSquare = 45;
  std::string out = fmt::format(R"(<svg class="board" id="{}" viewBox="0 0 360 360" width="{}" height="{}" )"
                                R"(role="{}" aria-label="{}">)",
                                o.id, o.pixels, o.pixels, o.named_squares ? "group" : "img", o.label);
  for (int row = 0; row < 8; ++row) {
    for (int col = 0; col < 8; ++col) {
      const int rank = o.flipped ? row : 7 - row;
      const int file = o.flipped ? 7 - col : col;
      const Square s = make_square(file, rank);
      out += fmt::format(R"(<rect data-square="{0}" x="{1}" y="{2}" width="45" height="45" fill="{3}"{4}/>)",
                         square_name(s), col * kSquare, row * kSquare, square_fill(s, marks),
                         o.named_squares ? fmt::format(R"( role="img" aria-label="{}")", square_name(s)) : "");
    }
  }
  // File letters along the bottom row, rank numbers along the left column.
  out += R"(<g class="coords" font-size="9" font-family="sans-serif" fill="#5a4632">)";
  for (int i = 0; i < 8; ++i) {
    const int file = o.flipped ? 7 - i : i;
    const int rank = o.flipped ? i : 7 - i;
    out += fmt::format(R"(<text x="{}" y="357">{}</text>)", i * kSquare + 37, char('a' + file));
    out += fmt::format(R"(<text x="2" y="{}">{}</text>)", i * kSquare + 10, char('1' + rank));
  }
  out += o.named_squares ? R"(</g><g class="pieces" aria-hidden="true">)" : "</g>";
  for (Square s = 0; s < 64; ++s) {
    if (pos.empty(s)) continue;
    const int col = o.flipped ? 7 - file_of(s) : file_of(s);
    const int row = o.flipped ? rank_of(s) : 7 - rank_of(s);
    out += use_piece(pos.piece_on(s), col * kSquare, row * kSquare, kSquare);
  }
  if (o.named_squares) out += "</g>";
  out += "</svg>";
  return out;
}

std::string svg_holding(const Holding& h, Color c, int piece_pixels) {
  std::string body;
  int slots = 0;
  for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn}) {
    if (h[t] == 0) continue;
    const double x = slots * 60;
    body += use_piece(Piece{c, t}, x, 0, 45);
    if (h[t] > 1) body += fmt::format(R"(<text x="{}" y="42" font-size="16" font-family="sans-serif">×{}</text>)", x + 42, int(h[t]));
    ++slots;
  }
  const int width_units = std::max(slots, 1) * 60;
  return fmt::format(R"(<svg class="holding" viewBox="0 0 {} 45" width="{}" height="{}" role="img" aria-label="{}">{}</svg>)",
                     width_units, width_units * piece_pixels / 45, piece_pixels,
                     slots == 0 ? "nothing in hand" : "in hand", body);
}

}  // namespace bpgn
