// check --jobs N for N > 1: the inputs are cut into pieces that N threads parse and check at once;
// the output is byte for byte that of --jobs 1 (docs/performance.md, *Parallel parsing*).
#pragma once

#include "cli/check_command.h"
#include "cli/duplicate_index.h"
#include "pipeline/game_filter.h"
#include "cli/sorted_outputs.h"
#include "output/report_sink.h"
#include "replay/check_summary.h"

#include <cstddef>
#include <cstdint>
#include <array>
#include <optional>
#include <span>
#include <string_view>
#include <ostream>

namespace bpgn {

// Reads config.files (none: standard input), gives the games' reports to `sink` in input order
// (each made by the worker that checked the game, with the sink's renderer(): the sink must have
// one) and writes messages about inputs (cannot read, no games) to `err`, adds every game to
// `summary`. `piece_bytes` is the size the inputs are cut at (tests make it tiny to put every seam
// to the test). Returns false when some input could not be read.
// `filter` (may be null): the games it leaves out get no report and are counted in
// summary.filtered. `sorted` (may be null): each game's text is made by the worker that read it
// and written to the file of its status in input order. `seen` (may be null): the duplicate
// search; workers compute each game's fingerprint, the writer looks it up in input order, and a
// duplicate's report is made again from its text with the duplicate-game note (summary.duplicates).
bool check_in_parallel(const CheckConfig& config, ReportSink& sink, unsigned jobs, std::size_t piece_bytes,
                       std::ostream& err, CheckSummary& summary, const GameFilter* filter = nullptr, SortedOutputs* sorted = nullptr,
                       DuplicateIndex* seen = nullptr);

// Where a piece of input may end so that the next one starts a game: just after a '\n' that is
// followed by `[Event ` (not `[EventDate`), searching from `from`; std::string_view::npos when `text` holds none.
std::size_t find_piece_cut(std::string_view text, std::size_t from);

// A run of blank space kept as the few bytes it repeats (`\n`, `\r\n`, ` \n`, up to four) instead
// of its text: a piece of input that is nothing else (docs/robustness.md, *Memory*).
struct BlankPattern {
  std::array<char, 4> bytes{};
  std::uint8_t period = 1;
  // Bytes [at, at + n) of the run into `out`.
  void fill(char* out, std::uint64_t at, std::size_t n) const;
};

// The pattern `text` repeats, when it is blank bytes only and a repetition of at most four of them
// (the last repetition may be cut short); nullopt otherwise.
std::optional<BlankPattern> blank_pattern(std::string_view text);

// A worker that has read to the last piece made and waits for the reading thread's next one.
struct WaitingWorker {
  std::uint64_t own;     // the piece it took (its reports are held until that piece is written)
  std::uint64_t wanted;  // the piece it waits for
};

// Whether the reading thread may make one more piece though `in_flight` pieces (at most the
// limit) wait to be written, the first of them numbered `front`: only when the worker of the
// front piece waits for exactly the piece made next (a game longer than the pieces in flight;
// nothing can be written before it ends). A worker further back waits for the front to be
// written: were it let through, a stalled front worker would let the others read on without
// bound, every piece's report held until the front is written.
bool may_pass_the_limit(std::uint64_t front, std::size_t in_flight, std::span<const WaitingWorker> waiting);

}  // namespace bpgn
