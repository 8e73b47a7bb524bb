// check as the archivist uses it: duplicates found across dialects, filters, canonical sorted
// outputs, --summary-json, and counts that add up on a mixed input (issue 12).
#include "cli/binary_run.h"
#include "io/archive_fixture.h"
#include "support/scratch_dir.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <regex>

namespace bpgn::check_test {
namespace {

using Json = nlohmann::json;

std::string corpus(const std::string& name) { return read_file(std::string(BPGN_CORPUS_DIR) + "/" + name); }

// The same match without its clocks and comments, with bare moves numbered as the record has
// them: how another archive might have exported it.
std::string without_comments(const std::string& text) {
  return std::regex_replace(text, std::regex(R"(\{[^}]*\})"), "");
}

Json summary_file(const std::string& path) { return Json::parse(read_file(path)); }

TEST(Duplicates, TheSameMatchInAnotherLayoutIsFoundAndNamed) {
  test::ScratchDir dir;
  const std::string original = corpus("fics/1934301.bpgn");
  std::string changed = original;  // one move different: not a duplicate
  const std::size_t at = changed.find("2A. h3");
  ASSERT_NE(at, std::string::npos);
  changed.replace(at, 6, "2A. h4");
  const std::string in = (dir / "in.bpgn").string();
  std::ofstream(in) << original << "\n" << changed << "\n" << without_comments(original) << "\n"
                    << run_binary("fmt '" + std::string(BPGN_CORPUS_DIR) + "/fics/1934301.bpgn'").out;
  const std::string dup = (dir / "dup.bpgn").string(), good = (dir / "good.bpgn").string(),
                    bad = (dir / "bad.bpgn").string(), sum = (dir / "s.json").string();
  const BinaryRun r = run_binary("check --duplicates-out '" + dup + "' --valid-out '" + good + "' --invalid-out '" +
                                 bad + "' --summary-json '" + sum + "' '" + in + "'");
  // Games 3 (no comments) and 4 (canonical) repeat game 1; game 2 differs in one move.
  EXPECT_NE(r.out.find(": note[duplicate-game]: this match repeats game 1 (" + in + ":1) move for move on both boards"),
            std::string::npos)
      << r.out;
  const std::regex note(R"(([^\n]*):(\d+):\d+: note\[duplicate-game\])");
  std::vector<int> lines;
  for (std::sregex_iterator it(r.out.begin(), r.out.end(), note), end; it != end; ++it) lines.push_back(std::stoi((*it)[2]));
  EXPECT_EQ(lines.size(), 2u) << r.out;
  EXPECT_NE(r.err.find("repeats duplicates           2"), std::string::npos) << r.err;
  const Json s = summary_file(sum);
  EXPECT_EQ(s["duplicates"], 2);
  EXPECT_EQ(s["games_read"], 4);
  EXPECT_EQ(s["codes"]["duplicate-game"], 2);
  EXPECT_EQ(s["written"]["duplicate"], 2);
  EXPECT_EQ(s["written"]["valid"].get<int>() + s["written"].value("invalid", 0), 2);
  // The duplicates file holds games 3 and 4 as found; the first copy stays with the valid games.
  EXPECT_EQ(run_binary("check -q '" + dup + "'").err.find("bpgn check: 2 games read"), 0u);
  EXPECT_NE(read_file(good).find("2A. h3"), std::string::npos);
  // In parallel (pieces cut between and inside games) every report and file is that of one thread.
  for (const char* format : {"text", "jsonl", "json"}) {
    const std::string one = run_binary(std::string("check --jobs 1 --duplicates --format ") + format + " '" + in + "'").out;
    for (const char* pieces : {"100", "1000", "65536"}) {
      EXPECT_EQ(run_binary(std::string("check --jobs 2 --duplicates --piece-bytes ") + pieces + " --format " + format +
                           " '" + in + "'")
                    .out,
                one)
          << format << " " << pieces;
    }
  }
  const std::string dup2 = (dir / "dup2.bpgn").string(), sum2 = (dir / "s2.json").string();
  run_binary("check -q --jobs 2 --piece-bytes 500 --duplicates-out '" + dup2 + "' --summary-json '" + sum2 + "' '" + in + "'");
  EXPECT_EQ(read_file(dup2), read_file(dup));
  EXPECT_EQ(summary_file(sum2)["duplicates"], 2);
  // Without --duplicates nothing is compared.
  EXPECT_EQ(run_binary("check '" + in + "'").out.find("duplicate-game"), std::string::npos);
}

// A duplicate is the same game: the same players and moves, and the same date and clocks where
// both records have them. Aborted 0-move matches of other players or dates, the same two plies
// played by other players or on another day, and the same moves with other clocks are distinct.
TEST(Duplicates, OnlyTheSameGameIsADuplicate) {
  test::ScratchDir dir;
  auto match = [](const std::string& players, const std::string& date, const std::string& moves) {
    std::string text = "[Event \"e\"]\n";
    if (!date.empty()) text += "[Date \"" + date + "\"]\n";
    text += "[WhiteA \"" + players + "1\"][BlackA \"" + players + "2\"][WhiteB \"" + players + "3\"][BlackB \"" +
            players + "4\"]\n[Result \"*\"]\n\n" + moves + " *\n\n";
    return text;
  };
  const std::string in = (dir / "in.bpgn").string();
  const std::string clocks_a = "1A. e4 {[%clk 0:02:59]} 1a. e5 {[%clk 0:02:58]}";
  const std::string clocks_b = "1A. e4 {[%clk 0:02:50]} 1a. e5 {[%clk 0:02:58]}";
  std::ofstream(in) << match("p", "2020.01.01", "") << match("q", "2020.01.02", "")  // 1, 2: aborted
                    << match("p", "2020.01.01", clocks_a)                            // 3
                    << match("q", "2020.01.01", clocks_a)                            // 4: other players
                    << match("p", "2020-01-02", clocks_a)                            // 5: another day
                    << match("p", "2020.01.01", clocks_b)                            // 6: other clocks
                    << match("P", "", "1A. e4 1a. e5")                               // 7 (line 43): = 3
                    << match("p", "2020-01-01", "");                                 // 8 (line 49): = 1
  const BinaryRun r = run_binary("check --duplicates '" + in + "'");
  const std::regex note(R"(note\[duplicate-game\]: this match repeats game (\d+) )");
  std::vector<std::string> firsts;
  for (std::sregex_iterator it(r.out.begin(), r.out.end(), note), end; it != end; ++it) firsts.push_back((*it)[1]);
  EXPECT_EQ(firsts, (std::vector<std::string>{"3", "1"})) << r.out;
  // Game 7 (the names in other case, no date, no clocks) repeats game 3; game 8 (the date written
  // with dashes) repeats game 1.
  EXPECT_NE(r.out.find(in + ":43:1: note[duplicate-game]: this match repeats game 3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(in + ":49:1: note[duplicate-game]: this match repeats game 1"), std::string::npos) << r.out;
}

// Four small games with tags the filters read.
std::string tagged(const std::string& white_a, const std::string& date, const std::string& result, int elo,
                   const std::string& tc, const std::string& moves) {
  return "[Event \"t\"]\n[Date \"" + date + "\"]\n[WhiteA \"" + white_a + "\"][WhiteAElo \"" + std::to_string(elo) +
         "\"]\n[BlackA \"ba\"][BlackAElo \"1500\"]\n[WhiteB \"wb\"]\n[BlackB \"bb\"]\n[TimeControl \"" + tc +
         "\"]\n[Result \"" + result + "\"]\n\n" + moves + " " + result + "\n\n";
}

TEST(Filters, EachFilterSelectsItsGamesAndTheRestAreCounted) {
  test::ScratchDir dir;
  const std::string in = (dir / "in.bpgn").string();
  std::ofstream(in) << tagged("Alice", "2019.03.05", "1-0", 1800, "180+0", "1A. e4 1a. e5")
                    << tagged("bob", "2020.01.10", "0-1", 1400, "120+0", "1A. e4 1a. e5 1B. d4 1b. d5")
                    << tagged("Carol", "2019.??.??", "*", 2100, "180+0", "1A. e4 1a. d5 1B. N@f3")
                    << tagged("ALICE ", "2021.07.01", "1/2-1/2", 1600, "300+0", "1A. d4");
  struct Case {
    std::string options;
    std::size_t checked;
  };
  const std::vector<Case> cases = {
      {"--player alice", 2},                 // any case, spaces around ignored
      {"--player 'c*'", 1},                  // a pattern
      {"--player bb", 4},                    // any seat
      {"--team 'bb+alice'", 2},              // partners in either order
      {"--team 'alice+ba'", 0},              // opponents are no team
      {"--date-from 2019.03 --date-to 2019.12.31", 2},  // 2019.??.?? overlaps the range
      {"--date-from 2020", 2},
      {"--result 1-0 --result 0-1", 2},
      {"--elo-min 1500", 3},                 // every rating given >= 1500
      {"--elo-min 1500 --elo-max 2000", 2},
      {"--time-control 180+0", 2},
      {"--min-plies 3", 2},
      {"--max-plies 2", 2},
      {"--tag 'Date=2019*'", 2},
      {"--has drop-not-in-holding", 1},
      {"--lacks drop-not-in-holding", 3},
      {"--variant bughouse", 4},
      {"--variant chess", 0},
      {"--player alice --time-control 300+0", 1},  // filters combine: all must hold
  };
  for (const Case& c : cases) {
    const std::string sum = (dir / "s.json").string();
    const BinaryRun r = run_binary("check --format jsonl --summary-json '" + sum + "' " + c.options + " '" + in + "'");
    const Json s = summary_file(sum);
    EXPECT_EQ(s["games"], c.checked) << c.options;
    EXPECT_EQ(s["filtered"], 4 - c.checked) << c.options;
    EXPECT_EQ(s["games_read"], 4) << c.options;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), std::ptrdiff_t(c.checked)) << c.options;
    // The same in parallel, with pieces small enough to cut between and inside games.
    const std::string sum2 = (dir / "s2.json").string();
    const BinaryRun parallel = run_binary("check --format jsonl --jobs 2 --piece-bytes 97 --summary-json '" + sum2 +
                                          "' " + c.options + " '" + in + "'");
    EXPECT_EQ(parallel.out, r.out) << c.options;
    EXPECT_EQ(read_file(sum2), read_file(sum)) << c.options;
    const BinaryRun text = run_binary("check -q " + c.options + " '" + in + "'");
    EXPECT_NE(text.err.find("4 games read, " + std::to_string(4 - c.checked) + " left out by filters; " +
                         std::to_string(c.checked) + " checked"),
              std::string::npos)
        << text.err;
  }
  // Filtered games keep their place in the numbering; the JSON document stays well formed.
  const BinaryRun j = run_binary("check --format json --player carol '" + in + "'");
  EXPECT_EQ(run_binary("check --format json --jobs 2 --piece-bytes 50 --player carol '" + in + "'").out, j.out);
  const Json doc = Json::parse(j.out);
  ASSERT_EQ(doc["games"].size(), 1u);
  EXPECT_EQ(doc["games"][0]["index"], 3);
  EXPECT_EQ(doc["summary"]["filtered"], 3);
  // Malformed filters are usage errors.
  for (const char* bad : {"--date-from 2019.3.x", "--tag Date", "--team alice", "--has no-such-code",
                          "--variant nonsense"}) {
    EXPECT_EQ(run_binary(std::string("check ") + bad + " '" + in + "'").exit_code, 2) << bad;
  }
}

// Dates that do not exist are refused like malformed ones (exit 2), naming the part at fault;
// real edge dates are taken.
TEST(ArchivistFilters, DatesThatDoNotExistAreUsageErrors) {
  const std::string in = std::string(BPGN_CORPUS_DIR) + "/fics/1934301.bpgn";
  const struct {
    const char* option;
    const char* message;
  } bad[] = {
      {"--date-from 2021.13", "bpgn check: --date-from '2021.13': there is no month 13 (months are 01 to 12)"},
      {"--date-from 2021.00", "bpgn check: --date-from '2021.00': there is no month 00 (months are 01 to 12)"},
      {"--date-to 2021.02.29", "bpgn check: --date-to '2021.02.29': there is no day 29 in that month (it has 28)"},
      {"--date-to 2021.04.31", "bpgn check: --date-to '2021.04.31': there is no day 31 in that month (it has 30)"},
      {"--date-from 2021.01.0", "bpgn check: --date-from '2021.01.0': there is no day 0 in that month (it has 31)"},
  };
  for (const auto& b : bad) {
    const BinaryRun r = run_binary(std::string("check -q ") + b.option + " '" + in + "'");
    EXPECT_EQ(r.exit_code, 2) << b.option;
    EXPECT_NE(r.err.find(b.message), std::string::npos) << r.err;
  }
  for (const char* good : {"--date-from 2024.02.29", "--date-to 2021.12.31", "--date-from 2021.1", "--date-to 2000.02.29"}) {
    EXPECT_NE(run_binary(std::string("check -q ") + good + " '" + in + "'").exit_code, 2) << good;
  }
}

TEST(SortedOutputs, CanonicalWritesWhatFmtWrites) {
  test::ScratchDir dir;
  const std::string in = (dir / "in.bpgn").string();
  std::ofstream(in) << corpus("fics/1934301.bpgn") << "\n" << bpgn("1A. e4 1a. d5 1B. N@f3") << "\n"
                    << "[Event \"broken]\n\n" << corpus("fics/1283326.bpgn");
  const std::string good = (dir / "g.bpgn").string(), bad = (dir / "b.bpgn").string(), u = (dir / "u.bpgn").string();
  for (const char* jobs : {"2 --piece-bytes 300", "1"}) {  // the files of the last run are looked at below
    const BinaryRun r = run_binary(std::string("check -q --jobs ") + jobs + " --canonical --valid-out '" + good +
                                   "' --invalid-out '" + bad + "' --unreadable-out '" + u + "' '" + in + "'");
    EXPECT_NE(r.err.find("games written canonical: 2 valid"), std::string::npos) << r.err;
    if (std::string(jobs) != "1") {
      const std::string parallel_good = read_file(good), parallel_bad = read_file(bad), parallel_u = read_file(u);
      run_binary("check -q --jobs 1 --canonical --valid-out '" + good + "' --invalid-out '" + bad +
                 "' --unreadable-out '" + u + "' '" + in + "'");
      EXPECT_EQ(parallel_good, read_file(good));
      EXPECT_EQ(parallel_bad, read_file(bad));
      EXPECT_EQ(parallel_u, read_file(u));
    }
  }
  const std::string both = (dir / "both.bpgn").string();
  std::ofstream(both) << corpus("fics/1934301.bpgn") << "\n" << corpus("fics/1283326.bpgn");
  EXPECT_EQ(read_file(good), run_binary("fmt '" + both + "'").out);
  // Written canonically, the files are what fmt leaves alone.
  EXPECT_EQ(run_binary("fmt --check '" + good + "'").exit_code, 0);
  EXPECT_NE(read_file(bad).find("N@f3"), std::string::npos);
  EXPECT_EQ(read_file(u), "[Event \"broken]\n");
}

TEST(Counting, EveryNumberAddsUpOnAMixedInput) {
  test::ScratchDir dir;
  // Valid, invalid, unreadable, a duplicate, a filtered game, in a plain file and a compressed archive.
  const std::string a = corpus("fics/1934301.bpgn"), b = corpus("fics/1283326.bpgn");
  const std::string plain = (dir / "p.bpgn").string(), zip = (dir / "z.zip").string();
  std::ofstream(plain) << a << "\n" << bpgn("1A. e4 1a. d5 1B. N@f3") << "\n[Event \"broken]\n\n"
                       << tagged("skipme", "2019.01.01", "*", 1500, "1+0", "1A. e4");
  test::write_archive(zip, test::Filter::None, test::Container::Zip, {{"x.bpgn", b + "\n" + a}, {"y.bpgn", bpgn("1A. e4")}});
  const std::string sum = (dir / "s.json").string();
  const std::vector<std::string> outs = {(dir / "v.bpgn.gz").string(), (dir / "i.bpgn").string(),
                                         (dir / "u.bpgn").string(), (dir / "d.bpgn.zst").string()};
  const BinaryRun run = run_binary("check -q --valid-out '" + outs[0] + "' --invalid-out '" + outs[1] +
                                   "' --unreadable-out '" + outs[2] + "' --duplicates-out '" + outs[3] +
                                   "' --tag 'WhiteA=[!s]*' --summary-json '" + sum + "' '" + plain + "' '" + zip + "'");
  EXPECT_EQ(run.exit_code, 1) << run.err;
  const Json s = summary_file(sum);
  // Filters and sorting without duplicates run in parallel too, with the same counts.
  const std::string sum2 = (dir / "s2.json").string();
  run_binary("check -q --jobs 2 --piece-bytes 200 --valid-out '" + (dir / "v2.bpgn").string() + "' --invalid-out '" +
             (dir / "i2.bpgn").string() + "' --unreadable-out '" + (dir / "u2.bpgn").string() +
             "' --tag 'WhiteA=[!s]*' --summary-json '" + sum2 + "' '" + plain + "' '" + zip + "'");
  Json s2 = summary_file(sum2);
  EXPECT_EQ(s2["games_read"], s["games_read"]);
  EXPECT_EQ(s2["filtered"], s["filtered"]);
  EXPECT_EQ(s2["games"], s["games"]);
  EXPECT_EQ(s2["written"]["valid"], s["written"]["valid"].get<int>() + 1);  // the duplicate stays with the valid ones
  EXPECT_EQ(read_file((dir / "i2.bpgn").string()), read_file(outs[1]));
  EXPECT_EQ(read_file((dir / "u2.bpgn").string()), read_file(outs[2]));
  // 7 games: a, invalid, broken, skipme | b, a (duplicate), y.
  EXPECT_EQ(s["inputs"], 2);
  EXPECT_EQ(s["games_read"], 7);
  EXPECT_EQ(s["filtered"], 2);  // skipme; the broken game has no WhiteA tag
  EXPECT_EQ(s["games"], 5);
  EXPECT_EQ(s["games"], s["valid"].get<int>() + s["invalid"].get<int>() + s["unreadable"].get<int>());
  EXPECT_EQ(s["games_read"], s["games"].get<int>() + s["filtered"].get<int>());
  EXPECT_EQ(s["duplicates"], 1);
  int written = 0;
  for (const auto& [k, v] : s["written"].items()) written += v.get<int>();
  EXPECT_EQ(written, s["games"]);
  EXPECT_EQ(s["written"]["duplicate"], 1);
  EXPECT_NE(run.err.find("7 games read, 2 left out by filters; 5 checked"), std::string::npos) << run.err;
  // Each output reads back with the games said.
  EXPECT_NE(run_binary("check -q '" + outs[0] + "'").err.find(std::to_string(s["written"]["valid"].get<int>()) +
                                                               " games read"),
            std::string::npos);
  EXPECT_NE(run_binary("check -q '" + outs[3] + "'").err.find("1 game read"), std::string::npos);
}

TEST(SummaryMerge, ShardsAddUpToOneRun) {
  test::ScratchDir dir;
  const std::string a = (dir / "a.bpgn").string(), b = (dir / "b.bpgn").string();
  std::ofstream(a) << corpus("fics/1934301.bpgn") << "\n" << bpgn("1A. e4 1a. d5 1B. N@f3");
  std::ofstream(b) << corpus("fics/2001-03-03-fifteen-games.bpgn") << "\n[Event \"broken]\n\n";
  const std::string sa = (dir / "sa.json").string(), sb = (dir / "sb.json").string(), all = (dir / "all.json").string();
  run_binary("check -q --summary-json '" + sa + "' '" + a + "'");
  run_binary("check -q --summary-json '" + sb + "' '" + b + "'");
  run_binary("check -q --summary-json '" + all + "' '" + a + "' '" + b + "'");
  const BinaryRun merged = run_binary("summary merge '" + sa + "' '" + sb + "'");
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  Json m = Json::parse(merged.out);
  EXPECT_EQ(m["summaries_merged"], 2);
  m.erase("summaries_merged");
  EXPECT_EQ(m, summary_file(all));
  // Lines of standard input too; a file that is no summary is an input error, exit 3, with its line.
  const std::string both = (dir / "both.jsonl").string();
  std::ofstream(both) << read_file(sa) << read_file(sb);
  EXPECT_EQ(Json::parse(run_binary("summary merge -", both).out)["games"], summary_file(all)["games"]);
  const std::string junk = (dir / "junk.json").string();
  std::ofstream(junk) << read_file(sa) << "{\"games\":\"x\"}\n";
  const BinaryRun bad = run_binary("summary merge '" + junk + "'");
  EXPECT_EQ(bad.exit_code, 3);
  EXPECT_NE(bad.err.find(junk + ":2: not a summary"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace bpgn::check_test
