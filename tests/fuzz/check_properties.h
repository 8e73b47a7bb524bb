// What `bpgn check` guarantees for any bytes (checked by fuzz_check and, on corpus/regressions/, by
// tests/robustness): through run_check (as the command line runs it) and through the replay under
// the record's default rules, `turkish` and `crazyhouse`, nothing crashes or throws; every game the
// reader finds is reported exactly once, in order; the exit code agrees with the statuses.
#pragma once

#include "cli/check_command.h"
#include "pipeline/run/exit_codes.h"
#include "fuzz/fuzz_support.h"
#include "output/report_options.h"
#include "replay/check_summary.h"
#include "output/report_json.h"
#include "output/report_text.h"
#include "record/reader.h"
#include "replay/replay.h"
#include "rules/rule_set.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

namespace bpgn::fuzz::check_detail {

using bpgn::fuzz::require;

// Every game replayed in process under one rule set (when given) or the record's default,
// with everything fmt and convert ask for (positions, canonical SAN), and its reports written.
inline std::size_t replay_all(std::string_view text, const bpgn::RuleSet* preset) {
  bpgn::Reader reader("fuzz", text);
  bpgn::Game game;
  std::size_t games = 0;
  std::ostringstream sink;
  while (reader.next(game)) {
    ++games;
    const bpgn::RuleSet base = preset ? *preset : bpgn::default_rules_for_record(game);
    const bpgn::RuleSet rules = bpgn::rules_for_record(game, base, bpgn::RuleOverrides{});
    bpgn::ReplayOptions options;
    options.tolerance_seconds = bpgn::default_tolerance(game);
    options.keep_positions = true;
    const bpgn::ReplayResult result = bpgn::replay(game, rules, options);
    require(result.plies.size() == game.plies.size(), "replay result not parallel to the plies");
    require(result.boards == 1 || result.boards == 2, "a match on neither one nor two boards");
    if (game.error) require(result.has_error(), "a syntax error that the replay does not count as an error");
    for (int b = 0; b < result.boards; ++b) {
      const char* broken = bpgn::fuzz::broken_invariant(result.final[b], rules);
      // A record's own FEN may hold what the rules never produce (pawns on the last rank), and a
      // record with nothing readable has no position; from the standard start the replay must not
      // create a broken position, unless an illegal action nobody claimed was played as it was made
      // (a pawn dropped on its first rank stands there: illegal_action=claimed, docs/rules.md).
      const bool as_made = std::any_of(result.violations.begin(), result.violations.end(),
                                       [](const bpgn::Violation& v) { return v.fate == bpgn::ActionFate::PlayedOn; });
      if (broken && game.readable() && !game.tag("FEN") && !game.tag("SetUp") && !as_made) bpgn::fuzz::fail(broken);
    }
    for (std::size_t i = 0; i < result.plies.size(); ++i) {
      const bpgn::PlyOutcome& ply = result.plies[i];
      if (ply.replayed) require(!ply.canonical_san.empty(), "a replayed ply without canonical SAN");
    }
    const bpgn::ReportOptions report;
    require(nlohmann::json::accept(bpgn::game_report_json(game, result, report)), "a game report that is not JSON");
    bpgn::write_text_diagnostics(sink, game, result, report);
    sink.str({});
  }
  return games;
}

inline bpgn::CheckConfig config_for(const std::string& path, const char* rules, const char* format) {
  bpgn::CheckConfig config;
  config.files = {path};
  config.rule_options.rules = rules;
  config.format = format;
  config.threads.jobs = 1;  // one thread: the same input takes the same path (repeatable fuzz runs)
  return config;
}

}  // namespace bpgn::fuzz::check_detail

namespace bpgn::fuzz {

// `thorough`: every run_check below; else (fuzzing, where speed is coverage) the JSONL run and one
// of the other two, chosen by the input's size.
inline void check_properties(std::string_view text, bool thorough = true) {
  using namespace check_detail;
  static const bpgn::RuleSet turkish = bpgn::turkish_rules();
  static const bpgn::RuleSet crazyhouse = bpgn::crazyhouse_rules();

  const std::size_t games = replay_all(text, nullptr);
  require(replay_all(text, &turkish) == games, "turkish replay saw another number of games");
  require(replay_all(text, &crazyhouse) == games, "crazyhouse replay saw another number of games");
  // One board with claims: illegal actions nobody claimed are played as made (a king may be taken).
  static const bpgn::RuleSet claimed_crazyhouse = [] {
    bpgn::RuleSet r = bpgn::crazyhouse_rules();
    r.illegal_action_loses = true;
    r.illegal_action = bpgn::IllegalAction::Claimed;
    r.drop_check = false;
    return r;
  }();
  require(replay_all(text, &claimed_crazyhouse) == games, "claimed crazyhouse replay saw another number of games");

  const bpgn::fuzz::MemFile file(text);
  std::ostringstream out, err;

  // JSONL, the record's default rules: one line per game, indices 1..N, statuses agreeing with the
  // exit code.
  const int code = bpgn::run_check(config_for(file.path(), "", "jsonl"), out, err);
  require(code == bpgn::kExitClean || code == bpgn::kExitInvalid, "check exit code not 0 or 1", err.str());
  std::istringstream lines(out.str());
  std::string line;
  std::size_t index = 0;
  bool all_valid = true;
  while (std::getline(lines, line)) {
    ++index;
    const auto j = nlohmann::json::parse(line, nullptr, false);
    require(!j.is_discarded(), "a JSONL line that is not JSON", line);
    require(j.value("index", std::size_t{0}) == index, "JSONL indices not 1..N in order", line);
    const std::string status = j.value("status", std::string());
    require(status == "valid" || status == "invalid" || status == "unreadable", "unknown status", line);
    all_valid = all_valid && status == "valid";
  }
  require(index == games, "check --format jsonl did not report every game", out.str());
  // No game at all is exit 1 too (`no games read`, docs/check.md, Exit codes).
  require((code == bpgn::kExitClean) == (all_valid && games > 0), "exit code disagrees with the statuses");

  // One JSON document under turkish: every game in it, and in the summary.
  if (thorough || text.size() % 2 == 0) {
    out.str({});
    err.str({});
    const int code_turkish = bpgn::run_check(config_for(file.path(), "turkish", "json"), out, err);
    require(code_turkish == bpgn::kExitClean || code_turkish == bpgn::kExitInvalid, "check exit code not 0 or 1");
    const auto document = nlohmann::json::parse(out.str(), nullptr, false);
    require(!document.is_discarded(), "check --format json wrote no JSON document", out.str());
    require(document["games"].size() == games, "check --format json did not report every game");
    require(document["summary"].value("games", std::size_t{0}) == games, "summary game count is wrong");
  }

  // Text diagnostics under crazyhouse.
  if (thorough || text.size() % 2 == 1) {
    out.str({});
    err.str({});
    const int code_text = bpgn::run_check(config_for(file.path(), "crazyhouse", "text"), out, err);
    require(code_text == bpgn::kExitClean || code_text == bpgn::kExitInvalid, "check exit code not 0 or 1");
  }
}

}  // namespace bpgn::fuzz
