// Each subcommand adds its options to the CLI11 app and leaves the action to run after parsing.
// The work itself is a run_x(config, out, err) function, testable without argv.
#pragma once

#include <functional>

namespace bpgn {

class CommandApp;  // cli/command_app.h

// The action returns the exit code (exit_codes.h). It may throw bpgn::UsageError (exit 2) or
// bpgn::IoError (exit 3); main maps them.
using CommandAction = std::function<int()>;

// Each gives the subcommand `cmd` (made with its name and description, command_line.cpp) its options
// and its action.
void add_check_command(CommandApp* cmd, CommandAction& action);
void add_fmt_command(CommandApp* cmd, CommandAction& action);
void add_convert_command(CommandApp* cmd, CommandAction& action);
void add_perft_command(CommandApp* cmd, CommandAction& action);
void add_show_command(CommandApp* cmd, CommandAction& action);
void add_view_command(CommandApp* cmd, CommandAction& action);
void add_summary_command(CommandApp* cmd, CommandAction& action);
void add_standings_command(CommandApp* cmd, CommandAction& action);
void add_completion_command(CommandApp* cmd, CommandAction& action);

}  // namespace bpgn
