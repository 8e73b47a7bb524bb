// CheckStream: each game checked by check_game (pipeline/run/check_game.h), as `bpgn check` checks
// it, and its report made by the JSON writer of check's json reports.
#include "api/api_support.h"
#include "api/bpgn_api.h"

#include "output/report_json.h"
#include "output/report_options.h"
#include "pipeline/run/check_game.h"

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
  if (v.fate) {
    out.claim = std::string(claim_word(*v.fate));
    if (*v.fate == ActionFate::PlayedOn || *v.fate == ActionFate::NotPlayable) out.played_on = *v.fate == ActionFate::PlayedOn;
  }
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
    check.strict = options.strict;
  }

  const RuleChoice choice;  // with check's tolerance
  GameSource source;
  ReportOptions report;
  GameCheckOptions check;
  Game game;  // refilled game after game, as check does
  bpgn::CheckedGame checked;
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
  check_game(game, s.choice, s.check, s.checked);
  const ReplayResult& result = s.checked.result;

  CheckedGame out;
  out.index = game.index;
  out.file_index = game.file_index;
  out.file = game.file;
  out.line = game.start.line;
  out.status = std::string(to_string(s.checked.status));
  out.rules = result.rules.name;
  for (const bpgn::Violation& v : result.violations) {
    if (s.report.max_errors && out.violations.size() >= *s.report.max_errors) break;
    out.violations.push_back(violation_of(v));
  }
  out.violation_count = result.violations.size();
  out.outcome = outcome_of(result.outcome);
  out.plies = game.plies.size();
  out.json = game_report_json(game, result, s.report);
  return out;
}

std::vector<CheckedGame> check(const Input& input, const CheckOptions& options) {
  CheckStream stream(input, options);
  std::vector<CheckedGame> games;
  while (auto game = stream.next()) games.push_back(std::move(*game));
  return games;
}

}  // namespace bpgn::api
