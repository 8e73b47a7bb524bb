#include "cli/check_plan.h"

#include "cli/docs_location.h"
#include "cli/rule_flags.h"
#include "output/report_text.h"
#include "output/summary_json.h"
#include "text/visible_text.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace bpgn {

RuleChoice output_rule_choice(const CheckConfig& config) {
  RuleChoice choice = rule_choice(config.rule_options);
  choice.tolerance = config.tolerance;
  return choice;
}

CheckRunSettings check_run_settings(const CheckConfig& config) {
  CheckRunSettings settings;
  settings.choice = with_tolerance(rule_choice(config.rule_options), config.tolerance);
  settings.options.strict = config.strict;
  settings.jobs = config.threads.threads(config.files);
  settings.piece_bytes = config.threads.piece_bytes;
  settings.sorted_choice = output_rule_choice(config);
  return settings;
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
  settings.max_annotations = config.max_annotations;
  settings.junit_by_file = config.junit_case == "file";
  return settings;
}

std::string run_summary_json(const CheckSummary& s, std::size_t inputs, std::size_t read, const SortedOutputs& sorted) {
  std::vector<SortedOutputCount> written;
  for (std::size_t k = 0; k < sorted.file.size() && sorted.damaged_input.empty(); ++k) {
    if (sorted.file[k]) written.push_back({kSortedWords[k], sorted.written[k], sorted.name[k]});
  }
  return check_summary_json(s, inputs, read, written);
}

void say_totals(const CheckConfig& config, const CheckSummary& s, std::ostream& err) {
  write_text_summary(err, s);
  err << "  inputs  " << config.files.size() << (config.files.size() == 1 ? " file" : " files")
      << (config.files.empty() && !config.files_expanded ? " (standard input)" : "") << '\n';
}

void say_sorted_outputs(const CheckConfig& config, const SortedOutputs& sorted, std::ostream& err) {
  if (!sorted.any()) return;
  if (!sorted.damaged_input.empty()) {
    std::string names;
    for (std::size_t k = 0; k < sorted.file.size(); ++k) {
      if (sorted.file[k]) names += (names.empty() ? "" : ", ") + shown_path(sorted.name[k]);
    }
    err << "bpgn check: sorted outputs not written: " << names << " (each left as it was): "
        << shown_path(sorted.damaged_input) << " failed while read, after some of its games were sorted\n";
    return;
  }
  std::string said;
  for (std::size_t k = 0; k < sorted.file.size(); ++k) {
    if (!sorted.file[k]) continue;
    said += (said.empty() ? "" : ", ") + std::to_string(sorted.written[k]) + " " + std::string(kSortedWords[k]) +
            " to " + shown_path(sorted.name[k]);
  }
  err << "bpgn check: games written " << (config.canonical ? "canonical" : "as found") << ": " << said << '\n';
}

}  // namespace bpgn
