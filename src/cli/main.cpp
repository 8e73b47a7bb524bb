// bpgn: the thin command-line layer. Every failure maps to a documented exit code.
#include "cli/commands.h"
#include "cli/errors.h"
#include "cli/exit_codes.h"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <iostream>

int main(int argc, char** argv) {
  using namespace bpgn;
  CLI::App app{"bpgn: read, check and normalise bughouse (two-board) and crazyhouse game records"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "bpgn " BPGN_VERSION_TEXT);
  CommandAction action;
  add_check_command(app, action);
  add_fmt_command(app, action);
  add_convert_command(app, action);
  add_show_command(app, action);
  add_standings_command(app, action);
  add_summary_command(app, action);
  add_perft_command(app, action);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e) == 0 ? kExitClean : kExitUsage;
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e) == 0 ? kExitClean : kExitUsage;
  } catch (const CLI::CallForVersion& e) {
    app.exit(e);
    return kExitClean;
  } catch (const CLI::ParseError& e) {
    app.exit(e);  // prints the message
    return kExitUsage;
  }
  try {
    return action ? action() : kExitUsage;
  } catch (const UsageError& e) {
    std::cerr << "bpgn: " << e.what() << '\n';
    return kExitUsage;
  } catch (const IoError& e) {
    std::cerr << "bpgn: " << e.what() << '\n';
    return kExitIo;
  } catch (const std::bad_alloc&) {
    std::cerr << "bpgn: out of memory\n";
    return kExitIo;
  } catch (const std::exception& e) {
    std::cerr << "bpgn: internal error: " << e.what() << '\n';
    return kExitIo;
  }
}
