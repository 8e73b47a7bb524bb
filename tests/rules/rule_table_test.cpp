// The table of rule options (rules/rule_options.h): every value it prints parses back; every preset
// describes and re-parses to itself; RuleOverrides equals apply_override one by one; the option
// table and the preset table of docs/rules.md list exactly the table's keys and values.
#include "rules/rule_options.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace bpgn {
namespace {

std::vector<RuleSet> presets() {
  std::vector<RuleSet> out;
  for (std::string_view name : rule_set_names()) out.push_back(*rules_by_name(name));
  return out;
}

// Every documented value of every option, as describe() prints it (the words are the table's own).
std::vector<std::string> values_of(const RuleOption& o) {
  if (o.key == "pawn_drop_ranks") return {"2-7", "2,4-5,8", "1-8", "none", "8"};
  std::vector<std::string> out;
  std::string values(o.values.substr(0, o.values.find(" (")));
  std::stringstream in(values);
  for (std::string v; std::getline(in, v, ',');) out.push_back(v.substr(v.find_first_not_of(' ')));
  return out;
}

TEST(RuleTable, EveryValueParsesBackToWhatItPrints) {
  for (const RuleOption& o : rule_options()) {
    const std::vector<std::string> values = values_of(o);
    ASSERT_GE(values.size(), 2u) << o.key;
    for (const std::string& v : values) {
      RuleSet r = bughouse_rules();
      ASSERT_TRUE(o.parse(r, v)) << o.key << "=" << v;
      EXPECT_EQ(o.print(r), v) << o.key;
      // The printed value, through --set, gives the same rule set.
      RuleSet again = chess_rules();
      ASSERT_FALSE(apply_override(again, std::string(o.key) + "=" + o.print(r))) << o.key;
      RuleSet only = chess_rules();
      o.copy(only, r);
      EXPECT_EQ(again, only) << o.key << "=" << v;
    }
    RuleSet r = bughouse_rules();
    EXPECT_FALSE(o.parse(r, "nonsense")) << o.key;
    EXPECT_EQ(r, bughouse_rules()) << o.key;  // a value it does not know leaves the rules alone
  }
}

TEST(RuleTable, JsonKindsFitThePrintedValues) {
  for (const RuleSet& p : presets()) {
    for (const RuleOption& o : rule_options()) {
      const std::string v = o.print(p);
      if (o.json == JsonKind::Number) EXPECT_TRUE(v == "1" || v == "2") << o.key << "=" << v;
      if (o.json == JsonKind::Boolean) EXPECT_TRUE(v == "yes" || v == "no") << o.key << "=" << v;
    }
  }
  EXPECT_EQ(rule_option("boards")->json, JsonKind::Number);
  EXPECT_EQ(rule_option("drops")->json, JsonKind::Boolean);
  EXPECT_EQ(rule_option("pawn_drop_ranks")->json, JsonKind::String);
}

TEST(RuleTable, EveryPresetDescribesAndReparsesToItself) {
  for (const RuleSet& p : presets()) {
    for (const RuleSet& start : presets()) {
      RuleSet r = start;
      for (const std::string& kv : describe(p)) ASSERT_FALSE(apply_override(r, kv)) << kv;
      r.name = p.name;
      EXPECT_EQ(r, p) << start.name << " -> " << p.name;
    }
    EXPECT_EQ(rules_label(p), p.name);  // a preset has no changed options
    EXPECT_EQ(rules_name_with_overrides(p), p.name);
  }
}

TEST(RuleTable, DescribeFollowsTheTable) {
  const std::vector<std::string> d = describe(turkish_rules());
  ASSERT_EQ(d.size(), rule_options().size());
  for (std::size_t i = 0; i < d.size(); ++i) EXPECT_EQ(d[i].substr(0, d[i].find('=')), rule_options()[i].key);
}

TEST(RuleTable, OverridesApplyAsSetWouldOneByOne) {
  const std::vector<std::string> sets{"pawn_drop_ranks=2-5", "boards=1", "Drop-Mate=No", "pawn_drop_ranks=3",
                                      "promotion=discard"};
  RuleOverrides o;
  for (const std::string& s : sets) ASSERT_FALSE(o.add(s)) << s;
  for (const RuleSet& p : presets()) {
    RuleSet expected = p;
    for (const std::string& s : sets) ASSERT_FALSE(apply_override(expected, s));
    RuleSet r = p;
    o.apply(r);
    EXPECT_EQ(r, expected) << p.name;
    EXPECT_EQ(r.pawn_drop_ranks, 0b100) << p.name;  // the later pawn_drop_ranks wins
  }
  RuleOverrides bad;
  const auto error = bad.add("drop_mate=maybe");
  ASSERT_TRUE(error);
  EXPECT_EQ(*error, "drop_mate: 'maybe' is not one of: allowed, forbidden, forbidden_board_mate (or yes, no)");
  EXPECT_TRUE(bad.empty());
}

TEST(RuleTable, MessagesNameTheRuleSetWithItsOverrides) {
  RuleSet r = bughouse_rules();
  ASSERT_FALSE(apply_override(r, "pawn_drop_ranks=2-5"));
  EXPECT_EQ(rules_name_with_overrides(r), "bughouse with pawn_drop_ranks=2-5");
  ASSERT_FALSE(apply_override(r, "drop_check=forbidden"));
  EXPECT_EQ(rules_name_with_overrides(r), "bughouse with pawn_drop_ranks=2-5, drop_check=forbidden");
  EXPECT_EQ(rules_label(r), "bughouse pawn_drop_ranks=2-5 drop_check=forbidden");
  ASSERT_FALSE(apply_override(r, "pawn_drop_ranks=2-7"));  // back to the preset's value: not named
  EXPECT_EQ(rules_name_with_overrides(r), "bughouse with drop_check=forbidden");
}

// docs/rules.md, the lines of the table whose header starts with `first`, split into cells.
std::vector<std::vector<std::string>> docs_table(std::string_view first) {
  std::ifstream in(std::string(BPGN_CORPUS_DIR) + "/../docs/rules.md");
  EXPECT_TRUE(in) << "docs/rules.md";
  std::vector<std::vector<std::string>> rows;
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("| " + std::string(first) + " |", 0) == 0) {
      inside = true;
      continue;
    }
    if (!inside) continue;
    if (line.empty() || line[0] != '|') break;
    if (line.rfind("|---", 0) == 0) continue;
    std::vector<std::string> cells;
    std::size_t start = 1;
    for (std::size_t bar; (bar = line.find(" |", start)) != std::string::npos; start = bar + 2) {
      std::string cell = line.substr(start, bar - start);
      cell.erase(0, cell.find_first_not_of(' '));
      cells.push_back(cell);
    }
    rows.push_back(cells);
  }
  return rows;
}

