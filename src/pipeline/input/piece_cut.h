// Where the ordered parallel driver (pipeline/run/ordered_driver.h) cuts its inputs, and the bounds
// that keep its memory small (docs/robustness.md, *Memory*; docs/performance.md, *Parallel parsing*).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace bpgn {

// Where a piece of input may end so that the next one starts a game: just after a '\n' that is
// followed by `[Event ` (not `[EventDate`), searching from `from`; std::string_view::npos when `text` holds none.
std::size_t find_piece_cut(std::string_view text, std::size_t from);

// The number of '\n' bytes in `text` (a piece's lines), in a loop the compiler vectorises:
// std::count's generic form cost the reading thread 3 instructions a byte.
std::size_t count_lines(std::string_view text);

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
  std::uint64_t own;     // the piece it took (its results are held until that piece is written)
  std::uint64_t wanted;  // the piece it waits for
};

// Whether the reading thread may make one more piece though `in_flight` pieces (at most the
// limit) wait to be written, the first of them numbered `front`: only when the worker of the
// front piece waits for exactly the piece made next (a game longer than the pieces in flight;
// nothing can be written before it ends). A worker further back waits for the front to be
// written: were it let through, a stalled front worker would let the others read on without
// bound, every piece's results held until the front is written.
bool may_pass_the_limit(std::uint64_t front, std::size_t in_flight, std::span<const WaitingWorker> waiting);

}  // namespace bpgn
