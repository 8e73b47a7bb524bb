// The whole command line, `bpgn ARGS...`, in one call: what main() runs, and what the tests run in
// their own process (tests/support/in_process_run.h).
#pragma once

namespace bpgn {

// Adds every subcommand, parses argv[1..argc) and runs the chosen subcommand. Writes to std::cout
// and std::cerr; returns the exit code (docs/check.md, *Exit codes*).
int run_command_line(int argc, char** argv);

}  // namespace bpgn
