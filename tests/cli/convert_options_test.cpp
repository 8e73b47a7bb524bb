// convert: options, exit codes, pairing of per-board games, and the JSON form's fields (the
// expected values worked out by hand from the records).
#include "cli/convert_command.h"
#include "cli/fmt_test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace bpgn {
namespace {

using test::kGolden;
using test::read_file;

using test::convert;

ConvertConfig config_for(std::vector<std::string> inputs, std::string to) {
  ConvertConfig c;
  c.inputs = std::move(inputs);
  c.to = std::move(to);
  return c;
}

TEST(ConvertOptions, UsageErrors) {
  EXPECT_EQ(convert(config_for({kGolden + "/drops.in.bpgn"}, "")).code, 2);
  EXPECT_EQ(convert(config_for({kGolden + "/drops.in.bpgn"}, "xml")).code, 2);
  ConvertConfig from = config_for({kGolden + "/drops.in.bpgn"}, "pgn");
  from.from = "lichess";
  EXPECT_EQ(convert(from).code, 2);
  const test::Run mixed =
      convert(config_for({kGolden + "/drops.in.bpgn", kGolden + "/chesscom-small"}, "bpgn"));
  EXPECT_EQ(mixed.code, 2);
  EXPECT_NE(mixed.err.find("cannot be mixed"), std::string::npos) << mixed.err;
  ConvertConfig stdin_chesscom = config_for({"-"}, "bpgn");
  stdin_chesscom.from = "chesscom";
  EXPECT_EQ(convert(stdin_chesscom).code, 2);
  ConvertConfig bad_rules = config_for({kGolden + "/drops.in.bpgn"}, "bpgn");
  bad_rules.rule_options.rules = "nonsense";
  EXPECT_EQ(convert(bad_rules).code, 2);
  test::ScratchDir dir;
  EXPECT_EQ(test::run_shell(dir, std::string(BPGN_BINARY) + " convert " + kGolden + "/drops.in.bpgn").code, 2)
      << "--to is required";
}

TEST(ConvertOptions, ExitCodes) {
  EXPECT_EQ(convert(config_for({kGolden + "/drops.in.bpgn"}, "bpgn")).code, 0);
  EXPECT_EQ(convert(config_for({kGolden + "/error.in.bpgn"}, "pgn")).code, 1);
  EXPECT_EQ(convert(config_for({kGolden + "/unreadable.in.bpgn"}, "json")).code, 1);
  test::ScratchDir dir;
  EXPECT_EQ(convert(config_for({(dir / "missing.bpgn").string()}, "json")).code, 3);
  ConvertConfig full = config_for({kGolden + "/drops.in.bpgn"}, "bpgn");
  full.output = "/dev/full";
  EXPECT_EQ(convert(full).code, 3);
  // A chess.com board without its partner.
  const test::Run alone = convert(config_for({kGolden + "/chesscom-small/1001.json"}, "bpgn"));
  EXPECT_EQ(alone.code, 1);
  EXPECT_NE(alone.err.find("game 1001 has no partner board"), std::string::npos) << alone.err;
}

TEST(ConvertOptions, BoardWithoutPartnerIsWrittenAndReported) {
  test::ScratchDir dir;
  const std::string pgn = read_file(kGolden + "/split.out.pgn");
  test::write_file(dir / "a.pgn", pgn.substr(0, pgn.find("\n\n[Event") + 1));
  const test::Run r = convert(config_for({(dir / "a.pgn").string()}, "bpgn"));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("has no partner board among the inputs"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("[Board \"A\"]"), std::string::npos) << "the board is written, not dropped";
}

TEST(ConvertOptions, ForeignPairInterleavedByClocks) {
  const test::Run r = convert(config_for({kGolden + "/foreign-pair.in.pgn"}, "bpgn"));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, read_file(kGolden + "/foreign-pair.out.bpgn"));
  EXPECT_NE(r.err.find("interleaved by their clock times"), std::string::npos);
}

