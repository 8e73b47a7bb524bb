// The points a decision sheet shows (bpgn view --sheet, docs/view.md): the match scored as the
// standings score it (score_match), by bpgn's verdict and by the arbiter's decision. No I/O.
#pragma once

#include "output/decision_sheet.h"
#include "replay/replay.h"

namespace bpgn {

// `before`: the match scored without a decision; `after` (when result.outcome holds one): with it.
// Team points are the players' points added up under Turkish scoring, else the match points (1 to
// the winning team, 1/2 each for a draw); one board: each player's.
SheetPoints decision_points(const ReplayResult& result);

}  // namespace bpgn
