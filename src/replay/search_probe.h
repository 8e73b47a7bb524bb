// The position search (check's --position, --move, --material; docs/check.md, *Filters*): what
// the replay looks for after each played ply, so that a search costs no kept positions. The
// replay asks the probe only when ReplayOptions::probe is set, and stops asking once every kind
// of target given has been found.
#pragma once

#include "core/move.h"
#include "core/position.h"
#include "core/san.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace bpgn {

// A board reached: the pieces on their squares, the side to move (nullopt: either), and at least
// these pieces in each hand. Castling rights, en passant and the move counters are not compared.
struct PositionTarget {
  std::array<Bitboard, 2> by_color{};
  std::array<Bitboard, kPieceTypes> by_type{};
  std::optional<Color> side;
  std::array<Holding, 2> in_hand{};  // at least; all zero: no condition

  bool matches(const Position& pos) const {
    if (pos.pieces(White) != by_color[White] || pos.pieces(Black) != by_color[Black]) return false;
    if (side && pos.side_to_move() != *side) return false;
    for (int t = 0; t < kPieceTypes; ++t) {
      if (pos.pieces(PieceType(t)) != by_type[t]) return false;
    }
    for (Color c : {White, Black}) {
      for (int t = 0; t < kHoldablePieceTypes; ++t) {
        if (pos.in_hand(c, PieceType(t)) < in_hand[c][t]) return false;
      }
    }
    return true;
  }
};

// The board part of a FEN as a target: placement with holdings (`[Qp]` or a ninth rank) and the
// side to move; a FEN without the side matches either side. The fields after it are ignored (at
// most four of them). The error is the reader's message with the character it is at (1-based).
std::variant<PositionTarget, std::string> read_position_target(std::string_view fen);

// The material on one board, in the spirit of pgn-extract's -z: for each colour and piece type a
// least and a most count of the pieces on the board (kings and pieces in hand are not counted).
struct MaterialTarget {
  std::array<std::array<std::uint8_t, kHoldablePieceTypes>, 2> least{}, most{};

  bool matches(const Position& pos) const {
    for (Color c : {White, Black}) {
      for (int t = 0; t < kHoldablePieceTypes; ++t) {
        const int n = popcount(pos.pieces(c, PieceType(t)));
        if (n < least[c][t] || n > most[c][t]) return false;
      }
    }
    return true;
  }
};

// `QR2P*:qr` (one side's pieces, ':' or spaces, the other's), as pgn-extract's -z reads it: a
// letter alone is exactly one, `N2` exactly two, `N2+` at least two, `N2-` at most two, `N+` at
// least one, `N*` any number; a piece not named is absent. The two targets are the text as
// written (first side White) and with the colours swapped, as -z tries both. The error says what
// is wrong.
std::variant<std::array<MaterialTarget, 2>, std::string> read_material_target(std::string_view text);

// A SAN pattern: `*` any text, `?` one character, matched against the canonical SAN bpgn writes
// for a played move (`Q@e4`, `exd5`, `e8=R/d1`, `O-O-O`). Without a `+` or `#` in the pattern the
// move's check mark is not compared.
class MovePattern {
 public:
  // What the pattern matches: the pattern itself after the spellings bpgn also reads are made
  // canonical (`@e4` -> `P@e4`, `0-0` -> `O-O`, bughouse.pro's `e8=Rd1` -> `e8=R/d1`).
  const std::string& text() const { return text_; }
  // Whether the move could match at all, before its SAN is made (the SAN's first character
  // tells the kind of move and the piece).
  bool may_match(const Move& m) const;
  // `san` without its suffix, `suffix` the move's check mark.
  bool matches(std::string_view san, CheckSuffix suffix) const;

 private:
  friend std::variant<MovePattern, std::string> read_move_pattern(std::string_view text);
  std::string text_;
  bool with_suffix_ = false;
};

// The error says which character is no part of SAN.
std::variant<MovePattern, std::string> read_move_pattern(std::string_view text);

// Shell-like wildcards `*` and `?` over the whole text (no character classes: SAN needs none).
bool wildcard_match(std::string_view pattern, std::string_view text);

// Everything one search looks for. Each list given must have one of its targets found (any of
// them) for the game to be kept; `board` restricts all of them to one board (0: A, 1: B).
struct ReplayProbe {
  std::vector<PositionTarget> positions;
  std::vector<MovePattern> moves;
  std::vector<MaterialTarget> materials;
  std::optional<int> board;

  bool empty() const { return positions.empty() && moves.empty() && materials.empty(); }
};

// What the replay found of a probe's targets (ReplayResult::found).
struct ProbeFound {
  bool position = false, move = false, material = false;
  // Every kind of target the probe has was found: nothing is left to look for.
  bool all(const ReplayProbe& p) const {
    return (position || p.positions.empty()) && (move || p.moves.empty()) && (material || p.materials.empty());
  }
};

}  // namespace bpgn
