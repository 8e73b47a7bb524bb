// The record's own words in the match viewer's data (docs/view.md, *The page's data*): its tags,
// the comments at its moves, its termination text, and the result the page shows as final with
// where it comes from (the record, the rules, the arbiter); and the moment the page opens at when
// the command line named a place (`bpgn view FILE:LINE[:COLUMN]`).
#pragma once

#include "output/json_writer.h"
#include "record/game.h"
#include "replay/moment_place.h"
#include "replay/replay.h"

#include <cstddef>
#include <string>

namespace bpgn {

// Members of the game's object: `tags` (pairs of name and value, in record order),
// `leading_comment`, `termination` (null when none), `result_used`, `result_source` ("record",
// "rules" or "arbiter") and `arbiter` (the decision, its reason, file and line; null when none).
void write_record_words(JsonWriter& w, const Game& game, const ReplayResult& result);

// The ply's comments as written (not its clock), joined by a space; empty when it has none.
std::string ply_comment(const Ply& ply);

// The member `open`: the moment (an index into the game's moments, flag falls and --at instants
// included) the place names, how it names it (by a diagnostic, a move, the start, a time) and its diagnostic.
void write_open(JsonWriter& w, std::size_t moment, const PlaceMoment& open);

}  // namespace bpgn
