// convert over corpus/: per-board PGN and back gives the canonical match; every chess.com pair
// becomes a match the replay calls valid; the JSON form has one object per game.
#include "cli/convert_command.h"
#include "cli/fmt_command.h"
#include "cli/fmt_test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace bpgn {
namespace {

using test::convert;
using test::fmt_file;

class ConvertCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(ConvertCorpus, PerBoardPgnAndBackGivesTheCanonicalMatch) {
  const std::string input = GetParam();
  test::ScratchDir dir;
  const test::Run pgn = convert({input}, "pgn");
  EXPECT_EQ(pgn.code, 0) << pgn.err;
  test::write_file(dir / "boards.pgn", pgn.out);
  const test::Run back = convert({(dir / "boards.pgn").string()}, "bpgn");
  EXPECT_EQ(back.code, 0) << back.err;
  EXPECT_TRUE(back.out == fmt_file(input).out) << "the round trip changed " << input;
  // The per-board games are ordinary PGN: one board each, no seat-numbered moves.
  const auto games = test::verdicts("boards.pgn", pgn.out);
  const auto matches = test::verdicts(input, test::read_file(input));
  Reader reader("boards.pgn", pgn.out);
  Game g;
  std::size_t two_board = 0;
  for (Reader original(input, test::read_file(input)); original.next(g);)
    two_board += g.dialect == Dialect::Bpgn;
  EXPECT_EQ(games.size(), matches.size() + two_board);
  while (reader.next(g)) EXPECT_EQ(g.dialect, Dialect::Pgn);
}

TEST_P(ConvertCorpus, JsonHasOneObjectPerGame) {
  const std::string input = GetParam();
  const test::Run json = convert({input}, "json", /*fen=*/true);
  EXPECT_EQ(json.code, 0) << json.err;
  const auto games = test::verdicts(input, test::read_file(input));
  std::istringstream lines(json.out);
  std::string line;
  std::size_t n = 0;
  while (std::getline(lines, line)) {
    const auto j = nlohmann::json::parse(line);
    ASSERT_LT(n, games.size());
    EXPECT_EQ(j["index"], n + 1);
    EXPECT_EQ(j["status"], games[n].status);
    for (const auto& p : j["plies"]) {
      EXPECT_TRUE(p["replayed"].get<bool>());
      EXPECT_TRUE(p["uci"].is_string());
      EXPECT_TRUE(p["fen"].is_string());
    }
    ++n;
  }
  EXPECT_EQ(n, games.size());
}

// The hand-made bughouse.pro Chess960 match (two Shredder-FENs, castling on both boards): per-board
// PGN and back gives fmt's tags and movetext, fmt's text keeps the FEN tag as written, and fmt is idempotent.
TEST(ConvertChess960, BughouseProMatchRoundTrips) {
  const std::string input = std::string(BPGN_CORPUS_DIR) + "/bughouse-pro/chess960-castling.bpgn";
  test::ScratchDir dir;
  const test::Run pgn = convert({input}, "pgn");
  ASSERT_EQ(pgn.code, 0) << pgn.err;
  test::write_file(dir / "boards.pgn", pgn.out);
  const test::Run back = convert({(dir / "boards.pgn").string()}, "bpgn");
  ASSERT_EQ(back.code, 0) << back.err;
  const std::string canonical = fmt_file(input).out;
  // The same tags (the per-board route moves Round ahead of UTCDate, for any match) and movetext.
  auto tag_lines = [](const std::string& text) {
    std::vector<std::string> tags;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line) && !line.empty();) tags.push_back(line);
    std::sort(tags.begin(), tags.end());
    return tags;
  };
  auto movetext = [](const std::string& text) { return text.substr(text.find("\n\n")); };
  EXPECT_EQ(tag_lines(back.out), tag_lines(canonical));
  EXPECT_EQ(movetext(back.out), movetext(canonical));
  EXPECT_NE(canonical.find("[FEN \"nrbbnqkr/pppppppp/8/8/8/8/PPPPPPPP/NRBBNQKR w BHbh - 0 1 | "
                           "rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/RKRNBBQN w ACac - 0 1\"]"),
            std::string::npos);
  EXPECT_NE(canonical.find("3A. O-O "), std::string::npos);
  EXPECT_NE(canonical.find("4B. O-O-O "), std::string::npos);
  test::write_file(dir / "canonical.bpgn", canonical);
  EXPECT_EQ(fmt_file((dir / "canonical.bpgn").string()).out, canonical);
  const auto verdicts = test::verdicts("canonical.bpgn", canonical);
  ASSERT_EQ(verdicts.size(), 1u);
  EXPECT_EQ(verdicts[0].status, "valid");
}

INSTANTIATE_TEST_SUITE_P(Corpus, ConvertCorpus, ::testing::ValuesIn(test::corpus_record_files()),
                         [](const auto& info) {
                           std::string n = std::filesystem::path(info.param).filename().string();
                           for (char& c : n) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return n;
                         });

// Every board file of corpus/chesscom/ pairs with its partner into a match the replay calls valid.
TEST(ConvertChessCom, EveryPairIsAValidMatch) {
  const test::Run r = convert({test::kCorpus + "/chesscom"}, "bpgn");
  EXPECT_EQ(r.code, 0) << r.err;
  std::size_t boards = 0;
  for (const auto& e : std::filesystem::directory_iterator(test::kCorpus + "/chesscom")) {
    const std::string name = e.path().filename().string();
    if (std::isdigit(static_cast<unsigned char>(name[0]))) ++boards;
  }
  EXPECT_EQ(boards, 82u);
  const auto verdicts = test::verdicts("chesscom", r.out);
  ASSERT_EQ(verdicts.size(), boards / 2);
  for (std::size_t i = 0; i < verdicts.size(); ++i) {
    EXPECT_EQ(verdicts[i].status, "valid") << "match " << i + 1;
    EXPECT_TRUE(verdicts[i].errors.empty()) << "match " << i + 1;
    // The result written from colorOfWinner agrees with the positions, clocks and termination.
    EXPECT_FALSE(verdicts[i].warnings.count("result-mismatch")) << "match " << i + 1;
  }
  // The index files are skipped with a note, not read as boards.
  EXPECT_NE(r.err.find("note: skipping " + test::kCorpus + "/chesscom/match-index.json"), std::string::npos);
  EXPECT_NE(r.err.find("note: skipping " + test::kCorpus + "/chesscom/partner-series-index.json"),
            std::string::npos);
  // Every pair the index files name is one of the matches.
  for (const char* index : {"match-index.json", "partner-series-index.json"}) {
    const auto j = nlohmann::json::parse(test::read_file(test::kCorpus + "/chesscom/" + index));
    for (const auto& game : j["games"]) {
      const std::string a = game["gameId"], b = game["partnerGameId"];
      const std::string lo = std::min(a, b), hi = std::max(a, b);
      EXPECT_NE(r.out.find("[ChessComGameA \"" + lo + "\"]\n[ChessComGameB \"" + hi + "\"]"),
                std::string::npos)
          << index << ": " << a << " + " << b;
    }
  }
  // And the matches are canonical already.
  test::ScratchDir dir;
  test::write_file(dir / "matches.bpgn", r.out);
  EXPECT_TRUE(fmt_file((dir / "matches.bpgn").string()).out == r.out);
  // Per-board PGN and back.
  const test::Run pgn = convert({(dir / "matches.bpgn").string()}, "pgn");
  test::write_file(dir / "boards.pgn", pgn.out);
  EXPECT_TRUE(convert({(dir / "boards.pgn").string()}, "bpgn").out == r.out);
}

}  // namespace
}  // namespace bpgn
