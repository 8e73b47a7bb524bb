#include "output/report_html.h"

#include "output/board_view.h"
#include "output/clock_chart.h"
#include "output/html_moment.h"
#include "output/html_page.h"
#include "text/markup_escape.h"
#include "output/outcome_text.h"
#include "output/rule_quotes.h"
#include "text/visible_text.h"
#include "output/svg_board.h"
#include "replay/messages.h"
#include "replay/moment.h"
#include "replay/timeline.h"
#include "rules/rule_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace bpgn {
namespace {

std::string esc(std::string_view s) { return html_escape(s); }

// A file name as a word of a command line that runs as written (sh): as it is when it holds only
// letters, digits and `._/:+-`, else in single quotes (a quote inside written '\''); `./` before
// a name that starts with `-`, which the command would take for an option (`--help.bpgn`).
std::string shell_word(std::string_view s) {
  if (s.starts_with('-')) return shell_word("./" + std::string(s));
  const bool plain = !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("._/:+-").find(c) != std::string_view::npos;
  });
  if (plain) return std::string(s);
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct Counts {
  std::size_t errors = 0, warnings = 0, notes = 0;
};

Counts count(const ReplayResult& result) {
  Counts c;
  for (const Violation& v : result.violations) {
    (v.severity == Severity::Error ? c.errors : v.severity == Severity::Warning ? c.warnings : c.notes)++;
  }
  return c;
}

