#include "output/report_json.h"

#include "core/fen.h"

#include <optional>
#include <string>

namespace bpgn {
namespace {

nlohmann::ordered_json string_or_null(std::string_view s) {
  if (s.empty()) return nullptr;
  return std::string(s);
}

}  // namespace

nlohmann::ordered_json rule_options_json(const RuleSet& rules) {
  // Rendered once per distinct rule set (per thread): a run has one or a few.
  thread_local std::optional<RuleSet> last;
  thread_local nlohmann::ordered_json rendered;
  if (last && *last == rules) return rendered;
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const RuleOption& o : rule_options()) {
    const std::string value = o.print(rules);
    switch (o.json) {
      case JsonKind::Number: j[std::string(o.key)] = std::stoi(value); break;
      case JsonKind::Boolean: j[std::string(o.key)] = value == "yes"; break;
      case JsonKind::String: j[std::string(o.key)] = value; break;
    }
  }
  last = rules;
  rendered = j;
  return j;
}

nlohmann::ordered_json violation_json(const Violation& v) {
  nlohmann::ordered_json j;
  const ViolationInfo& i = info(v.code);
  j["code"] = std::string(i.code);
  j["severity"] = std::string(to_string(v.severity));
  j["board"] = v.board ? nlohmann::ordered_json(board_name(*v.board)) : nlohmann::ordered_json(nullptr);
  j["color"] = v.color ? nlohmann::ordered_json(color_word(*v.color)) : nlohmann::ordered_json(nullptr);
  j["move_number"] = v.move_number ? nlohmann::ordered_json(*v.move_number) : nlohmann::ordered_json(nullptr);
  j["move"] = string_or_null(v.move);
  j["line"] = v.pos.line;
  j["column"] = v.pos.column;
  j["message"] = v.message;
  j["ply"] = v.ply ? nlohmann::ordered_json(*v.ply + 1) : nlohmann::ordered_json(nullptr);
  return j;
}

nlohmann::ordered_json outcome_json(const Outcome& o) {
  using json = nlohmann::ordered_json;
  json r;
  r["recorded"] = string_or_null(o.recorded);
  r["computed"] = string_or_null(o.computed);
  r["winner"] = string_or_null(to_string(o.winner));
  r["reason"] = string_or_null(to_string(o.reason));
  r["board"] = o.board ? json(board_name(*o.board)) : json(nullptr);
  if (o.points) {
    json points = json::object();
    for (Seat seat : {Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB}) {
      if (auto it = o.points->find(std::string(seat_tag(seat))); it != o.points->end())
        points[std::string(seat_tag(seat))] = it->second;
    }
    r["points"] = std::move(points);
  }
  return r;
}

nlohmann::ordered_json game_report_json(const Game& game, const ReplayResult& result, const ReportOptions& options) {
  using json = nlohmann::ordered_json;
  json j;
  const GameStatus status = status_of(game, result, options);
  const bool readable = status != GameStatus::Unreadable;
  j["index"] = game.index;
  j["file"] = game.file;
  j["line"] = game.start.line;
  j["rules"] = result.rules.name;
  j["status"] = std::string(to_string(status));
  json violations = json::array();
  for (const Violation& v : result.violations) {
    if (options.max_errors && violations.size() >= *options.max_errors) break;
    violations.push_back(violation_json(v));
  }
  j["violations"] = std::move(violations);

  if (readable) {
    json final = json::object();
    // Holdings always in brackets, `[]` when empty (cli-contract.md), also under chess.
    for (int b = 0; b < result.boards; ++b) final[board_name(Board(b))] = to_fen(result.final[b], true);
    j["final"] = std::move(final);
  } else {
    j["final"] = nullptr;
  }

  j["result"] = outcome_json(result.outcome);

  j["rule_options"] = rule_options_json(result.rules);
  j["violation_count"] = result.violations.size();
  j["plies"] = game.plies.size();
  if (readable) {
    json clocks = json::object();
    for (int b = 0; b < result.boards; ++b) clocks[board_name(Board(b))] = std::string(to_string(result.clocks[b]));
    j["clocks"] = std::move(clocks);
  } else {
    j["clocks"] = nullptr;
  }
  return j;
}

nlohmann::ordered_json summary_json(const CheckSummary& s) {
  nlohmann::ordered_json j;
  j["games"] = s.games;
  j["valid"] = s.valid;
  j["invalid"] = s.invalid;
  j["unreadable"] = s.unreadable;
  j["invalid_by_warnings"] = s.invalid_by_warnings;
  j["errors"] = s.errors;
  j["warnings"] = s.warnings;
  j["notes"] = s.notes;
  nlohmann::ordered_json codes = nlohmann::ordered_json::object();
  for (std::size_t c = 0; c < s.per_code.size(); ++c) {
    if (s.per_code[c]) codes[std::string(info(ViolationCode(c)).code)] = s.per_code[c];
  }
  j["codes"] = std::move(codes);
  nlohmann::ordered_json rules = nlohmann::ordered_json::object();
  for (const auto& [label, n] : s.rule_sets) rules[label] = n;
  j["rules"] = std::move(rules);
  return j;
}

std::string dump_json(const nlohmann::ordered_json& value) {
  return value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace bpgn
