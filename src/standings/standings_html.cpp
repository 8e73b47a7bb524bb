#include "standings/standings_html.h"

#include "output/html_page.h"
#include "text/markup_escape.h"
#include "text/visible_text.h"
#include "standings/standings_tables.h"

#include <fmt/format.h>

namespace bpgn {
namespace {

std::string esc(std::string_view s) { return html_escape(s); }

// More columns than this and the table's type gets smaller, to stay within an A4 page.
constexpr std::size_t kWideTable = 14;

// The standings' own style, after the shared one: columns kept apart by a rule and padding (a
// number never runs into the next), each table in a box of its own that scrolls sideways on a
// narrow screen (a phone: the page itself never does), the arbiter's marked cells.
constexpr std::string_view kStandingsStyle = R"(
div.table-box { max-width: 100%; overflow-x: auto; margin: 0 0 6px; }
table.standings th, table.standings td { padding: 3px 7px; border-left: 1px solid #e2e2e2; }
table.standings th:first-child, table.standings td:first-child { border-left: none; }
table.standings.wide th, table.standings.wide td { padding: 2px 3px; }
table.standings td.adjudicated, table.matches tr.adjudicated td:nth-child(6) { background: #fff3cf; }
div.table-box > table.matches { min-width: 600px; }
span.mark { color: #8a5a00; font-weight: 700; padding-left: 1px; }
p.legend { font-size: 12px; color: #444; }
h1, p { overflow-wrap: anywhere; }
@media print { div.table-box { overflow: visible; } }
)";

std::string table_html(const Table& t, bool crosstable) {
  std::string out = fmt::format("<div class=\"table-box\"><table class=\"standings{}\"><thead><tr>",
                                t[0].size() > kWideTable ? " wide" : "");
  const std::vector<bool> numeric = numeric_columns(t);
  for (std::size_t c = 0; c < t[0].size(); ++c) {
    out += fmt::format("<th{}>{}</th>", numeric[c] ? " class=\"num\"" : "", esc(t[0][c]));
  }
  out += "</tr></thead><tbody>\n";
  for (std::size_t r = 1; r < t.size(); ++r) {
    out += "<tr>";
    for (std::size_t c = 0; c < t[r].size(); ++c) {
      std::string cls = numeric[c] ? "num" : c == 1 ? "name" : "";
      if (crosstable && t[r][c] == "x" && t[0][c] == std::to_string(r)) cls += cls.empty() ? "self" : " self";
      // A number the arbiter decided (never a name, which may end in the mark's character).
      const std::string_view cell = t[r][c], mark = kArbiterMark;
      const bool marked = numeric[c] && c != 1 && cell.size() > mark.size() && cell.ends_with(mark);
      if (marked) cls += cls.empty() ? "adjudicated" : " adjudicated";
      const std::string shown =
          marked ? esc(cell.substr(0, cell.size() - mark.size())) +
                       "<span class=\"mark\" title=\"decided by the arbiter (--adjudications)\">" +
                       esc(mark) + "</span>"
                 : esc(cell);
      out += fmt::format("<td{}>{}</td>", cls.empty() ? "" : " class=\"" + cls + "\"", shown);
    }
    out += "</tr>\n";
  }
  out += "</tbody></table></div>\n";
  return out;
}

std::string seat_points(const ScoredMatch& m, Seat seat) {
  const std::string& name = m.players[static_cast<std::size_t>(seat)];
  std::string out = esc(name.empty() ? std::string(seat_tag(seat)) : name);
  auto it = m.points.find(seat);
  if (it != m.points.end()) out += fmt::format(" <b>{}</b>", points_text(it->second));
  return out;
}

// Each match: who played, each player's points, where it is, whether it counts.
std::string matches_html(const Standings& s) {
  std::string out =
      "<div class=\"table-box\"><table class=\"summary "
      "matches\"><thead><tr><th>#</th><th>round</th><th>players and points</th>"
      "<th>status</th><th>in the table</th><th class=\"num\">points</th><th>result "
      "used</th></tr></thead><tbody>\n";
  for (std::size_t i = 0; i < s.matches.size(); ++i) {
    const ScoredMatch& m = s.matches[i];
    const std::string players =
        m.boards == 1 ? seat_points(m, Seat::WhiteA) + " – " + seat_points(m, Seat::BlackA)
                      : "<span class=\"team\">" + seat_points(m, Seat::WhiteA) + " &amp; " + seat_points(m, Seat::BlackB) +
                            "</span> vs <span class=\"team\">" + seat_points(m, Seat::BlackA) + " &amp; " +
                            seat_points(m, Seat::WhiteB) + "</span>";
    const std::string status(to_string(m.status));
    // The sides' points: team 1 (WhiteA + BlackB) first, as the players are listed; one board: White first.
    std::string points = "–";
    if (!m.points.empty()) {
      auto p = [&](Seat seat) {
        auto it = m.points.find(seat);
        return it == m.points.end() ? 0.0 : it->second;
      };
      points = m.boards == 1 ? points_text(p(Seat::WhiteA)) + "–" + points_text(p(Seat::BlackA))
                             : points_text(p(Seat::WhiteA) + p(Seat::BlackB)) + "–" + points_text(p(Seat::BlackA) + p(Seat::WhiteB));
    }
    const std::string used = fmt::format("<span class=\"source {}\">{}</span> {}", to_string(m.source), to_string(m.source),
                                         esc(shown_message(result_account(m))));
    std::string counted = is_excluded(s, i)                  ? "left out: " + esc(shown_message(excluded_reason(m)))
                          : m.status == GameStatus::Invalid
                              ? std::string(m.source == ResultSource::Record  ? "counted as recorded"
                                            : m.source == ResultSource::Rules ? "counted by the rules' verdict"
                                                                              : "counted by the arbiter's decision") +
                                    ", first error: " + esc(shown_message(m.first_error))
                              : "counted";
    out += fmt::format(
        "<tr id=\"match-{}\" class=\"{}\"><td class=\"num\">{}</td><td>{}</td><td>{}<div "
        "class=\"where\">{}:{}</div></td>"
        "<td><span class=\"status {}\">{}</span></td><td>{}</td><td class=\"num\">{}</td><td>{}</td></tr>\n",
        m.index, status + (m.source == ResultSource::Adjudication ? " adjudicated" : ""), m.index,
        esc(m.round), players, esc(visible_text(m.file)), m.line, status, status, counted, points, used);
  }
  out += "</tbody></table></div>\n";
  return out;
}

}  // namespace

std::string standings_html(const Standings& s, const RenderOptions& o) {
  const bool players = o.by == StandingsBy::Player;
  const std::string title = visible_text(standings_title(s, o));
  std::string out =
      html_page_head(title.empty() ? "bpgn standings" : title + " – bpgn standings", {}, kStandingsStyle) +
      "<h1>" + (title.empty() ? std::string("bpgn standings") : esc(title)) + "</h1>\n";
  std::string inputs;
  for (const std::string& f : o.inputs) inputs += (inputs.empty() ? "" : ", ") + esc(f == "-" ? "standard input" : f);
  out += "<p>Inputs: " + (inputs.empty() ? std::string("standard input") : inputs) + "</p>\n";
  out += fmt::format("<h2 id=\"table\">{}</h2>\n<p class=\"order\">{}; {}.</p>\n", players ? "Players" : "Teams",
                     esc(o.scoring), esc(ranking_order(o.by)));
  if (const std::string left_out = columns_left_out(s, o); !left_out.empty()) {
    // The options named in it are not broken at their hyphens.
    std::string text = esc(left_out);
    for (std::string_view option : {"--max-columns", "--format json"}) {
      const std::size_t at = text.find(option);
      if (at != std::string::npos) text.replace(at, option.size(), fmt::format("<span class=\"option\">{}</span>", option));
    }
    out += "<p class=\"order\">" + text + "</p>\n";
  }
  out += table_html(standings_table(s, o), !players);
  if (const std::string legend = arbiter_legend(s, o); !legend.empty()) {
    std::string text = esc(std::string_view(legend).substr(std::string_view(kArbiterMark).size()));
    const std::string_view option = "--adjudications";  // not broken at its hyphens
    if (const std::size_t at = text.find(option); at != std::string::npos)
      text.replace(at, option.size(), fmt::format("<span class=\"option\">{}</span>", option));
    out += "<p class=\"legend\"><span class=\"mark\">" + esc(kArbiterMark) + "</span>" + text + "</p>\n";
  }
  if (!players) {
    out += "<p class=\"order\">Teams by row number: ";
    for (std::size_t i = 0; i < s.teams.size(); ++i) out += fmt::format("{}{} {}", i ? ", " : "", i + 1, esc(team_name(s.teams[i])));
    out += ".</p>\n";
  }
  out += fmt::format("<h2 id=\"matches\">Matches</h2>\n<p class=\"order\">{} read, {} in the table, {} left out.</p>\n",
                     s.matches.size(), s.matches.size() - s.excluded.size(), s.excluded.size());
  out += matches_html(s);
  out += html_page_end("");
  return out;
}

}  // namespace bpgn
