// What check's options ask of the run, read once from the command line: how each game is checked
// and sorted (pipeline/commands/check_run.h), how the report is made (output/report_formats.h), and the
// sorted outputs' closing message.
#pragma once

#include "cli/check_config.h"
#include "output/report_formats.h"
#include "output/report_sink.h"
#include "pipeline/commands/check_run.h"

#include <cstddef>
#include <ostream>
#include <string>

namespace bpgn {

// run_check has validated the options this reads. `say` and `games_done` are left to the caller.
CheckRunSettings check_run_settings(const CheckConfig& config);

// The report's settings: --strict, --max-errors, -q, -v, --all, the inputs, the docs' place.
ReportSettings report_settings(const CheckConfig& config);

// --summary-json: the summary of the report with the run's own counts (docs/check.md, *Summary
// JSON*); `bpgn summary merge` adds such files up.
std::string run_summary_json(const CheckSummary& s, std::size_t inputs, std::size_t read, const SortedOutputs& sorted);

// The counts on standard error, for every format (docs/check.md), and the inputs read.
void say_totals(const CheckConfig& config, const CheckSummary& s, std::ostream& err);

// "bpgn check: games written as found: 2 valid to v.bpgn, ..." when games were sorted into files.
void say_sorted_outputs(const CheckConfig& config, const SortedOutputs& sorted, std::ostream& err);

}  // namespace bpgn
