#include "output/clock_chart.h"

#include "output/board_view.h"
#include "text/markup_escape.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace bpgn {

namespace {

// Drops the points of a line that lie on the straight segment between their neighbours (a clock
// standing, or running on), and repeated points.
void simplify(std::vector<ClockPoint>& pts) {
  std::vector<ClockPoint> out;
  for (const ClockPoint& p : pts) {
    if (!out.empty() && out.back().time == p.time && out.back().remaining == p.remaining) continue;
    if (out.size() >= 2) {
      const ClockPoint& a = out[out.size() - 2];
      const ClockPoint& m = out.back();
      const double cross = (m.time - a.time) * (p.remaining - a.remaining) - (m.remaining - a.remaining) * (p.time - a.time);
      if (std::fabs(cross) < 1e-9 && m.time > a.time && p.time > m.time) out.pop_back();
    }
    out.push_back(p);
  }
  pts = std::move(out);
}

}  // namespace

ClockChartData clock_chart_data(const Game& game, const Timeline& tl, const ReplayResult& result) {
  ClockChartData data;
  const int boards = result.boards;
  const MatchClocks clocks(game, tl, result);
  const std::size_t n = game.plies.size();
  // Each board's line stops at its first ply whose time (or its player's time left) is unknown.
  std::array<std::size_t, 2> known_until{n, n};
  std::array<std::size_t, 2> first_ply{n, n};
  for (std::size_t i = n; i-- > 0;) {
    const int b = boards == 1 ? 0 : int(game.plies[i].board);
    if (!tl.time[i] || !tl.remaining[i]) known_until[b] = i;
    first_ply[b] = i;
  }
  std::array<ClockSeries, 4> series;
  std::array<bool, 4> open{};  // the line still goes on
  const ClocksAt start = clocks.at(0, 0.0);
  for (int s = 0; s < 2 * boards; ++s) {
    series[s].seat = Seat(s);
    open[s] = start.seats[s].left.has_value();
    if (open[s]) series[s].points.push_back({0.0, *start.seats[s].left});
  }
  // The clocks at `t` after the first `k` plies, and where a running clock reached 0:00 since `from`.
  const auto add = [&](std::size_t k, double t, double from) {
    const ClocksAt c = clocks.at(k, t);
    for (int s = 0; s < 2 * boards; ++s) {
      const SeatClock& sc = c.seats[s];
      if (!open[s] || !sc.left) continue;
      if (sc.running && sc.runs_out && *sc.runs_out > from && *sc.runs_out < t) {
        series[s].points.push_back({*sc.runs_out, 0.0});
      }
      series[s].points.push_back({t, *sc.left});
    }
  };
  double now = 0;  // the match time as the plies come (a ply timed earlier than one before comes with it)
  for (std::size_t j = 0; j < n; ++j) {
    const int b = boards == 1 ? 0 : int(game.plies[j].board);
    if (j >= known_until[b]) {
      for (Color c : {White, Black}) open[int(seat_of(Board(b), c))] = false;
    }
    const double before = now;
    if (tl.time[j]) now = std::max(now, *tl.time[j]);
    add(j, now, before);      // just before the ply
    add(j + 1, now, now);     // just after it (an increment added)
  }
  data.end = std::max(now, clocks.end().value_or(0.0));
  add(n, data.end, now);
  for (const MatchClocks::Fall& f : clocks.falls()) data.flags.push_back({f.seat, f.time});
  for (int s = 0; s < 2 * boards; ++s) {
    simplify(series[s].points);
    // A seat is shown when its board's first ply has a known time (or the board has none).
    const int b = int(board_of(Seat(s)));
    const bool known = first_ply[b] == n || known_until[b] != first_ply[b];
    if (series[s].points.size() > 1 && known) data.series.push_back(series[s]);
  }
  if (data.end <= 0) data.series.clear();  // no time known anywhere: nothing to draw
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
    out += fmt::format(R"(<g class="flag-fall" data-seat="{}" data-time="{}" stroke="#d00" stroke-width="2.5">)"
                       R"(<line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}"/><line x1="{:.1f}" y1="{:.1f}" x2="{:.1f}" y2="{:.1f}"/>)"
                       R"(<title>flag of {} fell at {}</title></g>)",
                       seat_tag(f.seat), f.time, fx - 5, fy - 5, fx + 5, fy + 5, fx - 5, fy + 5, fx + 5, fy - 5,
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
