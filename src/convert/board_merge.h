// Interleaving two boards' move lists into one match order, by the time each move was made, while
// keeping every drop after the capture that supplied it (chess.com import, joining per-board PGN).
#pragma once

#include "core/types.h"
#include "record/game.h"

#include <optional>
#include <span>
#include <vector>

namespace bpgn {

// What the merge needs to know of one ply of one board.
struct MergePly {
  std::optional<double> time;  // seconds since the match began when it was made, when known
  Color color = White;
  PieceType dropped = NoPieceType;   // a drop of this piece from the mover's holding
  PieceType supplies = NoPieceType;  // the piece its capture hands to the mover's partner
  bool ends_match = false;           // a mate: the other board cannot move after it
};

struct MergeStep {
  Board board = Board::A;
  std::size_t index = 0;  // into that board's list
  friend bool operator==(const MergeStep&, const MergeStep&) = default;
};

// The match order. The earlier move goes first (a ply without a time counts as made at its
// board's previous time); on a tie board A goes first. Two exceptions keep the record playable
// when the clocks (tenths of a second, lag) cannot tell the order: a drop whose piece is not yet in
// the holding waits for the other board's captures, and a mate waits until the other board's
// moves are all placed. Every ply of both lists appears exactly once.
std::vector<MergeStep> merge_boards(std::span<const MergePly> a, std::span<const MergePly> b);

// Elapsed match time after each ply of one board, from the mover's remaining clock after each
// ply: (base - White's remaining) + (base - Black's remaining) + the increments received.
// `remaining[i]` empty: unknown (the result is then empty too). `first_mover` is the colour of the
// board's first ply; plies alternate.
std::vector<std::optional<double>> elapsed_from_clocks(double base_seconds, double increment_seconds,
                                                       std::span<const std::optional<double>> remaining,
                                                       Color first_mover);

}  // namespace bpgn
