#include "pipeline/run/check_game.h"

#include <utility>

namespace bpgn {

void check_game(const Game& game, const RuleChoice& choice, const GameCheckOptions& options, CheckedGame& out) {
  out.replay.keep_positions = options.keep_positions;
  out.replay.canonical_san = options.canonical_san;
  out.replay.probe = options.probe;
  replay_checked(game, choice, out.replay, out.result);
  if (options.adjudications) {
    // Checked against the rules the match was replayed by (Turkish splits, ranges, a result's points).
    std::optional<Adjudicated> decision = options.adjudications->find(game, out.result);
    out.result.outcome.adjudication = std::move(decision);
  }
  GameVerdict verdict = judge_game(game, out.result, options.strict, options.key);
  out.status = verdict.status;
  out.key = std::move(verdict.key);
}

GameVerdict judge_game(const Game& game, const ReplayResult& result, bool strict, bool key) {
  GameVerdict verdict;
  verdict.status = status_of(game, result, strict);
  if (key && verdict.status != GameStatus::Unreadable) verdict.key = match_key(game, result);
  return verdict;
}

ReplayResult replay_for_output(const Game& game, const RuleChoice& choice, const ReplayProbe* probe) {
  ReplayResult out;
  replay_for_output(game, choice, out, probe);
  return out;
}

namespace {

// The replays a game is written from: canonical SAN, positions kept when a writer reads them.
void replay_to_write(const Game& game, const RuleChoice& choice, bool keep_positions, ReplayResult& out,
                     const ReplayProbe* probe) {
  ReplayOptions options;
  options.keep_positions = keep_positions;
  options.canonical_san = true;
  options.probe = probe;
  replay_checked(game, choice, options, out);
}

}  // namespace

void replay_for_output(const Game& game, const RuleChoice& choice, ReplayResult& out, const ReplayProbe* probe) {
  replay_to_write(game, choice, true, out, probe);
}

void replay_for_canonical(const Game& game, const RuleChoice& choice, ReplayResult& out, const ReplayProbe* probe) {
  replay_to_write(game, choice, false, out, probe);
}

}  // namespace bpgn
