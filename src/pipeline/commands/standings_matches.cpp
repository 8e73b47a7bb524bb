#include "pipeline/commands/standings_matches.h"

#include "pipeline/run/check_game.h"
#include "pipeline/run/ordered_driver.h"
#include "text/visible_text.h"

#include <memory>

namespace bpgn {

std::optional<ScoredMatch> MatchScorer::score(const Game& game) {
  const GameFilter* filter = settings_.filter;
  if (filter && !filter->keeps_record(game)) return std::nullopt;
  GameCheckOptions options;
  options.adjudications = settings_.adjudications;
  options.probe = filter ? filter->probe() : nullptr;
  check_game(game, settings_.choice, options, checked_);
  if (filter && !filter->keeps_checked(game, checked_.result)) return std::nullopt;
  return match_of_game(game, checked_, settings_.aliases);
}

namespace {

// The matches of one piece's games (nullopt: left out by the filters), in order.
struct ScoredPiece : PieceWork {
  std::vector<std::optional<ScoredMatch>> matches;
};

class ScoreJob : public GameJob {
 public:
  explicit ScoreJob(const StandingsSettings& settings) : scorer_(settings) {}
  std::unique_ptr<PieceWork> new_piece() override { return std::make_unique<ScoredPiece>(); }
  void game(Game& game, PieceWork& work) override {
    static_cast<ScoredPiece&>(work).matches.push_back(scorer_.score(game));
  }

 private:
  MatchScorer scorer_;
};

class MatchesInOrder : public OrderedConsumer {
 public:
  MatchesInOrder(const StandingsSettings& settings, StandingsInput& in, std::ostream& err)
      : settings_(settings), in_(in), err_(err) {}
  std::unique_ptr<GameJob> make_job() override { return std::make_unique<ScoreJob>(settings_); }
  // Matches left out keep their place in the numbering (the round of a match that names none).
  void game(PieceWork& work, std::size_t nth, const GamePlace& place) override {
    std::optional<ScoredMatch>& m = static_cast<ScoredPiece&>(work).matches[nth];
    ++in_.read;
    if (!m) {
      ++*in_.filtered;
      return;
    }
    number_match(*m, place.index);
    in_.matches.push_back(std::move(*m));
  }
  void input_failure(const StreamPlace&, const InputFailure& failure) override {
    err_ << "bpgn standings: cannot read " << visible_text(failure.name()) << ": " << failure.reason << '\n';
    in_.inputs_ok = false;
  }
  void no_games(const StreamPlace& place) override {  // as check says it
    if (!settings_.quiet) err_ << "bpgn standings: " << visible_text(input_label(*place.file) + ": no games") << '\n';
  }

 private:
  const StandingsSettings& settings_;
  StandingsInput& in_;
  std::ostream& err_;
};

}  // namespace

StandingsInput read_matches(InputStreams& inputs, const StandingsSettings& settings, std::ostream& err) {
  StandingsInput in;
  if (settings.filter) in.filtered = 0;
  MatchesInOrder consumer(settings, in, err);
  DriverSettings driver;
  driver.jobs = settings.jobs;
  driver.piece_bytes = settings.piece_bytes;
  driver.notes = &err;
  driver.command = "bpgn standings";
  if (!run_in_order(inputs, driver, consumer)) in.inputs_ok = false;
  return in;
}

}  // namespace bpgn
