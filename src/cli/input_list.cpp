#include "cli/input_list.h"

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <iostream>

namespace bpgn {

void add_input_options(CLI::App& cmd, InputOptions& options) {
  cmd.add_option("--include", options.include,
                 "In folders, read the files whose name matches PATTERN (shell style, repeatable; "
                 "default: *.bpgn and *.pgn)")
      ->take_all()
      ->allow_extra_args(false);
  cmd.add_option("--files-from", options.files_from, "Also read the files listed in FILE, one per line ('-': standard input)");
  add_allow_empty_option(cmd, options.allow_empty);
}

void add_allow_empty_option(CLI::App& cmd, bool& allow_empty) {
  cmd.add_flag("--allow-empty", allow_empty,
               "Exit 0 when the inputs hold no game at all (default: exit 1, 'no games read')");
}

bool fails_for_no_games(std::string_view command, std::size_t games_read, bool allow_empty, std::ostream& err) {
  if (games_read > 0 || allow_empty) return false;
  err << "bpgn " << command << ": no games read (--allow-empty accepts that)" << std::endl;
  return true;
}

void say_if_reading_a_terminal(std::string_view command, std::ostream& err) {
  if (!::isatty(STDIN_FILENO)) return;
  err << "bpgn " << command << ": reading records from standard input (a terminal); end with Ctrl-D, or name FILEs"
      << std::endl;
}

}  // namespace bpgn
