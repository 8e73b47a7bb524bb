// bpgn standings: checks every match and builds the tournament table (docs/standings.md).
#include "cli/adjudication_file.h"
#include "cli/command_app.h"
#include "cli/alias_file.h"
#include "cli/thread_options.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "pipeline/run/exit_codes.h"
#include "cli/filter_options.h"
#include "cli/input_list.h"
#include "cli/option_checks.h"
#include "pipeline/run/command_run.h"
#include "cli/rule_flags.h"
#include "pipeline/commands/standings_matches.h"
#include "standings/standings.h"
#include "standings/standings_render.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

namespace bpgn {
namespace {

struct StandingsConfig {
  std::vector<std::string> files;
  InputOptions inputs;
  RuleOptions rule_options;
  std::string by = "player";
  std::string format = "text";
  std::string output;
  std::string alias;
  std::string adjudications;  // --adjudications FILE
  std::string title;          // --title TEXT
  bool exclude_invalid = false;
  std::size_t max_columns = 40;
  FilterOptions filters;  // --player, --date-from, --has, ...: matches left out are not in the table
  bool quiet = false;     // -q: the table only; standard error says only what failed
  ThreadOptions threads;  // --jobs, --piece-bytes
};

// "bpgn standings: 9 matches read, 7 scored, 2 left out; 4 players, 2 teams"; with filters
// "12 matches read, 3 left out by filters; 9 kept, 7 scored, ...".
std::string summary_line(const Standings& standings, const StandingsInput& in) {
  const std::size_t n = standings.matches.size();
  std::string line = "bpgn standings: " + std::to_string(in.read) + " match" + (in.read == 1 ? "" : "es") + " read, ";
  if (in.filtered) line += std::to_string(*in.filtered) + " left out by filters; " + std::to_string(n) + " kept, ";
  return line + std::to_string(n - standings.excluded.size()) + " scored, " + std::to_string(standings.excluded.size()) +
         " left out; " + std::to_string(standings.players.size()) + " players, " +
         std::to_string(standings.teams.size()) + " teams";
}

// The standings' part of the one run (pipeline/run/command_run.h): the matches read and scored,
// the table written once they all are.
class StandingsSteps : public CommandSteps {
 public:
  StandingsSteps(const StandingsConfig& config, StandingsSettings& settings, RenderOptions& render,
                 const Adjudications& adjudications)
      : config_(config), settings_(settings), render_(render), adjudications_(adjudications) {}

  void prepare(const RunFiles& files, std::ostream&) override {
    render_.inputs = files.files;
    settings_.jobs = config_.threads.threads(files.files);
  }
  bool open(OutputGroup& outputs, std::ostream& err) override {  // a folder missing is said at once
    output_ = outputs.open(config_.output, err);
    return output_ != nullptr;
  }
  StreamResult stream(InputStreams& inputs, std::ostream& err) override {
    in_ = read_matches(inputs, settings_, err);
    return StreamResult::read(in_.read, in_.inputs_ok);
  }
  bool hold(std::ostream& err) override { return adjudications_hold("standings", adjudications_, err); }
  std::optional<int> before_commit(OutputGroup&, const StreamResult&, std::ostream&) override {
    StandingsOptions options;
    options.exclude_invalid = config_.exclude_invalid;
    standings_ = build_standings(std::move(in_.matches), options);
    render_.scoring = scoring_label(standings_.matches);
    render_.max_columns = config_.max_columns;
    output_->stream() << render_standings(standings_, render_);
    return {};
  }
  std::optional<int> after_commit(bool committed, const StreamResult&, std::ostream& err) override {
    if (!committed) return kExitIo;
    if (!config_.quiet) err << summary_line(standings_, in_) << '\n';
    // CSV has no place for it; the other formats say it above the table (JSON leaves nothing out).
    if (render_.format == StandingsFormat::Csv && !config_.quiet) {
      if (const std::string left_out = columns_left_out(standings_, render_); !left_out.empty())
        err << "bpgn standings: " << left_out << '\n';
      if (const std::string legend = arbiter_legend(standings_, render_); !legend.empty())
        err << "bpgn standings: " << legend << '\n';
    }
    return {};
  }

