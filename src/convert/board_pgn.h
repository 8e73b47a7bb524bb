// A bughouse match as two ordinary PGN games, one per board (docs/convert.md, "--to pgn"), with
// what is needed to join them back exactly: the board, a match id, the match's own tags (renamed
// where they would clash), and the match order of every ply.
#pragma once

#include "record/game.h"
#include "replay/replay.h"

#include <optional>
#include <string>
#include <string_view>

namespace bpgn {

// Tags the per-board games use themselves; a match tag of such a name, or of a name starting with
// "Match", is written with "Match" in front (`[FEN ...]` of the match becomes `[MatchFEN ...]`).
bool is_board_pgn_reserved_tag(std::string_view name);

// The id written in `[BughouseMatch "..."]`: the BughouseDBGameNo tag, else the chess.com ids,
// else a hash of the match's tags and moves (16 hex digits).
std::string bughouse_match_id(const Game& match);

// Appends board A's game, a blank line, board B's game (each ending in LF). `replay` must be the
// match's replay with keep_positions.
void append_board_pgns(const Game& match, const ReplayResult& replay, std::string& out);

// `[%clk 0:00:58.345]` for the remaining-clock text `58.345` (precision kept); nullopt when the
// text is not a plain number of seconds.
std::optional<std::string> clk_command(std::string_view seconds_text);
// The inverse: `58.345` for the value of a %clk command (`0:00:58.345`); nullopt when malformed.
std::optional<std::string> seconds_from_clk(std::string_view clk_value);

}  // namespace bpgn
