// The SAN reader and writer before the one-pass reader (san_reference.cpp): the oracle the tests
// compare bpgn::parse_san and bpgn::to_san with. Same contract as core/san.h.
#pragma once

#include "core/san.h"

#include <string>
#include <string_view>

namespace bpgn::reference {

SanResult parse_san(const Position& pos, const RuleSet& rules, std::string_view text);
std::string to_san(const Position& pos, const RuleSet& rules, const Move& m);
bool is_move_text(std::string_view text);
CheckSuffix deserved_suffix(const Position& pos, const RuleSet& rules, const Move& m);
std::string to_uci(const Move& m);

}  // namespace bpgn::reference
