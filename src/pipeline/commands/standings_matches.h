// bpgn standings over its inputs (docs/standings.md): every game of the stream checked and made
// into its match for the table, or left out by the filters, in --jobs threads through the ordered
// parallel driver (pipeline/run/ordered_driver.h): each worker checks its games, the matches are
// numbered and added up in input order.
#pragma once

#include "pipeline/run/game_filter.h"
#include "pipeline/input/inputs.h"
#include "replay/checked_game.h"
#include "replay/rule_choice.h"
#include "standings/match_of_game.h"

#include <cstddef>
#include <optional>
#include <ostream>
#include <vector>

namespace bpgn {

struct StandingsSettings {
  RuleChoice choice;                   // --rules, --set
  PlayerAliases aliases;               // --alias
  const GameFilter* filter = nullptr;  // --player, --has, ...; null: every match
  const Adjudications* adjudications = nullptr;  // --adjudications; null: none
  bool quiet = false;                  // -q: no notes on standard error
  unsigned jobs = 1;                   // threads (1: the games are read and scored in this one)
  std::size_t piece_bytes = std::size_t{64} << 10;  // what --jobs N cuts the inputs at
};

class MatchScorer {
 public:
  explicit MatchScorer(const StandingsSettings& settings) : settings_(settings) {}
  // The match of a game, not numbered yet (number_match), or nullopt when the filters leave it out.
  std::optional<ScoredMatch> score(const Game& game);

 private:
  const StandingsSettings& settings_;
  CheckedGame checked_;  // refilled for every game
};

struct StandingsInput {
  std::vector<ScoredMatch> matches;     // in input order, those left out by the filters not among them
  std::size_t read = 0;                 // games read, those left out included
  std::optional<std::size_t> filtered;  // with filters: games read and left out by them
  bool inputs_ok = true;                // false: some input could not be read (said on `err`)
};

// The matches of the inputs, the same for every settings.jobs. Says on `err` what could not be
// read ("bpgn standings: cannot read NAME: WHY") and, unless quiet, an input that holds no game.
StandingsInput read_matches(InputStreams& inputs, const StandingsSettings& settings, std::ostream& err);

}  // namespace bpgn
