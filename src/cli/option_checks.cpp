#include "cli/option_checks.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>

namespace bpgn {

CLI::Validator at_least(double least, const std::string& meaning) {
  const std::string rule = fmt::format("{} is {} or more", meaning, least);
  return CLI::Validator(
      [least, rule](std::string& value) -> std::string {
        char* end = nullptr;
        const double x = std::strtod(value.c_str(), &end);
        if (value.empty() || end != value.c_str() + value.size() || !std::isfinite(x)) {
          return "'" + value + "' is not a number: " + rule;
        }
        if (x < least) return value + " is not allowed: " + rule;
        return {};
      },
      fmt::format(">= {}", least), "at least");
}

}  // namespace bpgn
