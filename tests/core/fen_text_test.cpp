// The FEN text append_fen writes (made in a buffer and appended in pieces): the longest boards
// (a promoted piece on every square of a rank), holdings longer than the buffer's room, counters
// of every width, with and without the holdings' brackets. Each expected text is written by hand.
#include "core/fen.h"

#include <gtest/gtest.h>

#include <string>

namespace bpgn {
namespace {

Position parsed(const std::string& fen) {
  Position pos;
  const auto error = parse_fen(fen, pos);
  EXPECT_FALSE(error) << fen << ": " << (error ? error->message : "");
  return pos;
}

TEST(FenText, LongBoardsHoldingsAndCounters) {
  const std::string promoted_rank = "N~N~N~N~N~N~N~N~/n~n~n~n~n~n~n~n~/8/8/8/8/8/k6K";
  const std::string holding(40, 'Q');
  const Position pos = parsed(promoted_rank + "[" + holding + "rrrrpppppppppppppppp] w - - 2147483647 2147483647");
  EXPECT_EQ(to_fen(pos, true),
            promoted_rank + "[" + holding + "rrrrpppppppppppppppp] w - - 2147483647 2147483647");
  EXPECT_EQ(to_fen(pos, false), promoted_rank + " w - - 2147483647 2147483647");

  std::string appended = "before ";
  append_fen(parsed("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"), true, appended);
  EXPECT_EQ(appended, "before rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w KQkq f6 0 3");
  EXPECT_EQ(to_fen(parsed("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), false), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

}  // namespace
}  // namespace bpgn
