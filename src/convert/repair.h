// fmt --fix: the repairs a record gets on top of the canonical form, never silent (docs/fmt.md,
// *Repairs*). Each repaired game carries a `BpgnRepairs` tag that says what was changed, and the
// run counts every repair by kind.
#pragma once

#include "output/json_writer.h"
#include "record/game.h"
#include "replay/replay.h"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace bpgn {

enum class RepairKind {
  CheckSuffix,  // a `+` or `#` added, removed or corrected (the canonical SAN's)
  ResultTag,    // the Result tag set from the computed outcome (missing or contradicting it)
  ResultToken,  // the result token after the moves set likewise
  RosterTag,    // a player tag filled from another tag (WhiteA from White, White from WhiteA, ...)
  Count_,
};
// "check suffix", "Result tag", "result token", "roster tag".
std::string_view to_string(RepairKind kind);

inline constexpr std::string_view kRepairTag = "BpgnRepairs";

struct RepairCounts {
  std::array<std::size_t, std::size_t(RepairKind::Count_)> by_kind{};
  std::size_t games = 0;           // games with at least one repair
  std::size_t not_repairable = 0;  // games with an error (or unreadable): written as fmt writes them, not repaired
  void add(const RepairCounts& other);
  std::size_t total() const;
};

// Repairs `game` in place where `result` (its replay, without an error) shows how, and adds the
// BpgnRepairs tag naming each repair ("Result tag 1-0 (was 0-1); result token 1-0 (was none);
// 3 check suffixes"). Returns the number of repairs (0: the game is untouched). The check
// suffixes are the canonical writer's; they are counted here, not changed.
std::size_t repair_game(Game& game, const ReplayResult& result, RepairCounts& counts);

// "repairs: 5 in 3 games (3 check suffixes, 1 Result tag, 1 result token); 1 game not repairable (errors)"
std::string repair_summary(const RepairCounts& counts);

// The same counts as members of fmt --fix's --summary-json object (output/summary_json.h):
// "repairs":{"check suffix":3,"Result tag":1,"result token":1,"roster tag":0},"repaired_games":3,
// "not_repaired":1
void write_repair_members(JsonWriter& w, const RepairCounts& counts);

}  // namespace bpgn
