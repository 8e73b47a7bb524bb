// bpgn check: the command line over the reader, the replay and the report writers.
#include "cli/check_command.h"

#include "cli/check_parallel.h"
#include "cli/commands.h"
#include "cli/docs_location.h"
#include "cli/errors.h"
#include "cli/exit_codes.h"
#include "cli/game_checker.h"
#include "cli/input_list.h"
#include "cli/duplicate_index.h"
#include "cli/option_checks.h"
#include "cli/output_file.h"
#include "cli/progress.h"
#include "cli/sorted_outputs.h"
#include "pipeline/game_stream.h"
#include "output/check_report.h"
#include "output/report_github.h"
#include "output/report_html.h"
#include "output/report_junit.h"
#include "output/report_sarif.h"
#include "output/report_json.h"
#include "output/summary_json.h"
#include "output/report_text.h"
#include "convert/as_found.h"
#include "convert/record_rules.h"
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

using Format = ReportFormat;

// check's filters and duplicate search, game by game in input order.
struct Selection {
  std::optional<GameFilter> filter;
  std::optional<DuplicateIndex> seen;
  std::size_t filtered = 0, duplicates = 0;
};

// The whole run: the report's frame around the games, in this thread (--jobs 1) or in several.
class CheckRun {
 public:
  CheckRun(const CheckConfig& config, Format format, std::ostream& out, std::ostream& err, SortedOutputs* sorted)
      : config_(config), format_(format), out_(out), err_(err), sorted_(sorted) {
    if (sorted_) sorted_text_.emplace(config.canonical, output_rule_choice(config));
  }

  // False when some input could not be read.
  bool run(unsigned jobs) {
    if (format_ == Format::Json) out_ << "{\"games\":[";
    std::unique_ptr<DocumentReport> document = make_document();
    document_ = document.get();
    if (document) jobs = 1;  // the document is written in one thread (docs/check.md, Threads)
    const bool sequential = jobs <= 1;
    // On a terminal, while the report goes elsewhere: progress (cleared before the summary).
    std::optional<Progress> progress;
    progress.emplace(!config_.quiet && (!config_.output.empty() || !::isatty(STDOUT_FILENO)),
                     total_input_bytes(config_.files));
    const bool ok = sequential ? run_sequential()
                              : check_in_parallel(config_, format_, jobs, config_.piece_bytes, out_, err_, summary_,
                                                  first_outcome_,
                                                  selection_ && selection_->filter ? &*selection_->filter : nullptr,
                                                  sorted_, selection_ && selection_->seen ? &*selection_->seen : nullptr);
    // The text report of one game ends with its outcome (--verbose wrote every game's).
    if (format_ == Format::Text && !config_.quiet && !config_.verbose && summary_.games == 1) out_ << first_outcome_;
    progress.reset();
    if (selection_ && selection_->filter) summary_.filtered = summary_.filtered.value_or(0) + selection_->filtered;
    if (!sequential) games_read_ = summary_.games + summary_.filtered.value_or(0);
    if (selection_ && selection_->seen) summary_.duplicates = summary_.duplicates.value_or(0) + selection_->duplicates;
    if (format_ == Format::Json) {
      out_ << "],\"summary\":" << summary_json(summary_) << ",\"input_errors\":" << input_errors_json(summary_)
           << "}\n";
    }
    if (document) document->finish(summary_);
    write_text_summary(err_, summary_);  // every format: the counts on standard error (docs/check.md)
    err_ << "  inputs  " << config_.files.size() << (config_.files.size() == 1 ? " file" : " files")
         << (config_.files.empty() && !config_.files_expanded ? " (standard input)" : "") << '\n';
    out_.flush();
    return ok;
  }

  const CheckSummary& summary() const { return summary_; }

 private:
  std::unique_ptr<DocumentReport> make_document() const {
    ReportOptions report;
    report.strict = config_.strict;
    report.max_errors = config_.max_errors;
    switch (format_) {
      case Format::Html: {
        HtmlReportOptions options;
        options.all = config_.all;
        options.report = report;
        options.inputs = config_.files;
        return std::make_unique<HtmlReport>(out_, std::move(options));
      }
      case Format::Sarif: return std::make_unique<SarifReport>(out_, SarifOptions{report, docs_uri()});
      case Format::Junit: return std::make_unique<JunitReport>(out_, JunitOptions{report});
      default: return nullptr;
    }
  }

