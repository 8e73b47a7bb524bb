// One moment of a match drawn for paper, as the pages without a script draw it (the check report,
// docs/report.md; the decision sheet, docs/view.md): the caption, both boards as the players sit
// (svg_board), the players with their clocks and the holdings; and a violation's rule quoted.
#pragma once

#include "record/game.h"
#include "replay/moment.h"
#include "replay/replay.h"

#include <string>
#include <vector>

namespace bpgn {

// Appends `<p class="moment">CAPTION</p><div class="boards">...</div>`: the moment `at` replayed as
// `replay_options` say (`numbers` from move_numbers). The last move on each board is marked, and
// at a ply its move (red; at a move not played, the square it aims at). The boards' ids are
// `ANCHOR-A` and `ANCHOR-B`; each board is `board_pixels` wide.
void html_moment_figure(std::string& out, const Game& game, const ReplayResult& result,
                        const ReplayOptions& replay_options, const std::vector<int>& numbers, MomentAt at,
                        const std::string& anchor, int board_pixels = 280);

// Appends the rule `v` breaks, quoted from docs/rules.md (`<blockquote class="rule">`), or, for a
// code about the record rather than a rule, the code's meaning (`<p class="meaning">`).
void html_rule_quote(std::string& out, const Game& game, const Violation& v, const RuleSet& rules);

}  // namespace bpgn
