// Small helpers the engine tests share: a square by name, a position from a FEN (a bad FEN is a
// test failure, not an exception), and a rule set with "key=value" overrides applied.
#pragma once

#include "core/fen.h"
#include "core/position.h"
#include "rules/rule_set.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

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

}  // namespace bpgn::test
