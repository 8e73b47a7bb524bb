// `bpgn check --format json|jsonl`: one JSON object per game, as cli-contract.md shows it (its
// fields in its order, then ours), and the summary object of the `json` document.
#pragma once

#include "output/check_report.h"
#include "record/game.h"
#include "replay/replay.h"

#include <nlohmann/json.hpp>

namespace bpgn {

// The rule options as a JSON object, each value as the option table says (rules/rule_options.h):
// numbers as numbers, yes/no as true/false, the rest as describe() writes them.
nlohmann::ordered_json rule_options_json(const RuleSet& rules);

// {"code", "severity", "board", "color", "move_number", "move", "line", "column", "message", "ply"}
// (`ply`: 1-based index of the ply in the record, null where no move is concerned). The one form
// of a violation, for `check` reports and `convert --to json`.
nlohmann::ordered_json violation_json(const Violation& v);

// {"recorded", "computed", "winner", "reason", "board", then "points" in seat order WhiteA,
// BlackA, WhiteB, BlackB when the rule set scores players}: the `result` of `check` reports and
// `convert --to json`.
nlohmann::ordered_json outcome_json(const Outcome& outcome);

// {"index", "file", "line", "rules", "status", "violations", "final", "result", then "rule_options",
//  "violation_count", "plies", "clocks"}
nlohmann::ordered_json game_report_json(const Game& game, const ReplayResult& result, const ReportOptions& options);

// {"games", "valid", "invalid", "unreadable", "errors", "warnings", "codes": {code: count},
//  "rules": {rules_label: games}}
nlohmann::ordered_json summary_json(const CheckSummary& summary);

// One line of JSON text. Every string is UTF-8 by construction; should a byte that is not reach a
// report anyway, it is written as U+FFFD rather than ending the run.
std::string dump_json(const nlohmann::ordered_json& value);

}  // namespace bpgn
