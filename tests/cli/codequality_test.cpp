// check --format codequality: GitLab's Code Quality report. Every object is checked against the
// fields GitLab documents for it (docs.gitlab.com, "Code Quality report format": description,
// check_name, fingerprint, severity one of info, minor, major, critical, blocker, location.path,
// location.lines.begin), against the JSON report of the same run, and its fingerprints for being
// unique and stable when lines move.
#include "cli/binary_run.h"
#include "output/report_codequality.h"
#include "pipeline/run/exit_codes.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>

namespace bpgn::check_test {
namespace {

namespace fs = std::filesystem;

std::string codequality_corpus() { return std::string(BPGN_CORPUS_DIR); }

// The problems of one object as GitLab's documented format would find them; empty: none.
std::string gitlab_problems(const nlohmann::json& issue) {
  static const std::set<std::string> severities{"info", "minor", "major", "critical", "blocker"};
  if (!issue.is_object()) return "not an object";
  for (const char* key : {"description", "check_name", "fingerprint", "severity"}) {
    if (!issue.contains(key) || !issue[key].is_string()) return std::string("no string ") + key;
    if (std::string(issue[key]).empty()) return std::string("empty ") + key;
  }
  if (!severities.count(std::string(issue["severity"]))) return "severity " + std::string(issue["severity"]);
  const std::string fingerprint = issue["fingerprint"];
  if (fingerprint.size() != 32 || fingerprint.find_first_not_of("0123456789abcdef") != std::string::npos) {
    return "fingerprint " + fingerprint;
  }
  if (!issue.contains("location") || !issue["location"].is_object()) return "no location object";
  const nlohmann::json& location = issue["location"];
  if (!location.contains("path") || !location["path"].is_string() || std::string(location["path"]).empty()) {
    return "no location.path";
  }
  if (!location.contains("lines") || !location["lines"].is_object()) return "no location.lines";
  const nlohmann::json& begin = location["lines"]["begin"];
  if (!begin.is_number_integer() || begin.get<long long>() < 1) return "location.lines.begin " + begin.dump();
  return "";
}

TEST(Codequality, TheCheckerRejectsWhatGitlabWouldNot) {
  const nlohmann::json good = nlohmann::json::parse(
      R"({"description":"d","check_name":"c","fingerprint":"0123456789abcdef0123456789abcdef","severity":"minor",)"
      R"("location":{"path":"a.bpgn","lines":{"begin":3}}})");
  EXPECT_EQ(gitlab_problems(good), "");
  for (const auto& [pointer, value] : std::vector<std::pair<std::string, nlohmann::json>>{
           {"/severity", "error"}, {"/severity", "warning"}, {"/fingerprint", "xyz"}, {"/description", 3},
           {"/check_name", ""}, {"/location/path", nullptr}, {"/location/lines/begin", 0},
           {"/location/lines/begin", "3"}, {"/location/lines", 3}}) {
    nlohmann::json bad = good;
    bad[nlohmann::json::json_pointer(pointer)] = value;
    EXPECT_NE(gitlab_problems(bad), "") << pointer << " = " << value.dump();
  }
  nlohmann::json no_location = good;
  no_location.erase("location");
  EXPECT_NE(gitlab_problems(no_location), "");
}

TEST(Codequality, EveryViolationOfTheCorpusIsAnIssueGitlabReads) {
  const std::string missing = temp_path("cq_missing.bpgn");
  const std::string inputs = shell_quoted(codequality_corpus()) + " " + shell_quoted(missing);
  const BinaryRun cq = run_binary("check --format codequality " + inputs);
  EXPECT_EQ(cq.exit_code, kExitIo) << cq.err;
  const BinaryRun json = run_binary("check --format json " + inputs);
  const nlohmann::json issues = nlohmann::json::parse(cq.out);
  const nlohmann::json reference = nlohmann::json::parse(json.out);
  ASSERT_TRUE(issues.is_array());
  std::vector<std::tuple<std::string, std::string, std::string, long long>> want;
  for (const nlohmann::json& g : reference["games"]) {
    for (const nlohmann::json& v : g["violations"]) {
      const std::string severity = v["severity"] == "error" ? "major" : v["severity"] == "warning" ? "minor" : "info";
      const long long line = v["line"].is_null() ? g["line"].get<long long>() : v["line"].get<long long>();
      want.emplace_back(v["code"], severity, g["file"], line);
    }
  }
  ASSERT_GT(want.size(), 100u);
  ASSERT_EQ(issues.size(), want.size() + 1) << "one issue per violation and one for the missing input";
  std::set<std::string> fingerprints;
  for (std::size_t k = 0; k < issues.size(); ++k) {
    const nlohmann::json& issue = issues[k];
    ASSERT_EQ(gitlab_problems(issue), "") << issue.dump();
    EXPECT_TRUE(fingerprints.insert(std::string(issue["fingerprint"])).second) << "repeated: " << issue.dump();
    if (k == want.size()) {
      EXPECT_EQ(issue["check_name"], "unreadable-input");
      EXPECT_EQ(issue["severity"], "critical");
      EXPECT_EQ(issue["location"]["path"], missing);
      continue;
    }
    const auto& [code, severity, file, line] = want[k];
    EXPECT_EQ(issue["check_name"], code);
    EXPECT_EQ(issue["severity"], severity) << code;
    EXPECT_EQ(issue["location"]["path"], file);
    EXPECT_EQ(issue["location"]["lines"]["begin"], line) << issue.dump();
    EXPECT_TRUE(std::string(issue["description"]).starts_with(code + ": ")) << issue.dump();
  }
  // The same bytes with --jobs 2, pieces cut anywhere.
  EXPECT_EQ(run_binary("check --format codequality --jobs 2 --piece-bytes 4096 " + inputs).out, cq.out);
}

std::string cq_game(const std::string& white) {
  return "[Event \"e\"]\n[White \"" + white + "\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";
}

TEST(Codequality, FingerprintsStayWhenLinesMoveAndDifferForRepeats) {
  const std::string a = write_temp("cq_a.pgn", cq_game("x") + cq_game("y"));
  const std::string b = write_temp("cq_b.pgn", "\n\n\n" + cq_game("x") + cq_game("x") + cq_game("y"));
  const nlohmann::json one = nlohmann::json::parse(run_binary("check --format codequality " + shell_quoted(a)).out);
  const nlohmann::json two = nlohmann::json::parse(run_binary("check --format codequality " + shell_quoted(b)).out);
  ASSERT_EQ(one.size(), 2u);
  ASSERT_EQ(two.size(), 3u);
  // The file's name is part of what a finding is: compare within the same name.
  fs::rename(b, a);
  const nlohmann::json moved = nlohmann::json::parse(run_binary("check --format codequality " + shell_quoted(a)).out);
  ASSERT_EQ(moved.size(), 3u);
  EXPECT_EQ(moved[0]["location"]["lines"]["begin"], 9);  // three lines lower
  EXPECT_EQ(moved[0]["fingerprint"], one[0]["fingerprint"]) << "x's finding moved three lines down";
  EXPECT_EQ(moved[2]["fingerprint"], one[1]["fingerprint"]) << "y's finding";
  EXPECT_NE(moved[1]["fingerprint"], moved[0]["fingerprint"]) << "the repeat of x's game";
  EXPECT_NE(one[0]["fingerprint"], one[1]["fingerprint"]);
  fs::remove(a);
}

TEST(Codequality, AnEmptyReportIsAnEmptyArrayAndTextIsEscaped) {
  const std::string clean =
      write_temp("cq_clean.pgn", "[Event \"e\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n");
  const BinaryRun r = run_binary("check --format codequality " + shell_quoted(clean));
  EXPECT_EQ(r.exit_code, kExitClean);
  EXPECT_EQ(r.out, "[]\n");
  const std::string hostile = write_temp("cq_\"q\"\xff.pgn", cq_game("\\\"}]\x1b[2J\\\\"));  // escaped as PGN escapes a quote and a backslash
  const BinaryRun h = run_binary("check --format codequality " + shell_quoted(hostile));
  const nlohmann::json issues = nlohmann::json::parse(h.out);  // well-formed UTF-8 JSON
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(gitlab_problems(issues[0]), "");
  EXPECT_NE(std::string(issues[0]["location"]["path"]).find("cq_\"q\"\\xff.pgn"), std::string::npos);
  EXPECT_NE(std::string(issues[0]["description"]).find("\"}]<U+001B>[2J\\"), std::string::npos) << issues[0].dump();
  fs::remove(clean);
  fs::remove(hostile);
}

TEST(Codequality, SeveritiesAreGitlabsWords) {
  EXPECT_EQ(codequality_severity(Severity::Error), "major");
  EXPECT_EQ(codequality_severity(Severity::Warning), "minor");
  EXPECT_EQ(codequality_severity(Severity::Note), "info");
  EXPECT_EQ(codequality_fingerprint("a"), codequality_fingerprint("a"));
  EXPECT_NE(codequality_fingerprint("a"), codequality_fingerprint("b"));
  EXPECT_EQ(codequality_fingerprint("").size(), 32u);
}

}  // namespace
}  // namespace bpgn::check_test