 private:
  const StandingsConfig& config_;
  StandingsSettings& settings_;
  RenderOptions& render_;
  const Adjudications& adjudications_;
  RunOutput* output_ = nullptr;
  StandingsInput in_;
  Standings standings_;
};

int run_standings(const StandingsConfig& config, std::ostream& out, std::ostream& err) {
  RenderOptions render;
  if (config.by == "player") render.by = StandingsBy::Player;
  else if (config.by == "team") render.by = StandingsBy::Team;
  else throw UsageError("standings: --by is player or team");
  if (config.format == "text") render.format = StandingsFormat::Text;
  else if (config.format == "markdown") render.format = StandingsFormat::Markdown;
  else if (config.format == "csv") render.format = StandingsFormat::Csv;
  else if (config.format == "json") render.format = StandingsFormat::Json;
  else if (config.format == "html") render.format = StandingsFormat::Html;
  else throw UsageError("standings: --format is text, markdown, csv, json or html");
  StandingsSettings settings;
  settings.choice = rule_choice(config.rule_options);
  settings.aliases = read_aliases(config.alias);
  const Adjudications adjudications = read_adjudications("standings", config.adjudications, err);
  if (!config.adjudications.empty()) settings.adjudications = &adjudications;
  render.title = config.title;
  const std::optional<GameFilter> filter = game_filter(config.filters);
  settings.filter = filter ? &*filter : nullptr;
  settings.quiet = config.quiet;
  settings.piece_bytes = config.threads.piece_bytes;

  CommandPlan plan;
  plan.command = "standings";
  plan.names = config.files;
  plan.inputs = config.inputs;
  plan.say_notes = !config.quiet;
  // The table is never written onto an input, the list or the alias file.
  plan.claims = {CommandPlan::side_input(config.alias, "the --alias file"),
                 CommandPlan::side_input(config.adjudications, "the --adjudications file"),
                 CommandPlan::output(config.output, "-o")};
  StandingsSteps steps(config, settings, render, adjudications);
  return run_command(plan, steps, out, err);
}

}  // namespace

void add_standings_command(CommandApp* cmd, CommandAction& action) {
  auto config = std::make_shared<StandingsConfig>();
  cmd->add_option("files", config->files, "Input files or folders, as for check (none or '-': standard input)");
  add_input_options(*cmd, config->inputs);
  add_rule_options(*cmd, config->rule_options);
  cmd->add_option("--by", config->by, "One row per player (default) or per team (a crosstable)")
      ->check(CLI::IsMember({"player", "team"}));
  cmd->add_option("--format", config->format, "text (default), markdown, csv, json or html (a printable page)")
      ->check(CLI::IsMember({"text", "markdown", "csv", "json", "html"}));
  cmd->add_option("-o,--output", config->output, "Write the table to FILE instead of standard output");
  cmd->add_option("--alias", config->alias, "A file of `other spelling = name` lines: one player, one row")
      ->check(word("the alias FILE"));
  cmd->add_option("--adjudications", config->adjudications,
                  "A file of the arbiter's decisions (match, result/points/replay, reason): they score the matches "
                  "they name (docs/adjudications.md)")
      ->check(word("the decisions' FILE"));
  cmd->add_option("--title", config->title, "The table's title (default: the matches' Event tag)")->check(word("the table's title"));
  cmd->add_option("--max-columns", config->max_columns,
                  "Draw the points per round (by player) or the crosstable (by team) only when they need at most N "
                  "columns (default 40; --format json always has them)")
      ->type_name("N")
      ->check(at_least(0, "the number of columns"));
  cmd->add_flag("--exclude-invalid", config->exclude_invalid,
                "Leave invalid matches out of the table (default: they count as recorded, listed under it)");
  add_filter_options(*cmd, config->filters);
  cmd->add_flag("-q,--quiet", config->quiet,
                "The table only: no summary or notes on standard error (failures are still said)");
  add_thread_options(*cmd, config->threads, "Check matches");
  cmd->callback([config, &action] { action = [config] { return run_standings(*config, std::cout, std::cerr); }; });
}

}  // namespace bpgn
