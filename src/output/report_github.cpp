#include "output/report_github.h"

#include "record/encoding.h"
#include "record/visible_text.h"

#include <fmt/format.h>

namespace bpgn {
namespace {

std::string_view command_of(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "notice";
  }
  return "error";
}

}  // namespace

namespace {

// GitHub's toolkit: `%`, CR and LF in every value; `:` and `,` too in a property.
std::string escape(std::string_view text, bool property) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else if (property && c == ':') out += "%3A";
    else if (property && c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

}  // namespace

std::string github_escape_data(std::string_view text) { return escape(text, false); }

std::string github_escape_property(std::string_view text) { return escape(text, true); }

void write_github_annotations(std::string& out, const Game& game, const ReplayResult& result,
                              const ReportOptions& options) {
  std::size_t listed = 0;
  for (const Violation& v : result.violations) {
    if (options.max_errors && listed == *options.max_errors) break;
    ++listed;
    const SourcePos pos = v.pos.line != 0 ? v.pos : game.start;
    std::string title(info(v.code).code);
    if (v.board && v.move_number) {
      title += fmt::format(" (board {}, move {})", board_name(*v.board), *v.move_number);
    }
    out += fmt::format("::{} file={},line={},col={}", command_of(v.severity), github_escape_property(visible_text(game.file)),
                       pos.line, pos.column);
    if (!v.move.empty()) out += fmt::format(",endColumn={}", pos.column + utf8_length(v.move));
    out += fmt::format(",title={}::{}\n", github_escape_property(title), github_escape_data(shown_message(v.message)));
  }
}

std::string github_input_failure(const CheckSummary::InputFailure& failure) {
  return fmt::format("::error file={},title=unreadable input::{}\n", github_escape_property(visible_text(failure.file)),
                     github_escape_data("cannot read " + visible_text(failure.file) + ": " + shown_message(failure.message)));
}

namespace {

class GithubRenderer final : public ReportRenderer {
 public:
  explicit GithubRenderer(ReportOptions options) : options_(options) {}
  IndexPlaces render(const Game& game, const CheckedGame& checked, std::string& out) override {
    write_github_annotations(out, game, checked.result, options_);
    return {};
  }

 private:
  const ReportOptions options_;
};

}  // namespace

void GithubReport::write(const RenderedGame& game, bool) { write_text(out_, game); }

void GithubReport::input_failure(const CheckSummary::InputFailure& failure) { out_ << github_input_failure(failure); }

std::unique_ptr<ReportRenderer> GithubReport::renderer() const { return std::make_unique<GithubRenderer>(options_); }

}  // namespace bpgn
