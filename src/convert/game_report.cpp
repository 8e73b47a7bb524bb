#include "convert/game_report.h"

#include "replay/read_notes.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

namespace bpgn {

void report_unreadable(const Game& game, std::ostream& err) {
  SourcePos pos = game.error ? game.error->pos : game.start;
  std::string message = game.error ? game.error->message : "not a game record";
  if (!game.error) {
    for (const ReadNote& note : game.notes) {
      if (note.kind != ReadNote::Kind::BadTag) continue;
      const Violation v = note_violation(note);  // the message check prints
      pos = v.pos;
      message = v.message;
      break;
    }
  }
  fmt::print(err, "{}:{}:{}: error: syntax: {} (game {}, written as found)\n", game.file, pos.line,
             pos.column, message, game.index);
}

void report_errors(const Game& game, const ReplayResult& replay, std::ostream& err) {
  for (const Violation& v : replay.violations) {
    if (v.severity != Severity::Error) continue;
    const SourcePos pos = v.pos.line ? v.pos : game.start;
    fmt::print(err, "{}:{}:{}: error: {}: {} (game {})\n", game.file, pos.line, pos.column, info(v.code).code,
               v.message, game.index);
  }
}

}  // namespace bpgn
