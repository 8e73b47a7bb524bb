#include "replay/adjudication_rules.h"

#include "core/ascii.h"
#include "core/edit_distance.h"

#include <fmt/format.h>

#include <algorithm>

namespace bpgn {
namespace {

constexpr Seat kSplitSeats[] = {Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB};

std::string_view split_seat_word(Seat s, int boards) {
  if (boards == 1) return s == Seat::WhiteA ? "White" : "Black";
  return seat_tag(s);
}

// The lines a piece of text runs over beyond its first.
std::uint32_t lines_after_first(std::string_view text) {
  return std::uint32_t(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

std::string adjudication_points_text(double p) {
  std::string s = fmt::format("{:.4f}", p);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

double most_points(bool turkish) { return turkish ? 2 : 1; }

SeatPoints turkish_board_points(Winner winner, Board board) {
  // The losing team's player on that board: team 1 plays White on A and Black on B.
  const bool team1 = winner == Winner::Team1;
  const Seat loser =
      board == Board::A ? (team1 ? Seat::BlackA : Seat::WhiteA) : (team1 ? Seat::WhiteB : Seat::BlackB);
  return turkish_points(loser);
}

std::vector<SeatPoints> outcome_splits(bool turkish, int boards) {
  std::vector<SeatPoints> out;
  if (turkish && boards == 2) {
    for (Seat loser : kSplitSeats) out.push_back(turkish_points(loser));
    for (Seat x : kSplitSeats) {
      for (Seat y : kSplitSeats) {
        if (x < y && board_of(x) != board_of(y)) out.push_back(turkish_flags({x, y})->points);
      }
    }
    for (Seat spared : kSplitSeats) {
      std::vector<Seat> flagged;
      for (Seat s : kSplitSeats)
        if (s != spared) flagged.push_back(s);
      out.push_back(turkish_flags(flagged)->points);
    }
    out.push_back({{"WhiteA", 1}, {"BlackA", 1}, {"WhiteB", 1}, {"BlackB", 1}});
    return out;
  }
  if (boards == 1)
    return {
        {{"WhiteA", 1}, {"BlackA", 0}}, {{"WhiteA", 0}, {"BlackA", 1}}, {{"WhiteA", 0.5}, {"BlackA", 0.5}}};
  return {{{"WhiteA", 1}, {"BlackB", 1}, {"BlackA", 0}, {"WhiteB", 0}},
          {{"WhiteA", 0}, {"BlackB", 0}, {"BlackA", 1}, {"WhiteB", 1}},
          {{"WhiteA", 0.5}, {"BlackB", 0.5}, {"BlackA", 0.5}, {"WhiteB", 0.5}}};
}

std::string split_text(const SeatPoints& points, int boards) {
  std::string out;
  for (Seat s : kSplitSeats) {
    const auto it = points.find(std::string(seat_tag(s)));
    if (it == points.end()) continue;
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", split_seat_word(s, boards),
                       adjudication_points_text(it->second));
  }
  return out;
}

std::string split_problem(const SeatPoints& points, bool turkish, int boards) {
  turkish = turkish && boards == 2;
  const std::vector<SeatPoints> splits = outcome_splits(turkish, boards);
  if (std::find(splits.begin(), splits.end(), points) != splits.end()) return {};
  std::string allowed;
  if (turkish) {
    // The example: a board won by the player given the most points (the first such seat).
    Seat top = Seat::WhiteA;
    for (Seat s : kSplitSeats) {
      if (points.at(std::string(seat_tag(s))) > points.at(std::string(seat_tag(top)))) top = s;
    }
    allowed = fmt::format(
        "a board won: its winner 2, their partner 1.5, the loser's partner 0.5, the loser 0 (e.g. {}); "
        "flags on both boards: the flagged 0, their opponents 2; three flags: the one left 2, the "
        "others 0; a draw: 1 each",
        split_text(turkish_points(Seat(int(top) ^ 1)), boards));
  } else if (boards == 1) {
    allowed = "the winner 1, the loser 0; a draw: 0.5 each";
  } else {
    allowed = "the winning team 1 each, the losing team 0; a draw: 0.5 each";
  }
  return fmt::format(
      "points: {} is no outcome's split under {}; the rules give: {}. Points of the arbiter's own need "
      "`award: special`",
      split_text(points, boards), turkish ? "Turkish scoring" : "match scoring", allowed);
}

std::string nearest_names(std::string_view wrong, const std::vector<std::string>& candidates) {
  const std::string w = ascii_lower(trim_ascii_space(wrong));
  const std::size_t most = std::max<std::size_t>(1, w.size() / 3);
  std::size_t best = most + 1;
  std::vector<std::string> names;
  for (const std::string& c : candidates) {
    const std::string key = ascii_lower(trim_ascii_space(c));
    if (key.empty()) continue;
    const std::size_t d = edit_distance(w, key);
    if (d > most || d > best) continue;
    if (d < best) best = d, names.clear();
    if (std::find(names.begin(), names.end(), std::string(trim_ascii_space(c))) == names.end())
      names.emplace_back(trim_ascii_space(c));
  }
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < 3; ++i) {
    out += fmt::format("{}'{}'",
                       i == 0                                            ? ""
                       : i + 1 == std::min<std::size_t>(names.size(), 3) ? " or "
                                                                         : ", ",
                       names[i]);
  }
  return out;
}

std::uint32_t last_line_of(const Game& game) {
  std::uint32_t last = game.start.line;
  const auto see = [&](const SourcePos& pos, std::string_view text = {}) {
    if (pos.line > 0) last = std::max(last, pos.line + lines_after_first(text));
  };
  for (const Tag& t : game.tags) see(t.pos, t.value);
  for (const Comment& c : game.leading_comments) see(c.pos, c.text);
  for (const Ply& p : game.plies) {
    see(p.number_pos);
    see(p.san_pos);
    for (const Comment& c : p.comments) see(c.pos, c.text);
  }
  see(game.result_pos);
  for (const ReadNote& n : game.notes) see(n.pos);
  if (game.error) see(game.error->pos);
  return last;
}

}  // namespace bpgn
