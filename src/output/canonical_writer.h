// Canonical BPGN (two boards) and PGN (one board), as `bpgn fmt` writes them (docs/fmt.md):
// UTF-8, LF, tags one per line in the fixed order, a blank line, the movetext wrapped at 80
// columns. Moves the replay played are written in canonical SAN with the board's true move
// number; moves it did not play (after a board's first error, or after the end of the match) are
// written as the record wrote them (only the spelling of drops and castling normalised), after a
// comment `{bpgn: ... not replayed from here: <code> at <move>}` that says why.
#pragma once

#include "record/game.h"
#include "replay/replay.h"

#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

struct CanonicalOptions {
  int width = 80;  // movetext columns
};

class CanonicalWriter {
 public:
  explicit CanonicalWriter(CanonicalOptions options = {}) : options_(options) {}

  // Appends the game's canonical text (every line ends with LF; no blank line after it). The game
  // is a BPGN record when game.dialect is Bpgn, else a PGN record. `replay` must come from
  // replay(game, ...) with ReplayOptions::canonical_san (the move numbers and colours are in it).
  void write(const Game& game, const ReplayResult& replay, std::string& out);

 private:
  CanonicalOptions options_;
  std::vector<const Tag*> tags_;  // reused between games
  std::string token_;             // the token being written, reused between plies and games
};

// A record the reader could not read, written as found: converted to UTF-8 (Latin-1 unless it is
// valid UTF-8), line ends made LF, trailing blank space dropped, ending with LF.
void write_as_found(std::string_view raw, std::string& out);

// The comments fmt writes itself (`{bpgn: ... not replayed from here ...}`): dropped on reading
// so that formatting formatted text changes nothing.
bool is_fmt_marker(std::string_view comment);

// The move text as written with drop and castling spellings normalised: `$146@g4` -> `N@g4`,
// `@e4` -> `P@e4`, `N*f3` -> `N@f3`, `0-0` -> `O-O`, `0-0-0` -> `O-O-O`.
std::string normalised_written_san(std::string_view san);
void append_normalised_written_san(std::string& out, std::string_view san);

// The SAN every writer gives a ply: the canonical SAN when the replay played it and made one
// (ReplayOptions::canonical_san), else the written text with normalised_written_san's spellings.
std::string san_to_write(const Ply& ply, const PlyOutcome* outcome);
void append_san_to_write(std::string& out, const Ply& ply, const PlyOutcome* outcome);

// The outcome of ply i, or null when the replay has none (a game it did not replay).
inline const PlyOutcome* outcome_of(const ReplayResult& replay, std::size_t i) {
  return i < replay.plies.size() ? &replay.plies[i] : nullptr;
}

// The colour of a ply as the replay played it: the side to move before it when the replay played it
// (PlyOutcome::color; one-board PGN: the SAN decides, whatever colour the number says), else the
// colour the record gives.
inline Color played_color(const Ply& ply, const PlyOutcome* outcome) {
  return outcome && outcome->replayed ? outcome->color : ply.color;
}

// The move number to write for ply i: the board's own count when the replay played it
// (ReplayResult::move_numbers), else the number written in the record (or the count so far when
// none was written). Feed every ply in order.
class MoveNumbers {
 public:
  int next(const Ply& ply, const ReplayResult& replay, std::size_t i);

 private:
  int expected_[2][2] = {{0, 0}, {0, 0}};  // [board][colour]; 0: nothing seen yet
};

}  // namespace bpgn
