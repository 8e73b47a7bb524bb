#include "output/report_text.h"

#include "output/outcome_text.h"
#include "text/visible_text.h"
#include "replay/messages.h"
#include "replay/read_notes.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <sstream>

namespace bpgn {

std::string diagnostic_line(const Game& game, const Violation& v) {
  const SourcePos pos = v.pos.line != 0 ? v.pos : game.start;
  const ViolationInfo& i = info(v.code);
  return fmt::format("{}:{}:{}: {}[{}]: {}", visible_text(game.file), pos.line, pos.column, to_string(v.severity),
                     i.code, shown_message(v.message));
}

void write_errors(std::ostream& out, const Game& game, const ReplayResult& result) {
  for (const Violation& v : result.violations) {
    if (v.severity == Severity::Error) out << diagnostic_line(game, v) << '\n';
  }
}

void write_unreadable(std::ostream& out, const Game& game) {
  if (game.error) {
    out << diagnostic_line(game, game_violation(ViolationCode::Syntax, game.error->pos, game.error->message)) << '\n';
    return;
  }
  for (const ReadNote& note : game.notes) {
    if (note.kind != ReadNote::Kind::BadTag) continue;
    out << diagnostic_line(game, note_violation(note)) << '\n';  // the line check prints
    return;
  }
  out << diagnostic_line(game, game_violation(ViolationCode::Syntax, game.start, "not a game record")) << '\n';
}

void write_listed_diagnostics(std::ostream& out, const Game& game, const ReplayResult& result,
                              const ReportOptions& options) {
  std::size_t listed = 0;
  for (const Violation& v : result.violations) {
    if (options.max_errors && listed == *options.max_errors) break;
    out << diagnostic_line(game, v) << '\n';
    ++listed;
  }
}

std::optional<UnlistedNote> unlisted_note(const Game& game, const ReplayResult& result, const ReportOptions& options) {
  if (!options.max_errors || result.violations.size() <= *options.max_errors) return std::nullopt;
  const SourcePos pos = game.start;
  return UnlistedNote{fmt::format("{}:{}:{}: note: {} more violation(s) of game ", visible_text(game.file), pos.line, pos.column,
                                  result.violations.size() - *options.max_errors),
                      fmt::format(" not listed (--max-errors {})\n", *options.max_errors)};
}

void write_text_diagnostics(std::ostream& out, const Game& game, const ReplayResult& result,
                            const ReportOptions& options) {
  write_listed_diagnostics(out, game, result, options);
  if (const auto note = unlisted_note(game, result, options)) out << note->before_index << game.index << note->after_index;
}

void write_text_summary(std::ostream& out, const CheckSummary& s) {
  // With --strict, the games that only warnings made invalid are named (the strict flag is not
  // known here: without it the count is always 0). Notes (how a record is written, never a fault)
  // are counted only when there are some.
  const std::string by_warnings =
      s.invalid_by_warnings ? fmt::format(" ({} by warnings only, --strict)", s.invalid_by_warnings) : "";
  // With filters, the games read come first, then those left out and those checked.
  const std::string counted =
      s.filtered ? fmt::format("{} game{} read, {} left out by filters; {} checked", s.games + *s.filtered,
                               s.games + *s.filtered == 1 ? "" : "s", *s.filtered, s.games)
                 : fmt::format("{} game{} read", s.games, s.games == 1 ? "" : "s");
  fmt::print(out, "bpgn check: {}: {} valid, {} invalid{}, {} unreadable; {} error{}, {} warning{}{}\n", counted,
             s.valid, s.invalid, by_warnings, s.unreadable, s.errors,
             s.errors == 1 ? "" : "s", s.warnings, s.warnings == 1 ? "" : "s",
             s.notes == 0 ? std::string() : fmt::format(", {} note{}", s.notes, s.notes == 1 ? "" : "s"));
  for (std::size_t c = 0; c < s.per_code.size(); ++c) {
    if (!s.per_code[c]) continue;
    const ViolationInfo& i = info(ViolationCode(c));
    fmt::print(out, "  {:<7} {:<20} {}\n", to_string(i.severity), i.code, s.per_code[c]);
  }
  for (const auto& [label, n] : s.rule_sets) fmt::print(out, "  {:<7} {:<20} {}\n", "rules", label, n);
  if (s.duplicates) fmt::print(out, "  {:<7} {:<20} {}\n", "repeats", "duplicates", *s.duplicates);
}

namespace {

class TextRenderer final : public ReportRenderer {
 public:
  explicit TextRenderer(const TextReportOptions& options) : options_(options) {}

  IndexPlaces render(const Game& game, const CheckedGame& checked, std::string& out) override {
    if (options_.quiet) return {};
    text_.str(std::string());
    write_listed_diagnostics(text_, game, checked.result, options_.report);
    out += text_.view();
    IndexPlaces index_at;
    if (const auto note = unlisted_note(game, checked.result, options_.report)) {
      out += note->before_index;
      index_at.index = out.size();
      out += note->after_index;
    }
    // An arbiter's decision is always said (--adjudications), next to what the record and rules say.
    if (options_.verbose || (checked.result.outcome.adjudication && !options_.quiet)) out += outcome(game, checked);
    return index_at;
  }

  std::string alone(const Game& game, const CheckedGame& checked) override {
    return options_.quiet || options_.verbose || checked.result.outcome.adjudication ? std::string()
                                                                                      : outcome(game, checked);
  }

 private:
  static std::string outcome(const Game& game, const CheckedGame& checked) {
    return checked.status == GameStatus::Unreadable && !checked.result.outcome.adjudication
               ? std::string()
               : outcome_line(game, checked.result);
  }

  const TextReportOptions options_;
  std::ostringstream text_;
};

}  // namespace

void TextReport::write(const RenderedGame& game, bool) { write_text(out_, game); }

void TextReport::finish(const CheckSummary& summary) {
  if (summary.games == 1) out_ << alone();
}

std::unique_ptr<ReportRenderer> TextReport::renderer() const { return std::make_unique<TextRenderer>(options_); }

}  // namespace bpgn
