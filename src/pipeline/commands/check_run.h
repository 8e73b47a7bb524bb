// check's games: every game of the inputs read, left out by the filters or checked, looked up in
// the duplicate search, reported to the sink and sorted into the sorted outputs, in input order,
// through the ordered driver (pipeline/run/ordered_driver.h) with one worker or N (one code path). The output
// is byte for byte the same for every number of threads (docs/performance.md, *Parallel parsing*).
#pragma once

#include "output/report_sink.h"
#include "pipeline/run/check_game.h"
#include "pipeline/run/duplicate_index.h"
#include "pipeline/input/inputs.h"
#include "pipeline/output/sorted_outputs.h"
#include "replay/check_summary.h"

#include <cstddef>
#include "pipeline/run/game_filter.h"

#include <functional>
#include <ostream>
#include <string_view>

namespace bpgn {

struct CheckRunSettings {
  RuleChoice choice;         // --rules, --set, --tolerance
  GameCheckOptions options;  // --strict (the duplicate search's key is asked when `seen` is given)
  unsigned jobs = 1;         // threads; a sink without a renderer is written in one
  std::size_t piece_bytes = std::size_t{64} << 10;
  const GameFilter* filter = nullptr;  // null: every game is checked (asked from every thread at once)
  // The sorted outputs (null: none) and the rules their canonical texts are written under.
  SortedOutputs* sorted = nullptr;
  RuleChoice sorted_choice;
  DuplicateIndex* seen = nullptr;  // the duplicate search (null: none)
  // Says a message of the run on standard error in the command's form: "NAME: no games",
  // "cannot read NAME: WHY".
  std::function<void(std::string_view)> say;
  // Games done (filtered ones too), for the progress meter; may be empty.
  std::function<void(std::size_t)> games_done;
};

struct CheckRunResult {
  CheckSummary summary;
  std::size_t games_read = 0;  // filtered ones included
  bool inputs_ok = true;       // false: some input could not be opened or read
};

// Reads every game of `inputs` into `sink` (begun by the caller, finished by the caller with the
// summary). `err` gets the sorted outputs' messages (a game too long to be written as found).
CheckRunResult check_games(InputStreams& inputs, ReportSink& sink, const CheckRunSettings& settings, std::ostream& err);

}  // namespace bpgn
