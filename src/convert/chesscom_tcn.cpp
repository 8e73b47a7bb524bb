#include "convert/chesscom_tcn.h"

#include <cstdlib>

namespace bpgn {
namespace {

// a1 = index 0 ... h8 = index 63 (formats.md, "chess.com bughouse JSON").
constexpr std::string_view kSquares = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!?";
// Drop characters in the order queen, knight, rook, bishop, pawn.
constexpr std::string_view kDrops = "&-*+=";
constexpr PieceType kDropPieces[] = {Queen, Knight, Rook, Bishop, Pawn};
// Promotion characters: index / 3 picks the piece, index % 3 - 1 the file step.
constexpr std::string_view kPromotions = "{~}(^)[_]@#$";
constexpr PieceType kPromotionPieces[] = {Queen, Knight, Rook, Bishop};


}  // namespace

Square tcn_square(char c) {
  const auto i = kSquares.find(c);
  return i == std::string_view::npos ? kNoSquare : Square(i);
}

PieceType tcn_drop_piece(char c) {
  const auto i = kDrops.find(c);
  return i == std::string_view::npos ? NoPieceType : kDropPieces[i];
}

std::optional<Move> decode_tcn(const Position& pos, std::string_view code, std::string& error) {
  if (code.size() != 2) {
    error = "a TCN move has two characters";
    return std::nullopt;
  }
  Move m;
  if (const PieceType dropped = tcn_drop_piece(code[0]); dropped != NoPieceType) {
    m.kind = MoveKind::Drop;
    m.piece = dropped;
    m.to = tcn_square(code[1]);
    if (m.to == kNoSquare) {
      error = "the drop's target character '" + std::string(1, code[1]) + "' is not a square";
      return std::nullopt;
    }
    return m;
  }
  m.from = tcn_square(code[0]);
  if (m.from == kNoSquare) {
    error = "the first character '" + std::string(1, code[0]) + "' is neither a square nor a drop";
    return std::nullopt;
  }
  const Piece mover = pos.piece_on(m.from);
  if (mover.empty()) {
    error = "no piece stands on " + square_name(m.from);
    return std::nullopt;
  }
  m.piece = mover.type;
  if (const auto p = kPromotions.find(code[1]); p != std::string_view::npos) {
    if (mover.type != Pawn) {
      error = "a promotion code on a piece that is not a pawn (" + square_name(m.from) + ")";
      return std::nullopt;
    }
    const int step = int(p % 3) - 1;
    const int file = file_of(m.from) + step;
    const int rank = rank_of(m.from) + (mover.color == White ? 1 : -1);
    if (file < 0 || file > 7 || rank < 0 || rank > 7) {
      error = "the promotion from " + square_name(m.from) + " leaves the board";
      return std::nullopt;
    }
    if (rank != (mover.color == White ? 7 : 0)) {
      error = "a promotion from " + square_name(m.from) + " does not reach the last rank";
      return std::nullopt;
    }
    m.to = make_square(file, rank);
    m.promotion = kPromotionPieces[p / 3];
    return m;
  }
  m.to = tcn_square(code[1]);
  if (m.to == kNoSquare) {
    error = "the second character '" + std::string(1, code[1]) + "' is not a square";
    return std::nullopt;
  }
  const int file_step = file_of(m.to) - file_of(m.from);
  if (mover.type == King && rank_of(m.to) == rank_of(m.from) && std::abs(file_step) == 2) {
    m.kind = MoveKind::Castle;
  } else if (mover.type == Pawn && file_step != 0 && pos.empty(m.to)) {
    m.kind = MoveKind::EnPassant;
  }
  return m;
}

std::string encode_tcn(const Move& m) {
  std::string out(2, '?');
  if (m.kind == MoveKind::Drop) {
    for (std::size_t i = 0; i < kDrops.size(); ++i) {
      if (kDropPieces[i] == m.piece) out[0] = kDrops[i];
    }
    out[1] = kSquares[m.to];
    return out;
  }
  out[0] = kSquares[m.from];
  if (m.promotion != NoPieceType && m.kind != MoveKind::InPlacePromotion) {
    for (std::size_t i = 0; i < 4; ++i) {
      if (kPromotionPieces[i] == m.promotion) {
        out[1] = kPromotions[i * 3 + std::size_t(file_of(m.to) - file_of(m.from) + 1)];
      }
    }
    return out;
  }
  out[1] = kSquares[m.to];
  return out;
}

}  // namespace bpgn
