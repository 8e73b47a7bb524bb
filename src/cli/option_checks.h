// The one gate of the values on the command line: every option that takes a number or a word goes
// through one of these checks, each refusing with a message in words that names the option
// ("--jobs: 0 is not allowed: the number of threads is 1 or more"), exit 2 (docs/robustness.md,
// *Gates*).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <limits>
#include <string>

namespace bpgn {

// The names of the checks (CLI::Option::get_validator finds them; a test holds every number
// option of every subcommand to one of them).
inline constexpr const char* kWholeNumberCheck = "whole number";
inline constexpr const char* kRealNumberCheck = "real number";
inline constexpr const char* kWordCheck = "word";

// A whole number from `least` to `most`: decimal digits only (no sign, no blank, no 0x; read by
// core/whole_number.h), never wrapped past 2^64; `meaning` says what the option counts ("the
// number of threads"). "-1 is not allowed", "'+5' is not a number", "99999999999999999999 is too
// large".
CLI::Validator at_least(std::uint64_t least, const std::string& meaning,
                        std::uint64_t most = std::numeric_limits<std::uint64_t>::max());
// The same with a bound in the words ("--depth: 21 is not allowed: the depth in plies is 0 to 20").
CLI::Validator between(std::uint64_t least, std::uint64_t most, const std::string& meaning);

// A real number >= `least`, finite, in decimal (`1.5`, `2e1`; no nan, inf, hex or blank).
CLI::Validator real_at_least(double least, const std::string& meaning);

// Text with something in it: not empty, not only blank space ("--rules: '' is empty: give the
// rule set's name"). `what` names what the option wants ("the rule set's name").
CLI::Validator word(const std::string& what);

}  // namespace bpgn
