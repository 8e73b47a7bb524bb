// The tables every format of `bpgn standings` is drawn from (rows of cells, the first the
// headings) and the words shared by the formats.
#pragma once

#include "standings/standings.h"
#include "standings/standings_render.h"

#include <string>
#include <vector>

namespace bpgn {

using Table = std::vector<std::vector<std::string>>;

// rank, player, points, matches, wins, losses, SB, then R<round>... when at most max_columns rounds
Table player_table(const Standings& s, std::size_t max_columns);
// rank, team, MP, GP, matches, SB, then one column per team when at most max_columns teams
Table team_table(const Standings& s, std::size_t max_columns);
std::vector<bool> numeric_columns(const Table& t);  // right-aligned: numbers, "-" and "x" only (not the names)
std::string team_name(const TeamRow& t);                   // "a & b"

bool is_excluded(const Standings& s, std::size_t match);
std::string excluded_reason(const ScoredMatch& m);  // why a match is left out of the table
std::string ranking_order(StandingsBy by);          // the ranking's order and the columns' meaning, in words

}  // namespace bpgn
