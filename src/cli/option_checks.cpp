#include "cli/option_checks.h"

#include "core/ascii.h"
#include "core/whole_number.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <system_error>

namespace bpgn {
namespace {

// A whole number in [least, most]; the messages say the rule in words: "{meaning} is 1 or more"
// (no most but 2^64-1), "{meaning} is 0 to 20".
CLI::Validator whole_number_check(std::uint64_t least, std::uint64_t most, const std::string& meaning,
                                  std::string description) {
  constexpr std::uint64_t kMost = std::numeric_limits<std::uint64_t>::max();
  const std::string rule = most == kMost ? fmt::format("{} is {} or more", meaning, least)
                                         : fmt::format("{} is {} to {}", meaning, least, most);
  const std::string range = fmt::format("{} is {} to {}", meaning, least, most);
  return CLI::Validator(
      [least, most, rule, range](std::string& value) -> std::string {
        const WholeNumber n = read_whole_number(value);
        if (n.read == WholeNumber::Read::NotDigits) {
          // "-1": a sign is refused in the words of the range, as a number below it.
          if (value.size() > 1 && value[0] == '-' && read_whole_number(value.substr(1)).read != WholeNumber::Read::NotDigits)
            return value + " is not allowed: " + rule;
          return "'" + value + "' is not a number: " + rule + " (decimal digits only)";
        }
        if (n.read == WholeNumber::Read::TooLarge) return value + " is too large: " + range;
        if (n.value < least || n.value > most) return value + " is not allowed: " + rule;
        return {};
      },
      std::move(description), kWholeNumberCheck);
}

}  // namespace

CLI::Validator at_least(std::uint64_t least, const std::string& meaning, std::uint64_t most) {
  return whole_number_check(least, most, meaning, fmt::format(">= {}", least));
}

CLI::Validator between(std::uint64_t least, std::uint64_t most, const std::string& meaning) {
  return whole_number_check(least, most, meaning, fmt::format("{} to {}", least, most));
}

CLI::Validator real_at_least(double least, const std::string& meaning) {
  const std::string rule = fmt::format("{} is {} or more", meaning, least);
  return CLI::Validator(
      [least, rule](std::string& value) -> std::string {
        double x = 0;
        const char* end = value.data() + value.size();
        const auto [stop, ec] = std::from_chars(value.data(), end, x, std::chars_format::general);
        if (value.empty() || ec != std::errc() || stop != end || !std::isfinite(x)) {
          return "'" + value + "' is not a number: " + rule;
        }
        if (x < least) return value + " is not allowed: " + rule;
        return {};
      },
      fmt::format(">= {}", least), kRealNumberCheck);
}

CLI::Validator word(const std::string& what) {
  return CLI::Validator(
      [what](std::string& value) -> std::string {
        if (trim_ascii_space(value).empty()) return "'" + value + "' is empty: give " + what;
        return {};
      },
      std::string(), kWordCheck);
}

CLI::Validator one_of(std::vector<std::string> values, const std::string& what) {
  return CLI::Validator(
      [values, what](std::string& value) -> std::string {
        if (trim_ascii_space(value).empty()) return "'" + value + "' is empty: give " + what;
        for (const std::string& v : values) {
          if (value == v) return {};
        }
        std::string list;
        for (const std::string& v : values) list += (list.empty() ? "" : ", ") + v;
        return "'" + value + "' is not one of " + list;
      },
      std::string(), kWordCheck);
}

std::string glued_empty_value(std::string_view arg) {
  if (arg.size() < 4 || arg.substr(0, 2) != "--" || arg.back() != '=') return {};
  const std::string name(arg.substr(0, arg.size() - 1));
  if (name.find('=') != std::string::npos) return {};
  return name + "= has no value (an empty value is never one): give " + name + " VALUE";
}

}  // namespace bpgn
