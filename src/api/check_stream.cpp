// CheckStream: each game replayed and reported as one thread of `bpgn check` does it
// (cli/game_checker.cpp): the same rule choice, replay options, status and JSON writer.
#include "api/api_support.h"
#include "api/bpgn_api.h"

#include "output/check_report.h"
#include "output/report_json.h"
#include "replay/replay.h"

#include <utility>

namespace bpgn::api {
namespace {

Violation violation_of(const bpgn::Violation& v) {
  Violation out;
  out.code = std::string(info(v.code).code);
  out.severity = std::string(to_string(v.severity));
  if (v.board) out.board = board_letter(*v.board);
  if (v.color) out.color = std::string(color_word(*v.color));
  out.move_number = v.move_number;
  out.move = v.move;
  out.line = v.pos.line;
  out.column = v.pos.column;
  out.message = v.message;
  if (v.ply) out.ply = *v.ply + 1;
  return out;
}

Outcome outcome_of(const bpgn::Outcome& o) {
  Outcome out;
  out.recorded = o.recorded;
  out.computed = o.computed;
  out.winner = std::string(to_string(o.winner));
  out.reason = std::string(to_string(o.reason));
  if (o.board) out.board = board_letter(*o.board);
  if (o.points) out.points = *o.points;
  return out;
}

// check's --tolerance, refused as check refuses it.
std::optional<double> checked_tolerance(const CheckOptions& options) {
  if (options.tolerance && !(*options.tolerance >= 0))
    throw Error("", 0, 0, "tolerance must be a number of seconds >= 0");
  return options.tolerance;
}

}  // namespace

struct CheckStream::Impl {
  Impl(const Input& input, const CheckOptions& options)
      : choice(with_tolerance(rule_choice_of(options.rules, options.set), checked_tolerance(options))),
        source(input, {}) {
    report.strict = options.strict;
    report.max_errors = options.max_errors;
    replay_options.canonical_san = false;  // as check: the reports do not show it
  }

  const RuleChoice choice;  // with check's tolerance
  GameSource source;
  ReportOptions report;
  ReplayOptions replay_options;
  Game game;  // refilled game after game, as check does
  ReplayResult result;
};

CheckStream::CheckStream(const Input& input, const CheckOptions& options)
    : impl_(std::make_unique<Impl>(input, options)) {}
CheckStream::~CheckStream() = default;
CheckStream::CheckStream(CheckStream&&) noexcept = default;
CheckStream& CheckStream::operator=(CheckStream&&) noexcept = default;

std::optional<CheckedGame> CheckStream::next() {
  Impl& s = *impl_;
  if (!s.source.next(s.game)) return std::nullopt;
  const Game& game = s.game;
  replay_checked(game, s.choice, s.replay_options, s.result);

  CheckedGame out;
  out.index = game.index;
  out.file = game.file;
  out.line = game.start.line;
  out.status = std::string(to_string(status_of(game, s.result, s.report)));
  out.rules = s.result.rules.name;
  for (const bpgn::Violation& v : s.result.violations) {
    if (s.report.max_errors && out.violations.size() >= *s.report.max_errors) break;
    out.violations.push_back(violation_of(v));
  }
  out.violation_count = s.result.violations.size();
  out.outcome = outcome_of(s.result.outcome);
  out.plies = game.plies.size();
  out.json = game_report_json(game, s.result, s.report);
  return out;
}

std::vector<CheckedGame> check(const Input& input, const CheckOptions& options) {
  CheckStream stream(input, options);
  std::vector<CheckedGame> games;
  while (auto game = stream.next()) games.push_back(std::move(*game));
  return games;
}

}  // namespace bpgn::api
