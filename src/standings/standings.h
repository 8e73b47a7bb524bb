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
#include <string>
#include <vector>

namespace bpgn {

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
};

// The points of a checked match: Turkish (the outcome's table) when the rules score so, else
// match scoring (1 to each player of the winning team, 1/2 each for a draw, 0 to the losers; one
// board: 1 to the winner). Fills winning/losing player, scored, points, why_not_scored.
void score_match(const ReplayResult& result, ScoredMatch& match);

struct PlayerRow {
  std::string name;
  std::size_t rank = 0;
  double points = 0;
  std::size_t matches = 0, wins = 0, losses = 0;
  // (index into Standings::rounds, points), in round order; rounds not played are absent.
  std::vector<std::pair<std::size_t, double>> by_round;
  double sonneborn_berger = 0;
};

struct TeamRow {
  std::array<std::string, 2> players;  // in name order
  std::size_t rank = 0;
  double match_points = 0, game_points = 0;
  std::size_t matches = 0;
  double sonneborn_berger = 0;
  // Per opponent team (its index in Standings::teams): match points won against it, meetings.
  std::map<std::size_t, std::pair<double, std::size_t>> results;
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
