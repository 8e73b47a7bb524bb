#include "output/clock_chart.h"

#include "output/board_view.h"
#include "text/markup_escape.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace bpgn {

ClockChartData clock_chart_data(const Game& game, const Timeline& tl, int boards) {
  ClockChartData data;
  const TimeControl tc = parse_time_control(game.tag("TimeControl"));
  const std::size_t n = game.plies.size();
  std::array<double, 2> board_last{};               // match time of each board's last ply with a known time
  std::array<std::optional<Color>, 2> last_mover{};  // who made each board's last ply
  for (int b = 0; b < boards; ++b) {
    std::array<std::optional<double>, 2> left{};  // per colour: time left after its last move
    std::array<ClockSeries, 2> series;
    for (int c = 0; c < 2; ++c) {
      series[c].seat = seat_of(Board(b), Color(c));
      if (tc.base) {
        left[c] = *tc.base;
        series[c].points.push_back({0.0, *tc.base});
      }
    }
    double turn_start = 0;  // when the player to move on this board began thinking
    bool board_known = true;  // false from the board's first ply without a known time on
    for (std::size_t i = 0; i < n; ++i) {
      const Ply& p = game.plies[i];
      if (boards == 2 && p.board != Board(b)) continue;
      last_mover[b] = p.color;
      board_known = board_known && tl.time[i] && tl.remaining[i];
      if (!board_known) continue;
      const int c = int(p.color);
      const double t = *tl.time[i];
      const double r = *tl.remaining[i];
      auto& pts = series[c].points;
      if (pts.empty() || pts.back().time != turn_start) pts.push_back({turn_start, left[c].value_or(r)});
      pts.push_back({t, r - tc.increment});
      if (tc.increment != 0) pts.push_back({t, r});
      left[c] = r;
      turn_start = t;
      board_last[b] = t;
      data.end = std::max(data.end, t);
    }
    // A player who has not moved yet keeps the base (until the extension below runs the clock of
    // the player to move), unless the board's times are unknown.
    for (ClockSeries& s : series) {
      if (s.points.size() > 1 || (s.points.size() == 1 && board_known)) data.series.push_back(std::move(s));
    }
  }
  for (const FlagFall& f : tl.flags) {
    if (f.time) data.flags.push_back({f.seat, *f.time});
  }
  for (const FlagFall& f : tl.pending) {
    // A pending flag fell only when the match went on past it (the other board's last move).
    if (f.time && *f.time < data.end) data.flags.push_back({f.seat, *f.time});
  }
  // One mark per player: the earliest time their flag is known to have fallen.
  std::sort(data.flags.begin(), data.flags.end(), [](const ClockFlag& a, const ClockFlag& b) { return a.time < b.time; });
  std::vector<ClockFlag> first;
  for (const ClockFlag& f : data.flags) {
    if (std::none_of(first.begin(), first.end(), [&](const ClockFlag& g) { return g.seat == f.seat; })) first.push_back(f);
  }
  data.flags = std::move(first);
  for (const ClockFlag& f : data.flags) data.end = std::max(data.end, f.time);
  if (data.end <= 0) data.series.clear();  // no time known anywhere: nothing to draw
  // Each seat's line goes on to the end: flat when it was not that player's turn, else falling.
  for (ClockSeries& s : data.series) {
    const ClockPoint last = s.points.back();
    if (last.time >= data.end) continue;
    const std::optional<Color>& mover = last_mover[int(board_of(s.seat))];
    const bool to_move = mover ? *mover != color_of(s.seat) : color_of(s.seat) == White;
    if (!to_move) {
      s.points.push_back({data.end, last.remaining});
      continue;
    }
    // Thinking since the board's last move.
    const double since = std::max(board_last[int(board_of(s.seat))], last.time);
    if (since > last.time) s.points.push_back({since, last.remaining});
    if (data.end > since) s.points.push_back({data.end, last.remaining - (data.end - since)});
  }
  return data;
}

