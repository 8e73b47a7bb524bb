// Chess960 perft: every entry of tests/data/chess960.perft (published counts, see its header for
// the source) under the `chess` rule set, read with Shredder-FEN castling letters, and a few of them
// again with the same rights written the X-FEN way (KQkq for the outermost rook).
#include "core/fen.h"
#include "core/movegen.h"
#include "rules/rule_set.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace bpgn {
namespace {

struct Chess960Case {
  std::string id, fen;
  int depth = 0;
  std::uint64_t nodes = 0;
};

std::vector<Chess960Case> read_cases() {
  std::ifstream in(std::string(BPGN_CORPUS_DIR) + "/../tests/data/chess960.perft");
  std::vector<Chess960Case> out;
  std::string line, id, fen;
  while (std::getline(in, line)) {
    if (line.rfind("id ", 0) == 0) id = line.substr(3);
    if (line.rfind("epd ", 0) == 0) fen = line.substr(4);
    if (line.rfind("perft ", 0) == 0) {
      Chess960Case c{id, fen};
      std::istringstream(line.substr(6)) >> c.depth >> c.nodes;
      out.push_back(c);
    }
  }
  return out;
}

// 16 entries, 73 perft lines (counted by hand in the file).
TEST(PerftChess960, FileHasEveryEntry) {
  const auto cases = read_cases();
  EXPECT_EQ(cases.size(), 73u);
}

TEST(PerftChess960, PublishedCounts) {
  int run = 0;
  for (const Chess960Case& c : read_cases()) {
    Position pos;
    const auto error = parse_fen(c.fen, pos);
    ASSERT_FALSE(error) << c.id << ": " << c.fen << ": " << error->message;
    EXPECT_EQ(perft(pos, chess_rules(), c.depth), c.nodes) << "id " << c.id << " " << c.fen << " depth " << c.depth;
    ++run;
  }
  EXPECT_EQ(run, 73);
}

// X-FEN: KQkq name the outermost rook on that side, so these spell the same rights as the file's
// Shredder letters (ids 0, 14 and 76) and must give the same counts.
TEST(PerftChess960, XFenSpellingsGiveTheSameCounts) {
  struct XCase {
    const char* fen;
    int depth;
    std::uint64_t nodes;
  };
  const XCase cases[] = {
      {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", 4, 326672},       // HFhf
      {"qn1rkrbb/pp1p1ppp/2p1p3/3n4/4P2P/2NP4/PPP2PP1/Q1NRKRBB w KQkq - 1 9", 4, 356950},     // FDfd
      {"nnr1kqbr/pp1pp1p1/2p5/b4p1p/P7/1PNP4/2P1PPPP/N1RBKQBR w KQkq - 1 9", 5, 4266410},     // HChc
      {"nnrkrbbq/pppp2pp/8/4pp2/4P3/P7/1PPPBPPP/NNKRR1BQ w q - 0 9", 4, 636041},              // c
  };
  for (const XCase& c : cases) {
    Position pos;
    ASSERT_FALSE(parse_fen(c.fen, pos)) << c.fen;
    EXPECT_EQ(perft(pos, chess_rules(), c.depth), c.nodes) << c.fen;
  }
}

}  // namespace
}  // namespace bpgn
