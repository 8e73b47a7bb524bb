#include "output/report_sarif.h"

#include "output/json_writer.h"
#include "output/report_json.h"
#include "output/rule_help.h"
#include "record/encoding.h"
#include "text/visible_text.h"

#include <fmt/format.h>

#ifndef BPGN_DOCS_URI
#define BPGN_DOCS_URI "file:///usr/local/share/doc/bpgn"
#endif

namespace bpgn {
namespace {

// A help link a code-scanning page can open: an https address (-DBPGN_DOCS_URI); a file:// one
// names a file on the machine that made the report, so it is said in the help's text instead.
bool web_address(std::string_view uri) { return uri.starts_with("https://"); }

std::string_view severity_meaning(Severity s) {
  switch (s) {
    case Severity::Error: return "An error: the game is invalid.";
    case Severity::Warning: return "A warning: the game stays valid unless --strict is given.";
    case Severity::Note: return "A note: says how the record is written, never that it is wrong.";
  }
  return "";
}

void write_rule(JsonWriter& w, ViolationCode code, std::string_view docs_uri) {
  const ViolationInfo& i = info(code);
  w.begin_object();
  w.key("id").string(i.code);
  w.key("shortDescription").begin_object().key("text").string(i.summary).end_object();
  w.key("fullDescription")
      .begin_object()
      .key("text")
      .string(fmt::format("{}: {}. {}", i.code, i.summary, severity_meaning(i.severity)))
      .end_object();
  const bool web = web_address(docs_uri);
  const std::string check_md = fmt::format("{}/check.md", docs_uri);
  const RuleHelp help = rule_help(code, web ? check_md : "", web ? "" : docs_uri);
  w.key("help").begin_object().key("text").string(help.text).key("markdown").string(help.markdown).end_object();
  if (web) w.key("helpUri").string(violation_help_uri(code, docs_uri));
  // SARIF's levels "error", "warning" and "note" are the severities' own words.
  w.key("defaultConfiguration").begin_object().key("level").string(to_string(i.severity)).end_object();
  w.end_object();
}

void write_location(JsonWriter& w, std::string_view file, std::uint32_t line, std::uint32_t column,
                    std::size_t length) {
  w.key("locations").begin_array().begin_object();
  w.key("physicalLocation").begin_object();
  w.key("artifactLocation").begin_object().key("uri").string(sarif_artifact_uri(file)).end_object();
  if (line > 0) {
    w.key("region").begin_object();
    w.key("startLine").number(line);
    if (column > 0) {
      w.key("startColumn").number(column);
      if (length > 0) w.key("endColumn").number(column + length);
    }
    w.end_object();
  }
  w.end_object();
  w.end_object().end_array();
}

}  // namespace

std::string sarif_artifact_uri(std::string_view path) {
  std::string out = path.starts_with('/') ? "file://" : "";
  for (unsigned char c : path) {
    const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                       c == '.' || c == '_' || c == '~' || c == '/';
    if (plain) out += char(c);
    else out += fmt::format("%{:02X}", c);
  }
  return out;
}

const std::string_view kDefaultDocsUri = BPGN_DOCS_URI;

std::string violation_help_uri(ViolationCode code, std::string_view docs_uri) {
  return fmt::format("{}/check.md#{}", docs_uri, info(code).code);
}

SarifReport::SarifReport(std::ostream& out, SarifOptions options) : out_(out), options_(std::move(options)) {}

void SarifReport::begin() {
  buffer_.clear();
  JsonWriter w(buffer_);
  w.begin_object();
  w.key("$schema").string("https://json.schemastore.org/sarif-2.1.0.json");
  w.key("version").string("2.1.0");
  w.key("runs").begin_array().begin_object();
  w.key("tool").begin_object().key("driver").begin_object();
  w.key("name").string("bpgn");
  w.key("semanticVersion").string(BPGN_VERSION_TEXT);
  const std::string_view docs = options_.docs_uri;
  if (web_address(docs)) w.key("informationUri").string(fmt::format("{}/check.md", docs));
  w.key("rules").begin_array();
  for (std::size_t k = 0; k < std::size_t(ViolationCode::Count_); ++k) write_rule(w, ViolationCode(k), docs);
  w.end_array();
  w.end_object().end_object();
  w.key("columnKind").string("unicodeCodePoints");
  // The results array stays open: add() writes into it, finish() closes it.
  buffer_ += ",\"results\":[";
  out_ << buffer_;
}

void SarifReport::game(const Game& game, const CheckedGame& checked) {
  const ReplayResult& result = checked.result;
  const GameStatus status = checked.status;
  buffer_.clear();
  std::size_t listed = 0;
  for (const Violation& v : result.violations) {
    if (options_.report.max_errors && listed == *options_.report.max_errors) break;
    ++listed;
    buffer_ += first_result_ ? "\n" : ",\n";
    first_result_ = false;
    JsonWriter w(buffer_);
    w.begin_object();
    w.key("ruleId").string(info(v.code).code);
    w.key("ruleIndex").number(std::size_t(v.code));
    w.key("level").string(to_string(v.severity));
    w.key("message").begin_object().key("text").string(shown_message(v.message)).end_object();
    const SourcePos pos = v.pos.line != 0 ? v.pos : game.start;
    write_location(w, game.file, pos.line, pos.column, v.move.empty() ? 0 : utf8_length(v.move));
    w.key("properties").begin_object();
    w.key("game").number(game.index);
    w.key("gameFileIndex").number(game.file_index);
    w.key("gameLine").number(game.start.line);
    w.key("gameStatus").string(to_string(status));
    if (v.board) w.key("board").string(board_name(*v.board));
    if (v.color) w.key("color").string(*v.color == Color::White ? "white" : "black");
    if (v.move_number) w.key("moveNumber").number(*v.move_number);
    if (!v.move.empty()) w.key("move").text(v.move);
    w.end_object();
    w.end_object();
  }
  out_.write(buffer_.data(), std::streamsize(buffer_.size()));
}

void SarifReport::finish(const CheckSummary& s) {
  buffer_ = "\n]";
  JsonWriter w(buffer_);
  buffer_ += ",\"invocations\":[";
  w.begin_object();
  w.key("executionSuccessful").boolean(s.input_failures.empty());
  w.key("toolExecutionNotifications").begin_array();
  for (const CheckSummary::InputFailure& f : s.input_failures) {
    w.begin_object();
    w.key("level").string("error");
    w.key("message").begin_object().key("text").string("cannot read " + visible_text(f.file) + ": " + shown_message(f.message)).end_object();
    write_location(w, f.file, 0, 0, 0);
    w.end_object();
  }
  w.end_array();
  w.end_object();
  buffer_ += "],\"properties\":{\"summary\":";
  buffer_ += summary_json(s);
  buffer_ += "}}]}\n";
  out_ << buffer_;
}

}  // namespace bpgn
