// Every entry of tests/data/crazyhouse.perft (published perft numbers, see its header for the
// sources) replayed by our generator. Entries up to 2 million nodes run in PerftFile.UpTo2M; bigger
// ones up to kDeepLimit in PerftFile.Deep (filter it out with --gtest_filter=-*Deep* when short of
// time). Under the sanitizers Deep stops at kSanitizedDeepLimit: it leaves out the three entries
// past 100 million nodes (the crazyhouse start position at depth 6, in two pocket syntaxes, and CPW #5
// at depth 5), whose positions it walks at the depth below (4.9 and 2.7 million nodes); their
// counts are the Release run's.
#include "core/fen.h"
#include "core/movegen.h"
#include "rules/rule_set.h"
#include "support/sanitizer.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace bpgn {
namespace {

constexpr std::uint64_t kNormalLimit = 2'000'000;
constexpr std::uint64_t kDeepLimit = 150'000'000;
constexpr std::uint64_t kSanitizedDeepLimit = 25'000'000;

struct PerftCase {
  std::string id;
  std::string fen;
  std::string rules;  // "crazyhouse" or "bughouse"
  int depth = 0;
  std::uint64_t nodes = 0;
};

std::string trim(std::string s) {
  const auto b = s.find_first_not_of(" \t\r");
  const auto e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

bool starts_with(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }

constexpr const char* kStartFenZh = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";

// The file mixes the layouts of its sources; each line kind below is one of them.
std::vector<PerftCase> read_perft_file(const std::string& path) {
  std::ifstream in(path);
  std::vector<PerftCase> out;
  std::string line, id, fen;
  while (std::getline(in, line)) {
    line = trim(line);
    if (line.empty() || line[0] == '#') continue;
    if (starts_with(line, "id ")) {  // "id NAME" then "epd FEN" then "perft D N" / "counts a, b, ..."
      id = trim(line.substr(3));
      fen.clear();
    } else if (starts_with(line, "epd ")) {
      fen = trim(line.substr(4));
    } else if (starts_with(line, "perft ")) {
      std::istringstream ss(line.substr(6));
      PerftCase c{id, fen, "crazyhouse"};
      ss >> c.depth >> c.nodes;
      out.push_back(c);
    } else if (starts_with(line, "counts ")) {
      std::istringstream ss(line.substr(7));
      std::string item;
      int depth = 0;
      while (std::getline(ss, item, ',')) out.push_back({id, fen, "crazyhouse", ++depth, std::stoull(trim(item))});
    } else if (starts_with(line, "expect perft.exp crazyhouse ")) {
      // expect perft.exp crazyhouse startpos D N | expect perft.exp crazyhouse "fen FEN" D N
      std::string rest = line.substr(28);
      PerftCase c{"fsf-tests", kStartFenZh, "crazyhouse"};
      if (starts_with(rest, "\"fen ")) {
        const auto close = rest.find('"', 1);
        c.fen = rest.substr(5, close - 5);
        rest = rest.substr(close + 1);
      } else {
        rest = rest.substr(8);  // "startpos"
      }
      std::istringstream ss(rest);
      ss >> c.depth >> c.nodes;
      out.push_back(c);
    } else if (starts_with(line, "QTest::newRow(\"crazyhouse ")) {
      // QTest::newRow("crazyhouse NAME")  "FEN"  depth D  N
      const auto q1 = line.find('"', line.find(')'));
      const auto q2 = line.find('"', q1 + 1);
      PerftCase c{"cutechess", line.substr(q1 + 1, q2 - q1 - 1), "crazyhouse"};
      std::istringstream ss(line.substr(q2 + 1));
      std::string word;
      ss >> word >> c.depth >> c.nodes;  // word == "depth"
      out.push_back(c);
    } else if (starts_with(line, "bughouse ")) {
      // bughouse fen FEN : d1 67, d2 3083, ...   (captures do not fill the capturer's holding)
      // bughouse startpos : d5 4865609
      const auto colon = line.find(" : ");
      std::string where = trim(line.substr(9, colon - 9));
      const std::string fen_here = starts_with(where, "fen ") ? trim(where.substr(4)) : kStartFenZh;
      std::string list = line.substr(colon + 3);
      if (const auto paren = list.find('('); paren != std::string::npos) list = list.substr(0, paren);
      std::istringstream ss(list);
      std::string item;
      while (std::getline(ss, item, ',')) {
        std::istringstream is(trim(item));
        char d = 0;
        PerftCase c{"bughouse-single-board", fen_here, "bughouse"};
        is >> d >> c.depth >> c.nodes;
        out.push_back(c);
      }
    }
    // Other lines (loop, chessgi and pocketknight variants, headings) are not ours.
  }
  return out;
}

std::vector<PerftCase> all_cases() {
  return read_perft_file(std::string(BPGN_CORPUS_DIR) + "/../tests/data/crazyhouse.perft");
}

void run_cases(std::uint64_t min_exclusive, std::uint64_t max_inclusive) {
  int run = 0;
  for (const PerftCase& c : all_cases()) {
    if (c.nodes <= min_exclusive || c.nodes > max_inclusive) continue;
    Position pos;
    const auto error = parse_fen(c.fen, pos);
    ASSERT_FALSE(error) << c.id << ": " << c.fen << ": " << error->message;
    const RuleSet rules = *rules_by_name(c.rules);
    EXPECT_EQ(perft(pos, rules, c.depth), c.nodes) << c.id << " (" << c.rules << ") " << c.fen << " depth " << c.depth;
    ++run;
  }
  EXPECT_GT(run, 0);
}

// Counted by hand in the file: source A 18 perft lines, B 5 crazyhouse expects, C 6, D 42 counts,
// E 2 crazyhouse rows; 8 bughouse numbers. A parser that skipped a layout would change these.
TEST(PerftFile, ParserFindsEveryEntry) {
  const auto cases = all_cases();
  int crazyhouse = 0, bughouse = 0;
  for (const auto& c : cases) (c.rules == "bughouse" ? bughouse : crazyhouse)++;
  EXPECT_EQ(crazyhouse, 73);
  EXPECT_EQ(bughouse, 8);
}

TEST(PerftFile, UpTo2M) { run_cases(0, kNormalLimit); }

TEST(PerftFile, Deep) { run_cases(kNormalLimit, test::kUnderSanitizer ? kSanitizedDeepLimit : kDeepLimit); }

// Standard chess under the `chess` rule set (no holdings): the Chess Programming Wiki's published
// numbers for the initial position and "Kiwipete".
TEST(PerftChess, StartPosition) {
  const std::uint64_t expected[] = {1, 20, 400, 8902, 197281, 4865609};
  for (int d = 0; d <= 5; ++d) EXPECT_EQ(perft(Position::start(), chess_rules(), d), expected[d]) << "depth " << d;
}

TEST(PerftChess, Kiwipete) {
  Position pos;
  ASSERT_FALSE(parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", pos));
  const std::uint64_t expected[] = {1, 48, 2039, 97862, 4085603};
  for (int d = 0; d <= 4; ++d) EXPECT_EQ(perft(pos, chess_rules(), d), expected[d]) << "depth " << d;
}

// Kiwipete under crazyhouse rules (sb362/chess-engine, in the perft file): from depth 3 on, captured
// pieces come back as drops and the count leaves the chess one (97862 vs 106456).
TEST(PerftCrazyhouse, KiwipeteDiffersFromChessAtDepth3) {
  Position pos;
  ASSERT_FALSE(parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1", pos));
  EXPECT_EQ(perft(pos, crazyhouse_rules(), 2), 2039u);
  EXPECT_EQ(perft(pos, crazyhouse_rules(), 3), 106456u);
  EXPECT_EQ(perft(pos, chess_rules(), 3), 97862u);
}

}  // namespace
}  // namespace bpgn
