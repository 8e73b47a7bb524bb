// A report that is one document around all the games (an HTML page, a SARIF log, a JUnit file):
// games are added one at a time, in input order and in one thread, and finish() closes it.
#pragma once

#include "output/check_report.h"
#include "record/game.h"
#include "replay/replay.h"

namespace bpgn {

class DocumentReport {
 public:
  virtual ~DocumentReport() = default;
  // One game, as replayed with `replay_options`.
  virtual void add(const Game& game, const ReplayResult& result, const ReplayOptions& replay_options,
                   GameStatus status) = 0;
  // Writes what follows the games (totals, inputs that could not be read) and ends the document.
  virtual void finish(const CheckSummary& summary) = 0;
};

}  // namespace bpgn
