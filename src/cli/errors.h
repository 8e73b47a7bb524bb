// Failures that end a subcommand with a documented exit code.
#pragma once

#include "cli/exit_codes.h"

#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>

namespace bpgn {

// A failure that ends a subcommand with its exit code; report_error() says it.
struct CommandError : std::runtime_error {
  CommandError(const std::string& message, ExitCode code) : std::runtime_error(message), exit_code(code) {}
  ExitCode exit_code;
};

// A bad command line (exit 2): unknown rule set, bad --set value, ...
struct UsageError : CommandError {
  explicit UsageError(const std::string& message) : CommandError(message, kExitUsage) {}
};

// An input that cannot be read or an output that cannot be written (exit 3).
struct IoError : CommandError {
  explicit IoError(const std::string& message) : CommandError(message, kExitIo) {}
};

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