  // One game at a time in this thread: the reference the parallel run must equal byte for byte.
  // Input that cannot be opened or read is said on `err_` (false: some input failed), and so is,
  // as a note, an input that holds no game.
  bool run_sequential() {
    GameChecker checker(config_, format_);
    checker.set_document(document_);
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
        input_failed(format_, {games.failure().name(), games.failure().reason}, out_, err_, summary_);
        ok = false;
        continue;
      }
      ++games_read_;
      Progress::add_games(1);
      if (selection_) {
        check_selected(game, checker);
      } else {
        checker.check(game, out_, summary_);
        if (sorted_) sort(game, SortedKind(checker.status_of_last()));
      }
      if (summary_.games == 1 && first_outcome_.empty()) first_outcome_ = checker.outcome_of_last(game);
    }
    return ok;
  }

  // One game under the filters and the duplicate search: left out, or checked and reported (a
  // repeat of an earlier game with a duplicate-game note) and sorted.
  void check_selected(const Game& game, GameChecker& checker) {
    Selection& sel = *selection_;
    if (sel.filter && !sel.filter->keeps_record(game)) {
      ++sel.filtered;
      return;
    }
    const ReplayResult& result = checker.evaluate(game);
    if (sel.filter && !sel.filter->keeps_checked(game, result)) {
      ++sel.filtered;
      return;
    }
    SortedKind kind = SortedKind(checker.status_of_last());
    if (sel.seen && checker.status_of_last() != GameStatus::Unreadable) {
      if (auto first = sel.seen->offer(match_key(game, result), game.index, game.start.line, game.file)) {
        ++sel.duplicates;
        kind = SortedKind::Duplicate;
        checker.add_violation(duplicate_note(game, *first));
      }
    }
    checker.report(game, out_, summary_);
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
  const Format format_;
  std::ostream& out_;
  std::ostream& err_;
  CheckSummary summary_;
  std::string first_outcome_;  // the first game's outcome line (text)
  DocumentReport* document_ = nullptr;  // formats html, sarif, junit: the document
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

int run_check_files(const CheckConfig& config, ReportFormat format, std::ostream& out, std::ostream& err) {
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
    if (config.filters.any()) selection.filter.emplace(config.filters);
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
  CheckRun run(config, format, output->stream(), err, sorted.any() ? &sorted : nullptr);
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
  Format format;
  if (config.format == "text") format = Format::Text;
  else if (config.format == "json") format = Format::Json;
  else if (config.format == "jsonl") format = Format::Jsonl;
  else if (config.format == "html") format = Format::Html;
  else if (config.format == "sarif") format = Format::Sarif;
  else if (config.format == "junit") format = Format::Junit;
  else if (config.format == "github") format = Format::Github;
  else {
    err << "bpgn check: --format: '" << config.format << "' is not one of text, json, jsonl, html, sarif, junit, github\n";
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
  return run_check_files(*run_config, format, out, err);
}

void add_check_command(CLI::App& app, CommandAction& action) {
  auto config = std::make_shared<CheckConfig>();
  CLI::App* cmd = app.add_subcommand("check", "Parse and replay every game; report every violation");
  cmd->add_option("files", config->files,
                  "Input files or folders (folders: their *.bpgn and *.pgn files, recursively; none or '-': standard input)");
  add_input_options(*cmd, config->inputs);
  add_rule_options(*cmd, config->rule_options);
  cmd->add_option("--format", config->format,
                  "Report format: text (default), json, jsonl, html (a page for arbiters: boards, rules, clocks), "
                  "sarif (SARIF 2.1.0), junit (JUnit XML), github (GitHub Actions annotations)")
      ->check(CLI::IsMember({"text", "json", "jsonl", "html", "sarif", "junit", "github"}));
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
