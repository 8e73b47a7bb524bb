// What `bpgn fmt` guarantees for any bytes (checked by fuzz_fmt_roundtrip and, on
// corpus/regressions/, by tests/robustness), through run_fmt as the command line runs it: the
// output read back holds as many games as the input; fmt of the output is the output, byte for
// byte (docs/fmt.md: "the output of fmt is what fmt writes again"); and the exit code, which says
// whether every game is valid, is the same for the output as for the input.
#pragma once

#include "pipeline/run/exit_codes.h"
#include "cli/fmt_command.h"
#include "fuzz/fuzz_support.h"
#include "record/reader.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

namespace bpgn::fuzz::fmt_detail {

using bpgn::fuzz::require;

inline std::size_t count_games(std::string_view text) {
  bpgn::Reader reader("fuzz", text);
  bpgn::Game game;
  std::size_t games = 0;
  while (reader.next(game)) ++games;
  return games;
}

struct Formatted {
  int code;
  std::string text;
};

inline Formatted fmt(std::string_view input) {
  const bpgn::fuzz::MemFile file(input);
  bpgn::FmtConfig config;
  config.inputs = {file.path()};
  std::ostringstream out, err;
  const int code = bpgn::run_fmt(config, out, err);
  require(code == bpgn::kExitClean || code == bpgn::kExitInvalid, "fmt exit code not 0 or 1", err.str());
  return {code, out.str()};
}

}  // namespace bpgn::fuzz::fmt_detail

namespace bpgn::fuzz {

inline void fmt_properties(std::string_view text) {
  using namespace fmt_detail;
  const Formatted first = fmt(text);
  require(count_games(first.text) == count_games(text), "fmt output holds another number of games", first.text);
  const Formatted second = fmt(first.text);
  require(second.text == first.text, "fmt is not idempotent", first.text);
  require(second.code == first.code, "fmt of the output judges the games differently", first.text);
}

}  // namespace bpgn::fuzz
