#include "cli/input_list.h"

#include "cli/option_checks.h"

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <iostream>

namespace bpgn {

void add_input_options(CLI::App& cmd, InputOptions& options) {
  cmd.add_option("--include", options.include,
                 "In folders, read the files whose name matches PATTERN (shell style, repeatable; "
                 "default: *.bpgn and *.pgn)")
      ->take_all()
      ->allow_extra_args(false)
      ->check(word("a file-name pattern"));
  cmd.add_option("--files-from", options.files_from, "Also read the files listed in FILE, one per line ('-': standard input)")
      ->check(word("the list's FILE"));
  cmd.add_option("--files0-from", options.files0_from,
                 "Also read the files listed in FILE, each name ended by a NUL byte, as find -print0 writes them ('-': "
                 "standard input)")
      ->check(word("the list's FILE"));
  add_allow_empty_option(cmd, options.allow_empty);
}

void claim_input_lists(FileClaims& claims, const InputOptions& options) {
  claims.input(options.files_from, "the --files-from list");
  claims.input(options.files0_from, "the --files0-from list");
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
