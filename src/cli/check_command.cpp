// bpgn check: the command line over the reader, the replay and the report writers.
#include "cli/check_command.h"

#include "cli/check_parallel.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "pipeline/exit_codes.h"
#include "cli/check_plan.h"
#include "cli/input_list.h"
#include "cli/duplicate_index.h"
#include "cli/option_checks.h"
#include "pipeline/file_claims.h"
#include "pipeline/run_outputs.h"
#include "cli/progress.h"
#include "cli/sorted_outputs.h"
#include "pipeline/game_stream.h"
#include "output/report_github.h"
#include "output/report_html.h"
#include "output/report_junit.h"
#include "output/report_sarif.h"
#include "output/report_formats.h"
#include "output/report_json.h"
#include "output/summary_json.h"
#include "output/report_text.h"
#include "convert/as_found.h"
#include "replay/rule_choice.h"
#include "output/canonical_writer.h"
#include "record/reader.h"
#include "replay/fingerprint.h"
#include "replay/replay.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

#include <unistd.h>

namespace bpgn {
namespace {

// check's filters and duplicate search, game by game in input order.
struct Selection {
  std::optional<GameFilter> filter;
  std::optional<DuplicateIndex> seen;
  std::size_t filtered = 0, duplicates = 0;
};

// The whole run: the report begun, its games in this thread (--jobs 1) or in several, finished.
class CheckRun {
 public:
  CheckRun(const CheckConfig& config, ReportSink& sink, std::ostream& out, std::ostream& err, SortedOutputs* sorted)
      : config_(config), sink_(sink), out_(out), err_(err), sorted_(sorted) {
    if (sorted_) sorted_text_.emplace(config.canonical, output_rule_choice(config));
  }

  // False when some input could not be read.
  bool run(unsigned jobs) {
    sink_.begin();
    // A report that is one document is written in one thread (docs/check.md, Threads).
    if (!sink_.renderer()) jobs = 1;
    const bool sequential = jobs <= 1;
    // On a terminal, while the report goes elsewhere: progress (cleared before the summary).
    std::optional<Progress> progress;
    progress.emplace(!config_.quiet && (!config_.output.empty() || !::isatty(STDOUT_FILENO)),
                     total_input_bytes(config_.files));
    const bool ok = sequential ? run_sequential()
                              : check_in_parallel(config_, sink_, jobs, config_.piece_bytes, err_, summary_,
                                                  selection_ && selection_->filter ? &*selection_->filter : nullptr,
                                                  sorted_, selection_ && selection_->seen ? &*selection_->seen : nullptr);
    progress.reset();
    if (selection_ && selection_->filter) summary_.filtered = summary_.filtered.value_or(0) + selection_->filtered;
    if (!sequential) games_read_ = summary_.games + summary_.filtered.value_or(0);
    if (selection_ && selection_->seen) summary_.duplicates = summary_.duplicates.value_or(0) + selection_->duplicates;
    sink_.finish(summary_);
    write_text_summary(err_, summary_);  // every format: the counts on standard error (docs/check.md)
    err_ << "  inputs  " << config_.files.size() << (config_.files.size() == 1 ? " file" : " files")
         << (config_.files.empty() && !config_.files_expanded ? " (standard input)" : "") << '\n';
    out_.flush();
    return ok;
  }

  const CheckSummary& summary() const { return summary_; }

 private:
  // One game at a time in this thread: the reference the parallel run must equal byte for byte.
  // Input that cannot be opened or read is said on `err_` (false: some input failed), and so is,
  // as a note, an input that holds no game.
  bool run_sequential() {
    const GameCheckPlan plan = game_check_plan(config_, selection_ && selection_->seen);
    CheckedGame checked;  // refilled for every game, keeping its memory
    Game game;  // refilled by the reader, keeping its memory
    std::vector<std::string> files = config_.files;
    if (files.empty() && !config_.files_expanded) files.push_back("-");
    InputStreams inputs(std::move(files), config_.list_failures);
    ReaderOptions options;
    if (sorted_) options.keep_raw_text = [](const Game&) { return true; };
    GameStream games(inputs, options);
    bool ok = true;
    for (GameStream::Step step; (step = games.next(game)) != GameStream::Step::End;) {
      if (step == GameStream::Step::NoGames) {
        err_ << command_message("check", input_label(games.file()) + ": no games") << '\n';
        continue;
      }
      if (step == GameStream::Step::Failure) {
        input_failed(sink_, {games.failure().name(), games.failure().reason}, err_, summary_);
        ok = false;
        continue;
      }
      ++games_read_;
      Progress::add_games(1);
      check_one(game, plan, checked);
    }
    return ok;
  }