std::string without_backticks(std::string s) {
  std::erase(s, '`');
  return s;
}

TEST(RuleTable, DocsOptionTableListsExactlyTheTable) {
  const auto rows = docs_table("key");
  ASSERT_EQ(rows.size(), rule_options().size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const RuleOption& o = rule_options()[i];
    ASSERT_GE(rows[i].size(), 2u);
    EXPECT_EQ(rows[i][0], "`" + std::string(o.key) + "`");
    EXPECT_EQ(without_backticks(rows[i][1]), o.values) << o.key;
    // Every value the docs quote parses.
    const std::string& cell = rows[i][1];
    for (std::size_t a = cell.find('`'); a != std::string::npos; a = cell.find('`', a + 1)) {
      const std::size_t b = cell.find('`', a + 1);
      ASSERT_NE(b, std::string::npos);
      RuleSet r = bughouse_rules();
      EXPECT_TRUE(o.parse(r, cell.substr(a + 1, b - a - 1))) << o.key << ": " << cell.substr(a + 1, b - a - 1);
      a = b;
    }
  }
}

TEST(RuleTable, DocsPresetTableAgreesWithDescribe) {
  const auto rows = docs_table("preset");
  ASSERT_EQ(rows.size(), rule_set_names().size());
  for (const auto& row : rows) {
    ASSERT_EQ(row.size(), rule_options().size() + 1);
    const std::string name = row[0].substr(1, row[0].size() - 2);
    const std::optional<RuleSet> p = rules_by_name(name);
    ASSERT_TRUE(p) << name;
    for (std::size_t i = 0; i < rule_options().size(); ++i) {
      if (row[i + 1] == "(unused)") continue;  // an option the preset never consults
      EXPECT_EQ(row[i + 1], rule_options()[i].print(*p)) << name << " " << rule_options()[i].key;
    }
  }
}

}  // namespace
}  // namespace bpgn
