// The violation table: contract names, severities, lookup by name, and docs/check.md's table
// (which must list every code with the same severity and text).
#include "replay/check_test_util.h"

#include <set>

namespace bpgn::check_test {
namespace {

// The codes of cli-contract.md, in its order; the last six are warnings there. Added since, at the
// end: stray-text (warning).
const std::vector<std::string> kContractCodes{
    "syntax",           "illegal-move",    "ambiguous-move", "king-left-in-check", "wrong-turn",
    "drop-not-in-holding", "drop-on-occupied", "pawn-drop-rank", "drop-gives-check", "drop-gives-mate",
    "promotion-invalid", "promotion-missing", "move-after-end", "move-number",      "clock-increase",
    "clock-order",      "check-suffix",    "result-mismatch", "missing-tag"};
const std::set<std::string> kContractWarnings{"move-number", "clock-increase", "clock-order", "check-suffix",
                                              "result-mismatch", "missing-tag"};

TEST(ViolationTable, MatchesTheContract) {
  // The contract's codes come first, in its order; codes added since follow them.
  ASSERT_GE(std::size_t(ViolationCode::Count_), kContractCodes.size());
  for (std::size_t i = 0; i < kContractCodes.size(); ++i) {
    const ViolationInfo& v = info(ViolationCode(i));
    EXPECT_EQ(v.code, kContractCodes[i]);
    EXPECT_EQ(v.severity == Severity::Warning, kContractWarnings.count(kContractCodes[i]) == 1) << v.code;
    EXPECT_FALSE(v.summary.empty());
    EXPECT_EQ(violation_code_from_name(kContractCodes[i]), ViolationCode(i));
  }
  EXPECT_FALSE(violation_code_from_name("no-such-code").has_value());
}

// Codes added after the contract: their names and severities (a note never is an error).
TEST(ViolationTable, CodesAddedForVerdicts) {
  EXPECT_EQ(violation_code_from_name("unexplained-result"), ViolationCode::UnexplainedResult);
  EXPECT_EQ(info(ViolationCode::UnexplainedResult).severity, Severity::Warning);
  EXPECT_EQ(violation_code_from_name("truncated-record"), ViolationCode::TruncatedRecord);
  EXPECT_EQ(info(ViolationCode::TruncatedRecord).severity, Severity::Error);
  EXPECT_EQ(violation_code_from_name("check-suffix-convention"), ViolationCode::CheckSuffixConvention);
  EXPECT_EQ(info(ViolationCode::CheckSuffixConvention).severity, Severity::Note);
  EXPECT_EQ(to_string(Severity::Note), "note");
}

TEST(ViolationTable, CodeAddedForStrayText) {
  EXPECT_EQ(violation_code_from_name("stray-text"), ViolationCode::StrayText);
  EXPECT_EQ(info(ViolationCode::StrayText).severity, Severity::Warning);
}

TEST(ViolationTable, CodesAddedForBughouseProRecords) {
  EXPECT_EQ(violation_code_from_name("nonstandard-san"), ViolationCode::NonstandardSan);
  EXPECT_EQ(info(ViolationCode::NonstandardSan).severity, Severity::Warning);
  EXPECT_EQ(violation_code_from_name("rule-tag"), ViolationCode::RuleTag);
  EXPECT_EQ(info(ViolationCode::RuleTag).severity, Severity::Warning);
  EXPECT_EQ(violation_code_from_name("unsupported-variant"), ViolationCode::UnsupportedVariant);
  EXPECT_EQ(info(ViolationCode::UnsupportedVariant).severity, Severity::Error);
}

TEST(ViolationTable, DocsListEveryCodeAsTheProgramDoes) {
  const std::string docs = read_file(std::string(BPGN_CORPUS_DIR) + "/../docs/check.md");
  ASSERT_FALSE(docs.empty());
  const std::size_t section = docs.find("## Violation codes");
  ASSERT_NE(section, std::string::npos);
  const std::size_t end = docs.find("\n## ", section + 1);
  std::istringstream lines(docs.substr(section, end - section));
  std::string line;
  std::size_t rows = 0;
  while (std::getline(lines, line)) {
    // | `code`<a id="code"></a> | severity | when |
    if (line.rfind("| `", 0) != 0) continue;
    const std::size_t c1 = line.find('`', 3);
    const std::string code = line.substr(3, c1 - 3);
    const std::size_t s0 = line.find("| ", c1) + 2;
    const std::size_t s1 = line.find(" |", s0);
    const std::string severity = line.substr(s0, s1 - s0);
    const std::string when = line.substr(s1 + 3, line.size() - s1 - 3 - 2);
    auto c = violation_code_from_name(code);
    ASSERT_TRUE(c.has_value()) << code;
    EXPECT_EQ(std::size_t(*c), rows) << "docs list the codes in the table's order: " << code;
    EXPECT_EQ(severity, to_string(info(*c).severity)) << code;
    EXPECT_EQ(when, info(*c).summary) << code;
    // The anchor the SARIF report's helpUri points at (check.md#code).
    EXPECT_NE(line.find("<a id=\"" + code + "\"></a>"), std::string::npos) << code;
    ++rows;
  }
  EXPECT_EQ(rows, std::size_t(ViolationCode::Count_));
}

}  // namespace
}  // namespace bpgn::check_test
