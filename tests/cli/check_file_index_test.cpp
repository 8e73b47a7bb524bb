// `file_index` in check's json, jsonl, sarif and junit reports: a game's number within its own file
// (or archive member), next to the run-wide `index`. Its values are checked against the files
// themselves (the k-th line `[Event ` of a file starts its k-th game: these files begin every game
// so), with --jobs 1 and --jobs 2 cut in tiny pieces, over several files, an archive of two
// members, and a run whose filters leave games out (which keep their numbers, as for `index`).
#include "cli/binary_run.h"
#include "io/archive_fixture.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

namespace bpgn::check_test {
namespace {

struct NumberedInputs {
  test::ScratchDir dir;
  std::vector<std::string> args;
  std::map<std::string, std::vector<std::uint32_t>> starts;  // Game::file -> its games' first lines
  std::size_t games = 0;
};

void add(NumberedInputs& in, const std::string& name, const std::string& text) {
  in.starts[name] = event_lines(text);
  in.games += in.starts[name].size();
}

// mixed.bpgn, an archive of two members (mixed and fifteen games), the fifteen games, then the
// lichess sample (437 one-board games).
void make_inputs(NumberedInputs& in) {
  const std::string corpus = BPGN_CORPUS_DIR;
  const std::string mixed = read_file(corpus + "/check/mixed.bpgn");
  const std::string fifteen = read_file(corpus + "/fics/2001-03-03-fifteen-games.bpgn");
  const std::string lichess = read_file(corpus + "/chess/lichess-sample.pgn");
  const std::string a = (in.dir / "a.bpgn").string(), zip = (in.dir / "two.zip").string();
  const std::string b = (in.dir / "b.bpgn").string(), c = (in.dir / "c.pgn").string();
  test::write_bytes(a, mixed);
  test::write_archive(zip, test::Filter::None, test::Container::Zip, {{"m1.bpgn", mixed}, {"m2.bpgn", fifteen}});
  test::write_bytes(b, fifteen);
  test::write_bytes(c, lichess);
  in.args = {a, zip, b, c};
  add(in, a, mixed);
  add(in, zip + ":m1.bpgn", mixed);
  add(in, zip + ":m2.bpgn", fifteen);
  add(in, b, fifteen);
  add(in, c, lichess);
}

BinaryRun check(const NumberedInputs& in, const std::string& options) {
  std::string args = "check " + options;
  for (const std::string& f : in.args) args += " " + shell_quoted(f);
  return run_binary(args);
}

// Every game object's file_index is the place of its first line among its file's `[Event ` lines.
void expect_right_numbers(const NumberedInputs& in, const std::vector<nlohmann::json>& games, bool all) {
  std::size_t last_index = 0;
  for (const nlohmann::json& g : games) {
    ASSERT_TRUE(g.contains("file_index")) << g.dump();
    const auto& starts = in.starts.at(g["file"].get<std::string>());
    const std::size_t file_index = g["file_index"];
    ASSERT_GE(file_index, 1u);
    ASSERT_LE(file_index, starts.size());
    EXPECT_EQ(starts[file_index - 1], g["line"].get<std::uint32_t>()) << g["file"] << " " << file_index;
    EXPECT_GT(g["index"].get<std::size_t>(), last_index);
    last_index = g["index"];
  }
  if (all) EXPECT_EQ(games.size(), in.games);
}

std::vector<nlohmann::json> jsonl_games(const std::string& out) {
  std::vector<nlohmann::json> games;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    nlohmann::json j = nlohmann::json::parse(line);
    if (j.contains("index")) games.push_back(std::move(j));
  }
  return games;
}

TEST(CheckFileIndex, JsonlAndJsonAgreeWithTheFilesForOneAndTwoJobs) {
  NumberedInputs in;
  make_inputs(in);
  for (const std::string filter : {"", "--result 1-0"}) {
    const BinaryRun jsonl = check(in, "--format jsonl --jobs 1 " + filter);
    ASSERT_TRUE(jsonl.exit_code == 0 || jsonl.exit_code == 1) << jsonl.err;
    const std::vector<nlohmann::json> games = jsonl_games(jsonl.out);
    expect_right_numbers(in, games, filter.empty());
    if (!filter.empty()) {
      EXPECT_LT(games.size(), in.games / 2) << "the filter should leave out games";
      EXPECT_GT(games.size(), 10u);
    }
    // The field stands after the contract's fields (the last is `result`), before `rule_options`.
    std::istringstream text(jsonl.out);
    for (std::string line; std::getline(text, line);) {
      if (!line.starts_with("{\"index\":")) continue;
      const std::size_t result = line.find(",\"result\":{"), file_index = line.find("},\"file_index\":");
      EXPECT_TRUE(result != std::string::npos && file_index > result && line.find(",\"rule_options\":") > file_index) << line;
    }

    const BinaryRun json = check(in, "--format json --jobs 1 " + filter);
    const nlohmann::json doc = nlohmann::json::parse(json.out);
    EXPECT_EQ(std::vector<nlohmann::json>(doc["games"].begin(), doc["games"].end()), games);

    for (const std::string format : {"jsonl", "json"}) {
      const BinaryRun one = format == "jsonl" ? jsonl : json;
      const BinaryRun two = check(in, "--format " + format + " --jobs 2 --piece-bytes 300 " + filter);
      EXPECT_EQ(two.exit_code, one.exit_code) << format << " " << filter;
      EXPECT_EQ(two.out, one.out) << format << " " << filter;
      EXPECT_EQ(two.err, one.err) << format << " " << filter;
    }
  }
}

TEST(CheckFileIndex, SarifAndJunitCarryItNextToTheIndex) {
  NumberedInputs in;
  make_inputs(in);
  const std::vector<nlohmann::json> games = jsonl_games(check(in, "--format jsonl").out);
  std::map<std::size_t, std::size_t> file_index_of;  // index -> file_index
  for (const nlohmann::json& g : games) file_index_of[g["index"]] = g["file_index"];

  const BinaryRun sarif = check(in, "--format sarif");
  const nlohmann::json doc = nlohmann::json::parse(sarif.out);
  const nlohmann::json& results = doc["runs"][0]["results"];
  ASSERT_GT(results.size(), 10u);
  for (const nlohmann::json& r : results) {
    const nlohmann::json& p = r["properties"];
    EXPECT_EQ(p["gameFileIndex"].get<std::size_t>(), file_index_of.at(p["game"])) << p.dump();
  }

  const BinaryRun junit = check(in, "--format junit");
  const std::regex testcase(R"re(<testcase classname="[^"]*" name="game (\d+) [^"]*" file="[^"]*" line="\d+" index="(\d+)" file_index="(\d+)">)re");
  std::size_t cases = 0;
  for (auto it = std::sregex_iterator(junit.out.begin(), junit.out.end(), testcase); it != std::sregex_iterator(); ++it) {
    ++cases;
    const std::size_t index = std::stoul((*it)[1]);
    EXPECT_EQ(std::stoul((*it)[2]), index);
    EXPECT_EQ(std::stoul((*it)[3]), file_index_of.at(index)) << (*it)[0];
  }
  EXPECT_EQ(cases, games.size());
  for (const std::string format : {"sarif", "junit"}) {
    const BinaryRun one = format == "sarif" ? sarif : junit;
    EXPECT_EQ(check(in, "--format " + format + " --jobs 2 --piece-bytes 300").out, one.out) << format;
  }
}

}  // namespace
}  // namespace bpgn::check_test
