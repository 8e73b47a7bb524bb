// The position search through the binary (docs/check.md, *Filters*): --position, --position-board,
// --move and --material in check and convert, on real FICS matches whose boards were worked out by
// hand from their moves (tests/replay/search_probe_test.cpp gives the reasoning), and on small
// hand-made chess games. The games kept are named by their first line; the ones left out are
// counted in the summary.
#include "cli/binary_run.h"
#include "support/scratch_dir.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <regex>
#include <set>

namespace bpgn::check_test {
namespace {

using Json = nlohmann::json;

std::string corpus_file(const std::string& name) { return read_file(std::string(BPGN_CORPUS_DIR) + "/" + name); }

// Four FICS matches in one file: 1934301 (queen drops on both boards), 1934461 (one, on board B),
// 1934660 (none), 1283326 (aborted after 8 plies, none).
struct Input {
  std::string path;
  std::vector<int> first_lines;  // of each match, in order
};
Input four_matches(const test::ScratchDir& dir) {
  Input in{(dir / "fics.bpgn").string(), {}};
  std::string text;
  for (const char* name : {"fics/1934301.bpgn", "fics/1934461.bpgn", "fics/1934660.bpgn", "fics/1283326.bpgn"}) {
    in.first_lines.push_back(1 + int(std::count(text.begin(), text.end(), '\n')));
    text += corpus_file(name) + "\n\n";
  }
  std::ofstream(in.path) << text;
  return in;
}

// The matches check kept (1-4, from the line of each game in its JSON Lines report), and the
// summary's counts.
struct Kept {
  std::set<int> games;
  Json summary;
  int exit_code = 0;
  std::string err;
};
Kept check_kept(const Input& in, const std::string& options, const test::ScratchDir& dir) {
  const std::string sum = (dir / "s.json").string();
  const BinaryRun r = run_binary("check --format jsonl --summary-json '" + sum + "' " + options + " '" + in.path + "'");
  Kept k;
  k.exit_code = r.exit_code;
  k.err = r.err;
  std::size_t at = 0;
  for (std::size_t nl; (nl = r.out.find('\n', at)) != std::string::npos; at = nl + 1) {
    const Json game = Json::parse(r.out.substr(at, nl - at));
    const int line = game["line"];
    const auto it = std::find(in.first_lines.begin(), in.first_lines.end(), line);
    EXPECT_NE(it, in.first_lines.end()) << line;
    k.games.insert(int(it - in.first_lines.begin()) + 1);
  }
  if (r.exit_code != 2) k.summary = Json::parse(read_file(sum));
  return k;
}

// Board B of 1934301 after 5B. Nxe5 (Black to move, White holds NN, Black np); board A after
// 7A. exf3 (Black to move, nothing held), and the same after 4B. Bxc6 handed Black a knight.
const std::string kBoardB = "r1bqkbnr/1pp2ppp/p1p5/4N3/4P3/8/PPPP1PPP/RNBQK2R";
const std::string kBoardA = "rnbqkb1r/ppp2ppp/4p3/8/3P4/4BP1P/PPP2PP1/R2QKB1R";

TEST(PositionSearch, CheckKeepsTheMatchesThatReachThePosition) {
  test::ScratchDir dir;
  const Input in = four_matches(dir);
  struct Case {
    std::string options;
    std::set<int> kept;
  };
  const std::vector<Case> cases = {
      {"--position '" + kBoardB + "[NNnp] b'", {1}},
      {"--position '" + kBoardB + "[NNnp] b' --position-board B", {1}},
      {"--position '" + kBoardB + "[NNnp] b' --position-board A", {}},       // the wrong board
      {"--position '" + kBoardB + "[NNnp] w'", {}},                          // the wrong side to move
      {"--position '" + kBoardB + "[NNNnp] b'", {}},                         // more than held
      {"--position '" + kBoardB + "[Nn] b'", {1}},                           // at least
      {"--position 'r1bqkbnr/1pp2ppp/p1p5/3N4/4P3/8/PPPP1PPP/RNBQK2R b'", {}},  // one piece off
      {"--position '" + kBoardA + " b KQkq - 0 7' --position-board a", {1}},  // castling etc. ignored
      {"--position '" + kBoardA + "[n] b'", {1}},                            // handed over by board B
      {"--position '" + kBoardA + "[n] b' --position-board B", {}},
      // Any of several; the starting position counts (all four start from it).
      {"--position '" + kBoardB + " w' --position '" + kBoardA + " b'", {1}},
      {"--position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'", {1, 2, 3, 4}},
      // 1283326: 1A. e4 1B. e4 1a. Nf6 2A. Nc3: board A with Black to move, on board A only.
      {"--position 'rnbqkb1r/pppppppp/5n2/8/4P3/2N5/PPPP1PPP/R1BQKBNR b' --position-board A", {4}},
      {"--position 'rnbqkb1r/pppppppp/5n2/8/4P3/2N5/PPPP1PPP/R1BQKBNR b' --position-board B", {}},
      // Moves: queen drops on both boards of 1934301, on board B only of 1934461.
      {"--move 'Q@*'", {1, 2}},
      {"--move 'Q@*' --position-board B", {1, 2}},
      {"--move 'Q@*' --position-board A", {1}},
      {"--move 'Q@f8'", {2}},                                  // 24B. Q@f8+, the check mark not asked
      {"--move 'Q@f8#'", {}},                                  // it gave check, not mate
      {"--move 'B@g7#'", {1}},                                 // 23B. B@g7#
      {"--move 'Q@f8' --move 'B@g7#'", {1, 2}},                // any of them
      {"--move 'O-O*'", {}},                                   // nobody castles
      {"--move '*'", {1, 2, 3, 4}},
      // Both kinds given: both must be found.
      {"--move 'Q@*' --position '" + kBoardB + " b'", {1}},
      {"--move 'Q@f8' --position '" + kBoardB + " b'", {}},
      // Material: the starting position's counts, on every board at its start.
      {"--material 'QR2B2N2P8:qr2b2n2p8' --position-board A", {1, 2, 3, 4}},
      // Two queens of one colour. 1934301: on B White's queen is taken by 17b. Bxf4, then 19B. Q@e6+
      // and 20B. Q@f7+ stand together; on A the queens are taken (11a. Kxd8, 31a. Kxe8) before
      // 32A. c8=Q. 1934461: on B the queen of d1 is never taken and 24B. Q@f8+ joins it; on A one
      // queen each. 1934660 has no drop or promotion of a queen; 1283326 no capture at all.
      {"--material 'Q2+R*B*N*P*:q*r*b*n*p*'", {1, 2}},
      {"--material 'Q2+R*B*N*P*:q*r*b*n*p*' --position-board A", {}},
      {"--material 'q*r*b*n*p*:Q2+R*B*N*P*' --position-board B", {1, 2}},  // either side, as -z
  };
  for (const Case& c : cases) {
    const Kept k = check_kept(in, c.options, dir);
    EXPECT_EQ(k.games, c.kept) << c.options << "\n" << k.err;
    EXPECT_EQ(k.summary["games_read"], 4) << c.options;
    EXPECT_EQ(k.summary["games"], c.kept.size()) << c.options;
    EXPECT_EQ(k.summary["filtered"], 4 - c.kept.size()) << c.options;
    EXPECT_NE(k.err.find("4 games read, " + std::to_string(4 - c.kept.size()) + " left out by filters; " +
                         std::to_string(c.kept.size()) + " checked"),
              std::string::npos)
        << c.options << "\n" << k.err;
  }
}

TEST(PositionSearch, ThreadsFindWhatOneThreadFinds) {
  test::ScratchDir dir;
  const Input in = four_matches(dir);
  for (const std::string options : {std::string("--move 'Q@*' --position-board A"), "--position '" + kBoardA + "[n] b'"}) {
    const BinaryRun one = run_binary("check --format jsonl " + options + " '" + in.path + "'");
    const BinaryRun two = run_binary("check --format jsonl --jobs 2 --piece-bytes 300 " + options + " '" + in.path + "'");
    EXPECT_EQ(one.out, two.out) << options;
    EXPECT_EQ(one.err, two.err) << options;
  }
}

// Hand-made chess games: long castling in the first, short in the second, an illegal move in the
// third after which nothing is played.
std::string chess_games() {
  auto game = [](const std::string& moves) {
    return "[Event \"e\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n" + moves + " *\n\n";
  };
  return game("1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O") +
         game("1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O O-O") + game("1. e4 e5 2. Ke3 Nc6 3. Qh5");
}

TEST(PositionSearch, MovesAndPositionsOfChessGames) {
  test::ScratchDir dir;
  Input in{(dir / "chess.pgn").string(), {1, 8, 15}};
  std::ofstream(in.path) << chess_games();
  const std::vector<std::pair<std::string, std::set<int>>> cases = {
      {"--move O-O-O", {1}},
      {"--move O-O", {2}},
      {"--move 0-0", {2}},
      {"--move 'O-O*'", {1, 2}},
      {"--move 'N*f3'", {2}},   // 2. Nf3
      {"--move 'N*6'", {1, 2}},  // 2... Nc6, 2... Nf6 (the third game's Nc6 comes after its error)
      {"--move 'Ke3'", {}},      // the illegal move is not played
      {"--move 'Qh5'", {}},      // nor anything after it
      {"--move 'e5'", {2, 3}},
      // After 4... O-O: White's king g1 rook f1, Black's king g8 rook f8, White to move.
      {"--position 'r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w'", {}},  // no Nc6 in game 2
      {"--position 'rnbq1rk1/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w'", {2}},
      {"--position 'rnbq1rk1/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w' --position-board B", {}},  // one board: A
      // After 2. Ke3 would have been played: never reached.
      {"--position 'rnbqkbnr/pppp1ppp/8/4p3/4P3/4K3/PPPP1PPP/RNBQ1BNR b'", {}},
      {"--material 'QR2B2N2P8:qr2b2n2p8'", {1, 2, 3}},
      {"--material 'QR2B2N2P7:qr2b2n2p8'", {}},  // nothing is captured in these games
  };
  for (const auto& [options, kept] : cases) {
    const Kept k = check_kept(in, options, dir);
    EXPECT_EQ(k.games, kept) << options << "\n" << k.err;
    EXPECT_EQ(k.summary["filtered"], 3 - kept.size()) << options;
  }
}

TEST(PositionSearch, ConvertWritesTheMatchesFoundAndCountsTheRest) {
  test::ScratchDir dir;
  const Input in = four_matches(dir);
  const std::string sum = (dir / "s.json").string();
  const BinaryRun r = run_binary("convert --to bpgn --summary-json '" + sum + "' --move 'Q@*' --position-board A '" +
                                 in.path + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("[WhiteA \"Rabbos\"]"), std::string::npos);  // 1934301
  EXPECT_EQ(r.out.find("[WhiteA \"Stesox\"]"), std::string::npos);  // 1934461's queen drop is on B
  EXPECT_NE(r.err.find("4 games read, 3 left out by filters; 1 written"), std::string::npos) << r.err;
  const Json s = Json::parse(read_file(sum));
  EXPECT_EQ(s["filtered"], 3);
  EXPECT_EQ(s["written"], 1);
  const BinaryRun b = run_binary("convert --to json --position '" + kBoardB + "[NNnp] b' '" + in.path + "'");
  EXPECT_EQ(std::count(b.out.begin(), b.out.end(), '\n'), 1) << b.out;
  EXPECT_NE(b.out.find("\"Rabbos\""), std::string::npos);
  EXPECT_NE(b.err.find("4 games read, 3 left out by filters; 1 written"), std::string::npos) << b.err;
  // standings leaves the others out of its table.
  const BinaryRun st = run_binary("standings --move 'Q@*' --position-board A '" + in.path + "'");
  EXPECT_EQ(st.exit_code, 0) << st.err;
  EXPECT_NE(st.out.find("Rabbos"), std::string::npos) << st.out;
  EXPECT_EQ(st.out.find("Bugfish"), std::string::npos) << st.out;  // 1934660 is not scored
}

TEST(PositionSearch, MalformedSearchesAreUsageErrors) {
  test::ScratchDir dir;
  const Input in = four_matches(dir);
  struct Bad {
    std::string options, message;
  };
  const std::vector<Bad> bad = {
      {"--position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w'",
       "--position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w' is not a FEN: rank 1 has 7 squares"},
      {"--position '8/8/8/8/8/8/8/8'", "--position '8/8/8/8/8/8/8/8' is not a FEN: "},
      {"--position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x'", "the side to move must be 'w' or 'b'"},
      {"--move 'Qe4!'", "--move 'Qe4!' has '!', which is no part of a SAN move"},
      {"--material 'QR'", "--material 'QR' is not two sides' pieces"},
      {"--position-board A", "--position-board needs --position, --move or --material"},
      {"--move 'Q@*' --position-board C", "--position-board"},
  };
  for (const Bad& b : bad) {
    for (const std::string command : {std::string("check"), std::string("convert --to bpgn")}) {
      const BinaryRun r = run_binary(command + " " + b.options + " '" + in.path + "'");
      EXPECT_EQ(r.exit_code, 2) << command << " " << b.options;
      EXPECT_NE(r.err.find(b.message), std::string::npos) << command << " " << b.options << "\n" << r.err;
      EXPECT_EQ(r.out, "") << b.options;
    }
  }
}

}  // namespace
}  // namespace bpgn::check_test