std::string clock_chart_svg(const ClockChartData& data, const std::array<std::string, 4>& names, const std::string& id) {
  if (data.series.empty() || data.end <= 0) return {};
  constexpr double kWidth = 680, kHeight = 220, kLeft = 48, kRight = 12, kTop = 12, kBottom = 58;
  double top = 0, bottom = 0;
  for (const ClockSeries& s : data.series) {
    for (const ClockPoint& p : s.points) {
      top = std::max(top, p.remaining);
      bottom = std::min(bottom, p.remaining);
    }
  }
  if (top <= bottom) top = bottom + 1;
  const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
  auto x = [&](double t) { return kLeft + t / data.end * plot_w; };
  auto y = [&](double r) { return kTop + (top - r) / (top - bottom) * plot_h; };
  static constexpr std::string_view kColors[4] = {"#1f6fb4", "#c0392b", "#2e8b3a", "#8e44ad"};
  static constexpr std::string_view kDashes[4] = {"", "6 3", "", "6 3"};

  // The plot's place and time scale as data attributes: the match viewer draws its cursor by them.
  std::string out = fmt::format(R"(<svg class="clock-chart" id="{}" viewBox="0 0 {} {}" width="{}" height="{}" )"
                                R"(data-plot-left="{}" data-plot-width="{}" data-end="{}" )"
                                R"(role="img" aria-label="Remaining time of each player along the match">)",
                                id, kWidth, kHeight, kWidth, kHeight, kLeft, plot_w, data.end);
  // Axes and a grid line per minute (per 5 or 10 minutes for long matches).
  const double step = data.end <= 600 ? 60 : data.end <= 3600 ? 300 : 600;
  out += R"(<g font-size="10" font-family="sans-serif" fill="#444" stroke="none">)";
  for (double t = 0; t <= data.end + 1e-9; t += step) {
    out += fmt::format(R"(<line x1="{0:.1f}" y1="{1}" x2="{0:.1f}" y2="{2}" stroke="#ddd"/>)", x(t), kTop, kTop + plot_h);
    out += fmt::format(R"(<text x="{:.1f}" y="{}" text-anchor="middle">{}</text>)", x(t), kTop + plot_h + 12,
                       clock_text(t));
  }
  const double rstep = top - bottom <= 120 ? 30 : top - bottom <= 600 ? 60 : 300;
  for (double r = std::ceil(bottom / rstep) * rstep; r <= top + 1e-9; r += rstep) {
    out += fmt::format(R"(<line x1="{0}" y1="{1:.1f}" x2="{2}" y2="{1:.1f}" stroke="{3}"/>)", kLeft, y(r), kLeft + plot_w,
                       r == 0 ? "#999" : "#eee");
    out += fmt::format(R"(<text x="{}" y="{:.1f}" text-anchor="end">{}</text>)", kLeft - 4, y(r) + 3, clock_text(r));
  }
  out += fmt::format(R"(<text x="{}" y="{}" text-anchor="middle">match time</text>)", kLeft + plot_w / 2,
                     kTop + plot_h + 24);
  out += "</g>";
  for (std::size_t k = 0; k < data.series.size(); ++k) {
    const ClockSeries& s = data.series[k];
    const int seat = int(s.seat);
    std::string points;
    for (const ClockPoint& p : s.points) points += fmt::format("{:.1f},{:.1f} ", x(p.time), y(p.remaining));
    if (!points.empty()) points.pop_back();
    out += fmt::format(R"(<polyline class="clock-line" data-seat="{}" points="{}" fill="none" stroke="{}" )"
                       R"(stroke-width="1.6"{}/>)",
                       seat_tag(s.seat), points, kColors[seat],
                       kDashes[seat].empty() ? "" : fmt::format(R"( stroke-dasharray="{}")", kDashes[seat]));
  }
  for (const ClockFlag& f : data.flags) {
    const double fx = x(f.time), fy = y(0);
    out += fmt::format(R"(<g class="flag-fall" data-seat="{}" stroke="#d00" stroke-width="2.5">)"
                       R"(<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}"/><line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}"/>)"
                       R"(<title>flag of {} fell at {}</title></g>)",
                       seat_tag(f.seat), fx - 5, fy - 5, fx + 5, fy + 5, fx - 5, fy + 5, fx + 5, fy - 5,
                       html_escape(names[int(f.seat)]), clock_text(f.time));
  }
  // The legend under the axis.
  double lx = kLeft;
  const double ly = kHeight - 12;
  for (const ClockSeries& s : data.series) {
    const int seat = int(s.seat);
    out += fmt::format(R"(<line x1="{0}" y1="{1}" x2="{2}" y2="{1}" stroke="{3}" stroke-width="2"{4}/>)", lx, ly - 4, lx + 20,
                       kColors[seat], kDashes[seat].empty() ? "" : fmt::format(R"( stroke-dasharray="{}")", kDashes[seat]));
    const std::string label = html_escape(names[seat]);
    out += fmt::format(R"(<text x="{}" y="{}" font-size="11" font-family="sans-serif">{}</text>)", lx + 24, ly, label);
    lx += 34 + 6.5 * double(std::min<std::size_t>(names[seat].size(), 22));
  }
  if (!data.flags.empty()) {
    out += fmt::format(R"(<text x="{}" y="{}" font-size="11" font-family="sans-serif" fill="#d00">× flag fell</text>)", lx,
                       ly);
  }
  out += "</svg>";
  return out;
}

}  // namespace bpgn
