// The options that name a command's inputs (--include, --files-from, --files0-from, --allow-empty) and what
// every reading command says about them (pipeline/run/command_run.h: claim_input_lists,
// fails_for_no_games, say_if_reading_a_terminal). The inputs themselves are expanded and opened in
// src/pipeline (input_paths.h, inputs.h) (docs/check.md, *Inputs*).
#pragma once

#include "pipeline/run/command_run.h"
#include "pipeline/input/input_paths.h"

#include <cstddef>
#include <ostream>
#include <string_view>

namespace bpgn {

class CommandApp;  // cli/command_app.h

// Adds --include, --files-from, --files0-from and --allow-empty to a subcommand.
void add_input_options(CommandApp& cmd, InputOptions& options);

// Adds --allow-empty alone (convert, which takes no folders of records).
void add_allow_empty_option(CommandApp& cmd, bool& allow_empty);

}  // namespace bpgn
