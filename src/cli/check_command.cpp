// bpgn check: the command line over the reader, the replay and the report writers.
#include "cli/check_command.h"

#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/exit_codes.h"
#include "output/check_report.h"
#include "output/report_json.h"
#include "output/report_text.h"
#include "record/reader.h"
#include "replay/replay.h"

#include <CLI/CLI.hpp>

#include <fstream>
#include <memory>
#include <system_error>

namespace bpgn {
namespace {

enum class Format { Text, Json, Jsonl };

class CheckRun {
 public:
  CheckRun(const CheckConfig& config, Format format, std::ostream& out, std::ostream& err)
      : config_(config), format_(format), out_(out), err_(err) {
    report_.strict = config.strict;
    report_.max_errors = config.max_errors;
    replay_.canonical_san = false;
  }

  void begin() {
    if (format_ == Format::Json) out_ << "{\"games\":[";
  }

  // Checks every game of one input; false when it cannot be opened.
  bool check_file(const std::string& path) {
    std::unique_ptr<Reader> reader;
    try {
      reader = std::make_unique<Reader>(path);
    } catch (const std::system_error& e) {
      err_ << "bpgn check: cannot read " << (path == "-" ? "standard input" : path) << ": " << e.code().message()
           << '\n';
      return false;
    }
    Game game;  // refilled by the reader, keeping its memory
    while (reader->next(game)) {
      game.index = ++index_;
      check_game(game);
    }
    return true;
  }

  void end() {
    if (format_ == Format::Json) out_ << "],\"summary\":" << summary_json(summary_).dump() << "}\n";
    if (format_ == Format::Text) write_text_summary(err_, summary_);
    out_.flush();
  }

  const CheckSummary& summary() const { return summary_; }

 private:
  void check_game(const Game& game) {
    RuleSet base = default_rules_for_record(game);
    if (!config_.rule_options.rules.empty()) base = *rules_by_name(config_.rule_options.rules);
    const RuleSet rules = rules_for_record(game, base, config_.rule_options.sets);
    replay_.tolerance_seconds = config_.tolerance.value_or(default_tolerance(game));
    const ReplayResult result = replay(game, rules, replay_);
    const GameStatus status = status_of(game, result, report_);
    summary_.add(status, result);
    switch (format_) {
      case Format::Text:
        if (!config_.quiet) write_text_diagnostics(out_, game, result, report_);
        break;
      case Format::Jsonl: out_ << game_report_json(game, result, report_).dump() << '\n'; break;
      case Format::Json:
        out_ << (summary_.games > 1 ? ",\n" : "\n") << game_report_json(game, result, report_).dump();
        break;
    }
  }

  const CheckConfig& config_;
  const Format format_;
  std::ostream& out_;
  std::ostream& err_;
  ReportOptions report_;
  ReplayOptions replay_;
  CheckSummary summary_;
  std::size_t index_ = 0;
};

}  // namespace

int run_check(const CheckConfig& config, std::ostream& out, std::ostream& err) {
  Format format;
  if (config.format == "text") format = Format::Text;
  else if (config.format == "json") format = Format::Json;
  else if (config.format == "jsonl") format = Format::Jsonl;
  else {
    err << "bpgn check: --format: '" << config.format << "' is not one of text, json, jsonl\n";
    return kExitUsage;
  }
  if (config.tolerance && !(*config.tolerance >= 0)) {
    err << "bpgn check: --tolerance must be a number of seconds >= 0\n";
    return kExitUsage;
  }
  try {
    // Validates --rules and every --set once, before any game is read.
    (void)resolve_rules(config.rule_options, bughouse_rules());
  } catch (const UsageError& e) {
    err << "bpgn check: " << e.what() << '\n';
    return kExitUsage;
  }

  std::ofstream file;
  std::ostream* target = &out;
  if (!config.output.empty() && config.output != "-") {
    file.open(config.output, std::ios::binary | std::ios::trunc);
    if (!file) {
      err << "bpgn check: cannot write " << config.output << '\n';
      return kExitIo;
    }
    target = &file;
  }

  CheckRun run(config, format, *target, err);
  bool inputs_ok = true;
  run.begin();
  if (config.files.empty()) {
    inputs_ok = run.check_file("-");
  } else {
    for (const std::string& f : config.files) inputs_ok = run.check_file(f) && inputs_ok;
  }
  run.end();
  if (!*target) {
    err << "bpgn check: cannot write " << (config.output.empty() ? "standard output" : config.output) << '\n';
    return kExitIo;
  }
  if (!inputs_ok) return kExitIo;
  const CheckSummary& s = run.summary();
  return s.invalid + s.unreadable > 0 ? kExitInvalid : kExitClean;
}

void add_check_command(CLI::App& app, CommandAction& action) {
  auto config = std::make_shared<CheckConfig>();
  CLI::App* cmd = app.add_subcommand("check", "Parse and replay every game; report every violation");
  cmd->add_option("files", config->files, "Input files (none or '-': standard input)");
  add_rule_options(*cmd, config->rule_options);
  cmd->add_option("--format", config->format, "Report format: text (default), json, jsonl")
      ->check(CLI::IsMember({"text", "json", "jsonl"}));
  cmd->add_option("-o,--output", config->output, "Write the report to FILE instead of standard output");
  cmd->add_flag("-q,--quiet", config->quiet, "Text format: print only the summary");
  cmd->add_option("--max-errors", config->max_errors, "List at most N violations per game (all are counted)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--strict", config->strict, "Warnings count as errors for the status and the exit code");
  cmd->add_option("--tolerance", config->tolerance,
                  "Seconds of lag allowed on top of the Lag tag when clocks are compared across boards "
                  "(default: 1 with a Lag tag, 30 without)")
      ->check(CLI::NonNegativeNumber);
  cmd->callback([config, &action] { action = [config] { return run_check(*config, std::cout, std::cerr); }; });
}

}  // namespace bpgn
