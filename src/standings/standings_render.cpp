#include "standings/standings_render.h"

#include "output/json_writer.h"
#include "text/visible_text.h"
#include "standings/standings_html.h"
#include "standings/standings_tables.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace bpgn {

std::string team_name(const TeamRow& t) { return t.players[0] + " & " + t.players[1]; }

bool wide_part_fits(const Standings& s, const RenderOptions& o) {
  return (o.by == StandingsBy::Player ? s.rounds.size() : s.teams.size()) <= o.max_columns;
}

namespace {

Table player_table(const Standings& s, bool with_rounds) {
  Table t;
  std::vector<std::string> head = {"rank", "player", "points", "matches", "wins", "losses", "SB"};
  const std::size_t rounds = with_rounds ? s.rounds.size() : 0;
  for (std::size_t r = 0; r < rounds; ++r) head.push_back("R" + s.rounds[r]);
  t.push_back(head);
  for (const PlayerRow& p : s.players) {
    // Without the rounds' columns the total carries the arbiter's mark.
    const bool total_marked = !with_rounds && !p.adjudicated_rounds.empty();
    std::vector<std::string> row = {std::to_string(p.rank),
                                    p.name,
                                    points_text(p.points) + (total_marked ? kArbiterMark : ""),
                                    std::to_string(p.matches),
                                    std::to_string(p.wins),
                                    std::to_string(p.losses),
                                    points_text(p.sonneborn_berger)};
    auto played = p.by_round.begin();  // in round order
    for (std::size_t r = 0; r < rounds; ++r) {
      const bool in = played != p.by_round.end() && played->first == r;
      const bool marked = std::binary_search(p.adjudicated_rounds.begin(), p.adjudicated_rounds.end(), r);
      row.push_back(in ? points_text((played++)->second) + (marked ? kArbiterMark : "") : "-");
    }
    t.push_back(row);
  }
  return t;
}

Table team_table(const Standings& s, bool crosstable) {
  Table t;
  std::vector<std::string> head = {"rank", "team", "MP", "GP", "matches", "SB"};
  if (crosstable)
    for (std::size_t i = 0; i < s.teams.size(); ++i) head.push_back(std::to_string(i + 1));
  t.push_back(head);
  for (std::size_t i = 0; i < s.teams.size(); ++i) {
    const TeamRow& r = s.teams[i];
    // Without the crosstable the totals carry the arbiter's mark.
    const std::string mark = !crosstable && !r.adjudicated_against.empty() ? std::string(kArbiterMark) : "";
    std::vector<std::string> row = {std::to_string(r.rank),
                                    team_name(r),
                                    points_text(r.match_points) + mark,
                                    points_text(r.game_points) + mark,
                                    std::to_string(r.matches),
                                    points_text(r.sonneborn_berger)};
    for (std::size_t j = 0; crosstable && j < s.teams.size(); ++j) {
      if (j == i) {
        row.push_back("x");
        continue;
      }
      auto it = r.results.find(j);
      row.push_back(it == r.results.end()
                        ? ""
                        : points_text(it->second.first) + "/" + std::to_string(it->second.second) +
                              (r.adjudicated_against.count(j) ? kArbiterMark : ""));
    }
    t.push_back(row);
  }
  return t;
}

}  // namespace

std::vector<bool> numeric_columns(const Table& t) {
  std::vector<bool> numeric(t[0].size(), true);
  numeric[1] = false;  // the names
  for (std::size_t r = 1; r < t.size(); ++r) {
    for (std::size_t c = 0; c < t[r].size(); ++c) {
      const std::string& v = t[r][c];
      if (!v.empty() && v != "-" && v != "x" && v.find_first_not_of("0123456789./*") != std::string::npos)
        numeric[c] = false;
    }
  }
  return numeric;
}

Table standings_table(const Standings& s, const RenderOptions& o) {
  const bool wide = wide_part_fits(s, o);
  return o.by == StandingsBy::Player ? player_table(s, wide) : team_table(s, wide);
}

std::string columns_left_out(const Standings& s, const RenderOptions& o) {
  if (wide_part_fits(s, o)) return "";
  if (o.by == StandingsBy::Player) {
    return fmt::format("The points per round are left out: {} rounds (a match without a Round tag is a round of its "
                       "own), more than --max-columns {}; --format json has them (by_round).",
                       s.rounds.size(), o.max_columns);
  }
  return fmt::format("The crosstable is left out: {} teams, more than --max-columns {}; --format json has it (results).",
                     s.teams.size(), o.max_columns);
}

