// What the FEN reader and the move generator guarantee (checked by fuzz_fen and, on
// corpus/regressions/fen-*, by tests/robustness) for FEN text after one byte that picks the rule
// set. A FEN that reads writes back as a FEN that reads to the same
// position; every generated move is legal, is generated again by the per-square generator, gets a
// SAN that parses back to it, and leaves a position that keeps the invariants.
#pragma once

#include "core/fen.h"
#include "core/movegen.h"
#include "core/san.h"
#include "fuzz/fuzz_support.h"
#include "rules/rule_set.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn::fuzz::fen_detail {

using bpgn::fuzz::require;

inline const std::vector<bpgn::RuleSet>& rule_sets() {
  static const std::vector<bpgn::RuleSet> sets = [] {
    std::vector<bpgn::RuleSet> v;
    for (std::string_view name : bpgn::rule_set_names()) v.push_back(*bpgn::rules_by_name(name));
    bpgn::RuleSet classic_bughouse = bpgn::bughouse_rules();  // bughouse with the classic mate rule
    classic_bughouse.mate = bpgn::MateRule::Classic;
    v.push_back(classic_bughouse);
    return v;
  }();
  return sets;
}

}  // namespace bpgn::fuzz::fen_detail

namespace bpgn::fuzz {

// `bytes`: one byte that picks the rule set, then the FEN. Empty: nothing to check.
inline void fen_properties(std::string_view bytes) {
  using namespace fen_detail;
  if (bytes.empty()) return;
  const bpgn::RuleSet& rules = rule_sets()[static_cast<unsigned char>(bytes[0]) % rule_sets().size()];
  const std::string_view fen = bytes.substr(1);

  bpgn::Position pos;
  if (auto error = bpgn::parse_fen(fen, pos)) {
    require(error->offset <= fen.size(), "FEN error offset outside the text");
    return;
  }
  const std::string written = bpgn::to_fen(pos);
  bpgn::Position again;
  if (auto error = bpgn::parse_fen(written, again)) bpgn::fuzz::fail("a written FEN does not read", written);
  require(again == pos, "FEN round trip changes the position", written);
  require(bpgn::to_fen(again) == written, "FEN round trip changes the text", written);

  const bool sound = bpgn::fuzz::broken_invariant(pos, rules) == nullptr;

  static bpgn::MoveList moves;  // large: not on the stack
  moves.size = 0;
  bpgn::generate_legal(pos, rules, moves);
  require(moves.size >= 0 && moves.size <= static_cast<int>(std::size(moves.moves)), "move list overflow");

  // The per-square generator gives the same moves, square by square.
  std::size_t per_square = 0;
  for (int s = 0; s < 64; ++s) {
    bpgn::SquareMoveList to;
    bpgn::generate_legal_to(pos, rules, bpgn::Square(s), to);
    per_square += static_cast<std::size_t>(to.size);
    for (const bpgn::Move& m : to) {
      require(std::find(moves.begin(), moves.end(), m) != moves.end(), "per-square move not in the full list",
              written);
    }
  }
  require(per_square == static_cast<std::size_t>(moves.size), "per-square generator misses moves", written);

  for (const bpgn::Move& m : moves) {
    require(bpgn::is_legal(pos, rules, m), "a generated move is not legal", written);
    const std::string san = bpgn::to_san(pos, rules, m);
    const bpgn::SanResult parsed = bpgn::parse_san(pos, rules, san);
    require(parsed.error == bpgn::SanError::None, "canonical SAN does not parse", written + " " + san);
    require(same_move(parsed.move, m), "canonical SAN parses to another move", written + " " + san);
    (void)bpgn::to_uci(m);
    bpgn::Position next = pos;
    next.play(m, rules);
    if (sound) {
      const char* broken = bpgn::fuzz::broken_invariant(next, rules);
      if (broken) bpgn::fuzz::fail(broken, written + " " + san);
    }
  }
  (void)bpgn::is_checkmate(pos, rules);
  (void)bpgn::is_stalemate(pos, rules);
}

}  // namespace bpgn::fuzz
