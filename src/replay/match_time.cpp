#include "replay/match_time.h"

#include <fmt/format.h>

#include <cstddef>
#include <vector>

namespace bpgn {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool all_digits(std::string_view s) {
  for (char c : s) {
    if (!is_digit(c)) return false;
  }
  return !s.empty();
}

// Digits, then an optional '.' and at least one digit: the seconds of a time, as a number.
std::optional<double> decimal(std::string_view s) {
  const std::size_t dot = s.find('.');
  const std::string_view whole = s.substr(0, dot);
  if (!all_digits(whole) || whole.size() > 9) return std::nullopt;
  double v = 0;
  for (char c : whole) v = v * 10 + (c - '0');
  if (dot == std::string_view::npos) return v;
  const std::string_view frac = s.substr(dot + 1);
  if (!all_digits(frac) || frac.size() > 6) return std::nullopt;
  double unit = 0.1;
  for (char c : frac) {
    v += (c - '0') * unit;
    unit /= 10;
  }
  return v;
}

}  // namespace

std::optional<std::variant<double, std::string>> read_match_time(std::string_view text) {
  const bool colon = text.find(':') != std::string_view::npos;
  const bool suffix = !text.empty() && (text.back() == 's' || text.back() == 'S');
  const std::size_t dot = text.find('.');
  const bool fraction = dot != std::string_view::npos && dot + 1 < text.size() && is_digit(text[dot + 1]) &&
                        dot > 0 && is_digit(text[dot - 1]);
  const bool negative = !text.empty() && text.front() == '-' && text.size() > 1 && is_digit(text[1]);
  if (!colon && !suffix && !fraction && !negative) return std::nullopt;
  const std::string_view usage = "a match time is M:SS, H:MM:SS (seconds with a fraction: 3:01.5) or seconds: 181s, 181.5";
  using Result = std::variant<double, std::string>;
  if (negative) return Result(std::string("a match time is not negative"));
  if (!colon) {
    const std::optional<double> v = decimal(suffix ? text.substr(0, text.size() - 1) : text);
    if (!v) return Result(std::string(usage));
    return Result(*v);
  }
  // M:SS or H:MM:SS: every part digits, the last two of exactly two digits below 60.
  std::vector<std::string_view> parts;
  for (std::size_t from = 0;;) {
    const std::size_t to = text.find(':', from);
    parts.push_back(text.substr(from, to == std::string_view::npos ? std::string_view::npos : to - from));
    if (to == std::string_view::npos) break;
    from = to + 1;
  }
  if (parts.size() > 3) return Result(std::string(usage));
  const std::string_view last = parts.back();
  const std::optional<double> seconds = decimal(last);
  if (!seconds || last.substr(0, last.find('.')).size() != 2) return Result(std::string(usage));
  if (*seconds >= 60) return Result(fmt::format("{}: the seconds must be below 60", usage));
  double total = *seconds;
  double unit = 60;
  for (std::size_t k = parts.size() - 1; k-- > 0;) {
    const std::string_view p = parts[k];
    if (!all_digits(p) || p.size() > 6 || (k > 0 && p.size() != 2)) return Result(std::string(usage));
    double v = 0;
    for (char c : p) v = v * 10 + (c - '0');
    if (k > 0 && v >= 60) return Result(fmt::format("{}: the minutes must be below 60", usage));
    total += v * unit;
    unit *= 60;
  }
  return Result(total);
}

}  // namespace bpgn
