// What the SAN reader guarantees (checked by fuzz_san and, on corpus/regressions/san-*, by
// tests/robustness) for move text after one byte that picks a fixed position and a rule set. A text that reads as a move gives a legal move whose canonical SAN
// reads back to the same move; a text that does not read says why with one of the SanError values.
#pragma once

#include "core/fen.h"
#include "core/movegen.h"
#include "core/san.h"
#include "fuzz/fuzz_support.h"
#include "rules/rule_set.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bpgn::fuzz::san_detail {

using bpgn::fuzz::require;

// Positions that reach every branch of the SAN reader: castling both ways, en passant, promotions
// with captures, ambiguous pieces, drops with full holdings, a pawn on its last rank (turkish
// in-place promotion), a side in check, a side to move that is mated.
inline constexpr std::string_view kFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pppq1ppp/2n1bn2/3pp3/1b1PP3/2N1BN2/PPPQ1PPP/R3K2R[PNBRQpnbrq] w KQkq - 4 8",
    "r3k2r/pppq1ppp/2n1bn2/3pp3/1b1PP3/2N1BN2/PPPQ1PPP/R3K2R[PNBRQpnbrq] b KQkq - 4 8",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq f6 0 3",
    "1r2k2r/P1P3P1/8/8/8/8/1p5p/R3K1N1[QRBNqrbn] w Qk - 0 30",
    "1r2k2r/P1P3P1/8/8/8/8/1p5p/R3K1N1[QRBNqrbn] b Qk - 0 30",
    "P3k3/8/8/8/8/8/8/4K2p[QRBNPqrbnp] w - - 0 40",
    "8/2k5/1N3N2/8/R2N3R/8/1N3N2/K7[N] w - - 0 1",
    "4k3/8/8/8/8/8/3q4/4K3[Q] w - - 0 1",
    "4k3/8/8/8/8/8/8/3QK3[] b - - 0 1",
    "6k1/5ppp/8/8/8/8/8/R5K1[n] w - - 0 1",
};

struct Case {
  bpgn::Position position;
  bpgn::RuleSet rules;
  std::string fen;
  bool sound;  // the position keeps every invariant under these rules (a pawn on its last rank: turkish only)
};

inline const std::vector<Case>& cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> v;
    for (std::string_view fen : kFens) {
      bpgn::Position pos;
      if (auto error = bpgn::parse_fen(fen, pos)) bpgn::fuzz::fail("a fixed FEN does not read", error->message);
      for (std::string_view name : bpgn::rule_set_names()) {
        const bpgn::RuleSet rules = *bpgn::rules_by_name(name);
        const bool sound = bpgn::fuzz::broken_invariant(pos, rules) == nullptr;
        v.push_back({pos, rules, std::string(fen), sound});
      }
    }
    return v;
  }();
  return all;
}

}  // namespace bpgn::fuzz::san_detail

namespace bpgn::fuzz {

// `bytes`: one byte that picks the position and rule set, then the move text. Empty: nothing to check.
inline void san_properties(std::string_view bytes) {
  using namespace san_detail;
  if (bytes.empty()) return;
  const Case& c = cases()[static_cast<unsigned char>(bytes[0]) % cases().size()];
  const std::string_view text = bytes.substr(1);

  const bpgn::SanResult r = bpgn::parse_san(c.position, c.rules, text);
  const std::string where = c.fen + " (" + c.rules.name + "): " + std::string(text.substr(0, 64));
  if (r.error != bpgn::SanError::None) return;
  require(bpgn::is_legal(c.position, c.rules, r.move), "SAN reads as a move that is not legal", where);
  const std::string canonical = bpgn::to_san(c.position, c.rules, r.move);
  const bpgn::SanResult again = bpgn::parse_san(c.position, c.rules, canonical);
  require(again.error == bpgn::SanError::None, "canonical SAN does not read", where + " -> " + canonical);
  require(same_move(again.move, r.move), "canonical SAN reads as another move", where + " -> " + canonical);
  require(bpgn::to_san(c.position, c.rules, again.move) == canonical, "canonical SAN is not stable", where);
  if (!c.sound) return;  // a broken start proves nothing about the move
  bpgn::Position next = c.position;
  next.play(r.move, c.rules);
  const char* broken = bpgn::fuzz::broken_invariant(next, c.rules);
  if (broken) bpgn::fuzz::fail(broken, where);
}

}  // namespace bpgn::fuzz
