// One game as `bpgn fmt` writes it (docs/fmt.md), for the command (pipeline/commands/fmt_run.h)
// and the library's fmt (api/fmt_text.cpp): a game written as found (convert/as_found.h:
// written_as_found) keeps its text and is never repaired; any other is replayed, repaired with
// --fix unless its replay has an error, and written in canonical form.
#pragma once

#include "convert/repair.h"
#include "output/canonical_writer.h"
#include "record/game.h"
#include "replay/replay.h"
#include "replay/rule_choice.h"

#include <string>

namespace bpgn {

enum class FmtForm { AsFound, Canonical };

class GameFormatter {
 public:
  GameFormatter(const RuleChoice& choice, bool fix) : choice_(choice), fix_(fix) {}

  // Appends the game as fmt writes it to `out`; with --fix counts its repairs (or that it could not
  // be repaired) in `repairs`. `replayed`: result() holds the game's replay_for_canonical already.
  FmtForm format(Game& game, std::string& out, RepairCounts& repairs, bool replayed = false);
  // The game's replay_for_canonical, made now if format() did not need it.
  const ReplayResult& replay(const Game& game);
  // Where a replay made before format() goes (the filters' replay, with their probe).
  ReplayResult& result() { return result_; }

 private:
  const RuleChoice& choice_;
  const bool fix_;
  CanonicalWriter writer_;
  ReplayResult result_;  // the game's replay, its memory kept from game to game
  bool replayed_ = false;
};

}  // namespace bpgn
