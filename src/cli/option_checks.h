// Number options checked with a message in words ("--jobs: 0 is not allowed: the number of
// threads is 1 or more"), not CLI11's range of doubles.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace bpgn {

// A number >= `least`; `meaning` says what the option counts ("the number of threads").
CLI::Validator at_least(double least, const std::string& meaning);
// A number from `least` to `most` ("--depth: 21 is not allowed: the depth in plies is 0 to 20").
CLI::Validator between(double least, double most, const std::string& meaning);

}  // namespace bpgn
