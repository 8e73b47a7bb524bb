// What one checked game gives the table (bpgn standings): its players under their aliases, its
// round, status, first error and points. No I/O.
#pragma once

#include "record/game.h"
#include "replay/checked_game.h"
#include "standings/standings.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bpgn {

// --alias: player_key(other spelling) -> the name shown.
using PlayerAliases = std::map<std::string, std::string>;

// One line of an alias file: `other spelling = name`, blank, or a `#` comment (a trailing CR is
// dropped). Returns what is wrong with it ("not `other spelling = name`"), else nullopt.
std::optional<std::string> add_alias_line(std::string& line, PlayerAliases& aliases);

// The match of a checked game, not numbered yet: index 0, and no round when the record names none.
ScoredMatch match_of_game(const Game& game, const CheckedGame& checked, const PlayerAliases& aliases);

// Numbers a match: the `index`th of the input (from 1), which is its round when it names none.
void number_match(ScoredMatch& match, std::size_t index);

// How the matches were scored, for the table's heading: "match scoring", "Turkish scoring" or
// "Turkish and match scoring".
std::string scoring_label(const std::vector<ScoredMatch>& matches);

}  // namespace bpgn
