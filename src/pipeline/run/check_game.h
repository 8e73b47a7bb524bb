// check_game: one game checked as every command and the facade check it (check, fmt and convert's
// replay for output, standings, show, the library's CheckStream): replayed under the rule choice,
// its status, and when asked its key for the duplicate search.
#pragma once

#include "record/game.h"
#include "replay/checked_game.h"
#include "replay/rule_choice.h"

#include <optional>

namespace bpgn {

struct GameCheckOptions {
  bool strict = false;          // --strict: a warning makes the game invalid
  bool key = false;             // fill CheckedGame::key (the duplicate search)
  bool keep_positions = false;  // ReplayOptions: the position before each ply (for writing the game)
  bool canonical_san = false;   // ReplayOptions: each ply's canonical SAN (for writing the game)
  // --adjudications: the arbiter's decision for the game goes into its outcome (null: none).
  const Adjudications* adjudications = nullptr;
  // ReplayOptions: the position search of the filters (GameFilter::probe; null: none).
  const ReplayProbe* probe = nullptr;
};

// A game's status and, when asked, its key for the duplicate search (none for an unreadable game),
// judged from its replay: the one place they are decided (check_game, and convert's archives).
struct GameVerdict {
  GameStatus status = GameStatus::Valid;
  std::optional<MatchKey> key;
};
GameVerdict judge_game(const Game& game, const ReplayResult& result, bool strict, bool key);

// Refills `out` (keeping its memory from game to game).
void check_game(const Game& game, const RuleChoice& choice, const GameCheckOptions& options, CheckedGame& out);

inline CheckedGame check_game(const Game& game, const RuleChoice& choice, const GameCheckOptions& options = {}) {
  CheckedGame out;
  check_game(game, choice, options, out);
  return out;
}

// The replay fmt and convert write a game from: positions kept (move numbers) and canonical SAN.
// `probe`: the filters' position search, when they need it (GameFilter::probe).
ReplayResult replay_for_output(const Game& game, const RuleChoice& choice, const ReplayProbe* probe = nullptr);
// The same into `out`, whose memory is kept from one game to the next.
void replay_for_output(const Game& game, const RuleChoice& choice, ReplayResult& out, const ReplayProbe* probe = nullptr);
// The replay the canonical writer needs and no more (fmt): canonical SAN, the move numbers and
// colours, but no positions (a 160-byte copy a ply that only convert's FEN and PGN outputs read).
void replay_for_canonical(const Game& game, const RuleChoice& choice, ReplayResult& out,
                          const ReplayProbe* probe = nullptr);

}  // namespace bpgn
