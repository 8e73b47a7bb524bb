// A match's fingerprint for finding copies of it in an archive (check --duplicates): the moves on
// both boards in record order, whatever the clock, comment, tag and move-number formats.
#pragma once

#include "record/game.h"
#include "replay/replay.h"

#include <cstdint>

namespace bpgn {

// 64 bits over: the players (the seat tags WhiteA, BlackA, WhiteB, BlackB, White, Black, their
// values trimmed and in ASCII lower case), the number of boards, the starting position tags (FEN,
// FEN_A, ...), and for each ply in record order its board and the move played (from, to, kind,
// piece, promotion, the square stolen from); a ply the replay did not play (after an error) enters
// by its SAN as written, without check marks and annotations. Two records of the same match in
// different dialects (`P@e4` / `@e4`, `Ng1f3` / `Nf3`, with or without clocks) get the same
// fingerprint; two matches that differ in a player or one move get different ones, but for a
// chance of about n^2 / 2^65 among n games.
std::uint64_t match_fingerprint(const Game& game, const ReplayResult& result);

// What makes two records the same game (check --duplicates): the fingerprint above, and where both
// records have them, the same date and the same clocks. 0 in `date` or `clocks`: the record has
// none (then it matches a record with any).
struct MatchKey {
  std::uint64_t fingerprint = 0;
  std::uint32_t date = 0;    // the Date tag's digits (else UTCDate's); none when missing or all `?`
  std::uint32_t clocks = 0;  // every ply's clock in seconds (to the millisecond); none without clocks
  friend bool operator==(const MatchKey&, const MatchKey&) = default;
};

MatchKey match_key(const Game& game, const ReplayResult& result);

// Whether two keys name the same game: equal fingerprints, and date and clocks equal where both
// have them.
bool same_game(const MatchKey& a, const MatchKey& b);

}  // namespace bpgn
