#include "replay/moment.h"

#include "replay/messages.h"

#include "core/ascii.h"
#include "replay/match_time.h"
#include "replay/timeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

namespace bpgn {
namespace {

int board_index(const Ply& p, int boards) { return boards == 1 ? 0 : int(p.board); }

}  // namespace

MomentAt default_moment(const ReplayResult& result) {
  for (const Violation& v : result.violations) {
    if (v.severity == Severity::Error && v.ply) return {MomentAt::Kind::Ply, *v.ply};
  }
  return {MomentAt::Kind::End, 0};
}

std::variant<MomentAt, std::string> find_moment(const Game& game, const ReplayResult& result, std::string_view at,
                                                double tolerance_seconds) {
  const std::string word = ascii_lower(at);
  if (word == "first-error") return default_moment(result);
  if (word == "start") return MomentAt{MomentAt::Kind::Start, 0};
  if (word == "end") return MomentAt{MomentAt::Kind::End, 0};
  if (const auto time = read_match_time(at)) {
    if (const auto* why = std::get_if<std::string>(&*time)) return fmt::format("`{}`: {}", at, *why);
    const double t = std::get<double>(*time);
    const Timeline tl = build_timeline(game, {result.boards, tolerance_seconds});
    const MatchClocks clocks(game, tl, result);
    if (!clocks.end()) return fmt::format("`{}`: the record has no clock times to find a match time by", at);
    if (t > *clocks.end() + 1e-6) {
      return fmt::format("`{}`: past the end of the match (it ends at {} s of match time)", at,
                         seconds_text(*clocks.end()));
    }
    return MomentAt{MomentAt::Kind::Instant, 0, t};
  }

  // number, then a seat letter (A a B b) or dots; a trailing '.' after the letter is allowed.
  int number = 0;
  const auto [rest, ec] = std::from_chars(at.data(), at.data() + at.size(), number);
  std::string_view tail(rest, static_cast<std::size_t>(at.data() + at.size() - rest));
  const std::string_view usage =
      "expected a move such as 23a, 14B (one board: 23 or 23...), first-error, start, end, or a match time such as "
      "3:01 or 181.5s";
  // fmt, not std::string's operator+: GCC 12 warns (-Wrestrict, falsely) on the latter here.
  const auto refuse = [at](std::string_view why) { return fmt::format("`{}`: {}", at, why); };
  if (ec != std::errc() || rest == at.data() || number <= 0) return refuse(usage);
  std::optional<Board> board;
  Color color = White;
  if (!tail.empty() && std::string_view("AaBb").find(tail.front()) != std::string_view::npos) {
    board = tail.front() == 'A' || tail.front() == 'a' ? Board::A : Board::B;
    color = tail.front() == 'A' || tail.front() == 'B' ? White : Black;
    tail.remove_prefix(1);
    if (tail == ".") tail = {};
    if (!tail.empty()) return refuse(usage);
  } else if (tail.empty() || tail == ".") {
    color = White;
  } else if (tail == "...") {
    color = Black;
  } else {
    return refuse(usage);
  }
  const int boards = result.boards;
  if (boards == 2 && !board) {
    return refuse(fmt::format("name the seat on a two-board record ({0}A, {0}a, {0}B or {0}b)", number));
  }
  if (boards == 1 && board == Board::B) return refuse("the record has one board");
  const Board want = board.value_or(Board::A);

  const std::vector<int> numbers = move_numbers(game);
  for (std::size_t i = 0; i < game.plies.size(); ++i) {
    const Ply& p = game.plies[i];
    if (numbers[i] == number && p.color == color && (boards == 1 || p.board == want)) {
      return MomentAt{MomentAt::Kind::Ply, i};
    }
  }
  return refuse("the record has no such move");
}

Moment moment_of(const Game& game, const RuleSet& rules, const ReplayOptions& options, const ReplayResult& result,
                 MomentAt at, std::size_t recent_plies) {
  Moment m;
  m.at = at;
  m.boards = result.boards;
  const std::size_t n = game.plies.size();
  if (at.kind == MomentAt::Kind::Ply && at.ply >= n) at = m.at = {MomentAt::Kind::End, 0};

  // The positions: the end's are the replay's own; any other moment is the end of the record cut
  // right after it (the ply itself included: played when legal, else its board stops before it).
  // Holdings move between boards, so each board's position is taken at the same moment.
  std::size_t plies_in = n;  // plies up to and including the moment
  const Timeline tl = build_timeline(game, {m.boards, options.tolerance_seconds});
  const MatchClocks clocks(game, tl, result);
  if (at.kind == MomentAt::Kind::Instant) plies_in = clocks.plies_by(at.time);
  if (at.kind == MomentAt::Kind::End || (at.kind == MomentAt::Kind::Instant && plies_in == n)) {
    m.position = result.final;
  } else {
    if (at.kind != MomentAt::Kind::Instant) plies_in = at.kind == MomentAt::Kind::Start ? 0 : at.ply + 1;
    Game cut = game;
    cut.plies.resize(plies_in);
    ReplayOptions cut_options = options;
    cut_options.keep_positions = false;
    cut_options.canonical_san = false;
    cut_options.known_claim = claim_of(result);  // the cut ends at the moment, not the record
    m.position = replay(cut, rules, cut_options).final;
  }
  if (at.kind == MomentAt::Kind::Ply) m.played = result.plies[at.ply].replayed;

  for (std::size_t i = 0; i < plies_in; ++i) {
    const int b = board_index(game.plies[i], m.boards);
    if (result.plies[i].replayed) m.last_played[b] = i;
  }
  for (int b = 0; b < m.boards; ++b) {
    for (std::size_t i = plies_in; i-- > 0 && m.recent[b].size() < recent_plies;) {
      if (board_index(game.plies[i], m.boards) == b) m.recent[b].push_back(i);
    }
    std::reverse(m.recent[b].begin(), m.recent[b].end());
  }

  for (std::size_t k = 0; k < result.violations.size(); ++k) {
    const Violation& v = result.violations[k];
    if (at.kind == MomentAt::Kind::Ply ? v.ply == at.ply : at.kind == MomentAt::Kind::End && !v.ply) {
      m.violations.push_back(k);
    }
  }

  // Clocks: as they ran by the record's timestamps at the moment's match time (clock_at.h).
  if (at.kind == MomentAt::Kind::Start) {
    m.time = 0.0;
  } else if (at.kind == MomentAt::Kind::Instant) {
    m.time = at.time;
  } else {
    for (std::size_t i = plies_in; i-- > 0;) {
      if (tl.time[i]) {
        if (i + 1 == plies_in) m.time = tl.time[i];
        break;
      }
    }
  }
  m.plies = plies_in;
  m.clocks = clocks.at(plies_in, m.time);
  for (int s = 0; s < 2 * m.boards; ++s) m.remaining[s] = m.clocks.seats[s].left;
  return m;
}

}  // namespace bpgn
