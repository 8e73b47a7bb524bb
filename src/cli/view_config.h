// What `bpgn view`'s command line asks for (cli/view_command.cpp reads it; cli/view_steps.cpp runs
// it): apart from the command, so the steps need not include the command's header.
#pragma once

#include "cli/rule_flags.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bpgn {

struct ViewConfig {
  // Files or folders (every game of them), or one FILE:LINE / FILE with --game, or --index N.
  std::vector<std::string> files;
  std::optional<std::size_t> game;   // --game N of the one FILE
  std::optional<std::size_t> index;  // --index N over all the files, as check's index
  std::string output;                // -o FILE; empty: standard output
  RuleOptions rule_options;          // --rules, --set
  std::optional<double> tolerance;   // --tolerance SECONDS, as for check
  std::string adjudications;         // --adjudications FILE (docs/adjudications.md); empty: none
  std::string at;                    // --at: the moment the page opens at (show's --at); empty: the start
  bool sheet = false;                // --sheet: the one game's decision sheet instead of the viewer
};

}  // namespace bpgn
