#include "output/report_formats.h"

#include "output/report_codequality.h"
#include "output/report_github.h"
#include "output/report_html.h"
#include "output/report_json_sink.h"
#include "output/report_junit.h"
#include "output/report_sarif.h"
#include "output/report_text.h"

#include <array>

namespace bpgn {
namespace {

std::unique_ptr<ReportSink> make_text(std::ostream& out, const ReportSettings& s) {
  return std::make_unique<TextReport>(out, TextReportOptions{s.report, s.quiet, s.verbose});
}

std::unique_ptr<ReportSink> make_json(std::ostream& out, const ReportSettings& s) {
  return std::make_unique<JsonReport>(out, s.report);
}

std::unique_ptr<ReportSink> make_jsonl(std::ostream& out, const ReportSettings& s) {
  return std::make_unique<JsonlReport>(out, s.report);
}

std::unique_ptr<ReportSink> make_html(std::ostream& out, const ReportSettings& s) {
  HtmlReportOptions options;
  options.all = s.all;
  options.report = s.report;
  options.inputs = s.inputs;
  return std::make_unique<HtmlReport>(out, std::move(options));
}

std::unique_ptr<ReportSink> make_sarif(std::ostream& out, const ReportSettings& s) {
  SarifOptions options{s.report};
  if (s.docs_uri) options.docs_uri = s.docs_uri();
  return std::make_unique<SarifReport>(out, std::move(options));
}

std::unique_ptr<ReportSink> make_junit(std::ostream& out, const ReportSettings& s) {
  return std::make_unique<JunitReport>(out, JunitOptions{s.report, s.junit_by_file});
}

std::unique_ptr<ReportSink> make_github(std::ostream& out, const ReportSettings& s) {
  return std::make_unique<GithubReport>(out, GithubOptions{s.report, s.max_annotations, s.step_summary});
}

std::unique_ptr<ReportSink> make_codequality(std::ostream& out, const ReportSettings& s) {
  return std::make_unique<CodequalityReport>(out, s.report);
}

constexpr std::array kFormats{
    ReportFormat{"text", "compiler-style diagnostics", make_text},
    ReportFormat{"json", "one JSON document", make_json},
    ReportFormat{"jsonl", "one JSON object per game", make_jsonl},
    ReportFormat{"html", "a page for arbiters: boards, rules, clocks", make_html},
    ReportFormat{"sarif", "SARIF 2.1.0", make_sarif},
    ReportFormat{"junit", "JUnit XML", make_junit},
    ReportFormat{"github", "GitHub Actions annotations", make_github},
    ReportFormat{"codequality", "GitLab Code Quality JSON", make_codequality},
};

}  // namespace

std::span<const ReportFormat> report_formats() { return kFormats; }

const ReportFormat* find_report_format(std::string_view name) {
  for (const ReportFormat& f : kFormats) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

std::string report_format_names(std::string_view separator) {
  std::string names;
  for (const ReportFormat& f : kFormats) {
    if (!names.empty()) names += separator;
    names += f.name;
  }
  return names;
}

}  // namespace bpgn
