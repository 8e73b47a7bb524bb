// What the facade's streams share (not part of the facade): the games of an Input, read as the
// commands read them, and the rule choice of --rules and --set.
#pragma once

#include "api/bpgn_api.h"
#include "replay/rule_choice.h"
#include "pipeline/input/game_stream.h"
#include "record/game.h"

#include <cstddef>
#include <map>
#include <memory>
#include <string>

namespace bpgn::api {

// The games of one input in order through the commands' game stream (pipeline/input/game_stream.h),
// each game's `index` counted from 1 over the whole input. Opening and reading failures are
// thrown as Error ("cannot read NAME: ..."), as the commands word them; a file that cannot be
// opened is thrown at once.
class GameSource {
 public:
  GameSource(const Input& input, ReaderOptions options);
  ~GameSource();

  bool next(Game& game);

 private:
  InputStreams inputs_;
  std::unique_ptr<GameStream> games_;
};

// The rule choice of `--rules rules` and one `--set key=value` per entry, as the command line
// reads them once for all games; throws Error naming an unknown rule set or a bad override.
RuleChoice rule_choice_of(const std::string& rules, const std::map<std::string, std::string>& set);

}  // namespace bpgn::api
