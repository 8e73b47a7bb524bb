// bpgn fmt: every game written back in canonical BPGN / PGN (docs/fmt.md).
#pragma once

#include "cli/filter_options.h"
#include "cli/thread_options.h"
#include "cli/input_list.h"
#include "cli/rule_flags.h"
#include "replay/rule_choice.h"

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace bpgn {

struct FmtConfig {
  std::vector<std::string> inputs;  // empty or "-": standard input; folders are searched (input_options)
  InputOptions input_options;       // --include, --files-from
  std::string output;               // -o FILE; empty: `out`
  bool in_place = false;            // rewrite each FILE (temporary file in its folder, then rename)
  bool check = false;               // only list the inputs that would change (exit 1 if any)
  bool fix = false;                 // --fix: repair suffixes, Result tag and token, roster tags
  std::string summary_json;         // --summary-json FILE: the counts as JSON
  RuleOptions rule_options;
  FilterOptions filters;            // --player, --has, ...: the games left out are not written
  bool quiet = false;               // -q: no game's errors on standard error, only the summary line
  ThreadOptions threads;  // --jobs, --piece-bytes; --in-place and --check read in one thread
};

// Exit codes as in docs/check.md: 0 every game valid, 1 a game has errors or is unreadable
// (--check: an input would change), 2 bad options, 3 an input or output failed.
int run_fmt(const FmtConfig& config, std::ostream& out, std::ostream& err);

}  // namespace bpgn
