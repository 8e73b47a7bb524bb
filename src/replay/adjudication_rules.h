// An arbiter's decision held against the rule set a match was replayed by (docs/adjudications.md,
// *Checked against the rules*): the splits of points an outcome gives, the Turkish points of a
// decisive result on a named board, the nearest seat or player to a misspelt name, and which lines
// a match's text covers. No I/O.
#pragma once

#include "core/types.h"
#include "record/game.h"
#include "replay/outcome.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

using SeatPoints =
    std::map<std::string, double>;  // seat tag ("WhiteA"; one board "WhiteA", "BlackA") -> points

// "2", "1.5", "0.5": points without trailing zeros.
std::string adjudication_points_text(double points);

// The most points one player gets: 2 under Turkish scoring (two boards), else 1.
double most_points(bool turkish);

// Every split of points an outcome of the rules gives. Turkish (two boards): a board won (the
// winner 2, partner 1.5, the loser's partner 0.5, the loser 0: four), flags on both boards (each
// board one player 2, the other 0: four), three flags (one player 2, the others 0: four), a draw (1
// each). Match scoring: a side wins (1 each, the losers 0) or a draw (1/2 each); one board the same
// with one player a side.
std::vector<SeatPoints> outcome_splits(bool turkish, int boards);

// Why `points` (every seat given) is no split of `outcome_splits`, in words that list what the
// rules allow and name `award: special`; "" when it is one.
std::string split_problem(const SeatPoints& points, bool turkish, int boards);

// "WhiteA 2, BlackA 0, ...": a split in seat order (one board: White, Black).
std::string split_text(const SeatPoints& points, int boards);

// The Turkish points of a match `winner` (Team1 or Team2) won on `board`: the winning team's player
// there 2, their partner 1.5, the loser's partner 0.5, the loser 0.
SeatPoints turkish_board_points(Winner winner, Board board);

// The names nearest `wrong` (case ignored, at most a third of its length in edits, at least one):
// "'Alice'", "'WhiteA' or 'WhiteB'"; "" when none is that near.
std::string nearest_names(std::string_view wrong, const std::vector<std::string>& candidates);

// The last line that holds the game's text: its last tag, move, comment, result or stray text
// (a comment over several lines counted to its end). A decision's `match: FILE:LINE` names the
// game for any line from game.start.line to this one.
std::uint32_t last_line_of(const Game& game);

}  // namespace bpgn
