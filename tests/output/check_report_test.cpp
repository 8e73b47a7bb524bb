// The check report writers: the diagnostic line, the summary, the JSON object of a game.
#include "output/report_options.h"
#include "replay/check_summary.h"
#include "output/report_json.h"
#include "output/report_text.h"
#include "replay/check_test_util.h"

#include <nlohmann/json.hpp>

namespace bpgn::check_test {
namespace {

TEST(CheckReport, DiagnosticLine) {
  // 2A. exd5 hands Black B a pawn; White B has nothing to drop. "N@f3" is at line 5, column 26.
  const std::string text = bpgn("1A. e4 1a. d5 2A. exd5 1B. N@f3");
  Checked c = check_text(text);
  ASSERT_EQ(c.result.violations.size(), 1u);
  const SourcePos pos = pos_of(text, "N@f3");
  EXPECT_EQ(diagnostic_line(c.game, c.result.violations[0]),
            "test.bpgn:" + std::to_string(pos.line) + ":" + std::to_string(pos.column) +
                ": error[drop-not-in-holding]: White (wb) on board B drops a knight at 1B. N@f3, but holds nothing; no move recorded after it supplies one");
}

TEST(CheckReport, WarningsAndMaxErrors) {
  // Three move-number warnings on one board (each a new offset) and one error on board B.
  const std::string text = bpgn("3A. e4 1a. e5 5A. Nf3 9a. Nc6 1B. Nf4");
  Checked c = check_text(text);
  ASSERT_EQ(c.result.violations.size(), 4u) << codes_of(c.result);
  std::ostringstream all, limited;
  write_text_diagnostics(all, c.game, c.result, {});
  EXPECT_EQ(lines_count(all.str()), 4u);
  EXPECT_NE(all.str().find("warning[move-number]"), std::string::npos);
  ReportOptions options;
  options.max_errors = 2;
  write_text_diagnostics(limited, c.game, c.result, options);
  EXPECT_EQ(lines_count(limited.str()), 3u);  // two listed, one note
  EXPECT_NE(limited.str().find("2 more violation(s)"), std::string::npos) << limited.str();

  EXPECT_EQ(status_of(c.game, c.result, {}), GameStatus::Invalid);
}

TEST(CheckReport, StrictMakesWarningsCount) {
  Checked c = check_text(bpgn("1A. e4 1a. e5 3A. Nf3"));
  ASSERT_FALSE(c.result.has_error());
  EXPECT_EQ(status_of(c.game, c.result, {}), GameStatus::Valid);
  ReportOptions strict;
  strict.strict = true;
  EXPECT_EQ(status_of(c.game, c.result, strict.strict), GameStatus::Invalid);
}

// A note (the record marks no check: 2A. Qh5 checks after 1a. f6): `note[...]` in text, "note" in
// JSON, counted as a note in the summary, and the game stays valid, also under --strict.
TEST(CheckReport, NotesNeverChangeTheStatus) {
  const std::string text = bpgn("1A. e4 1a. f6 2A. Qh5 2a. g6");
  Checked c = check_text(text);
  ASSERT_EQ(c.result.violations.size(), 1u) << codes_of(c.result);
  const Violation& v = c.result.violations[0];
  const SourcePos pos = pos_of(text, "Qh5");
  EXPECT_EQ(diagnostic_line(c.game, v),
            "test.bpgn:" + std::to_string(pos.line) + ":" + std::to_string(pos.column) +
                ": note[check-suffix-convention]: the record marks no check with '+' or '#': 1 checking move "
                "(0 mates) written without a suffix");
  EXPECT_EQ(nlohmann::ordered_json::parse(violation_json(v))["severity"], "note");
  EXPECT_FALSE(c.result.has_error());
  ReportOptions strict;
  strict.strict = true;
  EXPECT_EQ(status_of(c.game, c.result, {}), GameStatus::Valid);
  EXPECT_EQ(status_of(c.game, c.result, strict.strict), GameStatus::Valid);

  CheckSummary s;
  s.add(GameStatus::Valid, c.result);
  std::ostringstream out;
  write_text_summary(out, s);
  EXPECT_EQ(out.str(),
            "bpgn check: 1 game read: 1 valid, 0 invalid, 0 unreadable; 0 errors, 0 warnings, 1 note\n"
            "  note    check-suffix-convention 1\n"
            "  rules   bughouse             1\n");
  const nlohmann::ordered_json j = nlohmann::ordered_json::parse(summary_json(s));
  EXPECT_EQ(j["warnings"], 0);
  EXPECT_EQ(j["notes"], 1);
}

TEST(CheckReport, Summary) {
  CheckSummary s;
  Checked valid = check_text(bpgn("1A. e4"));
  Checked invalid = check_text(bpgn("1A. Nf4"));
  s.add(GameStatus::Valid, valid.result);
  s.add(GameStatus::Invalid, invalid.result);
  std::ostringstream out;
  write_text_summary(out, s);
  EXPECT_EQ(out.str(),
            "bpgn check: 2 games read: 1 valid, 1 invalid, 0 unreadable; 1 error, 0 warnings\n"
            "  error   illegal-move         1\n"
            "  rules   bughouse             2\n");
  const nlohmann::ordered_json j = nlohmann::ordered_json::parse(summary_json(s));
  EXPECT_EQ(j["games"], 2);
  EXPECT_EQ(j["codes"]["illegal-move"], 1);
  EXPECT_EQ(j["codes"].size(), 1u);
  EXPECT_EQ(j["rules"]["bughouse"], 2);
}

TEST(CheckReport, RulesLabelNamesTheChangedOptions) {
  EXPECT_EQ(rules_label(bughouse_rules()), "bughouse");
  RuleSet r = swedish_rules();
  ASSERT_FALSE(apply_override(r, "pawn_drop_ranks=2-6").has_value());
  EXPECT_EQ(rules_label(r), "swedish pawn_drop_ranks=2-6");
}

// rule_options is rendered once per rule set and then copied: whatever order rule sets come in, and
// more of them than the writer keeps, each report shows its own rule set's options.
TEST(CheckReport, RuleOptionsFollowTheRuleSetThroughTheCache) {
  std::vector<RuleSet> sets = {bughouse_rules(), crazyhouse_rules(), swedish_rules()};
  for (const char* ranks : {"2-5", "2-6", "3-7", "1-7", "2-3", "4-5", "none", "2,4,6"}) {
    RuleSet r = bughouse_rules();
    ASSERT_FALSE(apply_override(r, std::string("pawn_drop_ranks=") + ranks).has_value()) << ranks;
    sets.push_back(r);
  }
  for (int round = 0; round < 2; ++round) {
    for (std::size_t k = 0; k < sets.size(); ++k) {
      const RuleSet& r = sets[round == 0 ? k : sets.size() - 1 - k];
      const nlohmann::ordered_json j = nlohmann::ordered_json::parse(rule_options_json(r));
      ASSERT_EQ(j.size(), rule_options().size());
      for (const RuleOption& o : rule_options()) {
        const std::string value = o.print(r);
        const nlohmann::ordered_json& got = j[std::string(o.key)];
        switch (o.json) {
          case JsonKind::Number: EXPECT_EQ(got, std::stoi(value)) << o.key; break;
          case JsonKind::Boolean: EXPECT_EQ(got, value == "yes") << o.key; break;
          case JsonKind::String: EXPECT_EQ(got, value) << o.key; break;
        }
      }
    }
  }
  // By hand: bughouse plays on two boards, crazyhouse on one; the override is the value shown.
  EXPECT_EQ(nlohmann::ordered_json::parse(rule_options_json(sets[0]))["boards"], 2);
  EXPECT_EQ(nlohmann::ordered_json::parse(rule_options_json(sets[1]))["boards"], 1);
  EXPECT_EQ(nlohmann::ordered_json::parse(rule_options_json(sets[3]))["pawn_drop_ranks"], "2-5");
  EXPECT_EQ(nlohmann::ordered_json::parse(rule_options_json(sets[0]))["pawn_drop_ranks"], "2-7");
}

TEST(CheckReport, GameJson) {
  const std::string text = bpgn("1A. e4 1a. d5 2A. exd5 1B. N@f3");
  Checked c = check_text(text);
  const nlohmann::ordered_json j = nlohmann::ordered_json::parse(game_report_json(c.game, c.result, {}));
  // The contract's fields in its order.
  std::vector<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  const std::vector<std::string> contract{"index", "file", "line", "rules", "status", "violations", "final", "result"};
  ASSERT_GE(keys.size(), contract.size());
  EXPECT_EQ(std::vector<std::string>(keys.begin(), keys.begin() + 8), contract);
  EXPECT_EQ(j["status"], "invalid");
  EXPECT_EQ(j["line"], 1);
  // Board A after 1. e4 d5 2. exd5 (Black to move), the captured pawn in Black B's holding.
  EXPECT_EQ(j["final"]["A"], "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 2");
  EXPECT_EQ(j["final"]["B"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[p] w KQkq - 0 1");
  const auto& v = j["violations"][0];
  std::vector<std::string> vkeys;
  for (auto it = v.begin(); it != v.end(); ++it) vkeys.push_back(it.key());
  EXPECT_EQ(vkeys, (std::vector<std::string>{"code", "severity", "board", "color", "move_number", "move", "line",
                                             "column", "message", "ply"}));
  // 1B. N@f3 is the record's fourth ply; White on board B holds nothing.
  EXPECT_EQ(v["code"], "drop-not-in-holding");
  EXPECT_EQ(v["ply"], 4);
  EXPECT_TRUE(j["result"]["winner"].is_null());
  EXPECT_EQ(j["result"]["recorded"], "*");
}

TEST(CheckReport, NullFieldsWhereNoMoveIsConcerned) {
  Checked c = check_text("[Event \"x\"]\n[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n\n1A. e4 *\n");
  ASSERT_EQ(c.result.violations.size(), 1u);  // Result is missing
  const nlohmann::ordered_json v = nlohmann::ordered_json::parse(violation_json(c.result.violations[0]));
  EXPECT_EQ(v["code"], "missing-tag");
  EXPECT_EQ(v["severity"], "warning");
  for (const char* k : {"board", "color", "move_number", "move", "ply"}) EXPECT_TRUE(v[k].is_null()) << k;
}

TEST(CheckReport, PointsInSeatOrder) {
  // check and convert --to json write `result` through one function: the seats in the order of
  // the BPGN tags, whatever order the outcome holds them in.
  Outcome o;
  o.points.emplace();
  (*o.points)["BlackB"] = 1.5;
  (*o.points)["WhiteA"] = 2;
  (*o.points)["WhiteB"] = 0;
  (*o.points)["BlackA"] = 0.5;
  const nlohmann::ordered_json r = nlohmann::ordered_json::parse(outcome_json(o));
  std::vector<std::string> seats;
  for (auto it = r["points"].begin(); it != r["points"].end(); ++it) seats.push_back(it.key());
  EXPECT_EQ(seats, (std::vector<std::string>{"WhiteA", "BlackA", "WhiteB", "BlackB"}));
  EXPECT_EQ(r["points"]["BlackB"], 1.5);
}

TEST(CheckReport, OneBoardFinalHasEmptyBracketsUnderChess) {
  // cli-contract.md: holdings in brackets, `[]` when empty; no en passant square (no white pawn
  // stands ready to take on e6: the core writes it only then).
  Checked c = check_text(pgn("1. e4 e5", "", "*"));
  const nlohmann::ordered_json j = nlohmann::ordered_json::parse(game_report_json(c.game, c.result, {}));
  ASSERT_EQ(j["final"].size(), 1u);
  EXPECT_EQ(j["final"]["A"], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq - 0 2");
}

}  // namespace
}  // namespace bpgn::check_test
