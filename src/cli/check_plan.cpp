#include "cli/check_plan.h"

#include "cli/docs_location.h"
#include "cli/errors.h"
#include "cli/rule_flags.h"

#include <utility>

namespace bpgn {

GameCheckPlan game_check_plan(const CheckConfig& config, bool duplicates) {
  GameCheckPlan plan;
  plan.choice = with_tolerance(rule_choice(config.rule_options), config.tolerance);
  plan.options.strict = config.strict;
  plan.options.key = duplicates;
  return plan;
}

ReportSettings report_settings(const CheckConfig& config) {
  ReportSettings settings;
  settings.report.strict = config.strict;
  settings.report.max_errors = config.max_errors;
  settings.quiet = config.quiet;
  settings.verbose = config.verbose;
  settings.all = config.all;
  settings.inputs = config.files;
  settings.docs_uri = docs_uri;
  return settings;
}

void input_failed(ReportSink& sink, CheckSummary::InputFailure failure, std::ostream& err, CheckSummary& summary) {
  err << command_message("check", "cannot read " + failure.file + ": " + failure.message) << '\n';
  sink.input_failure(failure);
  summary.input_failures.push_back(std::move(failure));
}

}  // namespace bpgn
