// One game's check and report, as `bpgn check` runs it in every thread.
#pragma once

#include "cli/check_command.h"
#include "output/check_report.h"
#include "output/report_text.h"
#include "record/game.h"
#include "replay/replay.h"

#include <ostream>
#include <sstream>
#include <string>

namespace bpgn {

enum class ReportFormat { Text, Json, Jsonl, Html, Sarif, Junit, Github };

// Formats that are one document around all the games, written in one thread (DocumentReport).
constexpr bool is_document(ReportFormat f) {
  return f == ReportFormat::Html || f == ReportFormat::Sarif || f == ReportFormat::Junit;
}

class DocumentReport;

// An input that could not be opened or read on: said on `err` ("bpgn check: cannot read NAME:
// WHY"), kept in `summary` (the json, sarif, junit and html reports list it at their end), and
// in the jsonl and github reports a line of its own in input order (docs/check.md).
void input_failed(ReportFormat format, CheckSummary::InputFailure failure, std::ostream& out, std::ostream& err,
                  CheckSummary& summary);

// Checks one game at a time and formats its report; one per thread (it keeps the replay's and the
// formatter's memory between games).
class GameChecker {
 public:
  // The command line's rule choice is read once here (run_check has validated it).
  GameChecker(const CheckConfig& config, ReportFormat format);

  // Appends the game's report to `out` and counts it in `summary`: evaluate() then report().
  void check(const Game& game, std::ostream& out, CheckSummary& summary) {
    evaluate(game);
    report(game, out, summary);
  }

  // Replays the game and keeps its result for report(); counts nothing.
  const ReplayResult& evaluate(const Game& game);
  // Adds a violation to the result of the game evaluated last (check's duplicate-game note).
  void add_violation(Violation v);
  // Counts the game evaluated last in `summary` and appends its report to `out`. In the JSON
  // document, the first game counted in `summary` opens the array without a comma.
  void report(const Game& game, std::ostream& out, CheckSummary& summary);
  const ReplayResult& last_result() const { return result_; }

  // The same report for a game whose index is not known yet (check --jobs N): appended to `out`
  // without the index, and without the comma that separates it from the game before in the JSON
  // document. Returns the offset in `out` where the index's digits go (std::string::npos: nowhere).
  std::size_t check_deferred(const Game& game, std::string& out, CheckSummary& summary);
  // The same for the game evaluated last (evaluate(), then a filter looked at it).
  std::size_t report_deferred(const Game& game, std::string& out, CheckSummary& summary);

  // The text report's outcome line of the game just checked (`game`), empty for a game that could
  // not be read: the report ends with it when the input holds one game.
  std::string outcome_of_last(const Game& game) const;

  // The status of the game just checked.
  GameStatus status_of_last() const { return status_; }

  // Formats html, sarif, junit: where check() adds each game (the document is the caller's; one
  // thread only).
  void set_document(DocumentReport* document) { document_ = document; }

 private:
  const CheckConfig& config_;
  const ReportFormat format_;
  const RuleChoice choice_;  // --rules, --set and --tolerance
  ReportOptions report_;
  ReplayOptions replay_;
  ReplayResult result_;  // refilled for every game, keeping its memory
  DocumentReport* document_ = nullptr;
  std::string json_;     // a game's JSON report, written into this buffer and then to the stream
  std::ostringstream text_;

  GameStatus status_ = GameStatus::Valid;  // of the last game checked

  void append_outcome(const Game& game, std::ostream& out) const;
};

}  // namespace bpgn
