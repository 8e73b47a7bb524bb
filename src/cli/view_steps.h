// bpgn view's part of the one run (pipeline/run/command_run.h): each game read checked and drawn
// on the page (output/viewer_page.h), or on the decision sheet (--sheet, cli/view_sheet.h), the
// page written once every game is.
#pragma once

#include "cli/view_config.h"
#include "pipeline/commands/find_game.h"
#include "pipeline/run/command_run.h"
#include "replay/rule_choice.h"

#include <cstdint>
#include <optional>
#include <ostream>

namespace bpgn {

// The one game the command line names (FILE:LINE, --game, --index), if it names one.
struct ViewWanted {
  std::optional<GameWanted> game;
  std::optional<std::uint32_t> line, column;  // FILE:LINE[:COLUMN]: the moment to open at
};

// The run of `plan` (view's files, found by run_view) with view's steps; returns the exit code.
// Throws CommandError (a second game for --at or --sheet, a game the inputs do not hold: exit 2).
int run_view_steps(const CommandPlan& plan, const ViewConfig& config, const RuleChoice& choice,
                   const ViewWanted& wanted, std::ostream& out, std::ostream& err);

}  // namespace bpgn
