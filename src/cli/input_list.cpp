#include "cli/input_list.h"
#include "cli/command_app.h"

#include "cli/option_checks.h"

#include <CLI/CLI.hpp>

namespace bpgn {

void add_input_options(CommandApp& cmd, InputOptions& options) {
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

void add_allow_empty_option(CommandApp& cmd, bool& allow_empty) {
  cmd.add_flag("--allow-empty", allow_empty,
               "Exit 0 when the inputs hold no game at all (default: exit 1, 'no games read')");
}

}  // namespace bpgn
