#include "output/report_junit.h"

#include "output/report_text.h"
#include "text/markup_escape.h"
#include "text/visible_text.h"
#include "replay/messages.h"

#include <fmt/format.h>


namespace bpgn {
namespace {

std::string players(const Game& game, int boards) {
  if (boards == 1) return seat_name(game, Seat::WhiteA, 1) + " - " + seat_name(game, Seat::BlackA, 1);
  return seat_name(game, Seat::WhiteA, 2) + " & " + seat_name(game, Seat::BlackB, 2) + " vs " +
         seat_name(game, Seat::BlackA, 2) + " & " + seat_name(game, Seat::WhiteB, 2);
}

}  // namespace

JunitReport::JunitReport(std::ostream& out, JunitOptions options) : out_(out), options_(std::move(options)) {}

void JunitReport::game(const Game& game, const CheckedGame& checked) {
  if (options_.by_file) file_game(game, checked);
  else game_case(game, checked);
}

void JunitReport::file_game(const Game& game, const CheckedGame& checked) {
  if (file_ && (file_->file != game.file || game.file_index <= file_->last_file_index)) end_file_case();
  if (!file_) file_.emplace().file = game.file;
  JunitFileCase& f = *file_;
  f.last_file_index = game.file_index;
  ++f.games;
  const GameStatus status = checked.status;
  if (status == GameStatus::Invalid) ++f.invalid;
  if (status == GameStatus::Unreadable) ++f.unreadable;
  std::size_t listed = 0;
  for (const Violation& v : checked.result.violations) {
    if (options_.report.max_errors && listed == *options_.report.max_errors) break;
    ++listed;
    (status != GameStatus::Valid ? f.failures : f.others) += xml_escape(diagnostic_line(game, v)) + "\n";
  }
  // The game's first error (or, made invalid by warnings under --strict, its first violation).
  const Violation* first = nullptr;
  for (const Violation& v : checked.result.violations) {
    if (v.severity == Severity::Error) {
      first = &v;
      break;
    }
  }
  if (!first && !checked.result.violations.empty()) first = &checked.result.violations[0];
  if (status != GameStatus::Valid && f.first_code.empty()) {
    f.first_code = first ? std::string(info(first->code).code) : std::string(to_string(status));
    f.first_message = first ? shown_message(first->message) : std::string(to_string(status));
    f.first_line = first && first->pos.line ? first->pos.line : game.start.line;
  }
}

void JunitReport::end_file_case() {
  if (!file_) return;
  const JunitFileCase& f = *file_;
  buffer_ = fmt::format(R"(<testcase classname="{}" name="{}" file="{}" games="{}">)", xml_escape(f.file),
                        xml_escape(fmt::format("file {}: {} {}", f.file, f.games, f.games == 1 ? "game" : "games")),
                        xml_escape(f.file), f.games);
  if (f.invalid + f.unreadable > 0) {
    const char* element = f.unreadable ? "error" : "failure";
    const std::string message =
        fmt::format("{} of {} games invalid, {} unreadable; the first at line {}: {}", f.invalid, f.games,
                    f.unreadable, f.first_line, f.first_message);
    buffer_ += fmt::format(R"(<{} type="{}" message="{}">{}</{}>)", element, xml_escape(f.first_code),
                           xml_escape(message), f.failures, element);
    ++(f.unreadable ? errors_ : failures_);
  }
  if (!f.others.empty()) buffer_ += "<system-out>" + f.others + "</system-out>";
  buffer_ += "</testcase>\n";
  cases_.append(buffer_);
  ++cases_written_;
  file_.reset();
}

void JunitReport::game_case(const Game& game, const CheckedGame& checked) {
  const ReplayResult& result = checked.result;
  const GameStatus status = checked.status;
  buffer_ = fmt::format(R"(<testcase classname="{}" name="{}" file="{}" line="{}" index="{}" file_index="{}">)",
                        xml_escape(game.file),
                        xml_escape(fmt::format("game {} ({}:{}): {}", game.index, game.file, game.start.line,
                                               players(game, result.boards))),
                        xml_escape(game.file), game.start.line, game.index, game.file_index);
  std::string failures, others;
  const Violation* first_error = nullptr;
  std::size_t listed = 0;
  for (const Violation& v : result.violations) {
    if (v.severity == Severity::Error && !first_error) first_error = &v;
    if (options_.report.max_errors && listed == *options_.report.max_errors) continue;
    ++listed;
    // Escaped line by line: the line breaks between them stay.
    (v.severity == Severity::Error || status != GameStatus::Valid ? failures : others) +=
        xml_escape(diagnostic_line(game, v)) + "\n";
  }
  if (status != GameStatus::Valid) {
    const char* element = status == GameStatus::Unreadable ? "error" : "failure";
    const Violation* shown = first_error ? first_error : result.violations.empty() ? nullptr : &result.violations[0];
    buffer_ += fmt::format(R"(<{} type="{}" message="{}">{}</{}>)", element,
                           shown ? xml_escape(info(shown->code).code) : std::string(to_string(status)),
                           xml_escape(shown ? shown_message(shown->message) : std::string(to_string(status))),
                           failures, element);
  }
  if (!others.empty()) buffer_ += "<system-out>" + others + "</system-out>";
  buffer_ += "</testcase>\n";
  cases_.append(buffer_);
}

void JunitReport::finish(const CheckSummary& s) {
  end_file_case();
  // A testcase per game, or (by_file) per file; and one per input that could not be read.
  const std::size_t tests = (options_.by_file ? cases_written_ : s.games) + s.input_failures.size();
  const std::size_t errors = (options_.by_file ? errors_ : s.unreadable) + s.input_failures.size();
  const std::size_t failures = options_.by_file ? failures_ : s.invalid;
  const std::string counts = fmt::format(R"(tests="{}" failures="{}" errors="{}" skipped="0")", tests, failures, errors);
  out_ << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
       << fmt::format("<testsuites name=\"bpgn check\" {}>\n<testsuite name=\"bpgn check\" {}>\n", counts, counts);
  cases_.copy_to(out_);
  for (const CheckSummary::InputFailure& f : s.input_failures) {
    out_ << fmt::format(R"(<testcase classname="{}" name="{}"><error type="unreadable-input" message="{}"/></testcase>)",
                        xml_escape(f.file), xml_escape("input " + f.file),
                        xml_escape("cannot read " + f.file + ": " + shown_message(f.message)))
         << '\n';
  }
  out_ << "</testsuite>\n</testsuites>\n";
}

}  // namespace bpgn
