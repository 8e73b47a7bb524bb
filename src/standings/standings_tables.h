// The tables every format of `bpgn standings` is drawn from (rows of cells, the first the
// headings) and the words shared by the formats.
#pragma once

#include "standings/standings.h"
#include "standings/standings_render.h"

#include <string>
#include <vector>

namespace bpgn {

using Table = std::vector<std::vector<std::string>>;

// The mark after a cell's number when the arbiter decided it (--adjudications): a round's points
// (by player), a meeting's match points (the crosstable); the totals when those columns are left out.
inline constexpr char kArbiterMark[] = "*";

// Whether the table of `options.by` draws its wide part: the points per round (by player) or the
// crosstable (by team), at most options.max_columns columns.
bool wide_part_fits(const Standings& s, const RenderOptions& options);
// The table of `options.by`, its wide part drawn when it fits: rank, player, points, matches,
// wins, losses, SB, then R<round>...; or rank, team, MP, GP, matches, SB, then a column per team.
Table standings_table(const Standings& s, const RenderOptions& options);
std::vector<bool> numeric_columns(const Table& t);  // right-aligned: numbers, "-" and "x" only (not the names)
std::string team_name(const TeamRow& t);                   // "a & b"

bool is_excluded(const Standings& s, std::size_t match);
std::string excluded_reason(const ScoredMatch& m);  // why a match is left out of the table
std::string ranking_order(StandingsBy by);          // the ranking's order and the columns' meaning, in words

}  // namespace bpgn
