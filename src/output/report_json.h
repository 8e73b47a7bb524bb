// `bpgn check --format json|jsonl`: one JSON object per game, as cli-contract.md shows it, and the
// summary object of the `json` document.
#pragma once

#include "output/check_report.h"
#include "record/game.h"
#include "replay/replay.h"

#include <nlohmann/json.hpp>

namespace bpgn {

// {"code", "severity", "board", "color", "move_number", "move", "line", "column", "message"}
nlohmann::json violation_json(const Violation& v);

// {"index", "file", "line", "rules", "rule_options", "status", "violations", "violation_count",
//  "plies", "clocks", "final", "result"}
nlohmann::json game_report_json(const Game& game, const ReplayResult& result, const ReportOptions& options);

// {"games", "valid", "invalid", "unreadable", "errors", "warnings", "codes": {code: count}}
nlohmann::json summary_json(const CheckSummary& summary);

}  // namespace bpgn
