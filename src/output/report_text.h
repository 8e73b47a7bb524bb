// The text diagnostics of every subcommand, in the compilers' form
// `file:line:col: error[code]: message` (check: every violation; fmt and convert: the errors), and
// check's summary.
#pragma once

#include "output/report_options.h"
#include "output/report_sink.h"
#include "replay/check_summary.h"
#include "record/game.h"
#include "replay/replay.h"

#include <optional>
#include <ostream>
#include <string>

namespace bpgn {

// `games.bpgn:47:18: error[drop-not-in-holding]: White (Alice) on board A drops a knight at 12A. N@f3, but holds only two pawns`
std::string diagnostic_line(const Game& game, const Violation& v);

// The lines fmt and convert print on standard error, in the same form: one per error of the
// replay (warnings and notes are check's business)...
void write_errors(std::ostream& out, const Game& game, const ReplayResult& result);
// ... and the one `syntax` error of a record that could not be read (written as found): the
// reader's error, else the first broken tag, else "not a game record" at the game's start.
void write_unreadable(std::ostream& out, const Game& game);

// The game's diagnostics (at most options.max_errors, then a line saying how many were left out).
void write_text_diagnostics(std::ostream& out, const Game& game, const ReplayResult& result,
                            const ReportOptions& options);

// The same in two parts, for a caller that learns the game's index later (check --jobs N): the
// listed diagnostics, and the closing line about the ones left out, cut where game.index goes
// (nothing when none was left out).
struct UnlistedNote {
  std::string before_index, after_index;
};
void write_listed_diagnostics(std::ostream& out, const Game& game, const ReplayResult& result,
                              const ReportOptions& options);
std::optional<UnlistedNote> unlisted_note(const Game& game, const ReplayResult& result, const ReportOptions& options);

// `bpgn check: 23 games: 21 valid, 1 invalid, 1 unreadable; 3 errors, 5 warnings` and one line per
// code that occurred.
void write_text_summary(std::ostream& out, const CheckSummary& summary);

struct TextReportOptions {
  ReportOptions report;  // --strict, --max-errors
  bool quiet = false;    // -q: nothing per game (the summary is the caller's, on standard error)
  bool verbose = false;  // -v: each game's outcome line after its diagnostics
};

// `bpgn check --format text` as a report sink: each game's diagnostics (write_text_diagnostics),
// with -v its outcome line; a run of one game ends with that game's outcome line.
class TextReport final : public RenderedReport {
 public:
  TextReport(std::ostream& out, TextReportOptions options) : out_(out), options_(options) {}
  void finish(const CheckSummary& summary) override;
  bool shows_games() const override { return !options_.quiet; }
  std::unique_ptr<ReportRenderer> renderer() const override;

 private:
  void write(const RenderedGame& game, bool first) override;
  std::ostream& out_;
  const TextReportOptions options_;
};

}  // namespace bpgn
