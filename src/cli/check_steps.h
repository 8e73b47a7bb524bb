// bpgn check's part of the one run (pipeline/run/command_run.h): the report, the sorted outputs,
// the summary JSON and GitHub's job summary claimed and opened, the games checked and reported
// (pipeline/commands/check_run.h), the totals said and the sorted outputs withheld when an input
// failed after some of its games were sorted.
#pragma once

#include "cli/check_config.h"
#include "output/report_formats.h"
#include "pipeline/run/command_run.h"

#include <ostream>

namespace bpgn {

// The check of `config.files` (folders and lists expanded: `plan` names them as given, its claims
// still to be added) in the report `format`; returns the exit code. Throws CommandError.
int run_check_files(const CheckConfig& config, const ReportFormat& format, CommandPlan plan, std::ostream& out,
                    std::ostream& err);

}  // namespace bpgn
