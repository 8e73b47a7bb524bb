#include "output/report_json.h"

#include "core/fen.h"
#include "text/visible_text.h"

#include <string>
#include <utility>
#include <vector>

namespace bpgn {
namespace {

std::string render_rule_options(const RuleSet& rules) {
  std::string text;
  JsonWriter w(text);
  w.begin_object();
  for (const RuleOption& o : rule_options()) {
    const std::string value = o.print(rules);
    w.key(o.key);
    switch (o.json) {
      case JsonKind::Number: w.number(std::stoi(value)); break;
      case JsonKind::Boolean: w.boolean(value == "yes"); break;
      case JsonKind::String: w.string(value); break;
    }
  }
  w.end_object();
  return text;
}

// A report's two boards' FENs or clocks: {"A": ..., "B": ...} (just "A" for one board).
template <class Value>
void write_per_board(JsonWriter& w, int boards, Value&& value) {
  w.begin_object();
  for (int b = 0; b < boards; ++b) {
    w.key(board_name(Board(b)));
    value(b);
  }
  w.end_object();
}

// visible_text(s) as a JSON string, with no copy when it changes nothing (printable ASCII: a
// file name, nearly always).
void write_visible(JsonWriter& w, std::string_view s) {
  if (is_plain_text(s)) w.string(s);
  else w.string(visible_text(s));
}

// shown_message(m) as a JSON string, as above.
void write_message(JsonWriter& w, std::string_view m) {
  if (m.size() <= kMessageBytes && is_plain_text(m)) w.string(m);
  else w.string(shown_message(m));
}

template <class Write>
std::string to_text(Write&& write) {
  std::string text;
  JsonWriter w(text);
  write(w);
  return text;
}

}  // namespace

void write_rule_options(JsonWriter& w, const RuleSet& rules) {
  // A run applies one or a few rule sets: each is rendered once (per thread), then copied.
  constexpr std::size_t kCached = 8;
  thread_local std::vector<std::pair<RuleSet, std::string>> cache;
  for (const auto& [set, text] : cache) {
    if (set == rules) {
      w.raw(text);
      return;
    }
  }
  if (cache.size() == kCached) cache.erase(cache.begin());
  cache.emplace_back(rules, render_rule_options(rules));
  w.raw(cache.back().second);
}

void write_violation(JsonWriter& w, const Violation& v) {
  w.begin_object();
  w.key("code").string(info(v.code).code);
  w.key("severity").string(to_string(v.severity));
  w.key("board");
  v.board ? w.string(board_name(*v.board)) : w.null();
  w.key("color");
  v.color ? w.string(color_word(*v.color)) : w.null();
  w.key("move_number").number_or_null(v.move_number);
  w.key("move").text_or_null(v.move);
  w.key("line").number(v.pos.line);
  w.key("column").number(v.pos.column);
  w.key("message");
  write_message(w, v.message);
  w.key("ply");
  v.ply ? w.number(*v.ply + 1) : w.null();
  if (v.fate) {
    // An illegal action under illegal_action_loses=yes: decided (automatic), claimed, or not
    // claimed, and then whether play went on from it (docs/check.md, *JSON*).
    w.key("claim").string(claim_word(*v.fate));
    if (*v.fate == ActionFate::PlayedOn || *v.fate == ActionFate::NotPlayable) {
      w.key("played_on").boolean(*v.fate == ActionFate::PlayedOn);
    }
  }
  w.end_object();
}

void write_outcome(JsonWriter& w, const Outcome& o) {
  w.begin_object();
  w.key("recorded").string_or_null(o.recorded);
  w.key("computed").string_or_null(o.computed);
  w.key("winner").string_or_null(to_string(o.winner));
  w.key("reason").string_or_null(to_string(o.reason));
  w.key("board");
  o.board ? w.string(board_name(*o.board)) : w.null();
  if (o.points) {
    w.key("points").begin_object();
    for (Seat seat : {Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB}) {
      if (auto it = o.points->find(std::string(seat_tag(seat))); it != o.points->end())
        w.key(seat_tag(seat)).number(it->second);
    }
    w.end_object();
  }
  w.key("source").string(to_string(o.source));
  if (o.unclaimed_illegal_ply) w.key("unclaimed_illegal_ply").number(*o.unclaimed_illegal_ply + 1);
  if (o.adjudication) {
    const Adjudication& a = *o.adjudication->decision;
    w.key("adjudication").begin_object();
    w.key("decision").string(a.decision == Adjudication::Decision::Result   ? "result"
                             : a.decision == Adjudication::Decision::Points ? "points"
                                                                            : "replay");
    if (a.decision == Adjudication::Decision::Result) w.key("result").string(a.result);
    if (a.board) w.key("board").string(board_name(*a.board));
    if (a.special_award) w.key("award").string("special");
    // The points: as given, or (a result under Turkish scoring) the points of that result.
    if (a.decision == Adjudication::Decision::Points ||
        (a.decision == Adjudication::Decision::Result && !o.adjudication->points.empty())) {
      w.key("points").begin_object();
      for (Seat seat : {Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB}) {
        if (auto it = o.adjudication->points.find(std::string(seat_tag(seat))); it != o.adjudication->points.end())
          w.key(seat_tag(seat)).number(it->second);
      }
      w.end_object();
    }
    w.key("reason").string(visible_text(a.reason));
    w.key("file").string(visible_text(o.adjudication->source));
    w.key("line").number(a.line);
    w.end_object();
  }
  w.end_object();
}

void write_game_report(JsonWriter& w, const Game& game, const ReplayResult& result, const ReportOptions& options) {
  w.begin_object();
  w.key("index").number(game.index);
  write_game_report_contract_members(w, game, result, options);
  w.key("file_index").number(game.file_index);
  write_game_report_other_members(w, game, result);
}

void write_game_report_contract_members(JsonWriter& w, const Game& game, const ReplayResult& result,
                                        const ReportOptions& options) {
  const GameStatus status = status_of(game, result, options.strict);
  const bool readable = status != GameStatus::Unreadable;
  w.key("file");
  write_visible(w, game.file);
  w.key("line").number(game.start.line);
  w.key("rules").string(result.rules.name);
  w.key("status").string(to_string(status));
  w.key("violations").begin_array();
  std::size_t listed = 0;
  for (const Violation& v : result.violations) {
    if (options.max_errors && listed >= *options.max_errors) break;
    write_violation(w, v);
    ++listed;
  }
  w.end_array();

  w.key("final");
  if (readable) {
    // Holdings always in brackets, `[]` when empty (cli-contract.md), also under chess.
    write_per_board(w, result.boards, [&](int b) {
      w.plain_string([&](std::string& out) { append_fen(result.final[b], true, out); });
    });
  } else {
    w.null();
  }

  w.key("result");
  write_outcome(w, result.outcome);
}

void write_game_report_other_members(JsonWriter& w, const Game& game, const ReplayResult& result) {
  const bool readable = game.readable();  // as status_of says Unreadable
  w.key("rule_options");
  write_rule_options(w, result.rules);
  w.key("violation_count").number(result.violations.size());
  w.key("plies").number(game.plies.size());
  w.key("clocks");
  if (readable) {
    write_per_board(w, result.boards, [&](int b) { w.string(to_string(result.clocks[b])); });
  } else {
    w.null();
  }
  w.end_object();
}

void write_summary(JsonWriter& w, const CheckSummary& s) {
  w.begin_object();
  write_summary_members(w, s);
  w.end_object();
}

void write_summary_members(JsonWriter& w, const CheckSummary& s) {
  w.key("games").number(s.games);
  w.key("valid").number(s.valid);
  w.key("invalid").number(s.invalid);
  w.key("unreadable").number(s.unreadable);
  w.key("invalid_by_warnings").number(s.invalid_by_warnings);
  w.key("errors").number(s.errors);
  w.key("warnings").number(s.warnings);
  w.key("notes").number(s.notes);
  w.key("codes").begin_object();
  for (std::size_t c = 0; c < s.per_code.size(); ++c) {
    if (s.per_code[c]) w.key(info(ViolationCode(c)).code).number(s.per_code[c]);
  }
  w.end_object();
  w.key("rules").begin_object();
  for (const auto& [label, n] : s.rule_sets) w.key(label).number(n);
  w.end_object();
  if (s.filtered) w.key("filtered").number(*s.filtered);
  if (s.duplicates) w.key("duplicates").number(*s.duplicates);
}

std::string rule_options_json(const RuleSet& rules) {
  return to_text([&](JsonWriter& w) { write_rule_options(w, rules); });
}
std::string violation_json(const Violation& v) {
  return to_text([&](JsonWriter& w) { write_violation(w, v); });
}
std::string outcome_json(const Outcome& o) {
  return to_text([&](JsonWriter& w) { write_outcome(w, o); });
}
std::string game_report_json(const Game& game, const ReplayResult& result, const ReportOptions& options) {
  return to_text([&](JsonWriter& w) { write_game_report(w, game, result, options); });
}
std::string summary_json(const CheckSummary& s) {
  return to_text([&](JsonWriter& w) { write_summary(w, s); });
}

std::string input_errors_json(const CheckSummary& summary) {
  std::string out;
  JsonWriter w(out);
  w.begin_array();
  for (const CheckSummary::InputFailure& f : summary.input_failures) {
    w.begin_object().key("file").string(visible_text(f.file)).key("message").string(shown_message(f.message)).end_object();
  }
  w.end_array();
  return out;
}

std::string input_failure_jsonl(const CheckSummary::InputFailure& failure) {
  std::string out;
  JsonWriter w(out);
  w.begin_object().key("input_error").begin_object();
  w.key("file").string(visible_text(failure.file)).key("message").string(shown_message(failure.message));
  w.end_object().end_object();
  out += '\n';
  return out;
}

}  // namespace bpgn
