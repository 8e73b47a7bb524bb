// Small helpers the engine tests share: a square by name, a position from a FEN (a bad FEN is a
// test failure, not an exception), a rule set with "key=value" overrides applied, and the legal
// moves of one piece.
#pragma once

#include "core/fen.h"
#include "core/movegen.h"
#include "core/position.h"
#include "core/san.h"
#include "rules/rule_set.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

namespace bpgn::test {

constexpr Square sq(const char* name) { return make_square(name[0] - 'a', name[1] - '1'); }

inline Position from_fen(const std::string& fen) {
  Position pos;
  const auto error = parse_fen(fen, pos);
  EXPECT_FALSE(error) << fen << ": " << (error ? error->message : "");
  return pos;
}

inline RuleSet with(RuleSet rules, std::initializer_list<const char*> overrides) {
  for (const char* o : overrides) EXPECT_FALSE(apply_override(rules, o)) << o;
  return rules;
}

// The legal moves of the piece on `from`, in UCI text, sorted (for exact set comparisons).
inline std::vector<std::string> moves_from(const Position& pos, const RuleSet& rules, Square from) {
  auto list = std::make_unique<MoveList>();
  generate_legal(pos, rules, *list);
  std::vector<std::string> out;
  for (const Move& m : *list) {
    if (m.from == from) out.push_back(to_uci(m));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace bpgn::test
