// bpgn perft: leaf counts of the move generator, the engine's own correctness check.
#include "cli/commands.h"
#include "cli/command_app.h"
#include "cli/errors.h"
#include "cli/option_checks.h"
#include "pipeline/run/exit_codes.h"
#include "cli/rule_flags.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/san.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <memory>

namespace bpgn {
namespace {

struct PerftConfig {
  RuleOptions rule_options;
  std::string fen{kStartFen};
  int depth = 1;
  bool divide = false;
};

int run_perft(const PerftConfig& config) {
  RuleSet rules = resolve_rules(config.rule_options, crazyhouse_rules());
  Position pos;
  if (auto error = parse_fen(config.fen, pos)) {
    throw UsageError(fmt::format("--fen: {} (at character {})", error->message, error->offset + 1));
  }
  std::uint64_t total = 0;
  if (config.divide && config.depth > 0) {
    auto moves = std::make_unique<MoveList>();
    generate_legal(pos, rules, *moves);
    for (const Move& m : *moves) {
      Position next = pos;
      next.play(m, rules);
      std::uint64_t n = perft(next, rules, config.depth - 1);
      fmt::print("{}: {}\n", to_uci(m), n);
      total += n;
    }
    fmt::print("\n");
  } else {
    total = perft(pos, rules, config.depth);
  }
  fmt::print("{}\n", total);
  return kExitClean;
}

}  // namespace

void add_perft_command(CommandApp* cmd, CommandAction& action) {
  auto config = std::make_shared<PerftConfig>();
  add_rule_options(*cmd, config->rule_options);
  cmd->add_option("--fen", config->fen, "Start position (FEN with holdings); default: the initial position")
      ->check(word("a FEN"));
  cmd->add_option("--depth", config->depth, "Depth in plies")->check(between(0, 20, "the depth in plies"));
  cmd->add_flag("--divide", config->divide, "Print the count below each first move before the total");
  cmd->callback([config, &action] { action = [config] { return run_perft(*config); }; });
}

}  // namespace bpgn
