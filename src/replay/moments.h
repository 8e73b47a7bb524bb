// Every moment of a match from one replay: what moment_of (replay/moment.h) gives at each place,
// in order, for the work of one replay of the record. No I/O.
#pragma once

#include "replay/moment.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace bpgn {

// Calls `visit` with every moment of `game`, replayed under `rules` (as `result` was, with the same
// options), in order: the start, after each ply of the record (at a ply that was not played, the
// position its player saw) and the end. Each is the Moment that moment_of gives at that place;
// moment_of replays the record up to its moment, so asking it for every moment takes work that
// grows with the square of the plies, where this takes one replay.
void for_each_moment(const Game& game, const RuleSet& rules, const ReplayOptions& options, const ReplayResult& result,
                     const std::function<void(const Moment&)>& visit, std::size_t recent_plies = 4);

// The same moments in a vector (2 + the number of plies of them).
std::vector<Moment> moments_of(const Game& game, const RuleSet& rules, const ReplayOptions& options,
                               const ReplayResult& result, std::size_t recent_plies = 4);

}  // namespace bpgn
