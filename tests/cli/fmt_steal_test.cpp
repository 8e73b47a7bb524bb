// fmt on the hand-made Gambler steal records of corpus/swedish/: the steal is written in the
// canonical form `e8=R/d1` whatever the input wrote (`e8=Rd1`, or `e8=N` with the square left
// out), the output reads back as the same valid games with the same final positions, and a second
// fmt changes nothing.
#include "cli/fmt_command.h"
#include "cli/fmt_test_support.h"
#include "core/fen.h"

#include <gtest/gtest.h>

#include <sstream>

namespace bpgn {
namespace {

// fmt's output of a file it formats without error (exit 0).
std::string fmt_valid_output(const std::string& path) {
  const test::Run r = test::fmt_file(path);
  EXPECT_EQ(r.code, 0) << path << "\n" << r.err;
  return r.out;
}

// Final FENs of every game of a text, both boards.
std::vector<std::string> final_fens(const std::string& name, const std::string& text) {
  std::vector<std::string> out;
  Reader reader(name, text);
  Game game;
  while (reader.next(game)) {
    const ReplayResult r = replay_for_output(game, RuleChoice{});
    EXPECT_FALSE(r.has_error()) << name << " game " << game.index;
    for (int b = 0; b < r.boards; ++b) out.push_back(to_fen(r.final[std::size_t(b)], true));
    game = Game{};
  }
  return out;
}

TEST(FmtSteal, CanonicalStealTokensAndRoundTrip) {
  struct Case {
    const char* file;
    std::vector<std::string> tokens;  // what the output must hold
  };
  const Case cases[] = {
      {"swedish/steal-notation.bpgn", {"1A. dxe8=R/h1+"}},
      {"swedish/steal-without-square.bpgn", {"1A. a8=N/g1"}},
      {"swedish/steal-rook-corner.bpgn", {"1a. a1=R/h8+"}},
      {"swedish/steal-exposes-king.bpgn", {"1A. a8=B/e2"}},
  };
  for (const Case& c : cases) {
    const std::string path = test::kCorpus + "/" + c.file;
    const std::string input = test::read_file(path);
    const std::string once = fmt_valid_output(path);
    for (const std::string& t : c.tokens)
      EXPECT_NE(once.find(t), std::string::npos) << c.file << "\n" << once;
    EXPECT_EQ(once.find("=Rh1"), std::string::npos) << "bughouse.pro's spelling is not kept";
    test::ScratchDir dir;
    test::write_file(dir / "once.bpgn", once);
    EXPECT_EQ(fmt_valid_output((dir / "once.bpgn").string()), once) << c.file << ": fmt is not idempotent";
    EXPECT_EQ(final_fens("once", once), final_fens(c.file, input)) << c.file;
    // Every final position reads back through the FEN reader.
    for (const std::string& fen : final_fens("once", once)) {
      Position pos;
      const auto error = parse_fen(fen, pos);
      EXPECT_FALSE(error) << c.file << ": " << fen << ": " << (error ? error->message : "");
    }
  }
}

}  // namespace
}  // namespace bpgn
