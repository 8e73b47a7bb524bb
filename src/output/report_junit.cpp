#include "output/report_junit.h"

#include "output/report_text.h"
#include "record/visible_text.h"
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

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : visible_text(text)) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

JunitReport::JunitReport(std::ostream& out, JunitOptions options) : out_(out), options_(std::move(options)) {}

void JunitReport::game(const Game& game, const CheckedGame& checked) {
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
  const std::size_t tests = s.games + s.input_failures.size();
  const std::size_t errors = s.unreadable + s.input_failures.size();
  const std::string counts = fmt::format(R"(tests="{}" failures="{}" errors="{}" skipped="0")", tests, s.invalid, errors);
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
