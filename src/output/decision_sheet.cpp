#include "output/decision_sheet.h"

#include "output/board_view.h"
#include "output/html_moment.h"
#include "output/html_page.h"
#include "text/markup_escape.h"
#include "output/outcome_text.h"
#include "output/report_text.h"
#include "output/svg_board.h"
#include "text/visible_text.h"
#include "replay/messages.h"
#include "replay/termination.h"
#include "replay/timeline.h"
#include "rules/rule_options.h"

#include <fmt/format.h>

namespace bpgn {
// Named, not anonymous: the unity build puts several files in one unit, whose anonymous namespaces are one.
namespace sheet_parts {

// The most bytes shown of one text from the record or the decisions, so that the page stays one
// page whatever they hold (cut as clipped() cuts, saying the length): a name, a tag's value or a
// file's name, a reason or a termination text. The diagnostic and bpgn's verdict, written as check
// and show write them, are cut by the style sheet after a few lines instead.
constexpr std::size_t kNameBytes = 40, kTagBytes = 80, kLongBytes = 240;

std::string esc(std::string_view s, std::size_t max_bytes = kTagBytes) { return html_escape(clipped(s, max_bytes)); }

// After the shared style sheet: the page on A4 or Letter, whichever the printer has (size auto;
// margins that fit both), the boards beside the record's facts, three signature boxes in a row.
constexpr std::string_view kSheetStyle = R"(
@page { size: auto; margin: 10mm; }
main.sheet { font-size: 11px; line-height: 1.3; max-width: 190mm; margin: 0 auto; padding: 0; }
.sheet h1 { font-size: 18px; margin: 0; }
.sheet h1 .where { font-size: 12px; font-weight: normal; color: #555; margin-left: 8px; }
.sheet h2 { font-size: 12.5px; border-bottom: 1px solid #888; margin: 6px 0 3px; }
.sheet p { margin: 2px 0; }
.sheet .row { display: flex; gap: 14px; align-items: flex-start; }
.sheet .row > * { flex: 1 1 0; min-width: 0; }
.sheet .row > .figure { flex: 0 0 382px; }
.sheet .boards { gap: 10px; flex-wrap: nowrap; }
.sheet figure.board-block { flex: 0 0 186px; width: 186px; }
.sheet .seat .name { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.sheet .clamp, .sheet .clamp2, .sheet .clamp3 { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 4; overflow: hidden; }
.sheet .clamp2 { -webkit-line-clamp: 2; }
.sheet .clamp3 { -webkit-line-clamp: 3; }
.sheet .one { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.sheet .seat { font-size: 11px; }
.sheet .hand { height: 22px; }
.sheet p.moment { margin: 0 0 2px; }
.sheet table { border-collapse: collapse; width: 100%; }
.sheet th, .sheet td { padding: 1px 5px; overflow-wrap: anywhere; }
.sheet table.facts th { width: 7em; white-space: nowrap; color: #555; font-weight: normal; }
.sheet table.players, .sheet table.points { table-layout: fixed; }
.sheet table.players th, .sheet table.players td, .sheet table.points th, .sheet table.points td { border-bottom: 1px solid #ddd; }
.sheet table.players thead th, .sheet table.points thead th { color: #555; font-weight: normal; border-bottom: 1px solid #999; }
.sheet table.points td.num { font-variant-numeric: tabular-nums; }
.sheet .split { color: #555; font-size: 10.5px; }
.sheet p.diag code { font: 11px "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
.sheet p.diag.error code { color: #b71c1c; }
.sheet p.diag.warning code { color: #8a4b00; }
.sheet blockquote.rule { margin: 3px 0 4px; padding: 2px 8px; }
.sheet blockquote.rule p { margin: 0; }
.sheet p.others { color: #555; font-size: 10.5px; }
.sheet blockquote.rule, .sheet p.meaning { font-size: 10.5px; }
.sheet td.fill-cell { border-bottom: 1px solid #444; height: 1.6em; }
.sheet .signatures { display: flex; gap: 10px; margin-top: 4px; }
.sheet .signature { flex: 1 1 0; min-width: 0; border: 1px solid #999; border-radius: 3px; padding: 3px 8px 6px; break-inside: avoid; }
.sheet .signature .role { font-weight: 600; }
.sheet .signature .who { color: #555; font-size: 10px; min-height: 2.6em; }
.sheet .signature table th { width: 1%; white-space: nowrap; padding-right: 8px; color: #555; font-weight: normal; text-align: left; vertical-align: bottom; }
.sheet .signature table td { border-bottom: 1px solid #333; height: 20px; }
.sheet .signature table tr.sign td { height: 27px; }
footer.page { margin-top: 6px; font-size: 10px; }
@media print { .sheet h2, .sheet .row, .sheet .signatures { break-inside: avoid; } }
)";

std::string tag_value(const Game& game, std::string_view tag) {
  const std::string* v = game.tag(tag);
  return v && !v->empty() && *v != "?" && *v != "-" ? *v : std::string();
}

std::string time_control_text(const Game& game) {
  const std::string value = tag_value(game, "TimeControl");
  if (value.empty()) return {};
  std::string text = esc(value);
  const TimeControl tc = parse_time_control(game.tag("TimeControl"));
  if (tc.base) {
    text += fmt::format(" ({} per player{})", clock_text(*tc.base),
                        tc.increment > 0 ? fmt::format(", {} s added per move", seconds_text(tc.increment)) : "");
  }
  return text;
}

void match_table(std::string& out, const Game& game, const ReplayResult& result) {
  out += R"(<div><h2>The match</h2><table class="facts">)";
  for (std::string_view tag : {"Event", "Site", "Date", "Round"}) {
    out += fmt::format(R"(<tr><th>{}</th><td><div class="clamp2">{}</div></td></tr>)", tag, esc(tag_value(game, tag)));
  }
  out += fmt::format(R"(<tr><th>Time control</th><td><div class="clamp2">{}</div></td></tr>)", time_control_text(game));
  out += fmt::format("<tr><th>Rules</th><td>{}</td></tr>", esc(rules_name_with_overrides(result.rules)));
  out += fmt::format(R"(<tr><th>Record</th><td><div class="clamp3 record-place">{}, line {} (game {} of the file)</div></td></tr>)",
                     esc(game.file, kLongBytes), game.start.line, game.file_index);
  out += "</table></div>";
}

std::string name_of(const Game& game, Seat seat, int boards) {
  const std::string_view name = player_of(game, board_of(seat), color_of(seat), boards);
  return name.empty() ? std::string("(not named)") : esc(name, kNameBytes);
}

// Team 1 is WhiteA and BlackB, team 2 BlackA and WhiteB (one board: White and Black alone).
constexpr std::array<std::array<Seat, 2>, 2> kTeamSeats = {{{Seat::WhiteA, Seat::BlackB}, {Seat::BlackA, Seat::WhiteB}}};

std::string side_label(int side, int boards) {
  if (boards == 1) return side == 0 ? "White" : "Black";
  return fmt::format("Team {}", side + 1);
}

void players_table(std::string& out, const Game& game, int boards) {
  out += R"(<div><h2>The players</h2><table class="players"><colgroup><col style="width: 5em"><col><col style="width: 3.8em">)"
         R"(<col style="width: 4.2em"></colgroup><thead><tr><th></th><th>player</th><th>board</th><th>colour</th></tr></thead><tbody>)";
  for (int side = 0; side < 2; ++side) {
    const int seats = boards == 1 ? 1 : 2;
    for (int k = 0; k < seats; ++k) {
      const Seat seat = kTeamSeats[side][k];
      out += "<tr>";
      if (k == 0) out += fmt::format(R"(<th rowspan="{}">{}</th>)", seats, side_label(side, boards));
      out += fmt::format(R"(<td class="one" data-seat="{}">{}</td><td>{}</td><td>{}</td></tr>)", seat_tag(seat), name_of(game, seat, boards),
                         boards == 1 ? "–" : board_name(board_of(seat)), color_of(seat) == White ? "White" : "Black");
    }
  }
  out += "</tbody></table></div>";
}

std::string place_words(const DisputedMoment& place, const ReplayResult& result) {
  const Violation* v = place.violation ? &result.violations[*place.violation] : nullptr;
  switch (place.by) {
    case DisputedMoment::By::Violation:
      return fmt::format("The place named: the {} at line {}, column {}.", v ? to_string(v->severity) : "violation",
                         v ? v->pos.line : 0, v ? v->pos.column : 0);
    case DisputedMoment::By::Move: return "The move named: bpgn finds no violation in it.";
    case DisputedMoment::By::FirstViolation:
      return fmt::format("No move named: the game's first {}.", v ? to_string(v->severity) : "violation");
    case DisputedMoment::By::End: return "No move named and no violation: the end of the record.";
  }
  return {};
}

void record_facts(std::string& out, const Game& game, const ReplayResult& result) {
  ReplayResult without = result;  // bpgn's own verdict: the decision is shown on its own
  without.outcome.adjudication.reset();
  const Termination t = read_termination(game, result.boards);
  const std::string recorded = !game.result.empty() ? game.result : tag_value(game, "Result");
  out += R"(<h2>The record and bpgn's verdict</h2><table class="facts">)";
  out += fmt::format(R"(<tr><th>Termination</th><td><div class="clamp2 termination">{}</div></td></tr>)",
                     t.text.empty() ? std::string("(the record gives none)") : esc(t.text, kLongBytes));
  out += fmt::format(R"(<tr><th>Result</th><td class="recorded">{}</td></tr>)",
                     recorded.empty() ? std::string("(none)") : esc(recorded));
  out += fmt::format(R"(<tr><th>bpgn's verdict</th><td><div class="verdict clamp3">{}</div></td></tr>)",
                     html_escape(outcome_text(game, without)));
  out += "</table>";
}

void diagnostic_part(std::string& out, const Game& game, const ReplayResult& result, const DisputedMoment& place) {
  out += "<h2>The diagnostic</h2>";
  if (!place.violation) {
    out += R"(<p class="diag none">bpgn finds no violation here.</p>)";
  } else {
    const Violation& v = result.violations[*place.violation];
    out += fmt::format(R"(<p class="diag clamp {}"><code>{}</code></p>)", to_string(v.severity), html_escape(diagnostic_line(game, v)));
    html_rule_quote(out, game, v, result.rules);
  }
  std::string others;
  std::size_t listed = 0, more = 0;
  for (std::size_t k = 0; k < result.violations.size(); ++k) {
    const Violation& v = result.violations[k];
    if (place.violation == k || v.severity == Severity::Note) continue;
    if (listed == 5) {
      ++more;
      continue;
    }
    others += fmt::format("{}{}[{}] at {}:{}", listed ? ", " : "", to_string(v.severity), info(v.code).code, v.pos.line, v.pos.column);
    ++listed;
  }
  if (more) others += fmt::format(" and {} more", more);
  if (listed) out += fmt::format(R"(<p class="others one">Also in this record: {}.</p>)", others);
}

std::string points_cell(const SheetScore& s, int side, int boards, bool turkish, const Game& game) {
  if (!s.scored) return side == 0 ? fmt::format(R"(<td rowspan="2"><div class="clamp not-scored">not scored: {}</div></td>)", esc(s.why_not, kLongBytes)) : "";
  std::string cell = fmt::format(R"(<td class="num">{})", seconds_text(s.teams[side]));
  if (turkish && boards == 2) {
    std::string split;
    for (Seat seat : kTeamSeats[side]) {
      const std::optional<double>& p = s.seats[std::size_t(seat)];
      split += fmt::format("{}{} {}", split.empty() ? "" : ", ", name_of(game, seat, boards), p ? seconds_text(*p) : "–");
    }
    cell += fmt::format(R"(<div class="split clamp2">{}</div>)", split);
  }
  return cell + "</td>";
}

void decision_part(std::string& out, const Game& game, const ReplayResult& result, const SheetPoints& points) {
  const std::optional<Adjudicated>& decided = result.outcome.adjudication;
  out += R"(<div class="row"><div class="decision"><h2>The arbiter's decision</h2><table class="facts">)";
  if (decided) {
    const Adjudication& a = *decided->decision;
    out += fmt::format(R"(<tr><th>Decision</th><td><div class="clamp2 decided">{}</div></td></tr>)", esc(a.decision_text(), kLongBytes));
    out += fmt::format(R"(<tr><th>Reason</th><td><div class="clamp3 reason">{}</div></td></tr>)", esc(a.reason, kLongBytes));
    out += fmt::format(R"(<tr><th>Written in</th><td>{}:{}</td></tr>)", esc(decided->source, kLongBytes), a.line);
  } else {
    out += R"(<tr><th>Decision</th><td class="fill-cell"></td></tr><tr><th>Reason</th><td class="fill-cell"></td></tr>)"
           R"(<tr><th></th><td class="fill-cell"></td></tr>)";
  }
  out += "</table></div>";

  const int boards = result.boards;
  const bool turkish = points.scoring == "Turkish scoring";
  out += fmt::format(R"(<div class="points"><h2>Points ({})</h2><table class="points"><colgroup><col style="width: 5em"><col><col></colgroup>)"
                     R"(<thead><tr><th></th>)"
                     R"(<th>by bpgn's verdict</th><th>by the decision</th></tr></thead><tbody>)",
                     esc(points.scoring));
  for (int side = 0; side < 2; ++side) {
    out += fmt::format(R"(<tr data-side="{}"><th>{}</th>{})", side + 1, side_label(side, boards),
                       points_cell(points.before, side, boards, turkish, game));
    out += points.after ? points_cell(*points.after, side, boards, turkish, game) : R"(<td class="fill-cell"></td>)";
    out += "</tr>";
  }
  out += fmt::format(R"(<tr class="result"><th>Result</th><td>{}</td>{}</tr>)", points.before.scored ? esc(points.before.result) : "–",
                     !points.after ? R"(<td class="fill-cell"></td>)"
                                   : fmt::format("<td>{}</td>", points.after->scored ? esc(points.after->result) : "–"));
  out += "</tbody></table></div></div>";
}

void signature_box(std::string& out, std::string_view role, const std::string& who) {
  out += fmt::format(R"(<div class="signature"><div class="role">{}</div><div class="who">{}</div><table>)"
                     R"(<tr><th>Name</th><td></td></tr><tr><th>Date</th><td></td></tr><tr class="sign"><th>Signature</th><td></td></tr>)"
                     "</table></div>",
                     role, who);
}

void signatures(std::string& out, const Game& game, int boards) {
  out += R"(<h2>Signatures</h2><div class="signatures">)";
  signature_box(out, "The arbiter", "");
  for (int side = 0; side < 2; ++side) {
    if (boards == 1) {
      signature_box(out, side == 0 ? "White" : "Black",
                    fmt::format(R"(<div class="one">{}</div>)", name_of(game, kTeamSeats[side][0], boards)));
      continue;
    }
    const auto [a, b] = kTeamSeats[side];
    signature_box(out, fmt::format("Captain of team {}", side + 1),
                  fmt::format(R"(<div class="clamp2">{} and {}</div>)", name_of(game, a, boards), name_of(game, b, boards)));
  }
  out += "</div>";
}

}  // namespace sheet_parts

std::string decision_sheet(const Game& game, const CheckedGame& checked, const DisputedMoment& place,
                           const SheetPoints& points) {
  using namespace sheet_parts;
  const ReplayResult& result = checked.result;
  const int boards = result.boards;
  const std::string event = tag_value(game, "Event"), round = tag_value(game, "Round");
  std::string title = "Decision sheet";
  if (!event.empty()) title += ": " + clipped(event, kTagBytes);
  if (!round.empty()) title += ", round " + clipped(round, kTagBytes);
  std::string out = html_page_head(title, {}, kSheetStyle);
  out += svg_piece_definitions();
  std::string subtitle = esc(event);
  if (!round.empty()) subtitle += (subtitle.empty() ? "Round " : ", round ") + esc(round);
  out += fmt::format("\n<main class=\"sheet\"><h1 class=\"one\">Arbiter's decision sheet <span class=\"where\">{}</span></h1>\n", subtitle);
  // The boards first, the match and its players beside them; below, full width, what is said of it.
  out += fmt::format(R"(<div class="row"><div class="figure"><h2>The disputed moment</h2><p class="place">{}</p>)",
                     place_words(place, result));
  if (game.plies.empty()) {
    out += "<p>The record has no moves to draw.</p>";
  } else {
    html_moment_figure(out, game, result, checked.replay, move_numbers(game), place.at, "sheet", 176);
  }
  out += R"(</div><div class="side">)";
  match_table(out, game, result);
  players_table(out, game, boards);
  out += "</div></div>\n";
  diagnostic_part(out, game, result, place);
  record_facts(out, game, result);
  out += "\n";
  decision_part(out, game, result, points);
  out += "\n";
  signatures(out, game, boards);
  out += "\n";
  out += "</main>\n";
  out += html_page_end("The rules quoted are bpgn's docs/rules.md.");
  return out;
}

}  // namespace bpgn
