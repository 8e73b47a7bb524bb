// `bpgn check` as scripts drive it: the built binary (BPGN_BINARY) and run_check() directly.
// Exit codes, one JSONL line per game (also for a broken and an unreadable game), JSON validity.
#include "cli/binary_run.h"
#include "cli/check_command.h"
#include "pipeline/run/exit_codes.h"
#include "replay/check_test_util.h"

#include <nlohmann/json.hpp>


#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;

std::string corpus_path(const std::string& relative) { return std::string(BPGN_CORPUS_DIR) + "/" + relative; }

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < s.size()) {
    std::size_t end = s.find('\n', start);
    if (end == std::string::npos) end = s.size();
    out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// corpus/check/mixed.bpgn: a clean BPGN game, a drop before the capture that supplies it
// (`1B. N@f3` at line 12, column 19), a text that is no record (line 14: stray text of the game
// before it, not a game of its own), a clean PGN game.
TEST(CheckCli, JsonlHasOneLinePerGameWithABrokenGameMixedIn) {
  BinaryRun r = run_binary("check --format jsonl '" + corpus_path("check/mixed.bpgn") + "'");
  EXPECT_EQ(r.exit_code, kExitInvalid) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  const std::vector<std::string> status{"valid", "invalid", "valid"};
  const std::vector<int> start_line{1, 8, 16};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const nlohmann::json g = nlohmann::json::parse(lines[i]);
    EXPECT_EQ(g["index"], i + 1);
    EXPECT_EQ(g["status"], status[i]);
    EXPECT_EQ(g["line"], start_line[i]);
    EXPECT_EQ(g["file"], corpus_path("check/mixed.bpgn"));
  }
  const nlohmann::json broken = nlohmann::json::parse(lines[1]);
  ASSERT_EQ(broken["violations"].size(), 2u);
  const nlohmann::json& v = broken["violations"][0];
  EXPECT_EQ(v["code"], "drop-not-in-holding");
  EXPECT_EQ(v["severity"], "error");
  EXPECT_EQ(v["board"], "B");
  EXPECT_EQ(v["color"], "white");
  EXPECT_EQ(v["move_number"], 1);
  EXPECT_EQ(v["move"], "N@f3");
  EXPECT_EQ(v["line"], 12);
  EXPECT_EQ(v["column"], 19);
  EXPECT_EQ(v["message"], "White (wb) on board B drops a knight at 1B. N@f3, but holds nothing; no move recorded after it supplies one");
  const nlohmann::json& stray = broken["violations"][1];
  EXPECT_EQ(stray["code"], "stray-text");
  EXPECT_EQ(stray["severity"], "warning");
  EXPECT_EQ(stray["line"], 14);
  EXPECT_EQ(stray["column"], 1);
  EXPECT_TRUE(stray["board"].is_null());
  EXPECT_EQ(stray["message"], "text outside any game, skipped: \"%%% this is no record ]]]\"");
  // The one-board game: 4. Qxf7# is the scholar's mate.
  const nlohmann::json chess = nlohmann::json::parse(lines[2]);
  EXPECT_EQ(chess["rules"], "chess");
  EXPECT_EQ(chess["result"]["winner"], "white");
  EXPECT_EQ(chess["result"]["reason"], "checkmate");
  EXPECT_EQ(chess["result"]["board"], "A");
  EXPECT_EQ(chess["final"].size(), 1u);
}

TEST(CheckCli, JsonlFieldsOfAValidGame) {
  BinaryRun r = run_binary("check --format jsonl '" + corpus_path("fics/1934301.bpgn") + "'");
  EXPECT_EQ(r.exit_code, kExitClean) << r.err;
  const nlohmann::json g = nlohmann::json::parse(r.out);
  EXPECT_EQ(g["rules"], "bughouse");
  EXPECT_EQ(g["status"], "valid");
  EXPECT_TRUE(g["violations"].is_array());
  EXPECT_TRUE(g["violations"].empty());
  // Holdings in brackets after the placement, on both boards.
  for (const char* b : {"A", "B"}) {
    const std::string fen = g["final"][b];
    EXPECT_NE(fen.find('['), std::string::npos) << fen;
    EXPECT_NE(fen.find(']'), std::string::npos) << fen;
  }
  // `{BobBughouse checkmated} 1-0`, BobBughouse is BlackB: team 2 won by mate on board B.
  EXPECT_EQ(g["result"]["recorded"], "1-0");
  EXPECT_EQ(g["result"]["computed"], "1-0");
  EXPECT_EQ(g["result"]["winner"], "team2");
  EXPECT_EQ(g["result"]["reason"], "checkmate");
  EXPECT_EQ(g["result"]["board"], "B");
}

