// A match's fingerprint for finding copies of it in an archive (check --duplicates): the moves on
// both boards in record order, whatever the clock, comment, tag and move-number formats.
#pragma once

#include "record/game.h"
#include "replay/replay.h"

#include <cstdint>

namespace bpgn {

// 64 bits over: the number of boards, the starting position tags (FEN, FEN_A, ...), and for each
// ply in record order its board and the move played (from, to, kind, piece, promotion, the square
// stolen from); a ply the replay did not play (after an error) enters by its SAN as written,
// without check marks and annotations. Two records of the same match in different dialects
// (`P@e4` / `@e4`, `Ng1f3` / `Nf3`, with or without clocks) get the same fingerprint; two matches
// that differ in one move get different ones, but for a chance of about n^2 / 2^65 among n games.
std::uint64_t match_fingerprint(const Game& game, const ReplayResult& result);

}  // namespace bpgn
