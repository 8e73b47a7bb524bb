// Failures that end a subcommand with a documented exit code.
#pragma once

#include "pipeline/run/command_error.h"
#include "pipeline/run/exit_codes.h"

#include <iosfwd>
#include <string>
#include <string_view>

namespace bpgn {

// How a message names an input: "standard input" for "-", else its path as visible_text shows it.
std::string input_name(std::string_view path);

// The one form of every message of a subcommand: "bpgn COMMAND: MESSAGE" (a MESSAGE that already
// starts with "COMMAND: " keeps it once), the message as visible_text shows it: a file or archive
// member named in it cannot move the terminal's cursor or split the line.
std::string command_message(std::string_view command, std::string_view message);

// The one handler of a CommandError: its message as command_message(command, ...) and a newline
// on `err`; returns its exit code.
int report_error(std::string_view command, const CommandError& error, std::ostream& err);

}  // namespace bpgn
