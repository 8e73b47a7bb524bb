// The failures that end a run with a documented exit code (docs/check.md, *Exit codes*): thrown
// below the command line (a refused output, a bad option value) and said by it (cli/errors.h).
#pragma once

#include "pipeline/run/exit_codes.h"

#include <stdexcept>
#include <string>

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

}  // namespace bpgn
