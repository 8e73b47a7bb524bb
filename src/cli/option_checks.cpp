#include "cli/option_checks.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

namespace bpgn {

namespace {

// A number in [least, most]; `rule` says so in words.
CLI::Validator number_check(double least, double most, std::string rule, std::string description) {
  return CLI::Validator(
      [least, most, rule](std::string& value) -> std::string {
        char* end = nullptr;
        const double x = std::strtod(value.c_str(), &end);
        if (value.empty() || end != value.c_str() + value.size() || !std::isfinite(x)) {
          return "'" + value + "' is not a number: " + rule;
        }
        if (x < least || x > most) return value + " is not allowed: " + rule;
        return {};
      },
      std::move(description), "number check");
}

}  // namespace

CLI::Validator at_least(double least, const std::string& meaning) {
  return number_check(least, HUGE_VAL, fmt::format("{} is {} or more", meaning, least), fmt::format(">= {}", least));
}

CLI::Validator between(double least, double most, const std::string& meaning) {
  return number_check(least, most, fmt::format("{} is {} to {}", meaning, least, most),
                      fmt::format("{} to {}", least, most));
}

}  // namespace bpgn
