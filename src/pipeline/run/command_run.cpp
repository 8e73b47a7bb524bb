#include "pipeline/run/command_run.h"

#include "pipeline/run/command_error.h"
#include "pipeline/run/exit_codes.h"

#include <unistd.h>

#include <utility>

namespace bpgn {

void CommandSteps::prepare(const RunFiles&, std::ostream&) {}
bool CommandSteps::hold(std::ostream&) { return true; }
std::optional<int> CommandSteps::before_commit(OutputGroup&, const StreamResult&, std::ostream&) { return {}; }
std::optional<int> CommandSteps::after_commit(bool, const StreamResult&, std::ostream&) { return {}; }
int CommandSteps::exit_code(const StreamResult&) const { return kExitClean; }

RunFiles expand_run_files(const CommandPlan& plan, std::ostream& err) {
  RunFiles run;
  if (plan.expand == CommandPlan::Expand::AsGiven) {
    run.files = plan.names;
    run.failures = plan.failures;
    return run;
  }
  if (plan.names.empty() && !plan.inputs.has_lists()) {
    say_if_reading_a_terminal(plan.command, err);
    run.standard_input = true;
    run.files.push_back("-");
    return run;
  }
  InputList list = expand_inputs(plan.names, plan.inputs);
  if (plan.say_notes) {
    for (const std::string& n : list.notes) err << plan.notes_prefix << n << '\n';
  }
  run.files = std::move(list.files);
  run.failures = std::move(list.failures);
  return run;
}

int run_command(const CommandPlan& plan, CommandSteps& steps, std::ostream& out, std::ostream& err) {
  const RunFiles files = expand_run_files(plan, err);
  FileClaims claims;  // every output once, never onto an input (the lists and side files too)
  claims.inputs(plan.given);
  claims.inputs(files.files);
  claim_input_lists(claims, plan.inputs);
  for (const CommandPlan::Claim& c : plan.claims) {
    if (c.needs_file && c.path == "-") throw UsageError(plan.command + ": " + c.what + " needs a file name");
    if (c.output) claims.output(c.path, c.what, c.hint);
    else claims.input(c.path, c.what);
  }
  steps.prepare(files, err);
  // Every output is opened before a game is read, and committed with the others at the end.
  OutputGroup outputs(plan.command, out);
  if (!steps.open(outputs, err)) return kExitIo;
  InputStreams inputs(files.files, files.failures);
  const StreamResult run = steps.stream(inputs, err);
  if (run.exit) {
    outputs.discard();
    return *run.exit;
  }
  if (!steps.hold(err)) {
    outputs.discard();  // a decision that names no match, or several, is a bad command line
    return kExitUsage;
  }
  if (const std::optional<int> code = steps.before_commit(outputs, run, err)) {
    outputs.discard();
    return *code;
  }
  const bool committed = outputs.commit(err, run.run_whole);
  if (const std::optional<int> code = steps.after_commit(committed, run, err)) return *code;
  if (!committed || !run.inputs_ok) return kExitIo;
  if (plan.counts_games && fails_for_no_games(plan.command, run.games_read, plan.inputs.allow_empty, err))
    return kExitInvalid;
  return steps.exit_code(run);
}

void claim_input_lists(FileClaims& claims, const InputOptions& options) {
  claims.input(options.files_from, "the --files-from list");
  claims.input(options.files0_from, "the --files0-from list");
}

bool fails_for_no_games(std::string_view command, std::size_t games_read, bool allow_empty, std::ostream& err) {
  if (games_read > 0 || allow_empty) return false;
  err << "bpgn " << command << ": no games read (--allow-empty accepts that)" << std::endl;
  return true;
}

void say_if_reading_a_terminal(std::string_view command, std::ostream& err) {
  if (!::isatty(STDIN_FILENO)) return;
  err << "bpgn " << command << ": reading records from standard input (a terminal); end with Ctrl-D, or name FILEs"
      << std::endl;
}

}  // namespace bpgn
