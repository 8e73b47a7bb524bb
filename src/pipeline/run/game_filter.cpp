#include "pipeline/run/game_filter.h"

#include "core/ascii.h"

#include "rules/rule_set.h"

#include <fnmatch.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>

namespace bpgn {
namespace {

// A malformed option, caught by read_game_filter and returned as its message.
struct BadFilter : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

std::string trimmed(std::string_view s) { return std::string(trim_ascii_space(s)); }

// Shell-style pattern, case ignored: `--player 'alice*'`.
bool matches(const std::string& pattern, const std::string& text) {
  return ::fnmatch(pattern.c_str(), trimmed(text).c_str(), FNM_CASEFOLD) == 0;
}


// "2019", "2019.03", "2019-03-17" -> "2019.03.17" with missing parts as the bound asks:
// from: "2019" -> "2019.00.00"; to: "2019" -> "2019.99.99". Throws BadFilter when not a date.
std::string date_bound(const std::string& text, bool upper, std::string_view option) {
  std::string parts[3];
  int n = 0;
  for (char c : text) {
    if (c == '.' || c == '-' || c == '/') {
      if (++n > 2) break;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      parts[n] += c;
    } else {
      n = 3;
      break;
    }
  }
  if (n > 2 || parts[0].size() != 4 || parts[1].size() > 2 || parts[2].size() > 2 ||
      (n >= 1 && parts[1].empty()) || (n == 2 && parts[2].empty())) {
    throw BadFilter(std::string(option) + " '" + text + "' is not a date (YYYY, YYYY.MM or YYYY.MM.DD)");
  }
  // A month 1-12 and a day that month has (2024.02.29, not 2023.02.29).
  const int year = std::stoi(parts[0]);
  const int month = parts[1].empty() ? 0 : std::stoi(parts[1]);
  const int day = parts[2].empty() ? 0 : std::stoi(parts[2]);
  if (!parts[1].empty() && (month < 1 || month > 12)) {
    throw BadFilter(std::string(option) + " '" + text + "': there is no month " + parts[1] +
                     " (months are 01 to 12)");
  }
  if (!parts[2].empty()) {
    static constexpr int kDays[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const int last = month == 2 && !leap ? 28 : kDays[month - 1];
    if (day < 1 || day > last) {
      throw BadFilter(std::string(option) + " '" + text + "': there is no day " + parts[2] +
                       " in that month (it has " + std::to_string(last) + ")");
    }
  }
  auto two = [&](const std::string& p) { return p.empty() ? std::string(upper ? "99" : "00") : (p.size() == 1 ? "0" + p : p); };
  return parts[0] + "." + two(parts[1]) + "." + two(parts[2]);
}

// A record's Date (or UTCDate) as YYYY.MM.DD; nullopt when it has none with a known year. Unknown
// month or day (`2019.??.??`) compare as the whole span: kept when any of it is in range.
std::optional<std::pair<std::string, std::string>> record_dates(const Game& game) {
  const std::string* date = game.tag("Date");
  if (!date || date->find('?') == 0) date = game.tag("UTCDate");
  if (!date) return std::nullopt;
  std::string d = trimmed(*date);
  std::replace(d.begin(), d.end(), '-', '.');
  std::replace(d.begin(), d.end(), '/', '.');
  if (d.size() != 10 || d[4] != '.' || d[7] != '.' || d.substr(0, 4).find('?') != std::string::npos) return std::nullopt;
  std::string low = d, high = d;
  for (std::size_t i : {5u, 6u, 8u, 9u}) {
    if (d[i] == '?') {
      low[i] = '0';
      high[i] = '9';
    }
  }
  return std::make_pair(low, high);
}

std::vector<ViolationCode> codes(const std::vector<std::string>& names, std::string_view option) {
  std::vector<ViolationCode> out;
  for (const std::string& name : names) {
    auto code = violation_code_from_name(name);
    if (!code) throw BadFilter(std::string(option) + " '" + name + "' is no violation code (see docs/check.md)");
    out.push_back(*code);
  }
  return out;
}

// The position search's options into the probe the replay runs.
void read_search(const FilterOptions& options, ReplayProbe& probe) {
  for (const std::string& fen : options.positions) {
    auto target = read_position_target(fen);
    if (auto* error = std::get_if<std::string>(&target)) {
      throw BadFilter("--position '" + fen + "' is not a FEN: " + *error);
    }
    probe.positions.push_back(std::get<PositionTarget>(target));
  }
  for (const std::string& text : options.moves) {
    auto pattern = read_move_pattern(text);
    if (auto* error = std::get_if<std::string>(&pattern)) throw BadFilter("--move '" + text + "' " + *error);
    probe.moves.push_back(std::get<MovePattern>(std::move(pattern)));
  }
  for (const std::string& text : options.materials) {
    auto targets = read_material_target(text);
    if (auto* error = std::get_if<std::string>(&targets)) throw BadFilter("--material '" + text + "' " + *error);
    for (const MaterialTarget& t : std::get<0>(targets)) probe.materials.push_back(t);
  }
  const std::string& board = options.position_board;
  if (!board.empty()) {
    if (board != "A" && board != "B" && board != "a" && board != "b") {
      throw BadFilter("--position-board '" + board + "' is not a board (A or B)");
    }
    if (probe.empty()) throw BadFilter("--position-board needs --position, --move or --material");
    probe.board = board == "A" || board == "a" ? 0 : 1;
  }
}

}  // namespace

bool FilterOptions::any() const {
  return !players.empty() || !teams.empty() || !date_from.empty() || !date_to.empty() || !results.empty() || elo_min ||
         elo_max || !time_controls.empty() || plies_min || plies_max || !tags.empty() || !rule_sets.empty() ||
         !has_codes.empty() || !lacks_codes.empty() || !positions.empty() || !position_board.empty() ||
         !moves.empty() || !materials.empty();
}

std::variant<GameFilter, std::string> read_game_filter(const FilterOptions& options) {
  GameFilter filter(options);
  try {
    filter.read_options();
  } catch (const BadFilter& e) {
    return std::string(e.what());
  }
  return filter;
}

void GameFilter::read_options() {
  const FilterOptions& options = options_;
  for (const std::string& t : options.tags) {
    const auto eq = t.find('=');
    if (eq == std::string::npos || eq == 0) throw BadFilter("--tag '" + t + "' is not Name=PATTERN");
    tags_.emplace_back(t.substr(0, eq), t.substr(eq + 1));
  }
  for (const std::string& t : options.teams) {
    const std::size_t plus = t.find('+');
    if (plus == std::string::npos || trimmed(t.substr(0, plus)).empty() || trimmed(t.substr(plus + 1)).empty())
      throw BadFilter("--team '" + t + "' is not P1+P2");
  }
  if (!options.date_from.empty()) date_from_ = date_bound(options.date_from, false, "--date-from");
  if (!options.date_to.empty()) date_to_ = date_bound(options.date_to, true, "--date-to");
  for (const std::string& r : options.rule_sets) {
    if (!rules_by_name(r)) throw BadFilter("--variant '" + r + "' is no rule set");
  }
  has_ = codes(options.has_codes, "--has");
  lacks_ = codes(options.lacks_codes, "--lacks");
  read_search(options, probe_);
}

bool GameFilter::keeps_record(const Game& game) const {
  const FilterOptions& o = options_;
  auto seat = [&](std::string_view tag) -> std::string {
    const std::string* v = game.tag(tag);
    return v ? *v : std::string();
  };
  if (!o.players.empty()) {
    const bool any = std::any_of(o.players.begin(), o.players.end(), [&](const std::string& p) {
      return std::any_of(kPlayerTags.begin(), kPlayerTags.end(), [&](std::string_view t) {
        const std::string* v = game.tag(t);
        return v && matches(p, *v);
      });
    });
    if (!any) return false;
  }
  if (!o.teams.empty()) {
    const std::array<std::pair<std::string, std::string>, 2> pairs = {
        std::make_pair(seat("WhiteA"), seat("BlackB")), std::make_pair(seat("WhiteB"), seat("BlackA"))};
    const bool any = std::any_of(o.teams.begin(), o.teams.end(), [&](const std::string& t) {
      const std::string a = trimmed(t.substr(0, t.find('+'))), b = trimmed(t.substr(t.find('+') + 1));
      return std::any_of(pairs.begin(), pairs.end(), [&](const auto& p) {
        return (matches(a, p.first) && matches(b, p.second)) || (matches(b, p.first) && matches(a, p.second));
      });
    });
    if (!any) return false;
  }
  if (!date_from_.empty() || !date_to_.empty()) {
    const auto dates = record_dates(game);
    if (!dates) return false;
    if (!date_from_.empty() && dates->second < date_from_) return false;
    if (!date_to_.empty() && dates->first > date_to_) return false;
  }
  if (!o.results.empty()) {
    const std::string result = trimmed(seat("Result"));
    if (std::find(o.results.begin(), o.results.end(), result) == o.results.end()) return false;
  }
  if (o.elo_min || o.elo_max) {
    bool rated = false;
    for (const Tag& tag : game.tags) {
      if (tag.name.size() < 4 || tag.name.compare(tag.name.size() - 3, 3, "Elo") != 0) continue;
      int elo = 0;
      try {
        elo = std::stoi(tag.value);
      } catch (const std::exception&) {
        continue;  // "?", "-": no rating
      }
      rated = true;
      if ((o.elo_min && elo < *o.elo_min) || (o.elo_max && elo > *o.elo_max)) return false;
    }
    if (!rated) return false;
  }
  if (!o.time_controls.empty()) {
    const std::string tc = trimmed(seat("TimeControl"));
    if (std::find(o.time_controls.begin(), o.time_controls.end(), tc) == o.time_controls.end()) return false;
  }
  if (o.plies_min && game.plies.size() < *o.plies_min) return false;
  if (o.plies_max && game.plies.size() > *o.plies_max) return false;
  for (const auto& [name, pattern] : tags_) {
    const std::string* v = game.tag(name);
    if (!v || ::fnmatch(pattern.c_str(), v->c_str(), 0) != 0) return false;
  }
  return true;
}

bool GameFilter::needs_replay() const {
  return !options_.rule_sets.empty() || !has_.empty() || !lacks_.empty() || !probe_.empty();
}

bool GameFilter::keeps_checked(const Game&, const ReplayResult& result) const {
  if (!options_.rule_sets.empty() &&
      std::find(options_.rule_sets.begin(), options_.rule_sets.end(), result.rules.name) == options_.rule_sets.end()) {
    return false;
  }
  auto has = [&](ViolationCode c) {
    return std::any_of(result.violations.begin(), result.violations.end(), [&](const Violation& v) { return v.code == c; });
  };
  if (!has_.empty() && std::none_of(has_.begin(), has_.end(), has)) return false;
  if (std::any_of(lacks_.begin(), lacks_.end(), has)) return false;
  // The position search: each kind asked was found (a game not replayed finds nothing).
  if (!probe_.positions.empty() && !result.found.position) return false;
  if (!probe_.moves.empty() && !result.found.move) return false;
  if (!probe_.materials.empty() && !result.found.material) return false;
  return true;
}

}  // namespace bpgn
