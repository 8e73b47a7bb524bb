// What every subcommand's --help ends with (one or two examples and the exit codes), and
// `bpgn help [SUBCOMMAND]`.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <string_view>

namespace bpgn {

class CommandApp;  // cli/command_app.h

// The footer of `bpgn COMMAND --help` (examples, exit codes); empty for an unknown command.
std::string help_footer(std::string_view command);

// Gives a subcommand, once its options are added, its footer and a --version flag.
void finish_help(CommandApp& sub);

// "no subcommand 'x' (the subcommands: check, fmt, ...)".
std::string unknown_subcommand(const CLI::App& app, const std::string& name);

// `bpgn help [SUBCOMMAND]` (`cmd`, a subcommand of the program): prints the help of the program or
// of one subcommand.
void add_help_command(CommandApp* cmd, std::function<int()>& action);

}  // namespace bpgn
