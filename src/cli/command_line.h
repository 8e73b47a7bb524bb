// The whole command line, `bpgn ARGS...`, in one call: what main() runs, and what the tests run in
// their own process (tests/support/in_process_run.h).
#pragma once

#include "cli/commands.h"

#include <functional>
#include <string_view>

namespace CLI {
class App;
}

namespace bpgn {

// Adds every subcommand, parses argv[1..argc) and runs the chosen subcommand. Writes to std::cout
// and std::cerr; returns the exit code (docs/check.md, *Exit codes*).
int run_command_line(int argc, char** argv);

// The program's description (the first line of `bpgn --help`).
extern const char* const kProgramDescription;

// The program's command line on `app` (made with kProgramDescription and the name "bpgn"): its
// version flag, footer and every subcommand; those for which `with_options(name)` holds get their
// options and set `action` when chosen. What run_command_line parses, and what the man pages are
// written from (src/tools/bpgn_man_page.cpp). `made` (empty: every one) says which subcommands are
// made at all; `check_names`: whether CLI11 compares each option's names with those before it
// (cli/command_app.h), which makes a name taken twice throw CLI::OptionAlreadyAdded.
void define_command_line(CLI::App& app, CommandAction& action,
                         const std::function<bool(std::string_view)>& with_options,
                         const std::function<bool(std::string_view)>& made = {}, bool check_names = true);

}  // namespace bpgn
