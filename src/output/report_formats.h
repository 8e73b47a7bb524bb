// The report formats of `bpgn check`, one table: each format's name (--format NAME), a short
// description (check --help; the shell completions offer the names) and the sink that writes it.
// docs/check.md documents every name (a test holds it to that).
#pragma once

#include "output/report_options.h"
#include "output/report_sink.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn {

// What a report is made with: check's options that shape it.
struct ReportSettings {
  ReportOptions report;             // --strict, --max-errors
  bool quiet = false;               // text: no lines per game (-q)
  bool verbose = false;             // text: each game's outcome (-v)
  bool all = false;                 // html: every game drawn (--all)
  std::vector<std::string> inputs;  // html: the inputs named in the page's head
  // sarif: where the docs are (the rules' help links), asked only when a SARIF report is made;
  // null: kDefaultDocsUri (output/report_sarif.h).
  std::string (*docs_uri)() = nullptr;
  // github: the violations annotated in the whole run (--max-annotations; unset: all), and where to
  // put the run's Markdown summary (GITHUB_STEP_SUMMARY; null: none is made).
  std::optional<std::size_t> max_annotations;
  std::string* step_summary = nullptr;
  bool junit_by_file = false;  // junit: one testcase per input file (--junit-case file)
};

struct ReportFormat {
  std::string_view name;
  std::string_view description;
  std::unique_ptr<ReportSink> (*make)(std::ostream& out, const ReportSettings& settings);
};

// Every format, the default (text) first.
std::span<const ReportFormat> report_formats();

// The format of that name; null when there is none.
const ReportFormat* find_report_format(std::string_view name);

// "text, json, jsonl, ...": the names in the table's order.
std::string report_format_names(std::string_view separator = ", ");

}  // namespace bpgn
