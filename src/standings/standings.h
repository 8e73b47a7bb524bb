// Tournament tables from checked matches (bpgn standings, docs/standings.md): players and teams,
// points by match or Turkish scoring, ranks with their tie-breaks. No I/O: the command reads and
// checks the records, this adds them up.
#pragma once

#include "replay/checked_game.h"
#include "record/game.h"
#include "replay/replay.h"

#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace bpgn {

// Where the result a match is scored by comes from: the record's own account (termination text,
// written result), the rules (bpgn's verdict from the moves and clocks: a mate, a flag fall, an
// illegal action), or the arbiter (--adjudications).
enum class ResultSource : std::uint8_t { Record, Rules, Adjudication };
std::string_view to_string(ResultSource s);  // "record", "rules", "adjudication"

// One match as checked, with what the table needs.
struct ScoredMatch {
  std::size_t index = 0;     // in the input, from 1
  std::string file;
  std::uint32_t line = 0;
  std::string round;         // the Round tag, else the match's place in the input ("7")
  GameStatus status = GameStatus::Valid;
  std::string first_error;   // invalid / unreadable: its first error, as the text report says it
  int boards = 2;
  std::array<std::string, 4> players;  // by Seat (one board: WhiteA = White, BlackA = Black); after aliases
  Winner winner = Winner::None;
  EndReason reason = EndReason::None;
  std::optional<Seat> winning_player;  // the player who mated or won on time (the deciding board's winner)
  std::optional<Seat> losing_player;
  bool scored = false;                 // a decisive outcome (or a draw) that scores
  bool turkish = false;                // scored by the Turkish table (wins: 2 points, losses: 0)
  std::map<Seat, double> points;       // each seat's points when scored
  std::string why_not_scored;          // when not scored: "no decisive outcome (aborted)", ...
  std::optional<Scoring> scoring;      // the rules' scoring; none for an unreadable match
  std::string event;                   // the Event tag ("" when none)

  // The result used and where it comes from, next to what the record and the rules say.
  ResultSource source = ResultSource::Record;
  std::string result;        // used, from team 1's view (one board: White's): 1-0, 0-1, 1/2-1/2, * (none)
  std::string recorded;      // the record's written result ("" when none)
  std::string verdict;       // bpgn's outcome: "0-1 by illegal action on board B" (team 1's view)
  ResultSource verdict_source = ResultSource::Record;  // where bpgn's outcome comes from (record or rules)
  std::string note;          // "illegal action not claimed (1b. P@f2+): result as played", or ""
  std::string decision;      // the arbiter's: "result 0-1", "points ...", "replay" ("" when none)
  std::string decision_reason;
  std::string decision_where;  // "adjudications.txt:12"
};

// The result used in words: "0-1 by the rules (illegal action on board B); the record says 1-0",
// "1-0 by resignation on board A as recorded", "1/2-1/2 by the arbiter (DECISION), reason: ...;
// the record says 1-0; bpgn: 0-1 by illegal action on board B, by the rules".
std::string result_account(const ScoredMatch& m);

// The points of a checked match: Turkish (the outcome's table) when the rules score so, else
// match scoring (1 to each player of the winning team, 1/2 each for a draw, 0 to the losers; one
// board: 1 to the winner). Fills winning/losing player, scored, points, why_not_scored.
// The arbiter's decision (result.outcome.adjudication) replaces the outcome: a result is scored as
// the rules score one (under Turkish scoring a decisive result needs points: else the outcome's
// points when it gave the same winner), points as given, a replay not at all.
void score_match(const ReplayResult& result, ScoredMatch& match);

struct PlayerRow {
  std::string name;
  std::size_t rank = 0;
  double points = 0;
  std::size_t matches = 0, wins = 0, losses = 0;
  // (index into Standings::rounds, points), in round order; rounds not played are absent.
  std::vector<std::pair<std::size_t, double>> by_round;
  double sonneborn_berger = 0;
  // The rounds (indexes into Standings::rounds, ascending) whose points the arbiter decided (a
  // match of the player's there was scored by --adjudications): the tables mark those cells.
  std::vector<std::size_t> adjudicated_rounds;
};

struct TeamRow {
  std::array<std::string, 2> players;  // in name order
  std::size_t rank = 0;
  double match_points = 0, game_points = 0;
  std::size_t matches = 0;
  double sonneborn_berger = 0;
  // Per opponent team (its index in Standings::teams): match points won against it, meetings.
  std::map<std::size_t, std::pair<double, std::size_t>> results;
  // The opponent teams (indexes into Standings::teams) a meeting with which the arbiter decided:
  // the crosstable marks those cells.
  std::set<std::size_t> adjudicated_against;
};

struct Standings {
  std::vector<PlayerRow> players;  // by rank, then name
  std::vector<TeamRow> teams;      // by rank, then names
  std::vector<ScoredMatch> matches;   // every match of the input, in input order
  std::vector<std::size_t> excluded;  // indexes into `matches` left out of the table
  std::vector<std::string> rounds;    // the rounds of the matches in the table, in the order first met
};

struct StandingsOptions {
  bool exclude_invalid = false;  // invalid matches are left out (default: they count as recorded)
};

// The table of the matches given (in input order). Unreadable matches and those with no decisive
// outcome are always left out (listed); invalid ones too with exclude_invalid.
Standings build_standings(std::vector<ScoredMatch> matches, const StandingsOptions& options);

// The key a name is matched by across seats: case ignored, surrounding spaces dropped.
std::string player_key(std::string_view name);

}  // namespace bpgn
