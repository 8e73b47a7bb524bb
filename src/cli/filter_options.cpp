#include "cli/filter_options.h"
#include "cli/command_app.h"

#include "cli/errors.h"
#include "cli/option_checks.h"
#include "core/ascii.h"

#include <CLI/CLI.hpp>

#include <climits>
#include <string>
#include <variant>

namespace bpgn {
namespace {

// --team: two names joined by '+', neither empty ("+", "Ayla+" name no team).
CLI::Validator team_check() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        const std::size_t plus = value.find('+');
        if (plus == std::string::npos || trim_ascii_space(value.substr(0, plus)).empty() ||
            trim_ascii_space(value.substr(plus + 1)).empty())
          return "'" + value + "' is not P1+P2: give two players' names joined by +";
        return {};
      },
      std::string(), kWordCheck);
}

}  // namespace

void add_filter_options(CommandApp& cmd, FilterOptions& o) {
  const std::string group = "Filters (games left out are counted, not reported)";
  cmd.add_option("--player", o.players, "Only games with a player so named at any seat (shell pattern, case ignored)")
      ->take_all()->allow_extra_args(false)->check(word("a player's name or a pattern"))->group(group);
  cmd.add_option("--team", o.teams, "Only games where P1 and P2 were partners ('P1+P2', either order)")->take_all()->allow_extra_args(false)->check(team_check())->group(group);
  cmd.add_option("--date-from", o.date_from, "Only games on or after this Date (YYYY[.MM[.DD]])")->check(word("a date, YYYY[.MM[.DD]]"))->group(group);
  cmd.add_option("--date-to", o.date_to, "Only games on or before this Date (YYYY[.MM[.DD]])")->check(word("a date, YYYY[.MM[.DD]]"))->group(group);
  cmd.add_option("--result", o.results, "Only games whose Result tag is this (1-0, 0-1, 1/2-1/2, *)")->take_all()->allow_extra_args(false)->check(one_of({"1-0", "0-1", "1/2-1/2", "*"}, "a result: 1-0, 0-1, 1/2-1/2 or *"))->group(group);
  cmd.add_option("--elo-min", o.elo_min, "Only games where every rating given is at least N")->check(between(0, INT_MAX, "a rating"))->group(group);
  cmd.add_option("--elo-max", o.elo_max, "Only games where every rating given is at most N")->check(between(0, INT_MAX, "a rating"))->group(group);
  cmd.add_option("--time-control", o.time_controls, "Only games with this TimeControl tag (e.g. 120+0)")->take_all()->allow_extra_args(false)->check(word("a TimeControl value such as 120+0"))->group(group);
  cmd.add_option("--min-plies", o.plies_min, "Only games of at least N plies (both boards together)")->check(at_least(0, "the number of plies"))->group(group);
  cmd.add_option("--max-plies", o.plies_max, "Only games of at most N plies (both boards together)")->check(at_least(0, "the number of plies"))->group(group);
  cmd.add_option("--tag", o.tags, "Only games whose tag Name matches PATTERN ('Name=PATTERN', shell pattern)")
      ->take_all()->allow_extra_args(false)->check(word("Name=PATTERN"))->group(group);
  cmd.add_option("--variant", o.rule_sets, "Only games checked under this rule set (bughouse, chess, ...)")->take_all()->allow_extra_args(false)->check(word("a rule set's name"))->group(group);
  cmd.add_option("--has", o.has_codes, "Only games with a violation of this code (e.g. drop-gives-mate)")->take_all()->allow_extra_args(false)->check(word("a violation code"))->group(group);
  cmd.add_option("--lacks", o.lacks_codes, "Only games without a violation of this code")->take_all()->allow_extra_args(false)->check(word("a violation code"))->group(group);
  cmd.add_option("--position", o.positions,
                 "Only games where a board reaches this position: a FEN's placement, holdings ([Qp]: at least "
                 "those in hand) and side to move (none: either)")
      ->take_all()->allow_extra_args(false)->check(word("a FEN's placement"))->group(group);
  cmd.add_option("--position-board", o.position_board, "Search --position, --move and --material on this board only (A or B)")
      ->check(CLI::IsMember({"A", "B"}, CLI::ignore_case))->group(group);
  cmd.add_option("--move", o.moves,
                 "Only games with a played move matching this SAN pattern (* any text, ? one character: 'Q@*', "
                 "'*=R/*', 'O-O-O')")
      ->take_all()->allow_extra_args(false)->check(word("a SAN pattern"))->group(group);
  cmd.add_option("--material", o.materials,
                 "Only games where a board has this material, either side ('QR2P*:qr' as pgn-extract's -z: a "
                 "letter is one piece, N2 two, N2+ two or more, N* any; others none)")
      ->take_all()->allow_extra_args(false)->check(word("a material pattern such as QR:qr"))->group(group);
}

std::optional<GameFilter> game_filter(const FilterOptions& options) {
  if (!options.any()) return std::nullopt;
  auto filter = read_game_filter(options);
  if (auto* error = std::get_if<std::string>(&filter)) throw UsageError(*error);
  return std::get<GameFilter>(std::move(filter));
}

}  // namespace bpgn
