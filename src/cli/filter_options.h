// The filter options on the command line (check, convert, standings): --player, --date-from,
// --has, ... registered on a subcommand, and read into the filter stage (pipeline/run/game_filter.h).
#pragma once

#include "pipeline/run/game_filter.h"

#include <optional>

namespace bpgn {

class CommandApp;  // cli/command_app.h

// Adds the filter options to a subcommand.
void add_filter_options(CommandApp& cmd, FilterOptions& options);

// The filter of the options; nullopt when none is given. Throws UsageError for a malformed one.
std::optional<GameFilter> game_filter(const FilterOptions& options);

}  // namespace bpgn