bool has_arbiter_marks(const Standings& s, const RenderOptions& o) {
  if (o.by == StandingsBy::Player)
    return std::any_of(s.players.begin(), s.players.end(),
                       [](const PlayerRow& p) { return !p.adjudicated_rounds.empty(); });
  return std::any_of(s.teams.begin(), s.teams.end(),
                     [](const TeamRow& t) { return !t.adjudicated_against.empty(); });
}

std::string arbiter_legend(const Standings& s, const RenderOptions& o) {
  if (!has_arbiter_marks(s, o)) return "";
  const bool wide = wide_part_fits(s, o);
  const std::string_view cells = o.by == StandingsBy::Player
                                     ? (wide ? "a round's points" : "the points")
                                     : (wide ? "a meeting's match points" : "the MP and GP");
  return fmt::format(
      "{} after {}: decided by the arbiter (--adjudications); the match is listed under \"Matches decided "
      "by the arbiter\".",
      kArbiterMark, cells);
}

std::string excluded_reason(const ScoredMatch& m) {
  if (m.status == GameStatus::Unreadable) return "unreadable: " + m.first_error;
  if (!m.scored) return m.why_not_scored;
  return "invalid, left out (--exclude-invalid): " + m.first_error;
}

bool is_excluded(const Standings& s, std::size_t i) {
  return std::binary_search(s.excluded.begin(), s.excluded.end(), i);  // in input order
}

std::string ranking_order(StandingsBy by) {
  return by == StandingsBy::Player
             ? "ranked by points, then Sonneborn-Berger (SB), then wins; equal on all three share a rank"
             : "ranked by match points (MP), then head-to-head among the tied, then Sonneborn-Berger "
               "(SB); GP: game points; cells: match points/meetings against that team";
}

