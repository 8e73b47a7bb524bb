// Failures that end a subcommand with a documented exit code.
#pragma once

#include <stdexcept>
#include <string>

namespace bpgn {

// A bad command line (exit 2): unknown rule set, bad --set value, ...
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// An input that cannot be read or an output that cannot be written (exit 3).
struct IoError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace bpgn
