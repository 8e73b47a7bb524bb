// `bpgn check --format json|jsonl`: one JSON object per game, as cli-contract.md shows it (its
// fields in its order, then ours), and the summary object of the `json` document. Written through
// JsonWriter (output/json_writer.h) straight into the caller's buffer: no document per game.
#pragma once

#include "output/report_options.h"
#include "replay/check_summary.h"
#include "output/json_writer.h"
#include "record/game.h"
#include "replay/replay.h"

#include <string>

namespace bpgn {

// The rule options as a JSON object, each value as the option table says (rules/rule_options.h):
// numbers as numbers, yes/no as true/false, the rest as describe() writes them. Rendered once per
// distinct rule set (per thread) and then copied.
void write_rule_options(JsonWriter& w, const RuleSet& rules);

// {"code", "severity", "board", "color", "move_number", "move", "line", "column", "message", "ply"}
// (`ply`: 1-based index of the ply in the record, null where no move is concerned). The one form
// of a violation, for `check` reports and `convert --to json`.
void write_violation(JsonWriter& w, const Violation& v);

// {"recorded", "computed", "winner", "reason", "board", then "points" in seat order WhiteA,
// BlackA, WhiteB, BlackB when the rule set scores players}: the `result` of `check` reports and
// `convert --to json`.
void write_outcome(JsonWriter& w, const Outcome& outcome);

// {"index", "file", "line", "rules", "status", "violations", "final", "result" (the contract's
//  fields, in its order), then "file_index", "rule_options", "violation_count", "plies", "clocks"}
void write_game_report(JsonWriter& w, const Game& game, const ReplayResult& result, const ReportOptions& options);
// The same object in parts, for a report that writes "index" and "file_index" in later
// (output/report_json_sink.h): its members from "file" to "result"; then, after "file_index", the
// members from "rule_options" on and its end.
void write_game_report_contract_members(JsonWriter& w, const Game& game, const ReplayResult& result,
                                        const ReportOptions& options);
void write_game_report_other_members(JsonWriter& w, const Game& game, const ReplayResult& result);

// {"games", "valid", "invalid", "unreadable", "errors", "warnings", "codes": {code: count},
//  "rules": {rules_label: games}}
void write_summary(JsonWriter& w, const CheckSummary& summary);
// The same members without the braces, for an object that holds more (check's --summary-json).
void write_summary_members(JsonWriter& w, const CheckSummary& summary);

// The inputs that could not be read: [{"file", "message"}] (the json report's `input_errors`).
std::string input_errors_json(const CheckSummary& summary);
// One of them as the jsonl report's line: {"input_error": {"file", "message"}} and LF.
std::string input_failure_jsonl(const CheckSummary::InputFailure& failure);

// The same objects as JSON text on one line (no LF), for tests and one-off callers.
std::string rule_options_json(const RuleSet& rules);
std::string violation_json(const Violation& v);
std::string outcome_json(const Outcome& outcome);
std::string game_report_json(const Game& game, const ReplayResult& result, const ReportOptions& options);
std::string summary_json(const CheckSummary& summary);

}  // namespace bpgn
