// fmt: every game of an input in canonical form, as `bpgn fmt` writes it to standard output
// (cli/fmt_command.cpp, format_games): the same choice between the canonical writer and the text
// as found, the same replay, one blank line between games. Its messages are left out.
#include "api/api_support.h"
#include "api/bpgn_api.h"

#include "convert/as_found.h"
#include "pipeline/run/check_game.h"
#include "convert/repair.h"
#include "output/canonical_writer.h"
#include "replay/replay.h"

#include <stdexcept>

namespace bpgn::api {

std::string fmt(const Input& input, const FmtOptions& options) {
  const RuleChoice choice = rule_choice_of(options.rules, options.set);
  GameSource source(input, as_found_reader_options());
  CanonicalWriter writer;
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
    if (unsupported_variant(game) || game.error || !game.readable() || game.has_broken_tag()) {
      // Not chess as bpgn checks it, or no canonical form: written as found.
      write_as_found(game.raw, text);
      continue;
    }
    const ReplayResult result = replay_for_output(game, choice);
    // A game with an error is not repaired: its outcome is not known for sure.
    if (options.fix && !result.has_error()) repair_game(game, result, repairs);
    writer.write(game, result, text);
  }
  return text;
}

}  // namespace bpgn::api
