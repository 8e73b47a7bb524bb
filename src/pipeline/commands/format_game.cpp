#include "pipeline/commands/format_game.h"

#include "convert/as_found.h"
#include "pipeline/run/check_game.h"

namespace bpgn {

FmtForm GameFormatter::format(Game& game, std::string& out, RepairCounts& repairs, bool replayed) {
  replayed_ = replayed;
  if (written_as_found(game)) {
    // Not chess bpgn checks, or no canonical form (a broken tag is kept): written as found.
    write_as_found(game.raw, out);
    if (fix_) ++repairs.not_repairable;
    return FmtForm::AsFound;
  }
  const ReplayResult& result = replay(game);
  if (fix_) {
    // A game with an error is not repaired: its outcome is not known for sure.
    if (result.has_error()) {
      ++repairs.not_repairable;
    } else {
      repair_game(game, result, repairs);
    }
  }
  writer_.write(game, result, out);
  return FmtForm::Canonical;
}

const ReplayResult& GameFormatter::replay(const Game& game) {
  if (!replayed_) replay_for_canonical(game, choice_, result_);
  replayed_ = true;
  return result_;
}

}  // namespace bpgn
