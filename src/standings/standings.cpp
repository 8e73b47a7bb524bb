#include "standings/standings.h"

#include "replay/outcome.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace bpgn {
namespace {

constexpr std::array<Seat, 4> kSeats = {Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB};

// Team 1 is WhiteA + BlackB, team 2 WhiteB + BlackA (a seat's partner plays the other colour on
// the other board).
bool on_team1(Seat s) { return s == Seat::WhiteA || s == Seat::BlackB; }

std::vector<Seat> seats_of(const ScoredMatch& m) {
  if (m.boards == 1) return {Seat::WhiteA, Seat::BlackA};
  return {kSeats.begin(), kSeats.end()};
}

std::vector<Seat> opponents(const ScoredMatch& m, Seat s) {
  if (m.boards == 1) return {s == Seat::WhiteA ? Seat::BlackA : Seat::WhiteA};
  return on_team1(s) ? std::vector<Seat>{Seat::WhiteB, Seat::BlackA} : std::vector<Seat>{Seat::WhiteA, Seat::BlackB};
}

}  // namespace

std::string player_key(std::string_view name) {
  while (!name.empty() && std::isspace(static_cast<unsigned char>(name.front()))) name.remove_prefix(1);
  while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.remove_suffix(1);
  std::string key(name);
  for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

namespace {

// "0-1 by illegal action on board B", "1/2-1/2", "* (no result known)".
std::string verdict_of(const Outcome& o, int boards) {
  std::string out = result_token(o.winner);
  switch (o.reason) {
    case EndReason::Checkmate: out += " by checkmate"; break;
    case EndReason::Time: out += " on time"; break;
    case EndReason::Resignation: out += " by resignation"; break;
    case EndReason::IllegalAction: out += " by illegal action"; break;
    case EndReason::Abort: out += " (aborted)"; break;
    case EndReason::Draw:
    case EndReason::None: break;
  }
  if (o.board && boards == 2 && o.winner != Winner::Draw && o.winner != Winner::None)
    out += *o.board == Board::A ? " on board A" : " on board B";
  if (o.winner == Winner::None && o.reason != EndReason::Abort) out += " (no result known)";
  return out;
}

// The outcome the table scores: the arbiter's decision in place of bpgn's outcome. Empty
// `why_not` when it scores.
Outcome decided_outcome(const ReplayResult& result, const Adjudicated& adjudicated, std::string& why_not) {
  const Outcome& o = result.outcome;
  const Adjudication& a = *adjudicated.decision;
  const int boards = result.boards;
  const bool turkish = result.rules.scoring == Scoring::TurkishPoints && boards == 2;
  Outcome d = o;
  d.adjudication.reset();
  switch (a.decision) {
    case Adjudication::Decision::Replay:
      d.winner = Winner::None;
      d.points.reset();
      d.board.reset();
      why_not = "the arbiter ordered a replay: " + a.reason;
      return d;
    case Adjudication::Decision::Points: {
      d.points = adjudicated.points;
      const auto pts = [&](const char* seat) {
        auto it = adjudicated.points.find(seat);
        return it == adjudicated.points.end() ? 0.0 : it->second;
      };
      const double one = boards == 1 ? pts("WhiteA") : pts("WhiteA") + pts("BlackB");
      const double two = boards == 1 ? pts("BlackA") : pts("BlackA") + pts("WhiteB");
      d.winner = one == two ? Winner::Draw : winner_from_token(one > two ? "1-0" : "0-1", boards);
      if (d.winner != o.winner) d.board.reset();
      return d;
    }
    case Adjudication::Decision::Result: {
      const Winner w = winner_from_token(a.result, boards);
      if (turkish && !adjudicated.points.empty()) {
        // The result's Turkish points, found with the decision (replay/adjudication.h: from its
        // `board:`, or bpgn's outcome with the same winner; a draw 1 each).
        d.points = adjudicated.points;
      } else if (turkish && w == Winner::Draw) {
        d.points = std::map<std::string, double>{{"WhiteA", 1}, {"BlackA", 1}, {"WhiteB", 1}, {"BlackB", 1}};
      } else if (turkish && !(o.points && o.winner == w)) {
        why_not = "the arbiter's result " + a.result +
                  " does not say who won which board, which Turkish scoring needs: the decision needs `points:`";
        d.winner = Winner::None;
        d.points.reset();
        return d;
      } else if (!turkish) {
        d.points.reset();
      }
      if (w != o.winner) d.board.reset();
      if (a.board) d.board = a.board;  // the board the arbiter says was won
      d.winner = w;
      return d;
    }
  }
  return d;
}

}  // namespace

std::string_view to_string(ResultSource s) {
  switch (s) {
    case ResultSource::Record: return "record";
    case ResultSource::Rules: return "rules";
    case ResultSource::Adjudication: return "adjudication";
  }
  return "record";
}

std::string result_account(const ScoredMatch& m) {
  const std::string recorded = m.recorded.empty() ? "no result" : m.recorded;
  std::string out;
  switch (m.source) {
    case ResultSource::Record:
      out = m.verdict + " as recorded";
      if (m.recorded != m.result) out += "; the record writes " + recorded;
      break;
    case ResultSource::Rules:
      out = m.verdict + ", by the rules";
      if (m.recorded != m.result) out += "; the record says " + recorded;
      break;
    case ResultSource::Adjudication:
      out = (m.decision == "replay" ? std::string("no result: the arbiter ordered a replay") : m.result + " by the arbiter (" + m.decision + ")") +
            ", reason: " + m.decision_reason + " (" + m.decision_where + "); the record says " + recorded + "; bpgn: " +
            m.verdict + (m.verdict_source == ResultSource::Rules ? ", by the rules" : ", the record's account");
      break;
  }
  if (!m.note.empty()) out += "; " + m.note;
  return out;
}

void score_match(const ReplayResult& result, ScoredMatch& m) {
  m.boards = result.boards;
  m.recorded = result.outcome.recorded;
  m.verdict = verdict_of(result.outcome, result.boards);
  m.source = result.outcome.source == OutcomeSource::Rules ? ResultSource::Rules : ResultSource::Record;
  m.verdict_source = m.source;
  std::string why_not;
  Outcome decided;
  if (result.outcome.adjudication) {
    const Adjudicated& a = *result.outcome.adjudication;
    m.source = ResultSource::Adjudication;
    m.decision = a.decision->decision_text();
    m.decision_reason = a.decision->reason;
    m.decision_where = std::string(a.source) + ":" + std::to_string(a.decision->line);
    decided = decided_outcome(result, a, why_not);
  }
  const Outcome& o = result.outcome.adjudication ? decided : result.outcome;
  m.result = result_token(o.winner);
  m.winner = o.winner;
  m.reason = o.reason;
  m.points.clear();
  m.winning_player.reset();
  m.losing_player.reset();
  m.turkish = false;
  if (!why_not.empty()) {
    m.scored = false;
    m.why_not_scored = why_not;
    return;
  }
  const bool team1 = o.winner == Winner::Team1 || o.winner == Winner::White;
  const bool decisive = o.winner == Winner::Team1 || o.winner == Winner::Team2 || o.winner == Winner::White ||
                        o.winner == Winner::Black;
  if (decisive && o.board) {
    if (m.boards == 1 || *o.board == Board::A) {
      m.winning_player = team1 ? Seat::WhiteA : Seat::BlackA;
      m.losing_player = team1 ? Seat::BlackA : Seat::WhiteA;
    } else {
      m.winning_player = team1 ? Seat::BlackB : Seat::WhiteB;
      m.losing_player = team1 ? Seat::WhiteB : Seat::BlackB;
    }
  }
  if (o.points) {
    for (Seat s : seats_of(m)) {
      auto it = o.points->find(std::string(seat_tag(s)));
      m.points[s] = it == o.points->end() ? 0.0 : it->second;
    }
    m.turkish = true;
    m.scored = true;
    return;
  }
  if (o.winner == Winner::None) {
    m.scored = false;
    m.why_not_scored = o.reason == EndReason::Abort ? "aborted: no result" : "no decisive outcome known";
    return;
  }
  for (Seat s : seats_of(m)) {
    if (o.winner == Winner::Draw) {
      m.points[s] = 0.5;
    } else {
      const bool wins = m.boards == 1 ? (s == Seat::WhiteA) == team1 : on_team1(s) == team1;
      m.points[s] = wins ? 1.0 : 0.0;
    }
  }
  m.scored = true;
}

namespace {

// Adds a match's points to its round (rounds numbered in the order first met, so that the
// matches of an input in order only ever append or add to the last).
void add_to_round(std::vector<std::pair<std::size_t, double>>& by_round, std::size_t round, double points) {
  if (by_round.empty() || by_round.back().first < round) {
    by_round.emplace_back(round, points);
    return;
  }
  auto it = std::lower_bound(by_round.begin(), by_round.end(), round,
                             [](const std::pair<std::size_t, double>& e, std::size_t r) { return e.first < r; });
  if (it != by_round.end() && it->first == round) it->second += points;
  else by_round.emplace(it, round, points);
}

}  // namespace

Standings build_standings(std::vector<ScoredMatch> matches, const StandingsOptions& options) {
  Standings out;
  out.matches = std::move(matches);
  std::vector<const ScoredMatch*> counted;
  std::vector<std::size_t> round_of;  // of each counted match: its index in out.rounds
  std::unordered_map<std::string_view, std::size_t> round_index;
  for (std::size_t i = 0; i < out.matches.size(); ++i) {
    const ScoredMatch& m = out.matches[i];
    const bool in = m.status != GameStatus::Unreadable && m.scored &&
                    !(options.exclude_invalid && m.status == GameStatus::Invalid);
    if (in) {
      counted.push_back(&m);
      const auto [it, added] = round_index.emplace(m.round, out.rounds.size());
      if (added) out.rounds.push_back(m.round);
      round_of.push_back(it->second);
    } else {
      out.excluded.push_back(i);
    }
  }

  // Players.
  std::unordered_map<std::string, std::size_t> by_key;
  auto player = [&](const std::string& name) -> PlayerRow& {
    const std::string key = player_key(name);
    auto [it, added] = by_key.emplace(key, out.players.size());
    if (added) {
      PlayerRow row;
      row.name = name;
      out.players.push_back(std::move(row));
    }
    return out.players[it->second];
  };
  for (std::size_t k = 0; k < counted.size(); ++k) {
    const ScoredMatch* m = counted[k];
    for (Seat s : seats_of(*m)) {
      if (m->players[std::size_t(s)].empty()) continue;
      PlayerRow& row = player(m->players[std::size_t(s)]);
      const double p = m->points.count(s) ? m->points.at(s) : 0.0;
      ++row.matches;
      row.points += p;
      add_to_round(row.by_round, round_of[k], p);
      if (m->source == ResultSource::Adjudication) {
        auto& marked = row.adjudicated_rounds;
        const auto at = std::lower_bound(marked.begin(), marked.end(), round_of[k]);
        if (at == marked.end() || *at != round_of[k]) marked.insert(at, round_of[k]);
      }
      // Turkish: a win is a board won (2 points: mate, time, resignation, a flag on the other
      // side), a loss a board lost (0 points). Match scoring: the deciding board's players.
      if (m->turkish ? p == 2 : m->winning_player == s) ++row.wins;
      if (m->turkish ? p == 0 : m->losing_player == s) ++row.losses;
    }
  }
  // Sonneborn-Berger: each match's points times the mean final total of the opponents in it.
  auto total = [&](const std::string& name) {
    auto it = by_key.find(player_key(name));
    return it == by_key.end() ? 0.0 : out.players[it->second].points;
  };
  for (const ScoredMatch* m : counted) {
    for (Seat s : seats_of(*m)) {
      if (m->players[std::size_t(s)].empty()) continue;
      double sum = 0;
      const std::vector<Seat> opp = opponents(*m, s);
      for (Seat o : opp) sum += total(m->players[std::size_t(o)]);
      const double p = m->points.count(s) ? m->points.at(s) : 0.0;
      out.players[by_key.at(player_key(m->players[std::size_t(s)]))].sonneborn_berger += p * sum / double(opp.size());
    }
  }
  auto player_order = [](const PlayerRow& a, const PlayerRow& b) {
    if (a.points != b.points) return a.points > b.points;
    if (a.sonneborn_berger != b.sonneborn_berger) return a.sonneborn_berger > b.sonneborn_berger;
    if (a.wins != b.wins) return a.wins > b.wins;
    return player_key(a.name) < player_key(b.name);
  };
  std::sort(out.players.begin(), out.players.end(), player_order);
  for (std::size_t i = 0; i < out.players.size(); ++i) {
    const PlayerRow& a = out.players[i];
    const bool tied = i > 0 && a.points == out.players[i - 1].points &&
                      a.sonneborn_berger == out.players[i - 1].sonneborn_berger && a.wins == out.players[i - 1].wins;
    out.players[i].rank = tied ? out.players[i - 1].rank : i + 1;
  }

  // Teams: the pairs that played together.
  // Keyed by the two players' keys in order, '\0' between (hashed: archives make millions of teams).
  std::unordered_map<std::string, std::size_t> team_index;
  auto team = [&](const std::string& a, const std::string& b) -> std::size_t {
    std::string ka = player_key(a), kb = player_key(b);
    const bool swapped = kb < ka;
    std::string key = swapped ? kb + '\0' + ka : ka + '\0' + kb;
    auto [it, added] = team_index.emplace(std::move(key), out.teams.size());
    if (added) {
      TeamRow row;
      row.players = swapped ? std::array<std::string, 2>{b, a} : std::array<std::string, 2>{a, b};
      out.teams.push_back(std::move(row));
    }
    return it->second;
  };
  struct Meeting {
    std::size_t t1, t2;
    double mp1, mp2;
  };
  std::vector<Meeting> meetings;
  for (const ScoredMatch* m : counted) {
    if (m->boards != 2) continue;
    const auto& p = m->players;
    const std::size_t t1 = team(p[std::size_t(Seat::WhiteA)], p[std::size_t(Seat::BlackB)]);
    const std::size_t t2 = team(p[std::size_t(Seat::WhiteB)], p[std::size_t(Seat::BlackA)]);
    const double mp1 = m->winner == Winner::Team1 ? 1.0 : m->winner == Winner::Draw ? 0.5 : 0.0;
    const double mp2 = m->winner == Winner::Team2 ? 1.0 : m->winner == Winner::Draw ? 0.5 : 0.0;
    auto gp = [&](Seat a, Seat b) { return (m->points.count(a) ? m->points.at(a) : 0) + (m->points.count(b) ? m->points.at(b) : 0); };
    TeamRow& a = out.teams[t1];
    a.matches++, a.match_points += mp1, a.game_points += gp(Seat::WhiteA, Seat::BlackB);
    a.results[t2].first += mp1, a.results[t2].second++;
    TeamRow& b = out.teams[t2];
    b.matches++, b.match_points += mp2, b.game_points += gp(Seat::WhiteB, Seat::BlackA);
    b.results[t1].first += mp2, b.results[t1].second++;
    if (m->source == ResultSource::Adjudication)
      a.adjudicated_against.insert(t2), b.adjudicated_against.insert(t1);
    meetings.push_back({t1, t2, mp1, mp2});
  }
  for (const Meeting& g : meetings) {
    out.teams[g.t1].sonneborn_berger += g.mp1 * out.teams[g.t2].match_points;
    out.teams[g.t2].sonneborn_berger += g.mp2 * out.teams[g.t1].match_points;
  }
  // Head-to-head among the teams tied on match points.
  std::vector<double> h2h(out.teams.size(), 0.0);
  for (std::size_t i = 0; i < out.teams.size(); ++i) {
    for (const auto& [j, r] : out.teams[i].results) {
      if (out.teams[j].match_points == out.teams[i].match_points) h2h[i] += r.first;
    }
  }
  std::vector<std::size_t> order(out.teams.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto team_less = [&](std::size_t x, std::size_t y) {
    const TeamRow &a = out.teams[x], &b = out.teams[y];
    if (a.match_points != b.match_points) return a.match_points > b.match_points;
    if (h2h[x] != h2h[y]) return h2h[x] > h2h[y];
    if (a.sonneborn_berger != b.sonneborn_berger) return a.sonneborn_berger > b.sonneborn_berger;
    return false;
  };
  // Equal on all three: by names (at most two tie tests per comparison: archives make millions of teams).
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    if (team_less(x, y)) return true;
    if (team_less(y, x)) return false;
    return out.teams[x].players < out.teams[y].players;
  });
  // Renumber: results refer to teams by their place in the final order.
  std::vector<std::size_t> place(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) place[order[i]] = i;
  std::vector<TeamRow> sorted;
  for (std::size_t i = 0; i < order.size(); ++i) {
    TeamRow row = std::move(out.teams[order[i]]);  // team_less below reads only numbers, which a move keeps
    std::map<std::size_t, std::pair<double, std::size_t>> results;
    for (const auto& [j, r] : row.results) results[place[j]] = r;
    row.results = std::move(results);
    std::set<std::size_t> adjudicated;
    for (std::size_t j : row.adjudicated_against) adjudicated.insert(place[j]);
    row.adjudicated_against = std::move(adjudicated);
    const bool tied = i > 0 && !team_less(order[i - 1], order[i]);
    row.rank = tied ? sorted.back().rank : i + 1;
    sorted.push_back(std::move(row));
  }
  out.teams = std::move(sorted);
  return out;
}

}  // namespace bpgn
