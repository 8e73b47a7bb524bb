// The one gate of the values on the command line: every option that takes a number or a word goes
// through one of these checks, each refusing with a message in words that names the option
// ("--jobs: 0 is not allowed: the number of threads is 1 to 256"), exit 2 (docs/robustness.md,
// *Gates*).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

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

// One of `values`, as written ("--result: 'x' is not one of 1-0, 0-1, 1/2-1/2, *").
CLI::Validator one_of(std::vector<std::string> values, const std::string& what);

// An option glued to an empty value (`--player=`, as `--player="$EMPTY"` reaches the program): the
// message that refuses it, or "" when `arg` is none. The parser would take the next argument as
// its value (a file name), so the run read standard input instead.
std::string glued_empty_value(std::string_view arg);

}  // namespace bpgn