  // One game: left out by the filters, or checked (a repeat of an earlier game gets a
  // duplicate-game note), counted, reported and sorted.
  void check_one(const Game& game, const GameCheckPlan& plan, CheckedGame& checked) {
    Selection* sel = selection_;
    if (sel && sel->filter && !sel->filter->keeps_record(game)) {
      ++sel->filtered;
      return;
    }
    check_game(game, plan.choice, plan.options, checked);
    if (sel && sel->filter && !sel->filter->keeps_checked(game, checked.result)) {
      ++sel->filtered;
      return;
    }
    SortedKind kind = SortedKind(checked.status);
    if (checked.key) {  // the duplicate search: an unreadable game has no key
      if (auto first = sel->seen->offer(*checked.key, game.index, game.start.line, game.file)) {
        ++sel->duplicates;
        kind = SortedKind::Duplicate;
        checked.result.violations.push_back(duplicate_note(game, *first));
      }
    }
    summary_.add(checked.status, checked.result);
    sink_.game(game, checked);
    if (sorted_) sort(game, kind);
  }

  void sort(const Game& game, SortedKind kind) {
    if (!sorted_->target(kind)) return;
    if (sorted_text_->make(game, sorted_buffer_)) {
      sorted_->emit(kind, sorted_buffer_);
    } else {
      sorted_->too_long(game, kind, err_);
    }
  }

 public:
  void set_selection(Selection* selection) { selection_ = selection; }
  std::size_t games_read() const { return games_read_; }

