#include "pipeline/standings_matches.h"

#include "pipeline/check_game.h"
#include "pipeline/game_stream.h"
#include "record/visible_text.h"

namespace bpgn {

std::optional<ScoredMatch> MatchScorer::score(const Game& game, std::size_t index) {
  const GameFilter* filter = settings_.filter;
  if (filter && !filter->keeps_record(game)) return std::nullopt;
  check_game(game, settings_.choice, {}, checked_);
  if (filter && !filter->keeps_checked(game, checked_.result)) return std::nullopt;
  return match_of_game(game, checked_, index, settings_.aliases);
}

StandingsInput read_matches(InputStreams& inputs, const StandingsSettings& settings, std::ostream& err) {
  StandingsInput in;
  if (settings.filter) in.filtered = 0;
  MatchScorer scorer(settings);
  Game game;
  GameStream games(inputs);
  for (GameStream::Step step; (step = games.next(game)) != GameStream::Step::End;) {
    if (step == GameStream::Step::NoGames) {  // as check says it
      if (!settings.quiet) err << "bpgn standings: " << visible_text(input_label(games.file()) + ": no games") << '\n';
      continue;
    }
    if (step == GameStream::Step::Failure) {
      err << "bpgn standings: cannot read " << visible_text(games.failure().name()) << ": " << games.failure().reason
          << '\n';
      in.inputs_ok = false;
      continue;
    }
    // Matches left out keep their place in the numbering (the round of a match that names none).
    if (std::optional<ScoredMatch> m = scorer.score(game, ++in.read)) {
      in.matches.push_back(std::move(*m));
    } else {
      ++*in.filtered;
    }
  }
  return in;
}

}  // namespace bpgn
