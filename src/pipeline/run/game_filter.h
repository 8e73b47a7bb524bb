// The filter stage: which games of the input check, convert and standings go on with
// (docs/check.md, *Filters*), in the spirit of pgn-extract's. Games left out are counted in each
// command's summary. The options are registered on the command line by cli/filter_options.h.
#pragma once

#include "record/game.h"
#include "replay/replay.h"

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

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
  // The position search, decided in the replay (replay/search_probe.h):
  std::vector<std::string> positions;     // --position FEN: a board reaches it (any of them)
  std::string position_board;             // --position-board A|B: search that board only
  std::vector<std::string> moves;         // --move PATTERN: a played move matches (any of them)
  std::vector<std::string> materials;     // --material 'QR:qr': a board has it (any of them)

  bool any() const;
};

class GameFilter;

// The filter of the options, each read once; the message ("--tag 'Date' is not Name=PATTERN") for
// a malformed option (a date that is no date, a --tag without '=', an unknown code or rule set).
std::variant<GameFilter, std::string> read_game_filter(const FilterOptions& options);

class GameFilter {
 public:
  // The filters a record's tags and moves decide, before it is replayed.
  bool keeps_record(const Game& game) const;
  // The filters that need the replay: the rule set applied and the violations found.
  bool keeps_checked(const Game& game, const ReplayResult& result) const;
  // Whether keeps_checked can leave a game out (--variant, --has, --lacks, the position search).
  bool needs_replay() const;
  // The position search the replay must run for keeps_checked (ReplayOptions::probe); null when
  // none is asked.
  const ReplayProbe* probe() const { return probe_.empty() ? nullptr : &probe_; }

 private:
  friend std::variant<GameFilter, std::string> read_game_filter(const FilterOptions& options);
  explicit GameFilter(FilterOptions options) : options_(std::move(options)) {}
  void read_options();  // throws for a malformed option

  FilterOptions options_;
  std::vector<std::pair<std::string, std::string>> tags_;  // name, pattern
  std::string date_from_, date_to_;                        // normalised YYYY.MM.DD, '?' kept
  std::vector<ViolationCode> has_, lacks_;
  ReplayProbe probe_;
};

}  // namespace bpgn
