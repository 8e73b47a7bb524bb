// fmt::formatter for the record's domain types, so that messages and writers name a board, a seat
// or a square one way: `fmt::format("board {}", Board::A)` gives "board A", a Seat its BPGN tag
// ("WhiteA"), a SquareName its algebraic name ("e4"). The names themselves are defined once, in
// record/game.h and core/types.h (the chess core stays free of fmt).
#pragma once

#include "core/types.h"
#include "record/game.h"

#include <fmt/format.h>

namespace bpgn {

// A square to be formatted by name (Square is a plain integer type, which fmt writes as a number).
struct SquareName {
  Square square;
};

// A move number as records write it before the SAN: with the seat letter, "12A." "12a." "12B."
// "12b." (BPGN); without, by colour, "12." for White and "12..." for Black (PGN).
struct MoveNumberText {
  int number;
  Board board;
  Color color;
  bool seat;
};

}  // namespace bpgn

template <>
struct fmt::formatter<bpgn::Board> : fmt::formatter<char> {
  template <typename Context>
  auto format(bpgn::Board b, Context& ctx) const {
    return fmt::formatter<char>::format(bpgn::board_letter(b), ctx);
  }
};

template <>
struct fmt::formatter<bpgn::Seat> : fmt::formatter<std::string_view> {
  template <typename Context>
  auto format(bpgn::Seat s, Context& ctx) const {
    return fmt::formatter<std::string_view>::format(bpgn::seat_tag(s), ctx);
  }
};

template <>
struct fmt::formatter<bpgn::MoveNumberText> : fmt::formatter<std::string_view> {
  template <typename Context>
  auto format(const bpgn::MoveNumberText& m, Context& ctx) const {
    const std::string text = m.seat ? fmt::format("{}{}.", m.number, bpgn::seat_letter(m.board, m.color))
                                    : fmt::format("{}{}", m.number, m.color == bpgn::White ? "." : "...");
    return fmt::formatter<std::string_view>::format(text, ctx);
  }
};

template <>
struct fmt::formatter<bpgn::SquareName> : fmt::formatter<std::string_view> {
  template <typename Context>
  auto format(bpgn::SquareName s, Context& ctx) const {
    const std::string name = bpgn::square_name(s.square);
    return fmt::formatter<std::string_view>::format(name, ctx);
  }
};
