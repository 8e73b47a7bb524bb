// Small value types of the chess core: colours, piece types, squares, bitboards.
// Depends on the standard library only.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

namespace bpgn {

using Bitboard = std::uint64_t;

enum Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }
// "White", "Black": as tags and messages name a side.
constexpr std::string_view color_name(Color c) { return c == White ? "White" : "Black"; }
// "white", "black": as JSON and message text name a colour.
constexpr std::string_view color_word(Color c) { return c == White ? "white" : "black"; }

// Order matters: holdings and FEN brackets are indexed and written in this order (Q R B N P).
enum PieceType : std::uint8_t { Pawn = 0, Knight = 1, Bishop = 2, Rook = 3, Queen = 4, King = 5, NoPieceType = 6 };
constexpr int kPieceTypes = 6;
constexpr int kHoldablePieceTypes = 5;  // Pawn..Queen

struct Piece {
  Color color = White;
  PieceType type = NoPieceType;
  constexpr bool empty() const { return type == NoPieceType; }
  friend constexpr bool operator==(Piece, Piece) = default;
};

// a1 = 0, b1 = 1, ..., h8 = 63.
using Square = std::uint8_t;
constexpr Square kNoSquare = 64;
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }  // 0-based: rank 1 is 0
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
// "e4": the square's name in algebraic notation; "?" for kNoSquare.
inline std::string square_name(Square s) {
  if (s >= 64) return "?";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}
constexpr Bitboard bb(Square s) { return Bitboard{1} << s; }
// Relative rank, 1-based as rules.md counts it: White's rank 1 is 1, Black's rank 1 (rank 8) is 1.
constexpr int relative_rank(Color c, Square s) { return c == White ? rank_of(s) + 1 : 8 - rank_of(s); }

constexpr int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

// 'P','N','B','R','Q','K' (upper case) for a type; NoPieceType gives '?'.
constexpr char piece_letter(PieceType t) { return "PNBRQK?"[t]; }
// The FEN letter of a piece: upper case for White, lower case for Black.
constexpr char piece_letter(PieceType t, Color c) { return c == White ? piece_letter(t) : char(piece_letter(t) | 0x20); }
// Inverse of piece_letter, case-insensitive; NoPieceType for anything else.
constexpr PieceType piece_type_from_letter(char c) {
  switch (c | 0x20) {
    case 'p': return Pawn;
    case 'n': return Knight;
    case 'b': return Bishop;
    case 'r': return Rook;
    case 'q': return Queen;
    case 'k': return King;
  }
  return NoPieceType;
}

// Castling rights bits. King side is the h-file side of the king, queen side the a-file side (in
// Chess960 too: castling there puts the king on g1/g8 or c1/c8 and the rook on f1/f8 or d1/d8).
enum CastlingRight : std::uint8_t { WhiteKingSide = 1, WhiteQueenSide = 2, BlackKingSide = 4, BlackQueenSide = 8 };
constexpr CastlingRight castling_right(Color c, bool king_side) {
  return CastlingRight((king_side ? 1 : 2) << (c == White ? 0 : 2));
}
// 0..3 in the order of the bits: WhiteKingSide, WhiteQueenSide, BlackKingSide, BlackQueenSide.
constexpr int castling_index(CastlingRight r) { return std::countr_zero(unsigned(r)); }
// Where castling on that side puts the king and the rook (files g/c and f/d of the first rank).
constexpr Square castling_king_to(Color c, bool king_side) { return make_square(king_side ? 6 : 2, c == White ? 0 : 7); }
constexpr Square castling_rook_to(Color c, bool king_side) { return make_square(king_side ? 5 : 3, c == White ? 0 : 7); }

}  // namespace bpgn