TEST(ConvertJson, FieldsOfAMatch) {
  ConvertConfig c = config_for({kGolden + "/split.in.bpgn"}, "json");
  c.fen = true;
  const test::Run r = convert(c);
  EXPECT_EQ(r.code, 0) << r.err;
  ASSERT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << "one line per game";
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["index"], 1);
  EXPECT_EQ(j["format"], "bpgn");
  EXPECT_EQ(j["rules"], "bughouse");
  EXPECT_EQ(j["status"], "valid");
  EXPECT_EQ(j["tags"]["WhiteB"], "wb");
  EXPECT_EQ(j["tags"]["Date"], "2022-01-03");  // as the record writes it
  EXPECT_EQ(j["start"]["A"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
  ASSERT_EQ(j["plies"].size(), 7u);
  const auto& first = j["plies"][0];
  EXPECT_EQ(first["board"], "A");
  EXPECT_EQ(first["seat"], "WhiteA");
  EXPECT_EQ(first["number"], 1);
  EXPECT_EQ(first["san"], "e4");
  EXPECT_EQ(first["uci"], "e2e4");
  EXPECT_EQ(first["clock"], 179.0);
  EXPECT_EQ(first["clock_text"], "179");
  EXPECT_EQ(first["fen"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1");
  const auto& drop = j["plies"][6];
  EXPECT_EQ(drop["seat"], "WhiteB");
  EXPECT_EQ(drop["number"], 2);
  EXPECT_EQ(drop["san"], "P@e5");
  EXPECT_EQ(drop["uci"], "P@e5");
  EXPECT_EQ(drop["clock"], 175.0);
  EXPECT_EQ(drop["fen"], "rnbqkbnr/pppp1ppp/4p3/4P3/3P4/8/PPP1PPPP/RNBQKBNR[] b KQkq - 0 2");
  // After 2a. Nxe4 White A has used 180 - 177 = 3 s and Black A 180 - 176.25 = 3.75 s: 6.75 s.
  EXPECT_DOUBLE_EQ(j["plies"][3]["time"].get<double>(), 6.75);
  EXPECT_EQ(j["termination"], "bb resigns");
  EXPECT_EQ(j["result"]["recorded"], "0-1");
  EXPECT_EQ(j["result"]["winner"], "team2");
  EXPECT_EQ(j["result"]["reason"], "resignation");
  EXPECT_TRUE(j["violations"].is_array());
}

TEST(ConvertJson, NotReplayedAndUnreadable) {
  const test::Run err = convert(config_for({kGolden + "/error.in.bpgn"}, "json"));
  const auto j = nlohmann::json::parse(err.out);
  EXPECT_EQ(j["status"], "invalid");
  const auto& drop = j["plies"][3];  // 1b. N@f6: not in the holding
  EXPECT_EQ(drop["replayed"], false);
  EXPECT_TRUE(drop["uci"].is_null());
  EXPECT_EQ(drop["written"], "N@f6");
  const auto& violations = j["violations"];
  const auto error = std::find_if(violations.begin(), violations.end(),
                                  [](const auto& v) { return v["severity"] == "error"; });
  ASSERT_NE(error, violations.end());
  EXPECT_EQ((*error)["code"], "drop-not-in-holding");
  EXPECT_EQ((*error)["ply"], 4);
  EXPECT_EQ((*error)["board"], "B");
  EXPECT_EQ((*error)["color"], "black");

  const test::Run bad = convert(config_for({kGolden + "/unreadable.in.bpgn"}, "json"));
  std::istringstream lines(bad.out);
  std::string line;
  std::getline(lines, line);
  const auto u = nlohmann::json::parse(line);
  EXPECT_EQ(u["status"], "unreadable");
  EXPECT_EQ(u["error"]["line"], 3);
  EXPECT_NE(u["raw"].get<std::string>().find("[Site \"caf\xc3\xa9\"]"), std::string::npos);
  std::getline(lines, line);
  EXPECT_EQ(nlohmann::json::parse(line)["status"], "valid");
}

}  // namespace
}  // namespace bpgn
