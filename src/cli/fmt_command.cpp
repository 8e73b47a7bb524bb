// bpgn fmt: placeholder until its issue lands (replaced by the real subcommand).
#include "cli/commands.h"
#include "cli/exit_codes.h"

#include <CLI/CLI.hpp>

#include <iostream>

namespace bpgn {

void add_fmt_command(CLI::App& app, CommandAction& action) {
  CLI::App* cmd = app.add_subcommand("fmt", "(not yet available)");
  cmd->allow_extras();
  cmd->callback([&action] {
    action = [] {
      std::cerr << "bpgn fmt: not yet available\n";
      return kExitUsage;
    };
  });
}

}  // namespace bpgn
