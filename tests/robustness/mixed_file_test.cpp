// A large file of valid and broken games mixed (real records, illegal moves, forbidden drops,
// syntax errors in the moves, broken tags, garbage between games), in an order drawn with a fixed
// seed. `check --format jsonl` reports one line per game, indices 1..N in order, each with the
// status and first error planted, and a stray-text warning on the game next to garbage (garbage
// is no game); `fmt` writes every game (read back: N games) and check says of its output what it
// said of the input; `convert --to json` writes N lines.
#include "robustness/robustness_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace bpgn::robustness {
namespace {

struct Piece {
  std::string text;        // one game's text (or garbage), without the blank line after it
  std::string status;      // what check must say
  std::string first_error; // code of the first violation with severity error; "" when none
  // The reader is done with it at its end: it ends with a result token and has no syntax error
  // that makes the reader skip to the next tag line. Garbage goes only after such a piece (after
  // any other it would be part of that game's text, which is right, but not a game of its own).
  bool closed = true;
  bool game = true;  // false for garbage: stray text of the game before it (or after it, at the start)
};

const std::string kGarbage = "}}}} ]]] ))) %% \x01\x02\xfe\xff";

std::vector<Piece> pieces() {
  const std::string chess_tags = "[Event \"mixed\"]\n[White \"a\"]\n[Black \"b\"]\n";
  const std::string bughouse_tags = "[Event \"mixed\"]\n[WhiteA \"a\"]\n[BlackA \"b\"]\n[WhiteB \"c\"]\n[BlackB \"d\"]\n";
  auto trimmed = [](std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.pop_back();
    return s;
  };
  return {
      // Real records (corpus/: every one replays legally under its rules).
      {trimmed(read_file(kCorpus + "/fics/1283326.bpgn")), "valid", ""},
      {trimmed(read_file(kCorpus + "/fics/1934301.bpgn")), "valid", ""},
      {trimmed(read_file(kCorpus + "/crazyhouse/lichess-tnA9XCCX.pgn")), "valid", "", false},  // no result token
      // Hand-made.
      {chess_tags + "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", "valid", ""},
      {chess_tags + "[Result \"*\"]\n\n1. e4 e5 2. Ke3 Nc6 *", "invalid", "illegal-move"},
      {chess_tags + "[Result \"*\"]\n\n1. e4 f5 2. Qh5+ a6 *", "invalid", "king-left-in-check"},
      {bughouse_tags + "[Result \"*\"]\n\n1A. e4 1a. N@f6 1B. d4 *", "invalid", "drop-not-in-holding"},
      {chess_tags + "[Result \"*\"]\n\n1. e4 e5 2. Nf3 ) Nc6 *", "invalid", "syntax", false},
      {chess_tags + "[Result \"*\"]\n\n1. e4 e5 2. Zz9 Nc6 *", "invalid", "syntax"},
      // A broken first tag: left out with a syntax error, the rest of the game read.
      {"[Event \"broken\n[Site \"x\"]\n\n1. e4 *", "invalid", "syntax"},
      // Garbage between games: no game, a stray-text warning on the game before it.
      {kGarbage, "", "", false, false},
  };
}

struct Verdict {
  std::size_t index = 0;
  std::string status, first_error;
  bool stray = false;  // a stray-text warning
};

std::vector<Verdict> read_verdicts(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<Verdict> verdicts;
  std::string line;
  while (std::getline(in, line)) {
    const auto j = nlohmann::json::parse(line);
    Verdict v;
    v.index = j.at("index").get<std::size_t>();
    v.status = j.at("status").get<std::string>();
    for (const auto& violation : j.at("violations")) {
      if (violation.at("severity") == "error" && v.first_error.empty()) {
        v.first_error = violation.at("code").get<std::string>();
      }
      v.stray = v.stray || violation.at("code") == "stray-text";
    }
    verdicts.push_back(v);
  }
  return verdicts;
}

TEST(MixedFile, EveryGameReportedWithItsPlantedStatus) {
  const std::vector<Piece> kinds = pieces();
  const std::size_t pieces_planted = 4000;
  std::uint64_t seed = 0x2545F4914F6CDD1Dull;
  std::string text;
  std::vector<const Piece*> planted;  // the games, in order
  std::vector<bool> stray;            // per game: garbage next to it
  bool garbage_first = false;         // garbage before the first game
  for (std::size_t i = 0; i < pieces_planted; ++i) {
    const Piece* p = nullptr;
    do {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      p = &kinds[(seed >> 33) % kinds.size()];
    } while (!p->game && !(planted.empty() || planted.back()->closed));
    if (p->game) {
      planted.push_back(p);
      stray.push_back(planted.size() == 1 && garbage_first);
    } else if (planted.empty()) {
      garbage_first = true;
    } else {
      stray.back() = true;
    }
    text += p->text;
    text += (seed >> 20) % 4 == 0 ? "\n" : "\n\n";  // sometimes no blank line between games
  }
  const std::size_t games = planted.size();
  ASSERT_LT(games, pieces_planted);  // garbage was planted
  Scratch dir;
  const std::string input = dir / "mixed.bpgn";
  write_file(input, text);

  const ChildRun check = run_bpgn({"check", "--format", "jsonl", input}, dir / "check.jsonl", dir / "err.txt");
  EXPECT_EQ(check.code, 1);
  const std::vector<Verdict> verdicts = read_verdicts(dir / "check.jsonl");
  ASSERT_EQ(verdicts.size(), games);
  for (std::size_t i = 0; i < games; ++i) {
    SCOPED_TRACE("game " + std::to_string(i + 1) + ":\n" + planted[i]->text.substr(0, 300));
    EXPECT_EQ(verdicts[i].index, i + 1);
    EXPECT_EQ(verdicts[i].status, planted[i]->status);
    EXPECT_EQ(verdicts[i].first_error, planted[i]->first_error);
    EXPECT_EQ(verdicts[i].stray, stray[i]);
    if (HasFailure()) break;  // one game's story is enough
  }

  // fmt writes every game, and check says the same of its output.
  const ChildRun fmt = run_bpgn({"fmt", "-o", dir / "fmt.bpgn", input}, dir / "fmt.out", dir / "err.txt");
  EXPECT_EQ(fmt.code, 1);
  EXPECT_EQ(games_in_file(dir / "fmt.bpgn"), games);
  const ChildRun recheck =
      run_bpgn({"check", "--format", "jsonl", dir / "fmt.bpgn"}, dir / "recheck.jsonl", dir / "err.txt");
  EXPECT_EQ(recheck.code, 1);
  const std::vector<Verdict> again = read_verdicts(dir / "recheck.jsonl");
  ASSERT_EQ(again.size(), games);
  for (std::size_t i = 0; i < games; ++i) {
    EXPECT_EQ(again[i].status, verdicts[i].status) << "game " << i + 1;
    EXPECT_EQ(again[i].first_error, verdicts[i].first_error) << "game " << i + 1;
    if (HasFailure()) break;
  }

  const ChildRun convert = run_bpgn({"convert", "--to", "json", input}, dir / "convert.jsonl", dir / "err.txt");
  EXPECT_EQ(convert.code, 1);
  const JsonLines lines = read_json_lines(dir / "convert.jsonl", false);
  EXPECT_EQ(lines.lines, games);
  EXPECT_TRUE(lines.indices_in_order);
}

}  // namespace
}  // namespace bpgn::robustness
