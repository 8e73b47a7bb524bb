// The one-line reports fmt and convert print on standard error for a record with errors.
#pragma once

#include "record/game.h"
#include "replay/replay.h"

#include <ostream>
#include <string_view>

namespace bpgn {

// `file:line:column: error: syntax: message (game N, written as found)`.
void report_unreadable(const Game& game, std::ostream& err);

// One line per error of the replay: `file:line:column: error: code: message (game N)`.
void report_errors(const Game& game, const ReplayResult& replay, std::ostream& err);

}  // namespace bpgn
