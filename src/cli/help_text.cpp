#include "cli/help_text.h"
#include "cli/command_app.h"

#include "cli/errors.h"
#include "pipeline/run/exit_codes.h"

#include <iostream>
#include <map>
#include <memory>

namespace bpgn {
namespace {

constexpr std::string_view kExitCodes =
    "Exit codes: 0 every game valid (warnings allowed); 1 a game has an error or is unreadable,\n"
    "or no game was read at all (--allow-empty accepts that); 2 a bad command line; 3 an input\n"
    "could not be read or an output could not be written.";
constexpr std::string_view kCheckExitCodes =
    "Exit codes: 0 every game valid (warnings allowed); 1 a game has an error or is unreadable,\n"
    "or no game was read at all (--allow-empty accepts that); --fail-on warning also fails on a\n"
    "warning, --fail-on never on no finding; 2 a bad command line; 3 an input could not be read or\n"
    "an output could not be written (whatever --fail-on says).";
constexpr std::string_view kShowExitCodes =
    "Exit codes: 0 every game valid (warnings allowed); 1 a game has an error or is unreadable;\n"
    "2 a bad command line; 3 an input could not be read or an output could not be written.";
constexpr std::string_view kSummaryExitCodes =
    "Exit codes: 0 done; 2 a bad command line; 3 a file could not be read or is not a summary\n"
    "(nothing is written then), or the output could not be written.";

const std::map<std::string_view, std::string_view>& examples() {
  static const std::map<std::string_view, std::string_view> e = {
      {"check",
       "  bpgn check games.bpgn                      # every violation, then the counts\n"
       "  bpgn check --rules turkish --format html -o report.html match.bpgn\n"
       "  bpgn check --format sarif -o bpgn.sarif archive/   # for code scanning (also junit, github)\n"
       "  bpgn check --format codequality --fail-on never -o cq.json games/   # GitLab; only exit 2, 3 fail"},
      {"fmt",
       "  bpgn fmt games.bpgn > canonical.bpgn\n"
       "  bpgn fmt --check archive/                  # exit 1 when a file is not canonical"},
      {"convert",
       "  bpgn convert --to pgn games.bpgn           # one PGN game per board\n"
       "  bpgn convert --to json -o games.json games.bpgn"},
      {"show",
       "  bpgn show games.bpgn                       # both boards at the first error\n"
       "  bpgn show --game 3 --at 14B games.bpgn\n"
       "  bpgn show games.bpgn:120                   # the game at line 120 (a report's file:line)\n"
       "  bpgn show --index 7 a.bpgn b.bpgn          # the run's 7th game, as check numbers it"},
      {"view",
       "  bpgn view -o match.html games.bpgn:120     # the game at line 120, in the browser\n"
       "  bpgn view -o round.html round-3/           # every game of a folder, a game picker"},
      {"standings",
       "  bpgn standings --rules turkish tournament/\n"
       "  bpgn standings --by team --format html -o table.html tournament/"},
      {"summary", "  bpgn summary merge part-*.json             # add up check --summary-json files"},
      {"perft",
       "  bpgn perft --rules crazyhouse --depth 3 --fen "
       "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'"},
      {"help", "  bpgn help check"},
      {"completion", "  bpgn completion bash > /etc/bash_completion.d/bpgn\n  source <(bpgn completion bash)"},
  };
  return e;
}

}  // namespace

std::string help_footer(std::string_view command) {
  auto it = examples().find(command);
  if (it == examples().end()) return {};
  const std::string_view exit_codes = command == "perft" || command == "help" || command == "completion"
                                          ? "Exit codes: 0 done; 2 a bad command line."
                                      : command == "check"   ? kCheckExitCodes
                                      : command == "show" || command == "view" ? kShowExitCodes
                                      : command == "summary" ? kSummaryExitCodes
                                                             : kExitCodes;
  return "\nExamples:\n" + std::string(it->second) + "\n\n" + std::string(exit_codes) +
         "\nDocs: docs/" + std::string(command == "summary" ? "sharding" : command == "help" ? "check" : command) +
         ".md (installed under share/doc/bpgn), man bpgn-" + std::string(command) + "\n";
}

void finish_help(CommandApp& sub) {
  sub.footer(help_footer(sub.get_name()));
  sub.set_version_flag("--version", "bpgn " BPGN_VERSION_TEXT);
}

std::string unknown_subcommand(const CLI::App& app, const std::string& name) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands({})) names += (names.empty() ? "" : ", ") + sub->get_name();
  return "no subcommand '" + name + "' (the subcommands: " + names + ")";
}

void add_help_command(CommandApp* cmd, std::function<int()>& action) {
  CLI::App& app = *cmd->get_parent();
  auto topic = std::make_shared<std::string>();
  cmd->add_option("subcommand", *topic, "The subcommand to explain (none: bpgn itself)");
  cmd->callback([&app, topic, &action] {
    action = [&app, topic] {
      // app.help() would show the help of the subcommand parsed, `help` itself: format directly.
      if (topic->empty()) {
        std::cout << app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal);
        return kExitClean;
      }
      for (CLI::App* sub : app.get_subcommands({})) {
        if (sub->get_name() == *topic) {
          std::cout << sub->help(app.get_name());
          return kExitClean;
        }
      }
      std::cerr << command_message("help", unknown_subcommand(app, *topic)) << '\n';
      return kExitUsage;
    };
  });
}

}  // namespace bpgn
