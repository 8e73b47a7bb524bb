// What every thread of a check run does alike, read once from the command line: how a game is
// checked (pipeline/check_game.h), how the report is made (output/report_formats.h), and what is
// said of an input that could not be read.
#pragma once

#include "cli/check_command.h"
#include "output/report_formats.h"
#include "output/report_sink.h"
#include "pipeline/check_game.h"
#include "replay/check_summary.h"

#include <ostream>

namespace bpgn {

struct GameCheckPlan {
  RuleChoice choice;         // --rules, --set, --tolerance
  GameCheckOptions options;  // --strict; the duplicate search's key when `duplicates`
};

// run_check has validated the options this reads.
GameCheckPlan game_check_plan(const CheckConfig& config, bool duplicates);

// The report's settings: --strict, --max-errors, -q, -v, --all, the inputs, the docs' place.
ReportSettings report_settings(const CheckConfig& config);

// An input that could not be opened or read on: said on `err` ("bpgn check: cannot read NAME:
// WHY"), given to the report in its place, and kept in `summary` (the json, sarif, junit and html
// reports list it at their end).
void input_failed(ReportSink& sink, CheckSummary::InputFailure failure, std::ostream& err, CheckSummary& summary);

}  // namespace bpgn
