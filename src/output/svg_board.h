// Boards, pieces and holdings drawn as SVG for the HTML report: the project's own piece drawings
// (simple silhouettes in a 45 x 45 box), defined once per page as <symbol>s and placed with <use>.
#pragma once

#include "core/position.h"

#include <optional>
#include <string>
#include <string_view>

namespace bpgn {

// The <svg> element (hidden, no size) that defines the twelve pieces as symbols `#piece-wK`,
// `#piece-bp`, ...: written once near the top of the page, before any board.
std::string svg_piece_definitions();

// Square colours, also read back by the browser test from screenshots.
struct SquareColors {
  std::string_view light, dark;
};
inline constexpr SquareColors kPlainSquares{"#f0d9b5", "#b58863"};
inline constexpr SquareColors kLastMoveSquares{"#f2ea7a", "#c8bc3c"};   // the board's last move
inline constexpr SquareColors kOffendingSquares{"#f39a9a", "#d05a5a"};  // the move a violation concerns

struct BoardMarks {
  std::optional<Square> last_from, last_to;  // the last move played on the board
  std::optional<Square> bad_from, bad_to;    // the move in question (played or only aimed at)
};

struct BoardSvgOptions {
  bool flipped = false;  // Black at the bottom (board B beside board A)
  int pixels = 280;      // width and height on the page
  std::string id;        // the element's id (tests find the board by it)
  std::string label;     // the accessible name, e.g. "Board A after 23a. Q@f6"
  // The squares as screen readers' images, each named (`aria-label="e4"`) in a group, instead of
  // one image of the whole board (the match viewer names the pieces on them as it draws).
  bool named_squares = false;
};

// One board: 64 squares (each `<rect data-square="e4">`), the pieces, file and rank letters.
std::string svg_board(const Position& position, const BoardMarks& marks, const BoardSvgOptions& options);

// A holding as pieces with counts, in a row (`<svg class="holding">`); an empty holding is drawn
// as an empty row of the same height.
std::string svg_holding(const Holding& holding, Color color, int piece_pixels = 24);

}  // namespace bpgn
