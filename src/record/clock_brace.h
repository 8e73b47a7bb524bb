// Which brace comment holds a clock: the grammar's answer, for the reader (GameBuilder) and for
// the writers that must keep a comment that looks like a clock a comment.
#pragma once

#include <cstdint>
#include <string_view>

namespace bpgn {

// How a clock was written.
enum class ClockForm : std::uint8_t {
  Seconds,  // `179`, `58.345`, `-0.576`
  ClkTime,  // `[%clk 0:02:59.9]`
  TsTime,   // `[ts=185.070]`
};

// Whether the reader takes a clock from the brace `{content}` when it is the first brace after a
// move: a brace holding only a clock (`{179}`, `{ [%clk 0:02:59] }`) or one with `[%clk ...]` or
// `[ts=...]` inside. Writers use it to keep a comment that looks like a clock a comment.
bool brace_holds_clock(std::string_view content);

// A clock inside a longer comment: `{ [%eval 0.17] [%clk 0:05:00] }`. The views point into the
// content given to find_embedded_clock.
struct EmbeddedClock {
  bool found = false;
  ClockForm form = ClockForm::ClkTime;
  std::string_view number;  // the clock's numeric part
  std::string_view text;    // the clock as written
};
EmbeddedClock find_embedded_clock(std::string_view content);

}  // namespace bpgn
