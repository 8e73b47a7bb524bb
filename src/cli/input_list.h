// The options that name a command's inputs (--include, --files-from, --files0-from, --allow-empty) and what
// every reading command says about them. The inputs themselves are expanded and opened in
// src/pipeline (input_paths.h, inputs.h) (docs/check.md, *Inputs*).
#pragma once

#include "pipeline/output/file_claims.h"
#include "pipeline/input/input_paths.h"

#include <cstddef>
#include <ostream>
#include <string_view>

namespace CLI {
class App;
}

namespace bpgn {

// Adds --include, --files-from, --files0-from and --allow-empty to a subcommand.
void add_input_options(CLI::App& cmd, InputOptions& options);

// Claims the lists of names (--files-from, --files0-from) as inputs: no output may be one of them.
void claim_input_lists(FileClaims& claims, const InputOptions& options);

// Adds --allow-empty alone (convert, which takes no folders of records).
void add_allow_empty_option(CLI::App& cmd, bool& allow_empty);

// A run that read no game at all (empty files, empty folders, nothing on standard input) is a
// failure, exit 1, unless --allow-empty (docs/check.md, *Exit codes*): true after saying
// "bpgn COMMAND: no games read" on `err`.
bool fails_for_no_games(std::string_view command, std::size_t games_read, bool allow_empty, std::ostream& err);

// A command that reads standard input while it is a terminal says so on `err` (it would seem to hang
// otherwise): "bpgn check: reading records from standard input; end with Ctrl-D, or name FILEs".
void say_if_reading_a_terminal(std::string_view command, std::ostream& err);

}  // namespace bpgn
