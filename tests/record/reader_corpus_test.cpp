// Every real record of corpus/ reads without error, with the number of games and of plies per
// board counted independently of the reader, by this command (run from corpus/):
//
//   python3 - fics/*.bpgn chesscom-derived/*.bpgn crazyhouse/*.pgn chess/*.pgn <<'PY'
//   import re, sys
//   for path in sys.argv[1:]:
//       text = open(path, encoding='latin-1').read()
//       games = [g for g in re.split(r'(?=\[Event ")', text) if g.strip()]
//       out = []
//       for g in games:
//           body = re.sub(r'\{[^}]*\}', ' ', g)                      # comments
//           body = re.sub(r'\[[A-Za-z0-9_]+ "[^"]*"\]', ' ', body)   # tags
//           a = len(re.findall(r'\d+[Aa]\.', body)); b = len(re.findall(r'\d+[Bb]\.', body))
//           if a + b == 0:  # one-board PGN: tokens that are not numbers, results or NAGs
//               toks = [re.sub(r'^\d+\.+', '', t) for t in body.split()
//                       if not re.fullmatch(r'\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*|\$\d+', t)]
//               a = len([t for t in toks if t])
//           out.append((a, b))
//       print(path, len(games), out)
//   PY
#include "read_games.h"
#include "support/text.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace bpgn {
namespace {

using test::corpus;
using test::plies_per_board;
using test::games_in_file;
using Counts = std::vector<std::pair<std::size_t, std::size_t>>;

using test::slurp;

void expect_counts(const std::string& file, const Counts& expected) {
  const std::vector<Game> games = games_in_file(corpus(file));
  ASSERT_EQ(games.size(), expected.size()) << file;
  for (std::size_t i = 0; i < games.size(); ++i) {
    EXPECT_FALSE(games[i].error) << file << " game " << i + 1 << ": " << games[i].error->message;
    EXPECT_EQ(plies_per_board(games[i]), expected[i]) << file << " game " << i + 1;
    EXPECT_EQ(games[i].index, i + 1);
    EXPECT_EQ(games[i].file, corpus(file));
  }
}

TEST(ReaderCorpus, FicsPerGameDownloads) {
  expect_counts("fics/1283326.bpgn", {{7, 1}});
  expect_counts("fics/1934301.bpgn", {{65, 45}});
  expect_counts("fics/1934461.bpgn", {{61, 64}});
  expect_counts("fics/1934587.bpgn", {{53, 37}});
  expect_counts("fics/1934660.bpgn", {{69, 38}});
  expect_counts("fics/3611438.bpgn", {{51, 55}});
}

TEST(ReaderCorpus, Fics2001RunTogether) {
  expect_counts("fics/2001-03-03-fifteen-games.bpgn", {{80, 54},
                                                       {69, 81},
                                                       {39, 48},
                                                       {33, 31},
                                                       {32, 25},
                                                       {67, 76},
                                                       {63, 63},
                                                       {49, 43},
                                                       {51, 58},
                                                       {39, 44},
                                                       {50, 42},
                                                       {34, 40},
                                                       {30, 29},
                                                       {42, 54},
                                                       {75, 83}});
}

TEST(ReaderCorpus, ChesscomDerivedAndCrazyhouse) {
  expect_counts("chesscom-derived/2022-02-22-chesscom-export.bpgn", {{38, 41}});
  expect_counts("crazyhouse/lichess-65Z1FlQg.pgn", {{55, 0}});
  expect_counts("crazyhouse/lichess-tnA9XCCX.pgn", {{63, 0}});
}

TEST(ReaderCorpus, ChessSamples) {
  // Totals over the files (437 and 1109 games), from the command above.
  for (const auto& [file, games_expected, plies_expected] :
       {std::tuple{"chess/lichess-sample.pgn", 437u, 28502u},
        std::tuple{"chess/twic1599-sample.pgn", 1109u, 101414u}}) {
    const std::vector<Game> games = games_in_file(corpus(file));
    EXPECT_EQ(games.size(), games_expected) << file;
    std::size_t plies = 0;
    for (const Game& g : games) {
      EXPECT_FALSE(g.error) << file << " game " << g.index << ": " << g.error->message;
      EXPECT_EQ(g.dialect, Dialect::Pgn);
      EXPECT_EQ(plies_per_board(g).second, 0u);
      plies += g.plies.size();
    }
    EXPECT_EQ(plies, plies_expected) << file;
  }
}

TEST(ReaderCorpus, RunTogether2001GameTagsAndFirstPlies) {
  const std::string path = corpus("fics/2001-03-03-fifteen-games.bpgn");
  const std::vector<Game> games = games_in_file(path);
  ASSERT_EQ(games.size(), 15u);
  const Game& g = games[0];
  // The file's first line, read by eye: thirteen tags on one line, then `1B. e4 {179} 1A. e4 {179} ...`.
  const std::vector<std::pair<std::string, std::string>> tags = {{"Event", "fics rated bughouse match"},
                                                                 {"Site", "fics, Oklahoma City, OK USA"},
                                                                 {"Date", "2001.03.03"},
                                                                 {"WhiteA", "Tecumseh"},
                                                                 {"WhiteAElo", "2167"},
                                                                 {"BlackA", "ChaseJr"},
                                                                 {"BlackAElo", "2179"},
                                                                 {"WhiteB", "Marat"},
                                                                 {"WhiteBElo", "2193"},
                                                                 {"BlackB", "LINDEGREN"},
                                                                 {"BlackBElo", "2360"},
                                                                 {"TimeControl", "180+0"},
                                                                 {"Result", "1-0"}};
  ASSERT_EQ(g.tags.size(), tags.size());
  for (std::size_t i = 0; i < tags.size(); ++i) {
    EXPECT_EQ(g.tags[i].name, tags[i].first);
    EXPECT_EQ(g.tags[i].value, tags[i].second);
  }
  // Columns found by searching the text (all ASCII: a byte is a character).
  const std::string text = slurp(path);
  const auto column_of = [&](const std::string& needle) {
    return static_cast<std::uint32_t>(text.find(needle) + 1);
  };
  EXPECT_EQ(g.tags[1].pos, (SourcePos{1, column_of("[Site ")}));
  EXPECT_EQ(g.tags[12].pos, (SourcePos{1, column_of("[Result ")}));
  EXPECT_EQ(g.dialect, Dialect::Bpgn);
  EXPECT_EQ(g.clock_kind, ClockKind::Remaining);
  EXPECT_EQ(g.result, "1-0");
  EXPECT_EQ(g.termination, "Marat checkmated");

  // Seat order of the first plies: B, A, a, b; clocks 179 179 179 180.
  const std::vector<std::tuple<Board, Color, std::string, double>> first = {{Board::B, White, "e4", 179},
                                                                            {Board::A, White, "e4", 179},
                                                                            {Board::A, Black, "d5", 179},
                                                                            {Board::B, Black, "Nf6", 180}};
  for (std::size_t i = 0; i < first.size(); ++i) {
    const Ply& p = g.plies[i];
    EXPECT_EQ(p.board, std::get<0>(first[i])) << i;
    EXPECT_EQ(p.color, std::get<1>(first[i])) << i;
    EXPECT_EQ(p.san, std::get<2>(first[i])) << i;
    EXPECT_EQ(p.clock.kind, ClockKind::Remaining) << i;
    EXPECT_EQ(p.clock.seconds, std::get<3>(first[i])) << i;
    EXPECT_EQ(p.clock.decimals, 0) << i;
    EXPECT_TRUE(p.seat_written) << i;
    EXPECT_EQ(p.number, 1) << i;
    EXPECT_TRUE(p.comments.empty()) << i;
  }
  EXPECT_EQ(g.plies[0].number_pos, (SourcePos{1, column_of("1B. e4")}));
  EXPECT_EQ(g.plies[0].san_pos, (SourcePos{1, column_of("1B. e4") + 4}));
  // The second game starts on line 3 (a blank line between).
  EXPECT_EQ(games[1].start, (SourcePos{3, 1}));
  EXPECT_EQ(games[14].termination, "LINDEGREN forfeits on time");
}

TEST(ReaderCorpus, FicsDownloadDetails) {
  const std::vector<Game> aborted = games_in_file(corpus("fics/1283326.bpgn"));
  ASSERT_EQ(aborted.size(), 1u);
  const Game& g = aborted[0];
  ASSERT_EQ(g.leading_comments.size(), 1u);
  EXPECT_EQ(g.leading_comments[0].text, "C: This is game number 1283326 at http://www.bughousedb.com");
  EXPECT_EQ(g.leading_comments[0].pos, (SourcePos{12, 1}));
  ASSERT_EQ(g.plies.size(), 8u);
  // `4A. e5{117.203} {R: carlosfenix requests to abort the game.}` then `{Game aborted on move 1} *`.
  EXPECT_EQ(g.plies[7].san, "e5");
  EXPECT_EQ(g.plies[7].clock.seconds, 117.203);
  EXPECT_EQ(g.plies[7].clock.decimals, 3);
  EXPECT_EQ(g.plies[7].clock.text, "117.203");
  ASSERT_EQ(g.plies[7].comments.size(), 1u);
  EXPECT_EQ(g.plies[7].comments[0].text, "R: carlosfenix requests to abort the game.");
  EXPECT_EQ(g.termination, "Game aborted on move 1");
  EXPECT_EQ(g.result, "*");
  EXPECT_EQ(g.result_pos, (SourcePos{14, 26}));
  // [Lag "178 284 242 635 192 177 209 331"]: one entry per ply.
  const int lag[] = {178, 284, 242, 635, 192, 177, 209, 331};
  for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(g.plies[i].lag_ms, lag[i]) << i;
  EXPECT_EQ(*g.tag("WhiteAElo"), "2051");  // second tag of a shared line

  const Game mate = games_in_file(corpus("fics/1934301.bpgn")).at(0);
  EXPECT_EQ(mate.termination, "BobBughouse checkmated");
  EXPECT_EQ(mate.result, "1-0");
  EXPECT_EQ(mate.plies[0].clock.seconds, 298.21);  // `1A. d4{298.21}`
  EXPECT_EQ(mate.plies[0].clock.decimals, 2);

  const Game export2017 = games_in_file(corpus("fics/3611438.bpgn")).at(0);
  EXPECT_EQ(export2017.leading_comments.at(0).text,
            "C:This is game number 3611438 at http://www.bughouse-db.org");
  EXPECT_EQ(export2017.plies[0].clock.text, "119.051");
  EXPECT_EQ(export2017.termination, "ChiCkenCROSSrOaD forfeits on time");
}

TEST(ReaderCorpus, ChesscomExportDropsAndClk) {
  const Game g = games_in_file(corpus("chesscom-derived/2022-02-22-chesscom-export.bpgn")).at(0);
  EXPECT_EQ(g.dialect, Dialect::Bpgn);
  // The two-board FEN stays a tag for the replay.
  EXPECT_EQ(*g.tag("FEN"),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1 | "
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1");
  // `5b. $146@g4 {[%clk 0:00:00.8]}`: a knight drop, not a NAG. The file holds five `$146@` drops.
  std::size_t nag_drops = 0;
  for (const Ply& p : g.plies) {
    nag_drops += p.san.rfind("$146@", 0) == 0;
    EXPECT_TRUE(p.nags.empty()) << p.san;
  }
  EXPECT_EQ(nag_drops, 5u);
  const auto find = [&](Board b, Color c, int n) -> const Ply& {
    for (const Ply& p : g.plies)
      if (p.board == b && p.color == c && p.number == n) return p;
    ADD_FAILURE() << "no such ply";
    return g.plies.front();
  };
  const Ply& drop = find(Board::B, Black, 5);
  EXPECT_EQ(drop.san, "$146@g4");
  EXPECT_EQ(drop.clock.seconds, 0.8);
  // `1B. e4 {[%clk 0:00:01.3]}`
  const Ply& first_b = find(Board::B, White, 1);
  EXPECT_EQ(first_b.clock.kind, ClockKind::Remaining);
  EXPECT_DOUBLE_EQ(first_b.clock.seconds, 1.3);
  EXPECT_EQ(first_b.clock.decimals, 1);
  EXPECT_EQ(first_b.clock.text, "[%clk 0:00:01.3]");
  EXPECT_TRUE(first_b.comments.empty());
  // `2B. d4 {[%clk` + line break + `0:00:01.6]}`: the clock survives the wrapped line.
  EXPECT_DOUBLE_EQ(find(Board::B, White, 2).clock.seconds, 1.6);
  EXPECT_TRUE(find(Board::B, White, 2).comments.empty());
  // `12b. @e3` and `15A. Bxd7+`, `19a. Qxg1# 0-1`.
  EXPECT_EQ(find(Board::B, Black, 12).san, "@e3");
  EXPECT_EQ(find(Board::A, White, 15).san, "Bxd7+");
  EXPECT_EQ(g.plies.back().san, "Qxg1#");
  EXPECT_EQ(g.result, "0-1");
  // `5a.` at a line's end, its move `Nf6` on the next line.
  const Ply& wrapped = find(Board::A, Black, 5);
  EXPECT_EQ(wrapped.san, "Nf6");
  EXPECT_EQ(wrapped.number_pos.line + 1, wrapped.san_pos.line);
  EXPECT_EQ(wrapped.san_pos.column, 1u);
}

TEST(ReaderCorpus, LichessClocksAndComments) {
  const std::vector<Game> games = games_in_file(corpus("chess/lichess-sample.pgn"));
  const Game& g = games.at(0);
  // `1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:05:00] }`
  EXPECT_EQ(g.plies[0].san, "e4");
  EXPECT_EQ(g.plies[0].color, White);
  EXPECT_EQ(g.plies[0].number, 1);
  EXPECT_FALSE(g.plies[0].seat_written);
  EXPECT_EQ(g.plies[0].clock.seconds, 300);
  EXPECT_EQ(g.plies[0].clock.text, "[%clk 0:05:00]");
  EXPECT_TRUE(g.plies[0].comments.empty());
  EXPECT_EQ(g.plies[1].color, Black);
  EXPECT_EQ(g.plies[1].number, 1);
  EXPECT_EQ(g.clock_kind, ClockKind::Remaining);
  EXPECT_EQ(g.plies.back().san, "Qg2#");  // `21... Qg2# { [%clk 0:00:52] } 0-1`
  EXPECT_EQ(g.plies.back().clock.seconds, 52);
  // Analysed games: `9... dxc4?! { [%eval 0.02] [%clk 0:05:00] }` keeps the eval as a comment, the
  // clock as the clock, `?!` as NAG 6 and the move without it.
  std::size_t evals = 0;
  for (const Game& game : games)
    for (const Ply& p : game.plies)
      for (const Comment& c : p.comments) {
        EXPECT_EQ(c.text.find("%clk"), std::string::npos) << c.text;
        if (c.text.rfind("[%eval ", 0) == 0) {
          ++evals;
          EXPECT_EQ(p.clock.kind, ClockKind::Remaining);
        }
      }
  EXPECT_EQ(evals, 2216u);  // `grep -o '%eval' chess/lichess-sample.pgn | wc -l`
  bool found = false;
  for (const Game& game : games)
    for (const Ply& p : game.plies)
      if (!found && p.san == "dxc4" && !p.nags.empty() && p.nags[0] == 6) {
        found = true;
        ASSERT_EQ(p.comments.size(), 1u);
        EXPECT_EQ(p.comments[0].text, "[%eval 0.02]");
        EXPECT_EQ(p.clock.seconds, 300);
      }
  EXPECT_TRUE(found);
}

TEST(ReaderCorpus, LichessCrazyhouse) {
  const Game g = games_in_file(corpus("crazyhouse/lichess-tnA9XCCX.pgn")).at(0);
  EXPECT_EQ(g.dialect, Dialect::Pgn);
  EXPECT_EQ(*g.tag("Variant"), "Crazyhouse");
  // `3. Nc3 Qd8 { B01 Scandinavian Defense: Valencian Variation }`
  EXPECT_EQ(g.plies[5].san, "Qd8");
  ASSERT_EQ(g.plies[5].comments.size(), 1u);
  EXPECT_EQ(g.plies[5].comments[0].text, " B01 Scandinavian Defense: Valencian Variation ");
  EXPECT_EQ(g.plies[21].san, "P@b4");  // `11. Qxc6 P@b4`
  EXPECT_EQ(g.plies[21].color, Black);
  // The file ends with `32. P@e3# { White wins by checkmate. }` and no result token.
  EXPECT_EQ(g.plies.back().san, "P@e3#");
  EXPECT_EQ(g.result, "");
  EXPECT_FALSE(g.error);
}

}  // namespace
}  // namespace bpgn
