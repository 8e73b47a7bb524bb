// The filters of the command line (cli/game_filter.h) as the pipeline's filter stage.
#pragma once

#include "cli/game_filter.h"
#include "pipeline/check_run.h"

namespace bpgn {

// The stage that asks `filter` (which must outlive it); an empty stage when `filter` is null.
inline FilterStage filter_stage(const GameFilter* filter) {
  if (!filter) return {};
  return FilterStage{[filter](const Game& game) { return filter->keeps_record(game); },
                     [filter](const Game& game, const ReplayResult& result) { return filter->keeps_checked(game, result); }};
}

}  // namespace bpgn
