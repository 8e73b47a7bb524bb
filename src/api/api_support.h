// What the facade's streams share (not part of the facade): the games of an Input, read as the
// commands read them, and the rule choice of --rules and --set.
#pragma once

#include "api/bpgn_api.h"
#include "replay/rule_choice.h"
#include "io/input_file.h"
#include "record/game.h"
#include "record/reader.h"

#include <cstddef>
#include <map>
#include <memory>
#include <string>

namespace bpgn::api {

// The games of one input in order, each archive member in turn (check's sequential loop), each
// game's `index` counted from 1 over the whole input. Opening and reading failures are thrown as
// Error ("cannot read NAME: ..."), as the commands word them.
class GameSource {
 public:
  GameSource(const Input& input, ReaderOptions options);
  ~GameSource();

  bool next(Game& game);

 private:
  std::string name_;  // for messages: the file or the text's name
  ReaderOptions options_;
  std::unique_ptr<InputFile> file_;  // null for a text
  std::unique_ptr<Reader> reader_;   // the current member's (or the text's)
  std::size_t index_ = 0;
};

// The rule choice of `--rules rules` and one `--set key=value` per entry, as the command line
// reads them once for all games; throws Error naming an unknown rule set or a bad override.
RuleChoice rule_choice_of(const std::string& rules, const std::map<std::string, std::string>& set);

}  // namespace bpgn::api
