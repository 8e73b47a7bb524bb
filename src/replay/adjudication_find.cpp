// Which decision names a game, and the decision checked against the game's rules (see
// adjudication.h); the problems found on the way, said once every game was looked up.
#include "core/ascii.h"
#include "replay/adjudication.h"
#include "replay/adjudication_rules.h"
#include "replay/replay.h"

#include <fmt/format.h>

namespace bpgn {
namespace {

// Case ignored (ASCII), surrounding spaces dropped: how names and tag values are compared.
std::string folded_name(std::string_view s) { return ascii_lower(trim(s, " \t")); }

bool decision_tags_match(const Adjudication& a, const Game& game) {
  for (const auto& [name, value] : a.tags) {
    const std::string* v = game.tag(name);
    if (!v || folded_name(*v) != folded_name(value)) return false;
  }
  return true;
}

std::string decision_place(const std::string& name, std::uint32_t line, std::uint32_t column) {
  return fmt::format("{}:{}:{}", name, line, column);
}

using DecisionSeatNames = std::vector<std::pair<std::string_view, std::string_view>>;  // (tag or word, seat)

}  // namespace

void Adjudications::set_file_identity(std::function<std::string(const std::string&)> identity) {
  identity_ = std::move(identity);
  decision_file_ids_.clear();
  for (const Adjudication& a : list_)
    decision_file_ids_.push_back(identity_ && !a.file.empty() ? identity_(a.file) : "");
}

std::string Adjudications::identity_of_game_file(const std::string& file) const {
  std::lock_guard lock(seen_->mutex);
  const auto it = seen_->file_ids.find(file);
  if (it != seen_->file_ids.end()) return it->second;
  return seen_->file_ids.emplace(file, identity_(file)).first->second;
}

bool Adjudications::names_game(const Adjudication& a, std::size_t i, const Game& game,
                               std::uint32_t last_line) const {
  if (!a.tags.empty()) return decision_tags_match(a, game);
  // Any line of the game's text names it, as `show FILE:LINE` finds one.
  if (a.game_line < game.start.line || a.game_line > last_line) return false;
  if (adjudication_names_file(a.file, game.file)) return true;
  if (!identity_ || i >= decision_file_ids_.size() || decision_file_ids_[i].empty()) return false;
  return identity_of_game_file(game.file) == decision_file_ids_[i];
}

std::optional<Adjudicated> Adjudications::find(const Game& game) const { return find_checked(game, nullptr); }

std::optional<Adjudicated> Adjudications::find(const Game& game, const ReplayResult& replay) const {
  return find_checked(game, &replay);
}

std::optional<Adjudicated> Adjudications::find_checked(const Game& game, const ReplayResult* replay) const {
  std::optional<Adjudicated> found;
  const std::uint32_t last_line = last_line_of(game);
  std::vector<std::size_t> naming;
  for (std::size_t i = 0; i < list_.size(); ++i) {
    if (names_game(list_[i], i, game, last_line)) naming.push_back(i);
  }
  if (naming.empty()) return found;
  const Adjudication& a = list_[naming.front()];
  found = Adjudicated{&a, {}, name_};
  std::vector<std::string> errors;
  if (naming.size() > 1) {
    errors.push_back(fmt::format("{}: decides the match {}:{}, which the decision of line {} decides too",
                                 decision_place(name_, list_[naming[1]].line, list_[naming[1]].column),
                                 game.file, game.start.line, a.line));
  }
  const bool one_board =
      replay ? replay->boards == 1 : game.tag("WhiteA") == nullptr && game.tag("White") != nullptr;
  const int boards = one_board ? 1 : 2;
  const bool turkish = replay && replay->rules.scoring == Scoring::TurkishPoints && boards == 2;
  if (a.decision == Adjudication::Decision::Points) {
    const DecisionSeatNames seats =
        one_board
            ? DecisionSeatNames{{"White", "WhiteA"}, {"Black", "BlackA"}}
            : DecisionSeatNames{
                  {"WhiteA", "WhiteA"}, {"BlackA", "BlackA"}, {"WhiteB", "WhiteB"}, {"BlackB", "BlackB"}};
    std::vector<std::string> names;  // what a misspelt name may have meant: the seats and the players
    for (const auto& [tag, seat] : seats) {
      names.emplace_back(tag);
      if (const std::string* player = game.tag(tag)) names.push_back(*player);
    }
    for (const Adjudication::Share& s : a.points) {
      std::vector<std::string_view> fits;
      for (const auto& [tag, seat] : seats) {
        const std::string* player = game.tag(tag);
        if (folded_name(s.who) == folded_name(tag) ||
            (player && !folded_name(*player).empty() && folded_name(*player) == folded_name(s.who)))
          fits.push_back(seat);
      }
      if (fits.empty()) {
        const std::string nearest = nearest_names(s.who, names);
        errors.push_back(fmt::format("{}: points: '{}' is no seat or player of the match {}:{}{}",
                                     decision_place(name_, s.line, s.column), s.who, game.file,
                                     game.start.line,
                                     nearest.empty() ? "" : "; did you mean " + nearest + "?"));
      } else if (fits.size() > 1) {
        errors.push_back(fmt::format("{}: points: '{}' is more than one player of the match {}:{}",
                                     decision_place(name_, s.line, s.column), s.who, game.file,
                                     game.start.line));
      } else if (!found->points.emplace(std::string(fits.front()), s.points).second) {
        errors.push_back(fmt::format("{}: points: '{}' gets points twice",
                                     decision_place(name_, s.line, s.column), s.who));
      }
    }
    if (errors.empty() && found->points.size() != seats.size()) {
      errors.push_back(
          fmt::format("{}: points: every player of the match {}:{} needs points ({} given, {} players)",
                      decision_place(name_, a.line, a.column), game.file, game.start.line,
                      found->points.size(), seats.size()));
    }
    if (errors.empty() && replay) {
      // The scoring's range, then (unless the arbiter says the award is their own) an outcome's split.
      const double most = most_points(turkish);
      for (const Adjudication::Share& s : a.points) {
        if (s.points > most) {
          errors.push_back(
              fmt::format("{}: points: '{} {}' is out of range under {}: a player's points are 0 to {}",
                          decision_place(name_, s.line, s.column), s.who, adjudication_points_text(s.points),
                          turkish ? "Turkish scoring" : "match scoring", adjudication_points_text(most)));
        }
      }
      if (errors.empty() && !a.special_award) {
        if (const std::string why = split_problem(found->points, turkish, boards); !why.empty())
          errors.push_back(decision_place(name_, a.decision_line, a.decision_column) + ": " + why);
      }
    }
  } else if (a.decision == Adjudication::Decision::Result && turkish) {
    // Turkish points need the board won: `board:`, else bpgn's own outcome when it has the same winner.
    const Winner w = winner_from_token(a.result, 2);
    if (w == Winner::Draw) {
      found->points = {{"WhiteA", 1}, {"BlackA", 1}, {"WhiteB", 1}, {"BlackB", 1}};
    } else if (a.board) {
      found->points = turkish_board_points(w, *a.board);
    } else if (replay->outcome.points && replay->outcome.winner == w) {
      found->points = *replay->outcome.points;
    } else {
      errors.push_back(
          fmt::format("{}: result: {} under Turkish scoring needs the board the winning team won, for its "
                      "points (the winner there 2, "
                      "their partner 1.5, the loser's partner 0.5, the loser 0): add `board: A` or `board: "
                      "B`, or give `points:`",
                      decision_place(name_, a.decision_line, a.decision_column), a.result));
    }
  }
  std::lock_guard lock(seen_->mutex);
  for (std::size_t i : naming) seen_->games[i].emplace(game.file, game.start.line);
  for (std::string& e : errors) seen_->errors.insert(std::move(e));
  return found;
}

std::vector<std::string> Adjudications::problems() const {
  std::vector<std::string> out;
  std::lock_guard lock(seen_->mutex);
  for (std::size_t i = 0; i < list_.size(); ++i) {
    const Adjudication& a = list_[i];
    const auto& games = seen_->games[i];
    if (games.empty()) {
      out.push_back(fmt::format("{}: no match of the input is {}", decision_place(name_, a.line, a.column),
                                a.match_text));
    } else if (games.size() > 1) {
      std::string list;
      std::size_t shown = 0;
      for (const auto& [file, line] : games) {
        if (shown++ == 3) {
          list += ", ...";
          break;
        }
        list += fmt::format("{}{}:{}", list.empty() ? "" : ", ", file, line);
      }
      out.push_back(fmt::format("{}: {} names {} matches ({}); name one (FILE:LINE, or more tags)",
                                decision_place(name_, a.line, a.column), a.match_text, games.size(), list));
    }
  }
  out.insert(out.end(), seen_->errors.begin(), seen_->errors.end());
  return out;
}

}  // namespace bpgn