TEST(CheckCli, IndexRunsAcrossFilesAndExitZeroWhenAllValid) {
  std::string args = "check --format jsonl";
  int games = 0;
  for (const char* f : {"fics/1283326.bpgn", "fics/1934301.bpgn", "fics/2001-03-03-fifteen-games.bpgn",
                        "chesscom-derived/2022-02-22-chesscom-export.bpgn"}) {
    args += " '" + corpus_path(f) + "'";
  }
  games = 1 + 1 + 15 + 1;
  BinaryRun r = run_binary(args);
  EXPECT_EQ(r.exit_code, kExitClean) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), std::size_t(games));
  for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(nlohmann::json::parse(lines[i])["index"], i + 1);
}

TEST(CheckCli, JsonIsOneValidDocument) {
  BinaryRun r = run_binary("check --format json '" + corpus_path("check/mixed.bpgn") + "'");
  EXPECT_EQ(r.exit_code, kExitInvalid);
  nlohmann::json doc;
  ASSERT_NO_THROW(doc = nlohmann::json::parse(r.out)) << r.out;
  ASSERT_EQ(doc["games"].size(), 3u);
  EXPECT_EQ(doc["summary"]["games"], 3);
  EXPECT_EQ(doc["summary"]["valid"], 2);
  EXPECT_EQ(doc["summary"]["invalid"], 1);
  EXPECT_EQ(doc["summary"]["unreadable"], 0);
  EXPECT_EQ(doc["summary"]["errors"], 1);
  EXPECT_EQ(doc["summary"]["warnings"], 1);
  EXPECT_EQ(doc["summary"]["codes"]["drop-not-in-holding"], 1);
  EXPECT_EQ(doc["summary"]["codes"]["stray-text"], 1);
}

TEST(CheckCli, TextDiagnosticsAndSummary) {
  BinaryRun r = run_binary("check '" + corpus_path("check/mixed.bpgn") + "'");
  EXPECT_EQ(r.exit_code, kExitInvalid);
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0], corpus_path("check/mixed.bpgn") +
                          ":12:19: error[drop-not-in-holding]: White (wb) on board B drops a knight at 1B. N@f3, but holds nothing; no move "
                          "recorded after it supplies one");
  EXPECT_EQ(lines[1], corpus_path("check/mixed.bpgn") +
                          ":14:1: warning[stray-text]: text outside any game, skipped: \"%%% this is no record ]]]\"");
  EXPECT_NE(r.err.find("3 games read: 2 valid, 1 invalid, 0 unreadable; 1 error, 1 warning"), std::string::npos) << r.err;

  BinaryRun quiet = run_binary("check --quiet '" + corpus_path("check/mixed.bpgn") + "'");
  EXPECT_EQ(quiet.exit_code, kExitInvalid);
  EXPECT_TRUE(quiet.out.empty()) << quiet.out;
  EXPECT_NE(quiet.err.find("3 games"), std::string::npos);
}

TEST(CheckCli, StandardInput) {
  BinaryRun r = run_binary("check --format jsonl -", corpus_path("fics/1934587.bpgn"));
  EXPECT_EQ(r.exit_code, kExitClean) << r.err;
  const nlohmann::json g = nlohmann::json::parse(r.out);
  EXPECT_EQ(g["file"], "-");
  BinaryRun none = run_binary("check --format jsonl", corpus_path("fics/1934587.bpgn"));
  EXPECT_EQ(none.exit_code, kExitClean);
  EXPECT_EQ(none.out, r.out);
}

TEST(CheckCli, BadCommandLineExitsTwo) {
  const std::string file = " '" + corpus_path("fics/1934587.bpgn") + "'";
  EXPECT_EQ(run_binary("check --format xml" + file).exit_code, kExitUsage);
  EXPECT_EQ(run_binary("check --no-such-option" + file).exit_code, kExitUsage);
  EXPECT_EQ(run_binary("check --rules nosuchrules" + file).exit_code, kExitUsage);
  EXPECT_EQ(run_binary("check --set nosuchkey=1" + file).exit_code, kExitUsage);
  EXPECT_EQ(run_binary("check --set pawn_drop_ranks=9" + file).exit_code, kExitUsage);
  EXPECT_EQ(run_binary("check --tolerance -1" + file).exit_code, kExitUsage);
  EXPECT_EQ(run_binary("check --max-errors many" + file).exit_code, kExitUsage);
}

TEST(CheckCli, UnreadableInputOrUnwritableOutputExitsThree) {
  BinaryRun missing = run_binary("check '" + temp_path("does-not-exist.bpgn") + "' '" + corpus_path("fics/1934587.bpgn") + "'");
  EXPECT_EQ(missing.exit_code, kExitIo);
  EXPECT_NE(missing.err.find("does-not-exist.bpgn"), std::string::npos) << missing.err;
  EXPECT_NE(missing.err.find("1 game"), std::string::npos) << "the readable file is still checked: " << missing.err;

  BinaryRun unwritable = run_binary("check -o /nonexistent-dir/report.jsonl '" + corpus_path("fics/1934587.bpgn") + "'");
  EXPECT_EQ(unwritable.exit_code, kExitIo);
  EXPECT_NE(unwritable.err.find("/nonexistent-dir/report.jsonl"), std::string::npos) << unwritable.err;
}