 private:
  const CheckConfig& config_;
  ReportSink& sink_;
  std::ostream& out_;
  std::ostream& err_;
  CheckSummary summary_;
  SortedOutputs* sorted_;       // null: games are not sorted into files
  Selection* selection_ = nullptr;  // null: every game is checked, none compared
  std::optional<SortedText> sorted_text_;  // with sorted_: how a game's text is made
  std::string sorted_buffer_;
  std::size_t games_read_ = 0;      // one thread: every game read, filtered ones included
};

// The check of a list of files (folders and lists already expanded).
// --summary-json: the summary of the report with the run's own counts (docs/check.md, *Summary
// JSON*); `bpgn summary merge` adds such files up.
std::string run_summary_json(const CheckSummary& s, std::size_t inputs, std::size_t read,
                             const SortedOutputs& sorted) {
  std::vector<SortedOutputCount> written;
  for (std::size_t k = 0; k < sorted.file.size(); ++k) {
    if (sorted.file[k]) written.push_back({kSortedWords[k], sorted.written[k], sorted.file[k]->name()});
  }
  return check_summary_json(s, inputs, read, written);
}

int run_check_files(const CheckConfig& config, const ReportFormat& format, std::ostream& out, std::ostream& err) {
  const std::array<const std::string*, 4> sorted_paths{&config.valid_out, &config.invalid_out, &config.unreadable_out,
                                                       &config.duplicates_out};
  const std::array<std::string_view, 4> sorted_options{"--valid-out", "--invalid-out", "--unreadable-out",
                                                       "--duplicates-out"};
  Selection selection;
  try {
    // Every output claimed once, against the inputs (the list too) and the outputs before it.
    FileClaims claims;
    claims.inputs(config.files);
    claims.input(config.inputs.files_from, "the --files-from list");
    claims.output(config.output, "-o");
    for (std::size_t k = 0; k < sorted_paths.size(); ++k) {
      if (sorted_paths[k]->empty()) continue;
      if (*sorted_paths[k] == "-") throw UsageError("check: " + std::string(sorted_options[k]) + " needs a file name");
      claims.output(*sorted_paths[k], sorted_options[k]);
    }
    claims.output(config.summary_json, "--summary-json");
    selection.filter = game_filter(config.filters);
  } catch (const CommandError& e) {
    return report_error("check", e, err);
  }
  if (config.duplicates || !config.duplicates_out.empty()) selection.seen.emplace();
  // Every output is opened before a game is read, and committed with the others at the end.
  OutputGroup outputs("check", out);
  RunOutput* output = outputs.open(config.output, err);
  if (!output) return kExitIo;
  SortedOutputs sorted;
  sorted.canonical = config.canonical;
  for (std::size_t k = 0; k < sorted_paths.size(); ++k) {
    if (sorted_paths[k]->empty()) continue;
    sorted.file[k] = outputs.open(*sorted_paths[k], err);
    if (!sorted.file[k]) return kExitIo;
  }
  RunOutput* summary_file = nullptr;
  if (!config.summary_json.empty() && !(summary_file = outputs.open(config.summary_json, err))) return kExitIo;

  unsigned jobs = config.jobs ? unsigned(*config.jobs) : std::thread::hardware_concurrency();
  const std::unique_ptr<ReportSink> sink = format.make(output->stream(), report_settings(config));
  CheckRun run(config, *sink, output->stream(), err, sorted.any() ? &sorted : nullptr);
  const bool selecting = selection.filter || selection.seen;
  if (selecting) run.set_selection(&selection);
  bool inputs_ok = false;
  try {
    inputs_ok = run.run(std::max(jobs, 1u));
  } catch (const std::runtime_error& e) {  // the HTML report's temporary file could not be written
    err << "bpgn check: " << e.what() << '\n';
    outputs.discard();
    return kExitIo;
  }
  const CheckSummary& s = run.summary();
  if (summary_file) summary_file->stream() << run_summary_json(s, config.files.size(), run.games_read(), sorted);
  // A game that could not be written to its sorted output fails the run: nothing is committed.
  if (!outputs.commit(err, !sorted.failed)) return kExitIo;
  if (sorted.any()) {
    std::string said;
    for (std::size_t k = 0; k < sorted.file.size(); ++k) {
      if (!sorted.file[k]) continue;
      said += (said.empty() ? "" : ", ") + std::to_string(sorted.written[k]) + " " + std::string(kSortedWords[k]) +
              " to " + sorted.file[k]->name();
    }
    err << "bpgn check: games written " << (config.canonical ? "canonical" : "as found") << ": " << said << '\n';
  }
  if (!inputs_ok) return kExitIo;
  if (fails_for_no_games("check", run.games_read(), config.inputs.allow_empty, err)) return kExitInvalid;
  return s.invalid + s.unreadable > 0 ? kExitInvalid : kExitClean;
}

}  // namespace

RuleChoice output_rule_choice(const CheckConfig& config) {
  RuleChoice choice = rule_choice(config.rule_options);
  choice.tolerance = config.tolerance;
  return choice;
}

int run_check(const CheckConfig& config, std::ostream& out, std::ostream& err) {
  const ReportFormat* format = find_report_format(config.format);
  if (!format) {
    err << "bpgn check: --format: '" << config.format << "' is not one of " << report_format_names() << "\n";
    return kExitUsage;
  }
  if (config.tolerance && !(*config.tolerance >= 0)) {
    err << "bpgn check: --tolerance must be a number of seconds >= 0\n";
    return kExitUsage;
  }
  try {
    // Validates --rules and every --set once, before any game is read.
    (void)rule_choice(config.rule_options);
  } catch (const CommandError& e) {
    return report_error("check", e, err);
  }

  // Folders and --files-from become the list of files to read.
  CheckConfig expanded;
  const CheckConfig* run_config = &config;
  if (!config.inputs.files_from.empty() || !config.files.empty()) {
    InputList inputs = expand_inputs(config.files, config.inputs);
    for (const std::string& n : inputs.notes) err << n << '\n';
    expanded = config;
    expanded.files = std::move(inputs.files);
    expanded.list_failures = std::move(inputs.failures);  // reported in their place, as unreadable files
    expanded.files_expanded = true;
    run_config = &expanded;
  } else {
    say_if_reading_a_terminal("check", err);
  }
  return run_check_files(*run_config, *format, out, err);
}

namespace {

// --format, its values and their descriptions from the one table of formats (the shell
// completions read the values from it too).
void add_format_option(CLI::App& cmd, std::string& format) {
  std::string help = "Report format (default " + std::string(report_formats().front().name) + "): ";
  std::vector<std::string> names;
  for (const ReportFormat& f : report_formats()) {
    help += (names.empty() ? "" : ", ") + std::string(f.name) + " (" + std::string(f.description) + ")";
    names.emplace_back(f.name);
  }
  cmd.add_option("--format", format, help)->check(CLI::IsMember(names));
}

}  // namespace

void add_check_command(CLI::App& app, CommandAction& action) {
  auto config = std::make_shared<CheckConfig>();
  CLI::App* cmd = app.add_subcommand("check", "Parse and replay every game; report every violation");
  cmd->add_option("files", config->files,
                  "Input files or folders (folders: their *.bpgn and *.pgn files, recursively; none or '-': standard input)");
  add_input_options(*cmd, config->inputs);
  add_rule_options(*cmd, config->rule_options);
  add_format_option(*cmd, config->format);
  cmd->add_flag("--all", config->all, "Format html: draw every game, not only those with a violation");
  cmd->add_option("-o,--output", config->output, "Write the report to FILE instead of standard output");
  cmd->add_option("--valid-out", config->valid_out, "Write each valid game, byte for byte as found, to FILE");
  cmd->add_option("--invalid-out", config->invalid_out, "Write each invalid game, byte for byte as found, to FILE");
  cmd->add_option("--unreadable-out", config->unreadable_out,
                  "Write each unreadable game, byte for byte as found, to FILE");
  cmd->add_option("--duplicates-out", config->duplicates_out,
                  "Write each game that repeats an earlier one (same moves on both boards) to FILE instead");
  cmd->add_flag("--duplicates", config->duplicates,
                "Look for games that repeat an earlier one: a duplicate-game note names it");
  cmd->add_flag("--canonical", config->canonical,
                "Write the sorted outputs (--valid-out, ...) in canonical form instead of as found");
  cmd->add_option("--summary-json", config->summary_json,
                  "Also write the run's counts as JSON to FILE (bpgn summary merge adds such files up)");
  add_filter_options(*cmd, config->filters);
  cmd->add_flag("-q,--quiet", config->quiet, "Text format: print only the summary");
  cmd->add_flag("-v,--verbose", config->verbose,
                "Text format: each game's outcome after its diagnostics (one game: always)");
  cmd->add_option("--max-errors", config->max_errors, "List at most N violations per game (all are counted)")
      ->check(at_least(0, "the number of violations listed per game"));
  cmd->add_flag("--strict", config->strict, "Warnings count as errors for the status and the exit code");
  cmd->add_option("--tolerance", config->tolerance,
                  "Seconds of lag allowed on top of the Lag tag when clocks are compared across boards "
                  "(default: 1 with a Lag tag, 30 without)")
      ->check(at_least(0, "the tolerance in seconds"));
  cmd->add_option("-j,--jobs", config->jobs,
                  "Check games in N threads (default: the number of cores); the output is the same for every N")
      ->check(at_least(1, "the number of threads"));
  // Hidden: the size --jobs N > 1 cuts the inputs at (tests make it tiny to try every seam).
  cmd->add_option("--piece-bytes", config->piece_bytes, "Bytes per piece of input in a parallel check")
      ->check(at_least(1, "the piece size in bytes"))
      ->group("");
  cmd->callback([config, &action] { action = [config] { return run_check(*config, std::cout, std::cerr); }; });
}

}  // namespace bpgn
