#include "convert/chesscom_board.h"
#include "support/text.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace bpgn {
namespace {

using test::slurp;

TEST(ChessComBoard, ReadsTheFieldsOfABoardFile) {
  const std::string text = R"({"game": {"id": 12, "partnerGameId": "14", "moveList": "mC0K",
    "moveTimestamps": "1800,1795,1790", "baseTime1": 1800, "timeIncrement1": 20,
    "colorOfWinner": "black", "gameEndReason": "resigned", "resultMessage": "x won by resignation",
    "initialSetup": "", "pgnHeaders": {"Event": "Live Chess - Bughouse", "White": "w", "Black": "x",
    "WhiteElo": 1500, "TimeControl": "180+2"}}, "players": {}})";
  std::string why;
  const auto board = parse_chesscom_board(text, "t.json", why);
  ASSERT_TRUE(board) << why;
  EXPECT_EQ(board->id, 12u);
  EXPECT_EQ(board->partner_id, 14u);
  EXPECT_EQ(board->plies(), 2u);
  EXPECT_EQ(board->clock_tenths, (std::vector<int>{1800, 1795, 1790}));
  EXPECT_EQ(board->base_tenths, 1800);
  EXPECT_EQ(board->increment_tenths, 20);
  EXPECT_EQ(board->color_of_winner, "black");
  EXPECT_EQ(board->end_reason, "resigned");
  ASSERT_EQ(board->headers.size(), 5u);
  EXPECT_EQ(board->headers[0].first, "Event");  // document order kept
  EXPECT_EQ(board->headers[4].first, "TimeControl");
  ASSERT_NE(board->header("WhiteElo"), nullptr);
  EXPECT_EQ(*board->header("WhiteElo"), "1500");
  EXPECT_EQ(board->header("BlackElo"), nullptr);
}

TEST(ChessComBoard, OtherDocumentsAreNotBoards) {
  std::string why;
  EXPECT_FALSE(parse_chesscom_board(R"({"mode": "fullMatch", "games": []})", "i.json", why));
  EXPECT_EQ(why, "not a chess.com board file (no \"game\" object)");
  EXPECT_FALSE(parse_chesscom_board(R"({"game": {"id": 1}})", "g.json", why));
  EXPECT_EQ(why, "not a chess.com board file (no game.moveList)");
  EXPECT_FALSE(parse_chesscom_board("[Event \"x\"]", "x.pgn", why));
  EXPECT_EQ(why, "not JSON");
  EXPECT_FALSE(parse_chesscom_board(slurp(BPGN_CORPUS_DIR "/chesscom/match-index.json"), "m", why));
}

TEST(ChessComBoard, ReadsACorpusBoard) {
  std::string why;
  const auto board = parse_chesscom_board(slurp(BPGN_CORPUS_DIR "/chesscom/158858846801.json"), "f", why);
  ASSERT_TRUE(board) << why;
  EXPECT_EQ(board->id, 158858846801u);
  EXPECT_EQ(board->partner_id, 158858846803u);
  EXPECT_EQ(board->plies(), 83u);  // plyCount
  EXPECT_EQ(board->clock_tenths.size(), 84u);
  EXPECT_EQ(board->clock_tenths[0], 1200);
  EXPECT_EQ(board->base_tenths, 1200);
  EXPECT_EQ(board->end_reason, "checkmated");
  ASSERT_NE(board->header("White"), nullptr);
  EXPECT_EQ(*board->header("White"), "Emeraldddd");
}

}  // namespace
}  // namespace bpgn