std::string plural(std::size_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

// A player by name alone (the seat tag when the record names nobody): the summary's short form.
std::string short_name(const Game& game, Seat seat, int boards) { return esc(seat_name(game, seat, boards)); }

std::string players_cell(const Game& game, int boards) {
  if (boards == 1) return short_name(game, Seat::WhiteA, 1) + " – " + short_name(game, Seat::BlackA, 1);
  return fmt::format("{} &amp; {} vs {} &amp; {}", short_name(game, Seat::WhiteA, 2), short_name(game, Seat::BlackB, 2),
                     short_name(game, Seat::BlackA, 2), short_name(game, Seat::WhiteB, 2));
}

// The result as the record gives it: its result token, else its Result tag (bughouse.pro writes no token).
std::string recorded_result(const Game& game) {
  if (!game.result.empty()) return game.result;
  const std::string* tag = game.tag("Result");
  return tag ? *tag : std::string();
}

std::string short_outcome(const Outcome& o, int boards) {
  if (o.winner == Winner::None) return "–";
  std::string s;
  switch (o.winner) {
    case Winner::Team1: s = "team 1"; break;
    case Winner::Team2: s = "team 2"; break;
    case Winner::White: s = "White"; break;
    case Winner::Black: s = "Black"; break;
    case Winner::Draw: s = "draw"; break;
    case Winner::None: break;
  }
  if (o.reason != EndReason::None && o.reason != EndReason::Draw) s += fmt::format(", {}", to_string(o.reason));
  if (o.board && boards == 2) s += fmt::format(" ({})", board_name(*o.board));
  return s;
}

// Where a violation is looked at: a ply of the record, the end of the record, or nowhere (a tag).
std::optional<MomentAt> moment_for(const Violation& v, const Game& game) {
  if (v.ply && *v.ply < game.plies.size()) return MomentAt{MomentAt::Kind::Ply, *v.ply};
  switch (v.code) {
    case ViolationCode::ResultMismatch:
    case ViolationCode::UnexplainedResult:
    case ViolationCode::TruncatedRecord:
      return MomentAt{MomentAt::Kind::End, 0};
    case ViolationCode::Syntax:
      if (!game.plies.empty() && game.error) return MomentAt{MomentAt::Kind::End, 0};
      return std::nullopt;
    default: return std::nullopt;
  }
}

std::string anchor_of(std::size_t game_index, const std::optional<MomentAt>& at) {
  if (!at) return fmt::format("g{}-record", game_index);
  if (at->kind == MomentAt::Kind::Ply) return fmt::format("g{}-p{}", game_index, at->ply + 1);
  return fmt::format("g{}-end", game_index);
}

struct Group {
  std::optional<MomentAt> at;
  std::vector<std::size_t> violations;  // indices into result.violations
};

// The listed violations (at most max_errors) grouped by the moment they are looked at, in order.
std::vector<Group> group_violations(const Game& game, const ReplayResult& result, const ReportOptions& options) {
  std::vector<Group> groups;
  for (std::size_t k = 0; k < result.violations.size(); ++k) {
    if (options.max_errors && k == *options.max_errors) break;
    const std::optional<MomentAt> at = moment_for(result.violations[k], game);
    auto same = [&](const Group& g) {
      if (g.at.has_value() != at.has_value()) return false;
      return !at || (g.at->kind == at->kind && g.at->ply == at->ply);
    };
    auto it = std::find_if(groups.begin(), groups.end(), same);
    if (it == groups.end()) groups.push_back({at, {k}});
    else it->violations.push_back(k);
  }
  return groups;
}

void diagnostic(std::string& out, const Game& game, const Violation& v, const RuleSet& rules) {
  const ViolationInfo& i = info(v.code);
  const SourcePos pos = v.pos.line != 0 ? v.pos : game.start;
  out += fmt::format(R"(<p class="diag {0}" data-code="{1}"><span class="code">{0}[{1}]</span> )"
                     R"(<span class="where">{2}:{3}:{4}</span><br>{5}</p>)",
                     to_string(v.severity), i.code, esc(game.file), pos.line, pos.column, esc(shown_message(v.message)));
  html_rule_quote(out, game, v, rules);
}

void facts_table(std::string& out, const Game& game, const ReplayResult& result, GameStatus status) {
  const int boards = result.boards;
  out += R"(<table class="facts">)";
  if (boards == 2) {
    out += fmt::format("<tr><th>Team 1</th><td>{} (board A, White) and {} (board B, Black)</td></tr>",
                       esc(player_name(game, Seat::WhiteA, 2)), esc(player_name(game, Seat::BlackB, 2)));
    out += fmt::format("<tr><th>Team 2</th><td>{} (board A, Black) and {} (board B, White)</td></tr>",
                       esc(player_name(game, Seat::BlackA, 2)), esc(player_name(game, Seat::WhiteB, 2)));
  } else {
    out += fmt::format("<tr><th>Players</th><td>{} (White) against {} (Black)</td></tr>",
                       esc(player_name(game, Seat::WhiteA, 1)), esc(player_name(game, Seat::BlackA, 1)));
  }
  for (std::string_view tag : {"Event", "Site", "Date", "Round", "TimeControl"}) {
    const std::string* value = game.tag(tag);
    if (!value || value->empty() || *value == "?" || *value == "-") continue;
    std::string text = esc(*value);
    if (tag == "TimeControl") {
      const TimeControl tc = parse_time_control(value);
      if (tc.base) text += fmt::format(" ({} per player{})", clock_text(*tc.base),
                                       tc.increment > 0 ? fmt::format(", {} s added per move", seconds_text(tc.increment)) : "");
    }
    out += fmt::format("<tr><th>{}</th><td>{}</td></tr>", tag == "TimeControl" ? "Time control" : tag, text);
  }
  std::string options;
  for (const RuleOption& o : rule_options()) {
    if (!options.empty()) options += " · ";
    options += fmt::format("{}={}", o.key, o.print(result.rules));
  }
  out += fmt::format(R"(<tr><th>Rules</th><td>{}<br><span class="options">{}</span></td></tr>)",
                     esc(rules_name_with_overrides(result.rules)), esc(options));
  const Counts c = count(result);
  out += fmt::format(R"(<tr><th>Verdict</th><td><span class="status {0}">{0}</span> {1}, {2}, {3}</td></tr>)",
                     to_string(status), plural(c.errors, "error"), plural(c.warnings, "warning"), plural(c.notes, "note"));
  if (status != GameStatus::Unreadable) {
    out += fmt::format("<tr><th>Outcome</th><td>{}</td></tr>", esc(outcome_text(game, result)));
    if (const auto& points = result.outcome.points) {
      out += R"(<tr><th>Points</th><td><table class="points">)";
      for (Seat s : {Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB}) {
        const auto it = points->find(std::string(seat_tag(s)));
        if (it == points->end()) continue;
        out += fmt::format("<tr><td>{}</td><td>{}</td></tr>", esc(player_name(game, s, boards)), seconds_text(it->second));
      }
      out += "</table></td></tr>";
    }
  }
  out += "</table>";
}

// The ply that decided the match, when one did: the mating move, or the illegal action that lost.
struct DecidingPly {
  std::size_t ply = 0;
  bool illegal = false;  // an illegal action decided it (painted and labelled as such, never as fine)
};

std::optional<DecidingPly> deciding_ply(const Game& game, const ReplayResult& result) {
  const Outcome& o = result.outcome;
  if (o.reason == EndReason::Checkmate && o.board) {
    for (std::size_t i = game.plies.size(); i-- > 0;) {
      if (!result.plies[i].replayed) continue;
      if (result.boards == 1 || game.plies[i].board == *o.board) return DecidingPly{i, false};
    }
  }
  if (o.reason == EndReason::IllegalAction) {
    for (const Violation& v : result.violations) {
      if (v.severity == Severity::Error && v.ply) return DecidingPly{*v.ply, true};
    }
  }
  return std::nullopt;
}

void moves_table(std::string& out, const Game& game, const ReplayResult& result, const Timeline& tl,
                 const std::vector<int>& numbers, const std::vector<Group>& groups) {
  const int boards = result.boards;
  std::vector<const Group*> group_of(game.plies.size(), nullptr);
  for (const Group& g : groups) {
    if (g.at && g.at->kind == MomentAt::Kind::Ply) group_of[g.at->ply] = &g;
  }
  const std::optional<DecidingPly> decisive = deciding_ply(game, result);
  out += R"(<table class="moves"><thead><tr><th>ply</th>)";
  if (boards == 2) out += "<th>Board A</th><th>clock</th><th>Board B</th><th>clock</th>";
  else out += "<th>move</th><th>clock</th>";
  out += R"(<th>match time</th></tr></thead><tbody>)";
  for (std::size_t i = 0; i < game.plies.size(); ++i) {
    const Ply& p = game.plies[i];
    const Group* g = group_of[i];
    std::string classes;
    if (g) classes += " bad";
    const bool decides = decisive && decisive->ply == i;
    if (decides) classes += decisive->illegal ? " decisive-illegal" : " decisive";
    if (!result.plies[i].replayed) classes += " unplayed";
    std::string move = esc(move_ref(p, numbers[i], boards));
    if (g) {
      std::string codes;
      for (std::size_t k : g->violations) {
        if (!codes.empty()) codes += ", ";
        codes += info(result.violations[k].code).code;
      }
      move += fmt::format(R"( <a href="#{}">{}</a>)", anchor_of(game.index, g->at), codes);
    }
    if (decides) {
      move += decisive->illegal ? R"( <span class="decided">decided the match: illegal</span>)"
                                : R"( <span class="decided">decided the match: mate</span>)";
    }
    const std::string clock = tl.remaining[i] ? clock_text(*tl.remaining[i]) : esc(p.clock.text);
    const std::string time = tl.time[i] ? clock_text(*tl.time[i]) : "";
    out += fmt::format(R"(<tr id="g{}-m{}"{}><td class="n">{}</td>)", game.index, i + 1,
                       classes.empty() ? "" : fmt::format(R"( class="{}")", classes.substr(1)), i + 1);
    const bool on_b = boards == 2 && p.board == Board::B;
    if (on_b) out += "<td></td><td></td>";
    out += fmt::format(R"(<td>{}</td><td class="clock">{}</td>)", move, clock);
    if (boards == 2 && !on_b) out += "<td></td><td></td>";
    out += fmt::format(R"(<td class="time">{}</td></tr>)", time);
  }
  out += "</tbody></table>";
}

void game_section(std::string& out, const Game& game, const ReplayResult& result, const ReplayOptions& replay_options,
                  GameStatus status, const ReportOptions& options) {
  const int boards = result.boards;
  out += fmt::format(R"(<section class="game" id="game-{0}"><h2>Game {0} <span class="status {1}">{1}</span></h2>)",
                     game.index, to_string(status));
  out += fmt::format(R"(<p class="where">{}, line {}</p>)", esc(game.file), game.start.line);
  facts_table(out, game, result, status);
  if (status != GameStatus::Unreadable && game.file != "-") {  // (standard input cannot be read again)
    out += fmt::format(R"(<p class="view-hint">To step or play through it in a browser: <code>bpgn view {}:{} -o match.html</code></p>)",
                       esc(shell_word(game.file)), game.start.line);
  }

  const std::vector<Group> groups = group_violations(game, result, options);
  const std::vector<int> numbers = move_numbers(game);
  if (!groups.empty()) {
    out += "<h3>Violations</h3>";
    for (const Group& g : groups) {
      const std::string anchor = anchor_of(game.index, g.at);
      out += fmt::format(R"(<div class="violation" id="{}">)", anchor);
      for (std::size_t k : g.violations) diagnostic(out, game, result.violations[k], result.rules);
      if (g.at && status != GameStatus::Unreadable) {
        html_moment_figure(out, game, result, replay_options, numbers, *g.at, anchor);
      }
      out += "</div>";
    }
    if (options.max_errors && result.violations.size() > *options.max_errors) {
      const std::size_t more = result.violations.size() - *options.max_errors;
      out += fmt::format("<p>{} more violation{} not listed (--max-errors {}).</p>", more, more == 1 ? "" : "s",
                         *options.max_errors);
    }
  }
  if (status != GameStatus::Unreadable && groups.empty()) {
    out += "<h3>Final position</h3>";
    html_moment_figure(out, game, result, replay_options, numbers, MomentAt{MomentAt::Kind::End, 0},
                  fmt::format("g{}-final", game.index));
  }
  if (!game.plies.empty()) {
    const Timeline tl = build_timeline(game, {boards, replay_options.tolerance_seconds});
    out += "<h3>Moves</h3>";
    moves_table(out, game, result, tl, numbers, groups);
    const ClockChartData chart = clock_chart_data(game, tl, result);
    std::array<std::string, 4> names;
    for (int s = 0; s < 4; ++s) names[s] = player_name(game, Seat(s), boards);
    const std::string svg = clock_chart_svg(chart, names, fmt::format("g{}-clocks", game.index));
    if (!svg.empty()) {
      out += "<h3>Clocks</h3>";
      out += svg;
      for (const ClockFlag& f : chart.flags) {
        out += fmt::format(R"(<p class="flag">The flag of {} fell at {} of match time.</p>)",
                           esc(player_name(game, f.seat, boards)), clock_text(f.time));
      }
    }
  }
  out += "</section>\n";
}

}  // namespace

HtmlReport::HtmlReport(std::ostream& out, HtmlReportOptions options) : out_(out), options_(std::move(options)) {}

void HtmlReport::begin() {
  out_ << html_page_head("bpgn check report") << svg_piece_definitions() << "\n<h1>bpgn check report</h1>\n";
  std::string inputs;
  for (const std::string& f : options_.inputs) inputs += (inputs.empty() ? "" : ", ") + esc(f == "-" ? "standard input" : f);
  out_ << "<p>Inputs: " << (inputs.empty() ? "standard input" : inputs) << "</p>\n";
  out_ << R"(<h2 id="summary">Games</h2><table class="summary"><thead><tr><th>#</th><th>players and record</th>)"
          R"(<th>result</th><th>outcome</th><th>status</th><th>errors</th><th>warnings</th><th>first problem</th></tr></thead><tbody>)"
       << '\n';
}

HtmlReport::~HtmlReport() = default;

void HtmlReport::game(const Game& game, const CheckedGame& checked) {
  const ReplayResult& result = checked.result;
  const GameStatus status = checked.status;
  const Counts c = count(result);
  const bool drawn = options_.all || status != GameStatus::Valid || c.errors + c.warnings > 0;
  const Violation* first = nullptr;
  for (const Violation& v : result.violations) {
    if (v.severity != Severity::Note) {
      first = &v;
      break;
    }
  }
  const std::string number = drawn ? fmt::format(R"(<a href="#game-{0}">{0}</a>)", game.index) : std::to_string(game.index);
  out_ << fmt::format(R"(<tr class="{}"><td>{}</td><td>{}<br><span class="where">{}:{}</span></td><td>{}</td><td>{}</td>)"
                      R"(<td><span class="status {}">{}</span></td><td class="num">{}</td><td class="num">{}</td><td>{}</td></tr>)",
                      to_string(status), number, players_cell(game, result.boards), esc(game.file), game.start.line,
                      esc(recorded_result(game)),
                      status == GameStatus::Unreadable ? "–" : esc(short_outcome(result.outcome, result.boards)),
                      to_string(status), to_string(status), c.errors, c.warnings,
                      first ? esc(info(first->code).code) : std::string())
       << '\n';
  if (!drawn) return;
  ++drawn_;
  buffer_.clear();
  game_section(buffer_, game, result, checked.replay, status, options_.report);
  sections_.append(buffer_);
}

void HtmlReport::finish(const CheckSummary& s) {
  out_ << "</tbody></table>\n";
  out_ << fmt::format(R"(<h2 id="totals">Totals</h2><table class="totals"><tbody>)"
                      R"(<tr><th>games</th><td class="num">{}</td></tr><tr><th>valid</th><td class="num">{}</td></tr>)"
                      R"(<tr><th>invalid</th><td class="num">{}</td></tr><tr><th>unreadable</th><td class="num">{}</td></tr>)"
                      R"(<tr><th>errors</th><td class="num">{}</td></tr><tr><th>warnings</th><td class="num">{}</td></tr>)"
                      R"(<tr><th>notes</th><td class="num">{}</td></tr>)",
                      s.games, s.valid, s.invalid, s.unreadable, s.errors, s.warnings, s.notes);
  for (std::size_t k = 0; k < s.per_code.size(); ++k) {
    if (s.per_code[k] == 0) continue;
    out_ << fmt::format(R"(<tr><th>{}</th><td class="num">{}</td></tr>)", info(ViolationCode(k)).code, s.per_code[k]);
  }
  out_ << "</tbody></table>\n";
  if (!s.input_failures.empty()) {
    out_ << "<h3 id=\"input-failures\">Inputs that could not be read</h3><ul>\n";
    for (const CheckSummary::InputFailure& f : s.input_failures) {
      out_ << "<li>" << esc(f.file) << ": " << esc(shown_message(f.message)) << "</li>\n";
    }
    out_ << "</ul>\n";
  }
  if (drawn_ < s.games) {
    out_ << fmt::format("<p>{} without a violation {} listed above and not drawn (--all draws every game).</p>\n",
                        plural(s.games - drawn_, "game"), s.games - drawn_ == 1 ? "is" : "are");
  }
  sections_.copy_to(out_);
  out_ << html_page_end("The rules quoted are bpgn's docs/rules.md.");
}

}  // namespace bpgn
