// Which program wrote a record, as far as its own text tells: the conventions the checks rely on
// (whether a result token is always written, which view the result is written from).
#pragma once

#include "record/game.h"

namespace bpgn {

// A FICS / bughouse-db BPGN record: seat-numbered moves, and a Site or Event naming FICS
// ("fics", "freechess", any case), or a `BughouseDBGameNo` or `Lag` tag (both written only by
// FICS and bughouse-db). These always end the movetext with a result token (`{...} 1-0`, `*`).
bool always_writes_result_token(const Game& game);

// A bughouse.pro record: `Site "bughouse.pro"` or an `Outcome` tag. Its `Result` is always from
// team1's view (WhiteA + BlackB, its "red" team: "1-0" is team1 winning).
bool writes_team_view(const Game& game);

}  // namespace bpgn
