// The SARIF rules' help: each violation code's entry of docs/check.md ("Violation codes", compiled
// in), as Markdown and as plain text; a help link only to an https address.
#include "output/report_sarif.h"
#include "output/rule_help.h"
#include "replay/check_summary.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace bpgn {
namespace {

std::string rule_help_docs_check_md() {
  std::ifstream in(std::string(BPGN_CORPUS_DIR) + "/../docs/check.md");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(RuleHelp, EveryCodeHasItsEntryFromTheDocs) {
  const std::string docs = rule_help_docs_check_md();
  ASSERT_FALSE(docs.empty());
  for (std::size_t k = 0; k < std::size_t(ViolationCode::Count_); ++k) {
    const ViolationCode code = ViolationCode(k);
    const std::string entry = violation_entry(code);
    ASSERT_FALSE(entry.empty()) << info(code).code;
    // The row's text is the docs' own, as the docs say it today (not a copy made at build time of
    // something else).
    const std::string first_line = entry.substr(0, entry.find('\n'));
    EXPECT_NE(docs.find(" | " + first_line + " |\n"), std::string::npos) << info(code).code << ": " << first_line;
  }
  EXPECT_EQ(violation_entry(ViolationCode::DropNotInHolding),
            "the dropped piece is not in the mover's holding at that moment");
}

TEST(RuleHelp, TheNotesOnWhereACodeIsReportedComeWithIt) {
  const std::string entry = violation_entry(ViolationCode::ResultMismatch);
  EXPECT_NE(entry.find("- `result-mismatch` points at the result token"), std::string::npos) << entry;
  // A note on several lines keeps them.
  const std::string stray = violation_entry(ViolationCode::StrayText);
  EXPECT_NE(stray.find("text quoted in the message"), std::string::npos) << stray;
  EXPECT_NE(stray.find("`formats.md` says what counts as stray text"), std::string::npos) << stray;
  // A note that does not name the code stays out.
  EXPECT_EQ(violation_entry(ViolationCode::DropOnOccupied).find("- "), std::string::npos);
}

TEST(RuleHelp, MarkdownAndTextSayTheSameAndWhereTheDocsAre) {
  const RuleHelp local = rule_help(ViolationCode::IllegalMove, "", "file:///usr/share/doc/bpgn");
  EXPECT_TRUE(local.markdown.starts_with("**`illegal-move`** (error): no piece of the named kind")) << local.markdown;
  EXPECT_NE(local.markdown.find("An error: the game is invalid."), std::string::npos);
  EXPECT_NE(local.markdown.find("Installed with bpgn: `file:///usr/share/doc/bpgn/check.md`"), std::string::npos);
  EXPECT_EQ(local.markdown.find("]("), std::string::npos) << "no link without an https address";
  EXPECT_TRUE(local.text.starts_with("illegal-move (error): no piece of the named kind")) << local.text;
  EXPECT_EQ(local.text.find('`'), std::string::npos) << local.text;
  EXPECT_EQ(local.text.find("**"), std::string::npos) << local.text;

  const RuleHelp web = rule_help(ViolationCode::IllegalMove, "https://example.org/bpgn/check.md", "");
  EXPECT_NE(web.markdown.find("](https://example.org/bpgn/check.md#illegal-move)"), std::string::npos) << web.markdown;
  EXPECT_EQ(web.markdown.find("Installed"), std::string::npos);
  EXPECT_EQ(web.text.find("https://"), std::string::npos) << "the link's target is not text: " << web.text;
}

nlohmann::json rule_help_sarif_rules(const std::string& docs_uri) {
  std::ostringstream out;
  SarifOptions options;
  options.docs_uri = docs_uri;
  SarifReport report(out, options);
  report.begin();
  report.finish(CheckSummary{});
  return nlohmann::json::parse(out.str())["runs"][0]["tool"]["driver"];
}

TEST(RuleHelp, SarifRulesCarryTheHelpAndAHelpUriOnlyForHttps) {
  const nlohmann::json local = rule_help_sarif_rules("file:///usr/share/doc/bpgn");
  EXPECT_FALSE(local.contains("informationUri"));
  ASSERT_EQ(local["rules"].size(), std::size_t(ViolationCode::Count_));
  for (const nlohmann::json& rule : local["rules"]) {
    EXPECT_FALSE(rule.contains("helpUri")) << rule["id"];
    const std::string id = rule["id"];
    const std::string md = rule["help"]["markdown"], text = rule["help"]["text"];
    EXPECT_TRUE(md.starts_with("**`" + id + "`**")) << md;
    EXPECT_TRUE(text.starts_with(id + " (")) << text;
  }
  // Nor for an address that is not https.
  EXPECT_FALSE(rule_help_sarif_rules("http://example.org/docs")["rules"][0].contains("helpUri"));
  const nlohmann::json web = rule_help_sarif_rules("https://example.org/docs");
  EXPECT_EQ(web["informationUri"], "https://example.org/docs/check.md");
  EXPECT_EQ(web["rules"][1]["helpUri"], "https://example.org/docs/check.md#illegal-move");
  EXPECT_NE(std::string(web["rules"][1]["help"]["markdown"]).find("(https://example.org/docs/check.md#illegal-move)"),
            std::string::npos);
}

}  // namespace
}  // namespace bpgn
