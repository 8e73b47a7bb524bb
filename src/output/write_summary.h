// What fmt and convert did with the games they read: the one summary line on standard error
// (docs/fmt.md, docs/convert.md). Every game read lands in exactly one bucket, so the numbers add up.
// The same counts as JSON (--summary-json): output/summary_json.h.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <ostream>

namespace bpgn {

struct WriteCounts {
  std::size_t read = 0;         // games read (chess.com: boards read)
  std::size_t valid = 0;        // written, replayed without an error (warnings allowed)
  std::size_t with_errors = 0;  // written, canonical up to the first error of a board, as written from there
                                // (a game of an unsupported Variant: written as found)
  std::size_t as_found = 0;     // written as found: a syntax error kept the reader from reading them through
  std::size_t joined = 0;       // matches written from two per-board games (each pair: two games read)
  std::size_t not_written = 0;  // read but not in the output: an output that failed, a board without partner
  std::optional<std::size_t> filtered;  // with filters (convert): games read and left out by them

  // read == valid + with_errors + as_found + 2 * joined + not_written + filtered
  // (tests/cli/summary_counts_test.cpp)
  std::size_t written() const { return valid + with_errors + as_found + joined; }
  void add(const WriteCounts& other);
  // Everything read and not left out becomes not written (the output failed).
  void drop_all();
};

// "bpgn fmt: 5 games read, 4 written: 2 valid, 1 with errors, 1 as found (syntax error); 1 not written"
// and, for convert, ", 1 match joined from 2 board games" before the `;`; with filters
// "bpgn convert: 7 games read, 2 left out by filters; 5 written: ...".
std::string write_summary(std::string_view command, const WriteCounts& counts);

}  // namespace bpgn
