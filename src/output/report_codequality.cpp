#include "output/report_codequality.h"

#include "core/fnv1a.h"
#include "output/json_writer.h"
#include "text/visible_text.h"
#include "replay/fingerprint.h"

#include <fmt/format.h>

namespace bpgn {
namespace {

// A path as GitLab matches it against the repository's files: as given, shown as every report
// shows names (a name that is not UTF-8 could not be written as JSON text anyway).
std::string repository_path(std::string_view file) {
  std::string path = visible_text(file);
  if (path.starts_with("./")) path.erase(0, 2);
  return path;
}

}  // namespace

std::string_view codequality_severity(Severity s) {
  switch (s) {
    case Severity::Error: return "major";
    case Severity::Warning: return "minor";
    case Severity::Note: return "info";
  }
  return "major";
}

std::string codequality_fingerprint(std::string_view key) {
  return fmt::format("{:016x}{:016x}", fnv1a(kFnv1aOffset, key), fnv1a(0x84222325cbf29ce4ULL, key));
}

namespace {

// `{"fingerprint":"` opens every issue object: the fingerprint's 32 digits stand right after it.
constexpr std::string_view kOpening = "{\"fingerprint\":\"";
constexpr std::size_t kDigits = 32;

class CodequalityRenderer final : public ReportRenderer {
 public:
  explicit CodequalityRenderer(ReportOptions options) : options_(options) {}
  IndexPlaces render(const Game& game, const CheckedGame& checked, std::string& out) override {
    const ReplayResult& result = checked.result;
    if (result.violations.empty()) return {};
    const std::string path = repository_path(game.file);
    // What the game is, whatever line it starts on: its players and moves (replay/fingerprint.h).
    const std::uint64_t match = match_fingerprint(game, result);
    std::size_t listed = 0;
    for (const Violation& v : result.violations) {
      if (options_.max_errors && listed == *options_.max_errors) break;
      ++listed;
      const SourcePos pos = v.pos.line != 0 ? v.pos : game.start;
      const std::string message = shown_message(v.message);
      const std::string_view code = info(v.code).code;
      const std::string key = fmt::format("{}\n{}\n{:016x}\n{}{}{}\n{}\n{}", path, code, match,
                                          v.board ? board_name(*v.board) : std::string_view("-"),
                                          v.color ? (*v.color == Color::White ? "w" : "b") : "-",
                                          v.move_number ? *v.move_number : 0, v.move, message);
      append_codequality_issue(out, key, fmt::format("{}: {}", code, message), code, codequality_severity(v.severity),
                               path, pos.line);
    }
    return {};
  }

 private:
  const ReportOptions options_;
};

}  // namespace

void append_codequality_issue(std::string& out, std::string_view key, std::string_view description,
                              std::string_view check_name, std::string_view severity, std::string_view path,
                              std::uint32_t line) {
  out += ",\n";
  JsonWriter w(out);
  w.begin_object();
  w.key("fingerprint").string(codequality_fingerprint(key));  // first: kOpening and its digits
  w.key("description").string(description);
  w.key("check_name").string(check_name);
  w.key("severity").string(severity);
  w.key("location").begin_object();
  w.key("path").string(path);
  w.key("lines").begin_object().key("begin").number(std::max<std::uint32_t>(line, 1)).end_object();
  w.end_object();
  w.end_object();
}

void CodequalityReport::begin() { out_ << '['; }

void CodequalityReport::put(std::string_view line) {
  // ",\n{"fingerprint":"<32 digits>"...}": a fingerprint written before is hashed again, with the
  // number of its repeat, until it is new.
  std::string text(line);
  const std::size_t at = 2 + kOpening.size();
  std::string fingerprint = text.substr(at, kDigits);
  const std::string first = fingerprint;
  for (std::size_t repeat = 2; !fingerprints_.insert(fingerprint).second; ++repeat) {
    fingerprint = codequality_fingerprint(fmt::format("{}#{}", first, repeat));
  }
  text.replace(at, kDigits, fingerprint);
  out_ << std::string_view(text).substr(first_ ? 1 : 0);
  first_ = false;
}

void CodequalityReport::write(const RenderedGame& game, bool) {
  // The text holds no index places (the renderer makes none): issue lines, each ",\n{...}".
  std::string_view text = game.text;
  while (!text.empty()) {
    const std::size_t next = text.find(",\n{", 2);
    const std::size_t end = next == std::string_view::npos ? text.size() : next;
    put(text.substr(0, end));
    text.remove_prefix(end);
  }
}

void CodequalityReport::input_failure(const CheckSummary::InputFailure& failure) {
  std::string line;
  const std::string path = repository_path(failure.file);
  append_codequality_issue(line, "unreadable-input\n" + path,
                           "cannot read " + visible_text(failure.file) + ": " + shown_message(failure.message),
                           "unreadable-input", "critical", path, 1);
  put(line);
}

void CodequalityReport::finish(const CheckSummary&) { out_ << (first_ ? "]\n" : "\n]\n"); }

std::unique_ptr<ReportRenderer> CodequalityReport::renderer() const {
  return std::make_unique<CodequalityRenderer>(options_);
}

}  // namespace bpgn
