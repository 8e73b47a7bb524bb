#include "standings/match_of_game.h"

#include "replay/messages.h"
#include "replay/outcome.h"

namespace bpgn {
namespace {

// The first error of a game as the text report words it ("12:5 drop-not-in-holding: ...").
std::string first_error(const ReplayResult& r) {
  for (const Violation& v : r.violations) {
    if (v.severity == Severity::Error) {
      return std::to_string(v.pos.line) + ":" + std::to_string(v.pos.column) + " " + std::string(info(v.code).code) +
             ": " + v.message;
    }
  }
  return {};
}

}  // namespace

std::optional<std::string> add_alias_line(std::string& line, PlayerAliases& aliases) {
  if (!line.empty() && line.back() == '\r') line.pop_back();
  const std::size_t start = line.find_first_not_of(" \t");
  if (start == std::string::npos || line[start] == '#') return std::nullopt;
  const std::size_t eq = line.find('=');
  if (eq == std::string::npos) return std::string("not `other spelling = name`");
  std::string name = line.substr(eq + 1);
  const std::size_t a = name.find_first_not_of(" \t"), b = name.find_last_not_of(" \t");
  name = a == std::string::npos ? std::string() : name.substr(a, b - a + 1);
  aliases[player_key(line.substr(0, eq))] = name;
  return std::nullopt;
}

void number_match(ScoredMatch& match, std::size_t index) {
  match.index = index;
  if (match.round.empty()) match.round = std::to_string(index);
}

ScoredMatch match_of_game(const Game& game, const CheckedGame& checked, const PlayerAliases& aliases) {
  const ReplayResult& result = checked.result;
  ScoredMatch m;
  m.file = game.file;
  m.line = game.start.line;
  const std::string* round = game.tag("Round");
  if (round && !round->empty() && *round != "?" && *round != "-") m.round = *round;
  m.status = checked.status;
  if (const std::string* event = game.tag("Event"); event && *event != "?" && *event != "-") m.event = *event;
  m.first_error = first_error(result);
  const bool one_board = result.boards == 1;
  for (std::size_t s = 0; s < 4; ++s) {
    const std::string_view tag = one_board ? (s == 0 ? "White" : s == 1 ? "Black" : "") : seat_tag(Seat(s));
    const std::string* v = tag.empty() ? nullptr : game.tag(tag);
    std::string player = v ? *v : std::string();
    auto alias = aliases.find(player_key(player));
    if (alias != aliases.end()) player = alias->second;
    m.players[s] = player;
  }
  if (m.status != GameStatus::Unreadable) {
    score_match(result, m);
    m.scoring = result.rules.scoring;
    m.note = unclaimed_note(game, result.outcome, result.boards);
  }
  return m;
}

std::string scoring_label(const std::vector<ScoredMatch>& matches) {
  bool turkish = false, other = false;
  for (const ScoredMatch& m : matches) {
    if (m.scoring) (*m.scoring == Scoring::TurkishPoints ? turkish : other) = true;
  }
  return turkish && other ? "Turkish and match scoring" : turkish ? "Turkish scoring" : "match scoring";
}

}  // namespace bpgn
