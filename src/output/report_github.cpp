#include "output/report_github.h"

#include "record/encoding.h"
#include "text/visible_text.h"
#include "output/markdown_text.h"

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

namespace {

std::string unescape(std::string_view text) {
  std::string out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    const std::string_view code = text.substr(k, 3);
    if (code == "%25") out += '%';
    else if (code == "%0D") out += '\r';
    else if (code == "%0A") out += '\n';
    else if (code == "%3A") out += ':';
    else if (code == "%2C") out += ',';
    else {
      out += text[k];
      continue;
    }
    k += 2;
  }
  return out;
}

std::size_t level_slot(std::string_view level) { return level == "error" ? 0 : level == "warning" ? 1 : 2; }

std::string count_of(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace

std::optional<GithubAnnotation> parse_github_annotation(std::string_view line) {
  if (line.ends_with('\n')) line.remove_suffix(1);
  if (!line.starts_with("::")) return std::nullopt;
  const std::size_t space = line.find(' ', 2), data = line.find("::", 2);
  if (space == line.npos || data == line.npos || space > data) return std::nullopt;
  GithubAnnotation a;
  a.level = std::string(line.substr(2, space - 2));
  a.message = unescape(line.substr(data + 2));
  std::string_view properties = line.substr(space + 1, data - space - 1);
  while (!properties.empty()) {
    const std::size_t comma = std::min(properties.find(','), properties.size());
    const std::string_view property = properties.substr(0, comma);
    const std::size_t equals = property.find('=');
    if (equals != property.npos) {
      const std::string_view key = property.substr(0, equals);
      std::string value = unescape(property.substr(equals + 1));
      if (key == "file") a.file = std::move(value);
      else if (key == "line") a.line = std::move(value);
      else if (key == "title") a.code = value.substr(0, value.find(' '));
    }
    properties.remove_prefix(std::min(comma + 1, properties.size()));
  }
  return a;
}

std::string github_step_summary(const CheckSummary& s, const std::vector<GithubAnnotation>& problems,
                                std::size_t annotated) {
  std::string md = "## bpgn check\n\n";
  md += fmt::format("**{}**: {} valid, {} invalid, {} unreadable; {}, {}, {}.\n\n",
                    count_of(s.games, "game", "games"), s.valid, s.invalid, s.unreadable,
                    count_of(s.errors, "error", "errors"), count_of(s.warnings, "warning", "warnings"),
                    count_of(s.notes, "note", "notes"));
  md += "| status | games |\n|---|---:|\n";
  md += fmt::format("| valid | {} |\n| invalid | {} |\n| unreadable | {} |\n\n", s.valid, s.invalid, s.unreadable);
  bool any_code = false;
  for (std::size_t k = 0; k < s.per_code.size(); ++k) {
    if (!s.per_code[k]) continue;
    if (!any_code) md += "| code | severity | count |\n|---|---|---:|\n";
    any_code = true;
    const ViolationInfo& i = info(ViolationCode(k));
    md += fmt::format("| {} | {} | {} |\n", markdown_text(i.code), to_string(i.severity), s.per_code[k]);
  }
  if (any_code) md += "\n";
  if (!problems.empty()) {
    md += problems.size() < annotated
              ? fmt::format("### The first {} problems (of {})\n\n", problems.size(), annotated)
              : std::string("### Problems\n\n");
    md += "| where | level | code | message |\n|---|---|---|---|\n";
    for (const GithubAnnotation& p : problems) {
      md += fmt::format("| {}:{} | {} | {} | {} |\n", markdown_text(p.file), markdown_text(p.line),
                        markdown_text(p.level), markdown_text(p.code), markdown_text(p.message));
    }
    md += "\n";
  }
  if (!s.input_failures.empty()) {
    md += "### Inputs that could not be read\n\n";
    for (const CheckSummary::InputFailure& f : s.input_failures) {
      md += fmt::format("- {}: {}\n", markdown_text(f.file), markdown_text(shown_message(f.message)));
    }
    md += "\n";
  }
  return md;
}

void GithubReport::write(const RenderedGame& game, bool) {
  // The text holds no index places (GithubRenderer makes none): its lines are written as they are.
  std::string_view text = game.text;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size() - 1) + 1;
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(end);
    ++annotated_;
    if (options_.step_summary && problems_.size() < kStepSummaryProblems) {
      if (auto a = parse_github_annotation(line)) problems_.push_back(std::move(*a));
    }
    if (!options_.max_annotations || written_ < *options_.max_annotations) {
      out_ << line;
      ++written_;
    } else {
      ++left_out_[level_slot(line.substr(2, line.find(' ') - 2))];
    }
  }
}

void GithubReport::input_failure(const CheckSummary::InputFailure& failure) { out_ << github_input_failure(failure); }

void GithubReport::finish(const CheckSummary& summary) {
  const std::size_t left_out = left_out_[0] + left_out_[1] + left_out_[2];
  if (left_out) {
    out_ << "::notice title=bpgn check::"
         << github_escape_data(fmt::format(
                "{} more {} left out ({}, {}, {}): --max-annotations {} annotated the first {}; every one is "
                "in the other formats (bpgn check --format text)",
                left_out, left_out == 1 ? "annotation" : "annotations", count_of(left_out_[0], "error", "errors"),
                count_of(left_out_[1], "warning", "warnings"), count_of(left_out_[2], "notice", "notices"),
                *options_.max_annotations, written_))
         << '\n';
  }
  if (options_.step_summary) *options_.step_summary = github_step_summary(summary, problems_, annotated_);
}

std::unique_ptr<ReportRenderer> GithubReport::renderer() const { return std::make_unique<GithubRenderer>(options_.report); }

}  // namespace bpgn
