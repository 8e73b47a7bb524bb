// Failures that end a subcommand with a documented exit code.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace bpgn {

// A bad command line (exit 2): unknown rule set, bad --set value, ...
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An input that cannot be read or an output that cannot be written (exit 3).
struct IoError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The one form of every message of a subcommand: "bpgn COMMAND: MESSAGE" (a MESSAGE that already
// starts with "COMMAND: " keeps it once), the message as visible_text shows it: a file or archive
// member named in it cannot move the terminal's cursor or split the line.
// How a message names an input: "standard input" for "-", else its path as visible_text shows it.
std::string input_name(std::string_view path);

std::string command_message(std::string_view command, std::string_view message);

}  // namespace bpgn