namespace {

// The table's cells as visible_text shows them (a name can hold controls).
Table visible_cells(const Table& t) {
  Table v = t;
  for (auto& row : v)
    for (std::string& cell : row) cell = visible_text(cell);
  return v;
}

std::string as_text(const Table& table) {
  const Table t = visible_cells(table);
  std::vector<std::size_t> width(t[0].size(), 0);
  for (const auto& row : t)
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  const std::vector<bool> numeric = numeric_columns(t);
  std::string out;
  for (const auto& row : t) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      const bool right = numeric[c];
      line += c ? "  " : "";
      line += right ? fmt::format("{:>{}}", row[c], width[c]) : fmt::format("{:<{}}", row[c], width[c]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::string as_markdown(const Table& t) {
  std::string out;
  const auto cell = markdown_text;
  for (std::size_t r = 0; r < t.size(); ++r) {
    out += "|";
    for (const std::string& v : t[r]) {
      out += ' ';
      out += cell(v);
      out += " |";
    }
    out += "\n";
    if (r == 0) {
      out += "|";
      const std::vector<bool> numeric = numeric_columns(t);
      for (std::size_t c = 0; c < t[0].size(); ++c) out += numeric[c] ? "---:|" : "---|";
      out += "\n";
    }
  }
  return out;
}

std::string as_csv(const Table& t) {
  std::string out;
  for (const auto& row : t) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (c) out += ',';
      out += csv_cell(row[c]);
    }
    out += "\r\n";  // RFC 4180
  }
  return out;
}

// A line about one match: the file and the message as every line-oriented output shows them,
// Markdown's and HTML's characters escaped too in Markdown.
std::string match_line(const ScoredMatch& m, std::string_view message, bool markdown) {
  std::string where = fmt::format("{}:{}", visible_text(m.file), m.line), what = shown_message(message);
  if (markdown) {
    where = markdown_text(where);
    what = markdown_text(what);
  }
  return fmt::format("{}match {} ({}): {}\n", markdown ? "- " : "  ", m.index, where, what);
}

std::string excluded_lines(const Standings& s, bool markdown) {
  std::string out;
  for (std::size_t i : s.excluded) out += match_line(s.matches[i], excluded_reason(s.matches[i]), markdown);
  return out;
}

// The lists under the table: every match whose result is not simply the record's, grouped.
enum class Group { AsRecorded, InvalidAsRecorded, InvalidByRules, RulesAgainstRecord, ByArbiter };

Group group_of(const Standings& s, std::size_t i) {
  const ScoredMatch& m = s.matches[i];
  if (m.source == ResultSource::Adjudication) return Group::ByArbiter;
  if (is_excluded(s, i)) return Group::AsRecorded;  // listed as left out
  if (m.status == GameStatus::Invalid) return m.source == ResultSource::Rules ? Group::InvalidByRules : Group::InvalidAsRecorded;
  if (m.source == ResultSource::Rules && m.result != m.recorded) return Group::RulesAgainstRecord;
  return Group::AsRecorded;
}

std::string group_lines(const Standings& s, Group g, bool markdown) {
  std::string out;
  for (std::size_t i = 0; i < s.matches.size(); ++i) {
    if (group_of(s, i) != g) continue;
    const ScoredMatch& m = s.matches[i];
    std::string what = "result used " + result_account(m);
    if (m.status == GameStatus::Invalid && !m.first_error.empty()) what += "; first error " + m.first_error;
    out += match_line(m, what, markdown);
  }
  return out;
}

// The lists under the text and Markdown tables, each with its heading.
std::string match_lists(const Standings& s, bool md) {
  static constexpr std::pair<Group, std::string_view> kHeadings[] = {
      {Group::ByArbiter, "Matches decided by the arbiter (--adjudications), the record and the rules beside"},
      {Group::InvalidByRules, "Invalid matches counted by the rules' verdict (bpgn's, from the moves and clocks)"},
      {Group::InvalidAsRecorded, "Invalid matches counted as recorded (the record's result; no rule decides them)"},
      {Group::RulesAgainstRecord, "Matches counted by the rules' verdict against the written result"},
  };
  std::string out;
  for (const auto& [g, heading] : kHeadings) {
    const std::string lines = group_lines(s, g, md);
    if (!lines.empty()) out += fmt::format("\n{}{}:\n\n{}", md ? "### " : "", heading, lines);
  }
  std::size_t plain = 0;
  for (std::size_t i = 0; i < s.matches.size(); ++i) plain += !is_excluded(s, i) && group_of(s, i) == Group::AsRecorded;
  if (plain > 0 && plain + s.excluded.size() < s.matches.size()) {
    out += fmt::format("\nThe other {} match{} in the table count{} as recorded, the rules agreeing.\n", plain,
                       plain == 1 ? "" : "es", plain == 1 ? "s" : "");
  }
  return out;
}

std::string json(const Standings& s, const RenderOptions& o) {
  std::string out;
  JsonWriter w(out);
  w.begin_object();
  w.key("title").string(visible_text(standings_title(s, o)));
  w.key("players").begin_array();
  for (const PlayerRow& p : s.players) {
    w.begin_object();
    w.key("name").text(p.name);
    w.key("rank").number(p.rank);
    w.key("points").number(p.points);
    w.key("matches").number(p.matches);
    w.key("wins").number(p.wins);
    w.key("losses").number(p.losses);
    w.key("sonneborn_berger").number(p.sonneborn_berger);
    w.key("by_round").begin_object();
    for (const auto& [r, pts] : p.by_round) w.text_key(s.rounds[r]).number(pts);
    w.end_object();
    w.key("adjudicated_rounds").begin_array();
    for (std::size_t r : p.adjudicated_rounds) w.text(s.rounds[r]);
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.key("teams").begin_array();
  for (std::size_t i = 0; i < s.teams.size(); ++i) {
    const TeamRow& t = s.teams[i];
    w.begin_object();
    w.key("players").begin_array().text(t.players[0]).text(t.players[1]).end_array();
    w.key("rank").number(t.rank);
    w.key("match_points").number(t.match_points);
    w.key("game_points").number(t.game_points);
    w.key("matches").number(t.matches);
    w.key("sonneborn_berger").number(t.sonneborn_berger);
    w.key("results").begin_array();
    for (const auto& [j, r] : t.results) {
      w.begin_object();
      w.key("opponent").number(j + 1);
      w.key("match_points").number(r.first);
      w.key("meetings").number(r.second);
      w.key("adjudicated").boolean(t.adjudicated_against.count(j) > 0);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.key("matches").begin_array();
  for (const ScoredMatch& m : s.matches) {
    w.begin_object();
    w.key("index").number(m.index);
    w.key("file").string(visible_text(m.file));
    w.key("line").number(m.line);
    w.key("round").text(m.round);
    w.key("status").string(to_string(m.status));
    w.key("points").begin_object();
    for (const auto& [seat, p] : m.points) w.key(seat_tag(seat)).number(p);
    w.end_object();
    w.key("event").string(visible_text(m.event));
    w.key("result").text(m.result);
    w.key("source").string(to_string(m.source));
    w.key("adjudicated").boolean(m.source == ResultSource::Adjudication);
    w.key("recorded").string_or_null(visible_text(m.recorded));
    w.key("verdict").text(m.verdict);
    w.key("verdict_source").string(to_string(m.verdict_source));
    if (!m.note.empty()) w.key("note").string(visible_text(m.note));
    if (m.source == ResultSource::Adjudication) {
      w.key("adjudication").begin_object();
      w.key("decision").string(visible_text(m.decision));
      w.key("reason").string(visible_text(m.decision_reason));
      w.key("where").string(visible_text(m.decision_where));
      w.end_object();
    }
    w.end_object();
  }
  w.end_array();
  w.key("excluded").begin_array();
  for (std::size_t i : s.excluded) {
    const ScoredMatch& m = s.matches[i];
    w.begin_object();
    w.key("index").number(m.index);
    w.key("file").string(visible_text(m.file));
    w.key("line").number(m.line);
    w.key("reason").string(shown_message(excluded_reason(m)));
    w.end_object();
  }
  w.end_array();
  w.end_object();
  out += "\n";
  return out;
}

}  // namespace

namespace {

// A number as the tables write one: an optional sign, digits, an optional fraction.
bool is_number(std::string_view v) {
  if (!v.empty() && (v[0] == '-' || v[0] == '+')) v.remove_prefix(1);
  const std::size_t point = v.find('.');
  const std::string_view whole = v.substr(0, point), fraction = point == v.npos ? "" : v.substr(point + 1);
  const auto digits = [](std::string_view d) { return d.find_first_not_of("0123456789") == d.npos; };
  return !whole.empty() && digits(whole) && digits(fraction) && (point == v.npos || !fraction.empty());
}

}  // namespace

std::string csv_cell(std::string_view v) {
  // OWASP's CSV injection advice: a spreadsheet runs a cell that starts with = + - @ (or tab or
  // CR before them) as a formula; a quote in front makes it text. A number (-2, +1.5) and the
  // table's lone "-" (not played) are no formula and stay as they are.
  const bool formula = !v.empty() && std::string_view("=+-@\t\r").find(v[0]) != std::string_view::npos &&
                       !is_number(v) && v != "-";
  if (!formula && v.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(v);
  std::string out = formula ? "\"'" : "\"";
  for (const char ch : v) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  out += '"';
  return out;
}

std::string points_text(double p) {
  std::string s = fmt::format("{:.4f}", p);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

std::string standings_title(const Standings& s, const RenderOptions& o) {
  if (!o.title.empty()) return o.title;
  std::vector<std::string> events;
  std::set<std::string> seen;
  for (const ScoredMatch& m : s.matches) {
    if (!m.event.empty() && seen.insert(m.event).second) events.push_back(m.event);
  }
  std::string out;
  for (std::size_t i = 0; i < events.size() && i < 3; ++i) out += (i ? " / " : "") + events[i];
  if (events.size() > 3) out += fmt::format(" and {} more events", events.size() - 3);
  return out;
}

std::string render_standings(const Standings& s, const RenderOptions& o) {
  if (o.format == StandingsFormat::Json) return json(s, o);
  if (o.format == StandingsFormat::Html) return standings_html(s, o);
  const Table t = standings_table(s, o);
  if (o.format == StandingsFormat::Csv) return as_csv(t);
  const bool md = o.format == StandingsFormat::Markdown;
  const std::string order = ranking_order(o.by);
  const std::string title = standings_title(s, o);
  std::string out = title.empty() ? std::string() : (md ? "# " + markdown_text(title) : visible_text(title)) + "\n\n";
  out += fmt::format("{}{} ({}; {})\n\n", md ? "## " : "", o.by == StandingsBy::Player ? "Players" : "Teams",
                                o.scoring, order);
  if (const std::string left_out = columns_left_out(s, o); !left_out.empty()) out += left_out + "\n\n";
  out += md ? as_markdown(t) : as_text(t);
  if (const std::string legend = arbiter_legend(s, o); !legend.empty())
    out += "\n" + (md ? markdown_text(legend) : legend) + "\n";
  out += match_lists(s, md);
  const std::string excluded = excluded_lines(s, md);
  if (!excluded.empty()) out += fmt::format("\n{}Matches left out:\n\n{}", md ? "### " : "", excluded);
  return out;
}

}  // namespace bpgn
