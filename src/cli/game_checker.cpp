#include "cli/game_checker.h"
#include "cli/errors.h"

#include "output/json_writer.h"
#include "output/outcome_text.h"
#include "output/document_report.h"
#include "output/report_github.h"
#include "output/report_json.h"

#include <stdexcept>
#include <string_view>

namespace bpgn {

void input_failed(ReportFormat format, CheckSummary::InputFailure failure, std::ostream& out, std::ostream& err,
                  CheckSummary& summary) {
  err << command_message("check", "cannot read " + failure.file + ": " + failure.message) << '\n';
  if (format == ReportFormat::Jsonl) out << input_failure_jsonl(failure);
  if (format == ReportFormat::Github) out << github_input_failure(failure);
  summary.input_failures.push_back(std::move(failure));
}

GameChecker::GameChecker(const CheckConfig& config, ReportFormat format)
    : config_(config), format_(format), choice_(with_tolerance(rule_choice(config.rule_options), config.tolerance)) {
  report_.strict = config.strict;
  report_.max_errors = config.max_errors;
  replay_.canonical_san = false;
}

const ReplayResult& GameChecker::evaluate(const Game& game) {
  replay_checked(game, choice_, replay_, result_);
  status_ = status_of(game, result_, report_);
  return result_;
}

void GameChecker::add_violation(Violation v) { result_.violations.push_back(std::move(v)); }

std::string GameChecker::outcome_of_last(const Game& game) const {
  return status_ == GameStatus::Unreadable ? std::string() : outcome_line(game, result_);
}

void GameChecker::append_outcome(const Game& game, std::ostream& out) const {
  if (config_.verbose) out << outcome_of_last(game);
}

void GameChecker::report(const Game& game, std::ostream& out, CheckSummary& summary) {
  const bool first = summary.games == 0;
  summary.add(status_, result_);
  const ReplayResult& result = result_;
  switch (format_) {
    case ReportFormat::Text:
      if (config_.quiet) break;
      write_text_diagnostics(out, game, result, report_);
      append_outcome(game, out);
      break;
    case ReportFormat::Jsonl:
    case ReportFormat::Json: {
      json_.clear();
      if (format_ == ReportFormat::Json) json_ += first ? "\n" : ",\n";
      JsonWriter w(json_);
      write_game_report(w, game, result, report_);
      if (format_ == ReportFormat::Jsonl) json_ += '\n';
      out.write(json_.data(), std::streamsize(json_.size()));
      break;
    }
    case ReportFormat::Github:
      json_.clear();
      write_github_annotations(json_, game, result, report_);
      out.write(json_.data(), std::streamsize(json_.size()));
      break;
    case ReportFormat::Html:
    case ReportFormat::Sarif:
    case ReportFormat::Junit:
      if (document_) document_->add(game, result, replay_, status_);
      break;
  }
}

std::size_t GameChecker::check_deferred(const Game& game, std::string& out, CheckSummary& summary) {
  evaluate(game);
  return report_deferred(game, out, summary);
}

std::size_t GameChecker::report_deferred(const Game& game, std::string& out, CheckSummary& summary) {
  summary.add(status_, result_);
  const ReplayResult& result = result_;
  if (format_ == ReportFormat::Text) {
    if (config_.quiet) return std::string::npos;
    text_.str(std::string());
    write_listed_diagnostics(text_, game, result, report_);
    out += text_.view();
    const auto note = unlisted_note(game, result, report_);
    std::size_t at = std::string::npos;
    if (note) {
      out += note->before_index;
      at = out.size();
      out += note->after_index;
    }
    if (config_.verbose) out += outcome_of_last(game);
    return at;
  }
  if (format_ == ReportFormat::Github) {
    write_github_annotations(out, game, result, report_);
    return std::string::npos;
  }
  if (format_ != ReportFormat::Json && format_ != ReportFormat::Jsonl) {
    throw std::logic_error("report_deferred: a document format is written in one thread");
  }
  // The object opens with the index: `{"index":` digits `,"file":...`.
  constexpr std::string_view kOpening = "{\"index\":";
  json_.clear();
  JsonWriter w(json_);
  write_game_report(w, game, result, report_);
  if (json_.compare(0, kOpening.size(), kOpening) != 0)
    throw std::logic_error("check_deferred: a game's JSON report no longer opens with its index");
  const std::size_t digits = json_.find_first_not_of("0123456789", kOpening.size());
  out.append(json_, 0, kOpening.size());
  const std::size_t at = out.size();
  out.append(json_, digits);
  if (format_ == ReportFormat::Jsonl) out += '\n';
  return at;
}

}  // namespace bpgn
