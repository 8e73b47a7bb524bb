// bpgn summary merge on files that are not summaries this program writes: refused in its own
// words with the file and line (and column for a JSON syntax error), exit 3, nothing written;
// deep nesting cannot crash it and counts cannot wrap around (issue 22).
#include "cli/binary_run.h"
#include "support/scratch_dir.h"

#include <nlohmann/json.hpp>

#include <fstream>

namespace bpgn::check_test {
namespace {

using OrderedJson = nlohmann::ordered_json;

struct Merge {
  test::ScratchDir dir;
  int files = 0;
  // A file holding `text`; its path.
  std::string file(const std::string& text) {
    const std::string path = (dir / ("s" + std::to_string(++files) + ".json")).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  BinaryRun run(const std::vector<std::string>& paths) {
    std::string args = "summary merge";
    for (const std::string& p : paths) args += " '" + p + "'";
    return run_binary(args);
  }
};

// What a refusal looks like: exit 3, no output, the message in the program's words.
void expect_refused(const BinaryRun& r, const std::string& message) {
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find(message), std::string::npos) << "wanted: " << message << "\ngot: " << r.err;
  EXPECT_NE(r.err.find("bpgn summary merge: nothing written\n"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("json.exception"), std::string::npos) << r.err;
}

TEST(SummaryMerge, DeepNestingIsRefusedNotACrash) {
  Merge m;
  const std::size_t depth = 100000;
  std::string deep;
  for (std::size_t i = 0; i < depth; ++i) deep += "{\"a\":";
  deep += "1" + std::string(depth, '}') + "\n";
  const std::string objects = m.file(deep);
  expect_refused(m.run({objects}), objects + ":1: not a summary: /a/a: an object where a summary has a count");
  const std::string arrays = m.file(std::string(depth, '[') + std::string(depth, ']') + "\n");
  expect_refused(m.run({arrays}), arrays + ":1: not a summary: it is an array, not a JSON object");
  // Inside a summary too.
  std::string in_codes = "{\"command\":\"check\",\"codes\":{\"x\":";
  for (std::size_t i = 0; i < depth; ++i) in_codes += "[";
  const std::string codes = m.file(in_codes + "\n");
  expect_refused(m.run({codes}), codes + ":1: not a summary: /codes/x: an array where a summary has a count");
}

TEST(SummaryMerge, CountsAreWholeNumbersAndTheirSumsDoNotWrap) {
  Merge m;
  const std::string top = m.file("{\"command\":\"check\",\"games\":18446744073709551615}\n");
  const std::string three = m.file("{\"command\":\"check\",\"games\":3}\n");
  expect_refused(m.run({top, three}), three + ":1: cannot be added: the sum of /games would exceed 18446744073709551615");
  for (const std::string value : {"-3", "1.5", "3.0", "1e2", "18446744073709551616", "true", "null"}) {
    const std::string f = m.file("{\"command\":\"check\",\"codes\":{\"x\":" + value + "}}\n");
    expect_refused(m.run({three, f}),
                   f + ":1: not a summary: /codes/x: " + value +
                       " is not a count (a whole number from 0 to 18446744073709551615)");
  }
  const std::string text = m.file("{\"command\":\"check\",\"games\":\"7\"}\n");
  expect_refused(m.run({text}), text + ":1: not a summary: /games: a text where a summary has a count");
  // The largest count itself is taken.
  const BinaryRun ok = m.run({top, m.file("{\"command\":\"check\",\"games\":0}\n")});
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out, "{\"command\":\"check\",\"games\":18446744073709551615,\"summaries_merged\":2}\n");
}

TEST(SummaryMerge, WhatNoSummaryHoldsIsRefused) {
  Merge m;
  const std::string good = m.file("{\"command\":\"check\",\"games\":1}\n");
  const std::string empty = m.file("");
  expect_refused(m.run({good, empty}), empty + ": no summary in it (an empty file)");
  const std::string blank = m.file("\n  \n");
  expect_refused(m.run({blank}), blank + ": no summary in it (an empty file)");
  const std::string syntax = m.file(R"({"command":"check","games":x})" "\n");
  expect_refused(m.run({syntax}), syntax + ":1:28: not a summary: malformed JSON\n");
  const std::string cut = m.file("\n" R"({"command":"check","games":1)" "\n");
  expect_refused(m.run({cut}), cut + ":2:29: not a summary: the JSON ends too early\n");
  const std::string twice = m.file(R"({"command":"check","games":1,"games":2})" "\n");
  expect_refused(m.run({twice}), twice + ":1: not a summary: /games appears twice");
  const std::string nameless = m.file(R"({"games":1})" "\n");
  expect_refused(m.run({nameless}), nameless + ":1: not a summary: it has no \"command\"");
  const std::string fmt = m.file(R"({"command":"fmt","games_read":1})" "\n");
  expect_refused(m.run({good, fmt}), fmt + ":1: a summary of fmt cannot be added to one of check");
  const std::string missing = (m.dir / "missing.json").string();
  expect_refused(m.run({missing, good}), "cannot read " + missing + ": No such file or directory");
  // Every bad file is named, not only the first.
  const BinaryRun both = m.run({empty, syntax});
  EXPECT_NE(both.err.find(empty + ": no summary"), std::string::npos) << both.err;
  EXPECT_NE(both.err.find(syntax + ":1:28"), std::string::npos) << both.err;
}

TEST(SummaryMerge, RealSummariesAndMergedOnesAddUp) {
  Merge m;
  const std::string game = m.file("[Event \"t\"]\n[Result \"*\"]\n\n1. e4 e5 *\n");
  const std::string a = (m.dir / "a.json").string(), b = (m.dir / "b.json").string();
  ASSERT_EQ(run_binary("check -q --valid-out '" + (m.dir / "v1.pgn").string() + "' --summary-json '" + a + "' '" +
                       game + "'")
                .exit_code,
            0);
  ASSERT_EQ(run_binary("check -q --valid-out '" + (m.dir / "v2.pgn").string() + "' --summary-json '" + b + "' '" +
                       game + "' '" + game + "'")
                .exit_code,
            0);
  const BinaryRun ab = m.run({a, b});
  ASSERT_EQ(ab.exit_code, 0) << ab.err;
  const std::string merged = m.file(ab.out);
  const BinaryRun again = m.run({merged, a});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  const OrderedJson j = OrderedJson::parse(again.out);
  EXPECT_EQ(j["games"], 4);
  EXPECT_EQ(j["summaries_merged"], 3);  // a merged summary counts as the ones it was made of
  EXPECT_EQ(j["written_to"]["valid"], OrderedJson::array({(m.dir / "v1.pgn").string(), (m.dir / "v2.pgn").string()}));
  EXPECT_EQ(j.items().begin().key(), "command");
  EXPECT_EQ((--j.end()).key(), "summaries_merged");
  for (const char* command : {"fmt --fix", "convert --to json"}) {
    const std::string s1 = (m.dir / "f1.json").string(), s2 = (m.dir / "f2.json").string();
    ASSERT_EQ(run_binary(std::string(command) + " --summary-json '" + s1 + "' '" + game + "'").exit_code, 0);
    ASSERT_EQ(run_binary(std::string(command) + " --summary-json '" + s2 + "' '" + game + "'").exit_code, 0);
    const BinaryRun r = m.run({s1, s2});
    EXPECT_EQ(r.exit_code, 0) << command << ": " << r.err;
    EXPECT_EQ(OrderedJson::parse(r.out)["games_read"], 2) << command;
  }
}

}  // namespace
}  // namespace bpgn::check_test
