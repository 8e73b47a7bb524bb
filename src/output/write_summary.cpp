#include "output/write_summary.h"

#include <fmt/format.h>

namespace bpgn {

void WriteCounts::add(const WriteCounts& other) {
  read += other.read;
  valid += other.valid;
  with_errors += other.with_errors;
  as_found += other.as_found;
  joined += other.joined;
  not_written += other.not_written;
  if (other.filtered) filtered = filtered.value_or(0) + *other.filtered;
}

void WriteCounts::drop_all() {
  *this = WriteCounts{.read = read, .not_written = read - filtered.value_or(0), .filtered = filtered};
}

std::string write_summary(std::string_view command, const WriteCounts& c) {
  std::string line = fmt::format("bpgn {}: {} game{} read", command, c.read, c.read == 1 ? "" : "s");
  line += c.filtered ? fmt::format(", {} left out by filters; ", *c.filtered) : std::string(", ");
  line += fmt::format("{} written: {} valid, {} with errors, {} as found (syntax error)", c.written(), c.valid,
                      c.with_errors, c.as_found);
  if (c.joined) {
    line += fmt::format(", {} match{} joined from {} board games", c.joined, c.joined == 1 ? "" : "es",
                        2 * c.joined);
  }
  line += fmt::format("; {} not written", c.not_written);
  return line;
}

}  // namespace bpgn
