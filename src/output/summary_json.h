// --summary-json: a run's counts as one JSON object on one line, for scripts and for
// `bpgn summary merge` (docs/check.md, *Summary JSON*; docs/fmt.md and docs/convert.md, *Summary*).
// Written with JsonWriter (output/json_writer.h), like every JSON report; the members in the order
// shown, a member that does not apply left out.
#pragma once

#include "replay/check_summary.h"
#include "output/json_writer.h"
#include "output/write_summary.h"

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace bpgn {

// One of check's sorted outputs (--valid-out, ...): its word ("valid", "invalid", "unreadable",
// "duplicate"), the games written to it and its file name as given.
struct SortedOutputCount {
  std::string_view word;
  std::size_t written = 0;
  std::string_view file;
};

// {"command":"check","inputs","games_read", the members of the report's summary (report_json.h),
//  then with sorted outputs "written":{word: games} and "written_to":{word: file}} and LF.
std::string check_summary_json(const CheckSummary& summary, std::size_t inputs, std::size_t games_read,
                               std::span<const SortedOutputCount> sorted = {});

// {"command","inputs","games_read","written","valid","with_errors","as_found","joined","not_written",
//  with filters "filtered", then what `more_members` writes (fmt --fix: its repairs)} and LF, e.g.
// {"command":"fmt","inputs":2,"games_read":5,"written":4,"valid":2,"with_errors":1,"as_found":1,
//  "joined":0,"not_written":1}
std::string write_summary_json(std::string_view command, std::size_t inputs, const WriteCounts& counts,
                               const std::function<void(JsonWriter&)>& more_members = {});

}  // namespace bpgn
