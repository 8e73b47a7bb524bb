// The whole command line, `bpgn ARGS...`: every subcommand added, the arguments parsed, the chosen one
// run. Every failure maps to a documented exit code, and every message starts with the program and
// the subcommand ("bpgn check: ...").
#include "cli/command_line.h"
#include "cli/command_app.h"
#include "cli/commands.h"
#include "cli/errors.h"
#include "pipeline/run/exit_codes.h"
#include "cli/help_text.h"
#include "cli/option_checks.h"
#include "text/visible_text.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <functional>
#include <memory>
#include <string_view>

namespace bpgn {
namespace {

// The subcommands in the order of the program's help; `add_options` gives one its options and action.
struct Subcommand {
  const char* name;
  const char* description;
  void (*add_options)(CommandApp* cmd, CommandAction& action);
};
constexpr Subcommand kSubcommands[] = {
    {"check", "Parse and replay every game; report every violation", add_check_command},
    {"fmt", "Write every game back as canonical BPGN (PGN for one-board games)", add_fmt_command},
    {"convert", "Convert records: BPGN, per-board PGN, JSON; chess.com board pairs", add_convert_command},
    {"show", "Show one moment of a match: both boards, holdings, clocks, the moves before, the diagnosis",
     add_show_command},
    {"view", "Write a match viewer: one HTML page to step or play through matches, both boards and clocks",
     add_view_command},
    {"standings", "Tournament table from checked matches (players or teams)", add_standings_command},
    {"summary", "Work with the --summary-json files of check runs", add_summary_command},
    {"perft", "Count move-generator leaf nodes from a position", add_perft_command},
    {"help", "Show the help of bpgn or of one subcommand", add_help_command},
    {"completion", "Print the completion script of a shell (bash, zsh or fish)", add_completion_command},
};

// Whether a word of the command line is `name`: a subcommand is only ever chosen by its whole name.
bool names(int argc, char** argv, std::string_view name) {
  for (int k = 1; k < argc; ++k) {
    if (argv[k] == name) return true;
  }
  return false;
}

// Whether `word` is the name of one of the subcommands.
bool is_subcommand(std::string_view word) {
  for (const Subcommand& s : kSubcommands) {
    if (word == s.name) return true;
  }
  return false;
}

// `help` and `completion` read every subcommand's options (to print a help or a script).
bool needs_every_subcommand(int argc, char** argv) { return names(argc, argv, "help") || names(argc, argv, "completion"); }

// The subcommand the command line named (for messages), empty before one is read.
std::string chosen_command(const CLI::App& app) {
  for (const CLI::App* sub : app.get_subcommands()) return sub->get_name();
  return {};
}

}  // namespace

const char* const kProgramDescription =
    "bpgn: read, check and normalise bughouse (two-board) and crazyhouse game records";

void define_command_line(CLI::App& app, CommandAction& action,
                         const std::function<bool(std::string_view)>& with_options,
                         const std::function<bool(std::string_view)>& made, bool check_names) {
  app.require_subcommand(1);
  app.set_version_flag("--version", "bpgn " BPGN_VERSION_TEXT);
  app.footer("\nRun 'bpgn help SUBCOMMAND' or 'bpgn SUBCOMMAND --help' for a subcommand's options, examples and "
             "exit codes.\nExit codes: 0 every game valid; 1 a game has an error or is unreadable; 2 a bad command "
             "line; 3 an input could not be read or an output could not be written.");
  for (const Subcommand& s : kSubcommands) {
    if (made && !made(s.name)) continue;
    auto sub = std::make_shared<CommandApp>(s.description, s.name, &app, check_names);
    CommandApp* cmd = sub.get();
    app.add_subcommand(std::move(sub));
    if (!with_options(s.name)) continue;
    s.add_options(cmd, action);
    finish_help(*cmd);
  }
}

int run_command_line(int argc, char** argv) {
  CLI::App app{kProgramDescription, "bpgn"};
  CommandAction action;
  // Only the subcommands this command line needs get their options: building them all cost more
  // than the rest of a one-game check. Each is made (a name without options) where something may
  // list them: the program's help, an unknown subcommand's message; otherwise, after a subcommand's
  // name or a lone --version, only those the command line names (a word that is no subcommand's
  // name parses the same whether the others are made or not). The options' names are compared
  // with each other only where all are built (command_app.h).
  const bool all = needs_every_subcommand(argc, argv);
  const bool lone_version = argc == 2 && argv[1] == std::string_view("--version");
  const bool named_only = !all && ((argc > 1 && is_subcommand(argv[1])) || lone_version);
  const std::function<bool(std::string_view)> named = [&](std::string_view name) {
    return all || names(argc, argv, name);
  };
  define_command_line(app, action, named, named_only ? named : nullptr, all);
  app.failure_message([](const CLI::App* failed, const CLI::Error& e) {
    const std::string command = chosen_command(*failed);
    return command_message(command, e.what()) + "\nRun 'bpgn " + (command.empty() ? "" : command + " ") +
           "--help' for more information.\n";
  });
  // A first word that names no subcommand: say which there are (CLI11 would say "A subcommand is required").
  const auto names_a_subcommand = [&app](const std::string& word) {
    for (const CLI::App* sub : app.get_subcommands({})) {
      if (sub->get_name() == word) return true;
    }
    return false;
  };
  if (argc > 1 && argv[1][0] != '-' && !names_a_subcommand(argv[1])) {
    std::cerr << command_message("", unknown_subcommand(app, argv[1])) << "\nRun 'bpgn --help' for more information.\n";
    return kExitUsage;
  }
  // `--player=` with nothing after the `=` (an empty shell variable): refused before the parser,
  // which would take the next argument (a file name) as the value.
  for (int k = 1; k < argc && std::string_view(argv[k]) != "--"; ++k) {
    if (const std::string why = glued_empty_value(argv[k]); !why.empty()) {
      const std::string sub = argc > 1 && argv[1][0] != '-' ? argv[1] : "";
      std::cerr << command_message(sub, visible_text(why)) << "\n";
      return kExitUsage;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e) == 0 ? kExitClean : kExitUsage;
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e) == 0 ? kExitClean : kExitUsage;
  } catch (const CLI::CallForVersion& e) {
    app.exit(e);
    return kExitClean;
  } catch (const CLI::ParseError& e) {
    app.exit(e);  // prints the message
    return kExitUsage;
  }
  const std::string command = chosen_command(app);
  try {
    return action ? action() : kExitUsage;
  } catch (const CommandError& e) {
    return report_error(command, e, std::cerr);
  } catch (const std::bad_alloc&) {
    std::cerr << command_message(command, "out of memory") << '\n';
    return kExitIo;
  } catch (const std::exception& e) {
    std::cerr << command_message(command, std::string("internal error: ") + e.what()) << '\n';
    return kExitIo;
  }
}

}  // namespace bpgn
