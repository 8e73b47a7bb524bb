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
  Victory,        // bughouse.pro's "X & Y won, Z & W lost": a winner, no reason
  Unknown,        // a text that says none of these
};

struct Termination {
  TerminationKind kind = TerminationKind::None;
  std::vector<Seat> losers;    // players the text names as losing (checkmated, resigns, forfeits)
  std::vector<Seat> winners;   // players the text names as winning ("X won by checkmate")
  std::optional<Color> winner_color;  // one-board texts naming a colour ("White wins", "Black resigns")
  std::string text;            // the text read
  // The names are whole teams (bughouse.pro's Outcome tag: "Bob & Charlie won: Alice & Dave
  // checkmated"), not the player who was mated, flagged or resigned.
  bool team = false;
};

// Reads the comment before the result, else bughouse.pro's Outcome tag, else the Termination tag. Player names are matched against
// the seat tags (WhiteA..BlackB, or White/Black for one board), whole words, ignoring case.
Termination read_termination(const Game& game, int boards);

// Does the record's termination text (the comment before the result, or the Termination tag) name
// an illegal action: the words "illegal" or "impossible", case ignored ("{Bora: illegal drop,
// claimed}", [Termination "illegal move"]). Under illegal_action=claimed this is the claim.
bool termination_names_illegal_action(const Game& game);

// bughouse.pro's `Outcome` tag, read as its server writes it (src/game.rs, GameOutcome::to_pgn):
// "<winners> won: <losers> checkmated" (also "lost a king", "lost all kings"), "... lost on time",
// "... resigned", "<winners> won, <losers> lost", "Draw: ..." / "Draw", "Unterminated"; the names
// are each team's players joined by " & ". Kind None when there is no such tag or it is
// "Unterminated"; Unknown when it says something else or names players the seat tags do not.
Termination read_outcome_tag(const Game& game);

}  // namespace bpgn
