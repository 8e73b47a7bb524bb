// fmt: every game of an input in canonical form, as `bpgn fmt` writes it to standard output
// (cli/fmt_command.cpp, format_games): each game through fmt's own GameFormatter
// (pipeline/commands/format_game.h), one blank line between games. Its messages are left out.
#include "api/api_support.h"
#include "api/bpgn_api.h"

#include "convert/as_found.h"
#include "convert/repair.h"
#include "pipeline/commands/format_game.h"

#include <stdexcept>

namespace bpgn::api {

std::string fmt(const Input& input, const FmtOptions& options) {
  const RuleChoice choice = rule_choice_of(options.rules, options.set);
  GameSource source(input, as_found_reader_options());
  GameFormatter formatter(choice, options.fix);
  RepairCounts repairs;  // --fix: counted by fmt for its summary, unused here
  Game game;
  std::string text;
  bool first = true;
  while (source.next(game)) {
    try {
      require_whole_raw_text(game);
    } catch (const std::runtime_error& e) {
      throw Error(game.file, game.start.line, 1, e.what());
    }
    if (!first) text += '\n';
    first = false;
    formatter.format(game, text, repairs);
  }
  return text;
}

}  // namespace bpgn::api
