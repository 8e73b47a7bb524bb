// One moment of a match, as an arbiter looks at it: both boards, the holdings, the four clocks and
// the moves just before, at a ply of the record (`23a`, `first-error`) or at its end. No I/O.
#pragma once

#include "core/position.h"
#include "record/game.h"
#include "replay/clock_at.h"
#include "replay/replay.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace bpgn {

// Where to look: a ply of the record by index, the start / the end of the record, or an instant of
// match time (the boards after the last ply made by then, the clocks as they ran: clock_at.h).
struct MomentAt {
  enum class Kind : std::uint8_t { Start, Ply, End, Instant };
  Kind kind = Kind::End;
  std::size_t ply = 0;  // with Kind::Ply
  double time = 0;      // with Kind::Instant: seconds of match time
};

// Reads `--at`: a ply as the record writes it (`23a`, `14B`, `23a.`; one board: `23`, `23.` for
// White, `23...` for Black), `first-error`, `start`, `end`, or a match time (`3:01`, `181.5s`,
// `181.5`: match_time.h) from 0 to the match's end (MatchClocks::end). `first-error` is the first
// error on a move (the end when there is none). Returns the place, or a message saying why it is not
// one. `tolerance_seconds`: the replay's (it decides whether a flag fell while play went on).
std::variant<MomentAt, std::string> find_moment(const Game& game, const ReplayResult& result, std::string_view at,
                                                double tolerance_seconds = 0);
// The words find_moment takes besides a move (what the shell completions offer after --at).
inline constexpr std::string_view kMomentWords[] = {"first-error", "start", "end"};

// move_numbers (replay/messages.h): the move number of every ply, as written or counted.

// The default place: the first error on a move, else the end.
MomentAt default_moment(const ReplayResult& result);

struct Moment {
  MomentAt at;
  int boards = 2;
  // At a ply: false when its board did not play it (an illegal move, or after the board's first
  // error): the positions are those the player saw when making it.
  bool played = true;
  std::array<Position, 2> position;                       // per board (only [0] with one board)
  std::array<std::optional<std::size_t>, 2> last_played;  // the last ply played on each board
  std::optional<double> time;                             // match time of the moment, when known
  std::size_t plies = 0;                                  // the record's plies up to the moment
  // Each seat's time left at the moment (Seat order), when the record's clocks tell it: the last
  // reading of that player, less the time since the board's last move for the player to move,
  // never below 0 (MatchClocks: whose clock runs, whose flag fell).
  std::array<std::optional<double>, 4> remaining;
  ClocksAt clocks;
  std::array<std::vector<std::size_t>, 2> recent;         // up to `recent_plies` plies of each board, up to the moment
  std::vector<std::size_t> violations;                    // indices into result.violations at this ply
};

// The moment `at` of `game`, replayed under `rules` (as `result` was, with the same options).
// Every moment of a match, for the work of one replay: for_each_moment (replay/moments.h).
Moment moment_of(const Game& game, const RuleSet& rules, const ReplayOptions& options, const ReplayResult& result,
                 MomentAt at, std::size_t recent_plies = 4);

}  // namespace bpgn
