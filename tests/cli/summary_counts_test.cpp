// The counts are honest: every summary (check, fmt, convert) says how many games were read and
// what became of each, and the numbers add up on every input here: a mixed file (valid, invalid
// and unreadable games), a file whose games only warnings make invalid under --strict, an empty
// file, blank space, per-board pairs and chess.com boards. An empty input is no game: it is said
// once, and fmt --in-place leaves a 0-byte file 0 bytes.
#include "cli/fmt_test_support.h"
#include "record/reader.h"
#include "support/text.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

namespace bpgn {
namespace {

namespace fs = std::filesystem;
using test::read_file;
using test::write_file;
using test::kFifteen;

const std::string kMixed = test::kCorpus + "/check/mixed.bpgn";  // 2 valid, 1 invalid, 1 unreadable
const std::string kError = test::kGolden + "/error.in.bpgn";
const std::string kUnreadable = test::kGolden + "/unreadable.in.bpgn";
const std::string kSplit = test::kGolden + "/split.out.pgn";  // one match as two per-board games

test::Run bpgn(const test::ScratchDir& dir, const std::string& args) {
  return test::run_shell(dir, std::string(BPGN_BINARY) + " " + args);
}

using test::count;

// Games the reader finds in a text: the count every summary must start from.
std::size_t games_in(const std::string& text) {
  Reader reader("x", text);
  Game game;
  std::size_t n = 0;
  while (reader.next(game)) ++n;
  return n;
}

std::size_t games_in_files(const std::vector<std::string>& files) {
  std::size_t n = 0;
  for (const std::string& f : files) n += games_in(read_file(f));
  return n;
}

std::string joined(const std::vector<std::string>& files) {
  std::string s;
  for (const std::string& f : files) s += " " + f;
  return s;
}

// The numbers of a fmt / convert summary line.
struct WriteLine {
  std::size_t read = 0, written = 0, valid = 0, with_errors = 0, as_found = 0, joined = 0, boards = 0,
              not_written = 0;
};

WriteLine parse_write_line(const std::string& err, const std::string& command) {
  static const std::regex line(
      R"(bpgn (\w+): (\d+) games? read, (\d+) written: (\d+) valid, (\d+) with errors, (\d+) as found \(syntax error\)(?:, (\d+) match(?:es)? joined from (\d+) board games)?; (\d+) not written)");
  std::smatch m;
  EXPECT_TRUE(std::regex_search(err, m, line)) << err;
  if (m.empty()) return {};
  EXPECT_EQ(m[1].str(), command);
  const auto n = [&](int i) { return m[i].matched ? std::stoul(m[i].str()) : 0ul; };
  return {n(2), n(3), n(4), n(5), n(6), n(7), n(8), n(9)};
}

void expect_adds_up(const WriteLine& w, const std::string& what) {
  EXPECT_EQ(w.written, w.valid + w.with_errors + w.as_found + w.joined) << what;
  EXPECT_EQ(w.boards, 2 * w.joined) << what;
  EXPECT_EQ(w.read, w.valid + w.with_errors + w.as_found + w.boards + w.not_written) << what;
}

struct CheckNumbers {
  std::size_t games, valid, invalid, unreadable, by_warnings;
};

CheckNumbers check_numbers(const test::ScratchDir& dir, const std::string& args) {
  const test::Run r = bpgn(dir, "check --format json " + args);
  const nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << r.out;
  if (j.is_discarded()) return {};
  const auto& s = j["summary"];
  const CheckNumbers c{s["games"], s["valid"], s["invalid"], s["unreadable"], s["invalid_by_warnings"]};
  EXPECT_EQ(c.games, c.valid + c.invalid + c.unreadable) << args;
  EXPECT_EQ(c.games, j["games"].size()) << args;
  // The text summary says the same.
  const test::Run text = bpgn(dir, "check -q " + args);
  std::string by_warnings =
      c.by_warnings ? " (" + std::to_string(c.by_warnings) + " by warnings only, --strict)" : "";
  EXPECT_NE(text.err.find(std::to_string(c.games) + (c.games == 1 ? " game" : " games") +
                          " read: " + std::to_string(c.valid) + " valid, " + std::to_string(c.invalid) +
                          " invalid" + by_warnings + ", " + std::to_string(c.unreadable) + " unreadable;"),
            std::string::npos)
      << text.err;
  return c;
}

TEST(SummaryCounts, MixedFileByHand) {
  test::ScratchDir dir;
  // corpus/check/mixed.bpgn, read by hand: a clean match, a drop before its capture (an error),
  // a line that is no record (stray text: a warning on the game before it, never a game of its
  // own), a clean one-board game.
  const CheckNumbers c = check_numbers(dir, kMixed);
  EXPECT_EQ(c.games, 3u);
  EXPECT_EQ(c.valid, 2u);
  EXPECT_EQ(c.invalid, 1u);
  EXPECT_EQ(c.unreadable, 0u);
  const test::Run f = bpgn(dir, "fmt -o " + (dir / "out.bpgn").string() + " " + kMixed);
  EXPECT_NE(
      f.err.find("bpgn fmt: 3 games read, 3 written: 2 valid, 1 with errors, 0 as found (syntax error); "
                 "0 not written; 1 input\n"),
      std::string::npos)
      << f.err;
  const test::Run v = bpgn(dir, "convert --to json " + kMixed);
  EXPECT_NE(
      v.err.find("bpgn convert: 3 games read, 3 written: 2 valid, 1 with errors, 0 as found (syntax error); "
                 "0 not written; 1 input\n"),
      std::string::npos)
      << v.err;
  // --check writes no game; mixed.bpgn is not canonical, its canonical form is.
  const test::Run fc = bpgn(dir, "fmt --check " + kMixed + " " + (dir / "out.bpgn").string());
  EXPECT_EQ(fc.code, 1);
  EXPECT_NE(fc.err.find("bpgn fmt --check: 6 games read, none written; 1 of 2 inputs would change\n"),
            std::string::npos)
      << fc.err;
}
TEST(SummaryCounts, AddUpOnEveryInput) {
  test::ScratchDir dir;
  const std::string empty = (dir / "empty.bpgn").string();
  const std::string blank = (dir / "blank.bpgn").string();
  write_file(empty, "");
  write_file(blank, " \n\n\t\r\n");
  const std::vector<std::vector<std::string>> inputs = {
      {kMixed}, {kFifteen}, {kError}, {kUnreadable},
      {empty},  {blank},    {kSplit}, {kMixed, empty, kFifteen, kUnreadable}};
  for (const std::vector<std::string>& files : inputs) {
    const std::string args = joined(files);
    const std::size_t games = games_in_files(files);
    const CheckNumbers plain = check_numbers(dir, args);
    EXPECT_EQ(plain.games, games) << args;
    EXPECT_EQ(plain.by_warnings, 0u) << args << ": without --strict no game is invalid by warnings";
    // --strict: the games that only warnings made invalid are the difference, and are counted.
    const CheckNumbers strict = check_numbers(dir, "--strict" + args);
    EXPECT_EQ(strict.games, games) << args;
    EXPECT_EQ(strict.invalid, plain.invalid + strict.by_warnings) << args;
    EXPECT_EQ(strict.valid + strict.by_warnings, plain.valid) << args;

    // fmt: every game read is written; the output holds that many games.
    const std::string out = (dir / "out.txt").string();
    const test::Run f = bpgn(dir, "fmt -o " + out + args);
    const WriteLine fw = parse_write_line(f.err, "fmt");
    expect_adds_up(fw, "fmt" + args);
    EXPECT_EQ(fw.read, games) << args;
    EXPECT_EQ(fw.not_written, 0u) << args;
    EXPECT_EQ(fw.valid, plain.valid) << args << ": fmt and check judge a game alike";
    EXPECT_EQ(fw.with_errors + fw.as_found, plain.invalid + plain.unreadable) << args;
    EXPECT_EQ(games_in(read_file(out)), fw.written) << args;

    // convert --to json: one line per record written.
    const test::Run j = bpgn(dir, "convert --to json -o " + out + args);
    const WriteLine jw = parse_write_line(j.err, "convert");
    expect_adds_up(jw, "convert --to json" + args);
    EXPECT_EQ(jw.read, games) << args;
    EXPECT_EQ(count(read_file(out), "\n"), jw.written) << args;

    // convert --to bpgn: per-board pairs are joined.
    const test::Run b = bpgn(dir, "convert --to bpgn -o " + out + args);
    const WriteLine bw = parse_write_line(b.err, "convert");
    expect_adds_up(bw, "convert --to bpgn" + args);
    EXPECT_EQ(bw.read, games) << args;
    EXPECT_EQ(games_in(read_file(out)), bw.written) << args;
  }
}

TEST(SummaryCounts, JoinedPairsAndChessComBoards) {
  test::ScratchDir dir;
  const test::Run split = bpgn(dir, "convert --to bpgn " + kSplit);
  EXPECT_NE(split.err.find(
                "bpgn convert: 2 games read, 1 written: 0 valid, 0 with errors, 0 as found (syntax error), "
                "1 match joined from 2 board games; 0 not written"),
            std::string::npos)
      << split.err;
  // chess.com: two boards of one match, and a file that is no board (not a game: not counted).
  const test::Run cc = bpgn(dir, "convert --to bpgn " + test::kGolden + "/chesscom-small");
  EXPECT_NE(
      cc.err.find("bpgn convert: 2 games read, 1 written: 0 valid, 0 with errors, 0 as found (syntax error), "
                  "1 match joined from 2 board games; 0 not written"),
      std::string::npos)
      << cc.err;
  // One board alone: read, not written.
  const test::Run alone = bpgn(dir, "convert --to bpgn " + test::kGolden + "/chesscom-small/1001.json");
  EXPECT_EQ(alone.code, 1);
  EXPECT_NE(alone.err.find(
                "bpgn convert: 1 game read, 0 written: 0 valid, 0 with errors, 0 as found (syntax error); "
                "1 not written"),
            std::string::npos)
      << alone.err;
}

TEST(EmptyInput, IsNoGameAndIsSaidOnce) {
  test::ScratchDir dir;
  const std::string empty = (dir / "empty.bpgn").string();
  write_file(empty, "");
  const std::string game = test::kCorpus + "/fics/1934301.bpgn";
  for (const std::string& command :
       {std::string("check"), std::string("check --format json"), std::string("fmt"),
        std::string("fmt --check"), std::string("convert --to bpgn"), std::string("convert --to json")}) {
    // Nothing read in the whole run: exit 1 unless --allow-empty (docs/check.md, Exit codes).
    const test::Run r = bpgn(dir, command + " " + empty);
    EXPECT_EQ(r.code, 1) << command << "\n" << r.err;
    EXPECT_EQ(count(r.err, "no games read (--allow-empty accepts that)\n"), 1u) << command << "\n" << r.err;
    EXPECT_EQ(bpgn(dir, command + " --allow-empty " + empty).code, 0) << command;
    EXPECT_EQ(count(r.err, "empty.bpgn: no games\n"), 1u) << command << "\n" << r.err;
    EXPECT_EQ(r.err.find(": error"), std::string::npos) << command << ": no unreadable game\n" << r.err;
    // With a game after it: the note once, and one game.
    const test::Run two = bpgn(dir, command + " " + empty + " " + game);
    EXPECT_EQ(count(two.err, "empty.bpgn: no games\n"), 1u) << command << "\n" << two.err;
  }
  EXPECT_EQ(bpgn(dir, "fmt " + empty).out, "");
  EXPECT_EQ(bpgn(dir, "convert --to json " + empty).out, "");
  const test::Run json = bpgn(dir, "check --format json " + empty);
  EXPECT_EQ(json.out,
            "{\"games\":[],\"summary\":{\"games\":0,\"valid\":0,\"invalid\":0,\"unreadable\":0,"
            "\"invalid_by_warnings\":0,\"errors\":0,\"warnings\":0,\"notes\":0,\"codes\":{},\"rules\":{}},"
            "\"input_errors\":[]}\n");
  // Between other inputs, under every --jobs: said once per empty input, in input order.
  const std::string many = " " + empty + " " + kMixed + " " + empty + " " + kFifteen;
  const test::Run one = bpgn(dir, "check --jobs 1" + many);
  EXPECT_EQ(count(one.err, "empty.bpgn: no games\n"), 2u) << one.err;
  for (const char* jobs : {"2", "3"}) {
    const test::Run r = bpgn(dir, std::string("check --jobs ") + jobs + many);
    EXPECT_EQ(r.err, one.err) << "--jobs " << jobs;
    EXPECT_EQ(r.out, one.out) << "--jobs " << jobs;
  }
  // Standard input too.
  const test::Run in = test::run_shell(dir, std::string(BPGN_BINARY) + " check < " + empty);
  EXPECT_EQ(count(in.err, "standard input: no games\n"), 1u) << in.err;
}

TEST(EmptyInput, FmtInPlaceKeepsAnEmptyFileEmpty) {
  test::ScratchDir dir;
  const fs::path empty = dir / "empty.bpgn";
  write_file(empty, "");
  struct stat before {};
  ASSERT_EQ(::stat(empty.c_str(), &before), 0);
  const test::Run r = bpgn(dir, "fmt --in-place --allow-empty " + empty.string());
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(fs::file_size(empty), 0u);
  struct stat after {};
  ASSERT_EQ(::stat(empty.c_str(), &after), 0);
  EXPECT_EQ(before.st_ino, after.st_ino) << "an empty file is already canonical: not rewritten";
  EXPECT_NE(r.err.find("0 games read, 0 written"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("1 file: 0 rewritten, 1 already canonical"), std::string::npos) << r.err;
  EXPECT_EQ(bpgn(dir, "fmt --check --allow-empty " + empty.string()).code, 0);
  EXPECT_EQ(bpgn(dir, "fmt --in-place " + empty.string()).code, 1);  // a run that read no game
  // Blank space only: no game, so its canonical form is the empty file (docs/fmt.md).
  const fs::path blank = dir / "blank.bpgn";
  write_file(blank, "\n  \n\t\r\n");
  EXPECT_EQ(bpgn(dir, "fmt --check " + blank.string()).code, 1);
  EXPECT_EQ(bpgn(dir, "fmt --in-place --allow-empty " + blank.string()).code, 0);
  EXPECT_EQ(fs::file_size(blank), 0u);
}

}  // namespace
}  // namespace bpgn