TEST(CheckCli, OutputFile) {
  const std::string out = temp_path("report.jsonl");
  BinaryRun r = run_binary("check --format jsonl -o '" + out + "' '" + corpus_path("check/mixed.bpgn") + "'");
  EXPECT_EQ(r.exit_code, kExitInvalid);
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(lines_of(read_file(out)).size(), 3u);
  fs::remove(out);
}

// run_check() without argv: --strict, --max-errors, warnings.
TEST(CheckCli, RunCheckStrictAndMaxErrors) {
  // The lichess sample has two clock-increase warnings ("give more time") and nothing else.
  CheckConfig config;
  config.files = {corpus_path("chess/lichess-sample.pgn")};
  config.format = "jsonl";
  std::ostringstream out, err;
  EXPECT_EQ(run_check(config, out, err), kExitClean) << err.str();
  config.strict = true;
  std::ostringstream out2, err2;
  EXPECT_EQ(run_check(config, out2, err2), kExitInvalid);
  int invalid = 0;
  for (const auto& line : lines_of(out2.str())) {
    const nlohmann::json g = nlohmann::json::parse(line);
    EXPECT_EQ(g["status"], g["violations"].empty() ? "valid" : "invalid");
    invalid += g["status"] == "invalid";
  }
  EXPECT_EQ(invalid, 2);

  // The 2001 archive marks its mates '+': one check-suffix-convention note per mated game, which
  // --strict does not make an error.
  config.files = {corpus_path("fics/2001-03-03-fifteen-games.bpgn")};
  std::ostringstream out_notes, err_notes;
  EXPECT_EQ(run_check(config, out_notes, err_notes), kExitClean) << err_notes.str();
  int notes = 0;
  for (const auto& line : lines_of(out_notes.str())) {
    const nlohmann::json g = nlohmann::json::parse(line);
    EXPECT_EQ(g["status"], "valid");
    for (const auto& v : g["violations"]) {
      EXPECT_EQ(v["severity"], "note");
      EXPECT_EQ(v["code"], "check-suffix-convention");
      EXPECT_TRUE(v["board"].is_null());
      ++notes;
    }
  }
  EXPECT_EQ(notes, 12);  // the 12 games of 15 that end in a mate (docs/check.md)

  // Two errors (no knight reaches f4 on either board), one listed.
  const std::string path = temp_path("two-errors.bpgn");
  {
    std::ofstream f(path);
    f << bpgn("1A. Nf4 1B. Nf4 1a. e5 *", "[TimeControl \"60+0\"]\n");
  }
  CheckConfig limited;
  limited.files = {path};
  limited.format = "jsonl";
  limited.max_errors = 1;
  std::ostringstream out3, err3;
  EXPECT_EQ(run_check(limited, out3, err3), kExitInvalid);
  const nlohmann::json g = nlohmann::json::parse(out3.str());
  EXPECT_EQ(g["violations"].size(), 1u);
  EXPECT_EQ(g["violation_count"], 2);  // both boards' first errors are counted
  fs::remove(path);
}

TEST(CheckCli, RunCheckRejectsBadOptionsWithoutThrowing) {
  CheckConfig config;
  config.files = {corpus_path("fics/1934587.bpgn")};
  config.rule_options.rules = "nosuch";
  std::ostringstream out, err;
  EXPECT_EQ(run_check(config, out, err), kExitUsage);
  EXPECT_NE(err.str().find("nosuch"), std::string::npos);
  config.rule_options.rules = "";
  config.format = "yaml";
  EXPECT_EQ(run_check(config, out, err), kExitUsage);
}

}  // namespace
}  // namespace bpgn::check_test

namespace bpgn::check_test {
namespace {

// The chess.com boards (corpus/chesscom/, 41 matches) joined into BPGN by `bpgn convert` are valid
// matches too: no errors, no clock-order, no move-after-end.
TEST(CheckCli, ChessComMatchesJoinedByConvertAreValid) {
  const std::string joined = temp_path("chesscom.bpgn");
  BinaryRun conv = run_binary("convert --to bpgn -o '" + joined + "' '" + corpus_path("chesscom") + "'");
  ASSERT_EQ(conv.exit_code, kExitClean) << conv.err;
  BinaryRun r = run_binary("check --format jsonl '" + joined + "'");
  EXPECT_EQ(r.exit_code, kExitClean) << r.err;
  const auto lines = lines_of(r.out);
  EXPECT_EQ(lines.size(), 41u);
  for (const auto& line : lines) {
    const nlohmann::json g = nlohmann::json::parse(line);
    EXPECT_EQ(g["status"], "valid") << line;
    for (const auto& v : g["violations"]) {
      EXPECT_NE(v["code"], "clock-order") << line;
      EXPECT_NE(v["code"], "move-after-end") << line;
    }
  }
  fs::remove(joined);
}

}  // namespace
}  // namespace bpgn::check_test
