// check's filters: which games of the input are checked, reported and written (docs/check.md,
// *Filters*), in the spirit of pgn-extract's. Games left out are counted in the summary.
#pragma once

#include "record/game.h"
#include "replay/replay.h"

#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace bpgn {

struct FilterOptions {
  std::vector<std::string> players;       // --player PATTERN: a player at any seat (any of them)
  std::vector<std::string> teams;         // --team 'P1+P2': partners in either order (any of them)
  std::string date_from, date_to;         // --date-from / --date-to YYYY[.MM[.DD]]
  std::vector<std::string> results;       // --result 1-0|0-1|1/2-1/2|*: the Result tag (any of them)
  std::optional<int> elo_min, elo_max;    // --elo-min / --elo-max: every rating the record gives
  std::vector<std::string> time_controls; // --time-control TC: the TimeControl tag (any of them)
  std::optional<std::size_t> plies_min, plies_max;  // --min-plies / --max-plies
  std::vector<std::string> tags;          // --tag 'Name=PATTERN': every one must match
  std::vector<std::string> rule_sets;     // --variant NAME: the rule set applied (any of them)
  std::vector<std::string> has_codes;     // --has CODE: a violation of any of these codes
  std::vector<std::string> lacks_codes;   // --lacks CODE: no violation of any of these codes

  bool any() const;
};

// Adds the filter options to a subcommand.
void add_filter_options(CLI::App& cmd, FilterOptions& options);

class GameFilter {
 public:
  // Throws UsageError for a malformed option (a date, a --tag without '=', an unknown code).
  explicit GameFilter(const FilterOptions& options);

  // The filters a record's tags and moves decide, before it is replayed.
  bool keeps_record(const Game& game) const;
  // The filters that need the replay: the rule set applied and the violations found.
  bool keeps_checked(const Game& game, const ReplayResult& result) const;

 private:
  const FilterOptions& options_;
  std::vector<std::pair<std::string, std::string>> tags_;  // name, pattern
  std::string date_from_, date_to_;                        // normalised YYYY.MM.DD, '?' kept
  std::vector<ViolationCode> has_, lacks_;
};

}  // namespace bpgn
