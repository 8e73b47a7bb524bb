// What a record's termination text says: `{BobBughouse checkmated}`, `{muggg forfeits on time}`,
// `{Tecumseh resigns}`, `{Game aborted on move 1}`, chess.com's `[Termination "X won by checkmate"]`,
// lichess's `{ White wins by checkmate. }` and `[Termination "Time forfeit"]`.
#pragma once

#include "record/game.h"

#include <optional>
#include <string>
#include <vector>

namespace bpgn {

enum class TerminationKind : std::uint8_t {
  None,           // no text
  Checkmate,
  Resignation,
  Time,
  Disconnection,  // "forfeits by disconnection", "abandoned": scored as a resignation
  Abort,
  Draw,
  Unknown,        // a text that says none of these
};

struct Termination {
  TerminationKind kind = TerminationKind::None;
  std::vector<Seat> losers;    // players the text names as losing (checkmated, resigns, forfeits)
  std::vector<Seat> winners;   // players the text names as winning ("X won by checkmate")
  std::optional<Color> winner_color;  // one-board texts naming a colour ("White wins", "Black resigns")
  std::string text;            // the text read
};

// Reads the comment before the result, else the Termination tag. Player names are matched against
// the seat tags (WhiteA..BlackB, or White/Black for one board), whole words, ignoring case.
Termination read_termination(const Game& game, int boards);

}  // namespace bpgn
