// fmt's games: each game of the inputs written back in canonical BPGN (PGN for one-board games),
// or as found when it cannot be (docs/fmt.md), in input order, in one thread or in several through
// the ordered driver (pipeline/run/ordered_driver.h); the output is the same for every number.
#pragma once

#include "convert/repair.h"
#include "output/write_summary.h"
#include "pipeline/commands/check_run.h"
#include "pipeline/input/inputs.h"
#include "replay/rule_choice.h"

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

namespace bpgn {

struct FmtTotals {
  bool game_errors = false;   // a game with errors or unreadable
  bool io_failed = false;     // an input or output failed
  bool would_change = false;  // --check
  WriteCounts counts;         // the games, for the summary
  // A game too long to be written as found (32 MiB, ReaderOptions::max_raw_bytes) was read: the
  // output cannot hold every game read, so no output file is committed.
  bool cut = false;
  RepairCounts repairs;       // --fix: what was repaired
  // --in-place and --check: the files.
  std::size_t files = 0, rewritten = 0, untouched = 0, failed = 0;
};

struct FmtSettings {
  RuleChoice choice;          // --rules, --set
  bool fix = false;           // --fix: repair the games (convert/repair.h)
  bool report = true;         // each game's errors on standard error (not with -q, --check)
  const GameFilter* filter = nullptr;  // null: every game is written
  unsigned jobs = 1;          // threads (pipeline/run/ordered_driver.h)
  std::size_t piece_bytes = std::size_t{64} << 10;
  std::function<void(std::size_t)> games_done;  // the progress meter's count (may be empty)
  // One thread: the inputs' bytes as they are read (--check and --in-place compare them).
  std::function<void(std::string_view)> watch;
};

// Formats every game of `inputs` through `write` (which returns false once the output failed:
// the later inputs are then not read on). Games are separated by one blank line, also across
// inputs and calls (`first`: no game written yet). Counts them in `counts`, the rest in `totals`;
// says on `err` what could not be read, the inputs without a game and (settings.report) each
// game's errors. False when an input could not be read (or was cut short by a game too long to be
// written as found).
bool format_games(InputStreams& inputs, const FmtSettings& settings,
                  const std::function<bool(std::string_view)>& write, bool& first, FmtTotals& totals,
                  WriteCounts& counts, std::ostream& err);

// "bpgn fmt: cannot read NAME: WHY"; sets totals.io_failed.
void fmt_cannot_read(std::string_view name, std::string_view why, FmtTotals& totals, std::ostream& err);

// The summary line (docs/fmt.md, "Summary"): with --fix its repairs, then the inputs or, with
// --in-place, the files.
std::string fmt_summary_line(const FmtTotals& totals, bool fix, bool in_place, std::size_t inputs);

// --summary-json: the counts of the summary line as JSON (with --fix, the repairs by kind).
std::string fmt_summary_json(const FmtTotals& totals, bool fix, std::size_t inputs);

}  // namespace bpgn
