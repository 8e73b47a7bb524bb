#include "output/viewer_page.h"

#include "output/clock_chart.h"
#include "output/html_page.h"
#include "text/markup_escape.h"
#include "output/outcome_text.h"
#include "output/sha256.h"
#include "output/svg_board.h"
#include "replay/timeline.h"

#include <fmt/format.h>

#include <string_view>
#include <utility>

namespace bpgn {
namespace {

// One board's figure: the players and their clocks, the holdings, the board. The names, clocks,
// holdings and pieces are filled in by the script; `b` 1 is board B, turned round.
std::string board_figure(int b) {
  const std::string id = b == 0 ? "A" : "B";
  const bool flipped = b == 1;
  auto seat = [&](Color c) {
    const int s = 2 * b + int(c);
    return fmt::format(R"(<div class="seat" data-seat-index="{}"><span class="team"></span><span class="name"></span>)"
                       R"(<span class="turn"></span><span class="fell"></span><span class="clock" role="timer"></span></div>)",
                       s);
  };
  auto hand = [&](Color c) {
    return fmt::format(R"(<div class="hand" id="hand-{}-{}"><svg class="holding" viewBox="0 0 60 45" width="34" height="26" role="img" aria-label="in hand"></svg></div>)",
                       id, c == White ? 'w' : 'b');
  };
  const Color top = flipped ? White : Black;
  const Color bottom = flipped ? Black : White;
  BoardSvgOptions o;
  o.flipped = flipped;
  o.pixels = 320;
  o.id = "board-" + id;
  o.label = "Board " + id;
  o.named_squares = true;
  std::string svg = svg_board(Position{}, BoardMarks{}, o);
  // Over the squares: the outline of the square a move that was not played aims at.
  svg.insert(svg.size() - std::string_view("</svg>").size(),
             R"(<rect class="aimed" x="0" y="0" width="45" height="45" fill="none" stroke="#8a1c1c" stroke-width="4" )"
             R"(stroke-dasharray="7 4" visibility="hidden" aria-hidden="true"/>)");
  return fmt::format(R"(<figure class="board-block" id="figure-{0}"><figcaption id="caption-{0}">Board {0}</figcaption>)"
                     "{1}{2}{3}{4}{5}</figure>",
                     id, seat(top), hand(top), svg, hand(bottom), seat(bottom));
}

// The keyboard help the `?` key opens: every key of the page (docs/view.md, *Stepping and playing*).
std::string help_dialog() {
  static constexpr std::pair<std::string_view, std::string_view> kKeys[] = {
      {"←", "the moment before"},
      {"→", "the moment after (the next ply of the record)"},
      {"Home", "the start of the match"},
      {"End", "the last moment"},
      {"p", "play in match time, or pause"},
      {"v", "the next moment with a violation"},
      {"Shift+V", "the previous moment with a violation"},
      {"?", "this list of keys (open or close)"},
      {"Esc", "close this list"},
  };
  std::string rows;
  for (const auto& [key, what] : kKeys) rows += fmt::format("<tr><th scope=\"row\"><kbd>{}</kbd></th><td>{}</td></tr>", key, what);
  return fmt::format(R"(<dialog id="help" aria-labelledby="help-title"><h2 id="help-title">Keys</h2>)"
                     R"(<table class="keys-table"><tbody>{}</tbody></table>)"
                     R"(<p>The slider and the menus keep their own keys. A click on a move or on the clock chart goes there.</p>)"
                     R"(<button type="button" id="help-close">Close</button></dialog>)"
                     "\n",
                     rows);
}

std::string color_pair(const SquareColors& c) { return fmt::format(R"(["{}","{}"])", c.light, c.dark); }

}  // namespace

ViewerPage::ViewerPage(std::vector<std::string> inputs) : inputs_(std::move(inputs)) {}

void ViewerPage::game(const Game& game, const CheckedGame& checked, const std::optional<PlaceMoment>& open,
                      const std::optional<MomentAt>& open_at) {
  game_json_.clear();
  if (games_ > 0) game_json_ += ',';
  // Escaped a part at a time, each part whole values (the escaping goes byte by byte, and U+2028
  // lies within a string): a long match is never whole in memory.
  ViewerDataOptions options;
  options.spill = [this](std::string& text) {
    json_.append(json_for_script(text));
    text.clear();
  };
  options.open = open;
  options.open_at = open_at;
  append_viewer_game(game_json_, game, checked, options);
  json_.append(json_for_script(game_json_));
  const int boards = checked.result.boards;
  if (!game.plies.empty()) {
    const Timeline tl = build_timeline(game, {boards, checked.replay.tolerance_seconds});
    std::array<std::string, 4> names;
    for (int s = 0; s < 4; ++s) names[s] = player_name(game, Seat(s), boards);
    const std::string svg = clock_chart_svg(clock_chart_data(game, tl, checked.result), names, fmt::format("clocks-{}", games_));
    if (!svg.empty()) charts_.append(fmt::format(R"(<div class="chart" id="chart-{}" hidden>{}</div>)", games_, svg) + '\n');
  }
  ++games_;
}

void ViewerPage::write(std::ostream& out) {
  const std::string_view script = viewer_script();
  out << html_page_head("bpgn match viewer", sha256_base64(script), viewer_style()) << svg_piece_definitions() << '\n';
  // Elements the script copies (in the SVG namespace): a piece, a holding's count, the chart's cursor.
  out << R"(<svg class="templates" id="templates" width="0" height="0" aria-hidden="true">)"
         R"(<use data-template="piece" width="45" height="45"/>)"
         R"(<text data-template="count" y="42" font-size="16" font-family="sans-serif"></text>)"
         R"(<line data-template="cursor" class="cursor" y1="12" y2="162" stroke="#222" stroke-width="1.5" visibility="hidden"/>)"
         "</svg>\n";
  out << "<h1>bpgn match viewer</h1>\n";
  std::string inputs;
  for (const std::string& f : inputs_) inputs += (inputs.empty() ? "" : ", ") + html_escape(f == "-" ? "standard input" : f);
  out << "<p>Inputs: " << (inputs.empty() ? "standard input" : inputs) << "</p>\n";
  out << R"(<div class="picker" id="picker-row"><label for="picker">Game </label><select id="picker"></select></div>)" << '\n';
  out << R"html(<main class="viewer"><h2 id="game-title"></h2>
<p><span id="game-where" class="where"></span> · rules <span id="game-rules"></span> · <span id="game-status" class="status"></span></p>
<div class="outcome-box" id="outcome-box"><p id="game-outcome"></p><p id="termination" hidden></p><p id="result-used"></p></div>
<p id="notice" class="notice" role="alert" hidden></p>
<details class="record-tags" id="record-tags"><summary>The record's tags</summary><table class="facts" id="tags"><tbody></tbody></table></details>
<p id="not-drawn" hidden></p><div id="stage">
<div class="controls" role="toolbar" aria-label="Moments of the match">
<button type="button" id="first" aria-label="Start of the match (Home)" title="Start (Home)">|◀ start</button>
<button type="button" id="prev" aria-label="Previous move (left arrow)" title="Previous (←)">◀</button>
<button type="button" id="play" aria-pressed="false" title="Play in match time (p)">Play</button>
<button type="button" id="next" aria-label="Next move (right arrow)" title="Next (→)">▶</button>
<button type="button" id="last" aria-label="End of the record (End)" title="End (End)">end ▶|</button>
<label for="speed">speed</label> <select id="speed"><option value="1">×1</option><option value="2">×2</option><option value="5">×5</option><option value="10">×10</option></select>
<span class="sep"></span>
<button type="button" id="prev-violation" title="Previous violation (Shift+V)">◀ violation</button>
<button type="button" id="next-violation" title="Next violation (v)">violation ▶</button>
<span class="sep"></span>
<button type="button" id="help-button" aria-haspopup="dialog" title="Keys (?)">Keys ?</button>
</div>
<input type="range" id="slider" min="0" max="0" value="0" step="1" aria-label="Moment of the match">
<p id="caption" aria-live="polite"></p>
<p id="moment-comment" class="comment" hidden></p>
<div class="boards">)html"
      << board_figure(0) << board_figure(1)
      << R"html(</div>
<div id="violations" aria-live="polite"></div>
<p class="keys">Keys: ← and → a move back or on, Home and End the start and the end, p play or pause, v and Shift+V the next and the previous violation, ? every key. Click a move or the clock chart to go there.</p>
<h3>Moves</h3><div class="moves-box"><table class="moves" id="moves"><thead></thead><tbody></tbody></table></div>
<h3 id="clocks-heading">Clocks</h3>
)html"
      ;
  charts_.copy_to(out);
  out << "</div></main>\n" << help_dialog();
  out << R"(<script type="application/json" id="bpgn-data">)";
  out << json_for_script(fmt::format(R"({{"colors":{{"plain":{},"last":{},"offending":{}}},"games":[)",
                                     color_pair(kPlainSquares), color_pair(kLastMoveSquares),
                                     color_pair(kOffendingSquares)));
  json_.copy_to(out);
  out << "]}";
  out << "</script>\n<script>" << script << "</script>\n";
  out << html_page_end("The rules quoted are bpgn's docs/rules.md.");
}

}  // namespace bpgn
