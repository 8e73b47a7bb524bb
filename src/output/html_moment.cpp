#include "output/html_moment.h"

#include "output/board_view.h"
#include "text/markup_escape.h"
#include "output/outcome_text.h"
#include "output/rule_quotes.h"
#include "output/svg_board.h"
#include "replay/messages.h"

#include <fmt/format.h>

namespace bpgn {
namespace {



void board_block(std::string& out, const Game& game, const Moment& m, int b, const BoardMarks& marks,
                 const std::string& id, const std::string& caption, int pixels) {
  const Position& pos = m.position[b];
  const bool flipped = b == 1;
  auto seat_row = [&](Color c) {
    const Seat seat = seat_of(Board(b), c);
    const std::optional<double>& r = m.remaining[int(seat)];
    out += fmt::format(R"(<div class="seat" data-seat="{}"><span class="name">{}</span><span class="clock">{}</span></div>)",
                       seat_tag(seat), html_escape(player_name(game, seat, m.boards)), r ? clock_text(*r) : "");
  };
  auto hand_row = [&](Color c) {
    const Holding& h = pos.holding(c);
    out += fmt::format(R"(<div class="hand" title="{}">{}</div>)", html_escape(holding_words(h)), svg_holding(h, c));
  };
  const Color top = flipped ? White : Black;
  const Color bottom = flipped ? Black : White;
  out += R"(<figure class="board-block">)";
  out += fmt::format("<figcaption>{}</figcaption>", m.boards == 1 ? std::string("Board") : fmt::format("Board {}", board_name(Board(b))));
  seat_row(top);
  hand_row(top);
  BoardSvgOptions o;
  o.flipped = flipped;
  o.id = id;
  o.label = html_escape(caption);
  o.pixels = pixels;
  out += svg_board(pos, marks, o);
  hand_row(bottom);
  seat_row(bottom);
  out += "</figure>";
}

}  // namespace

void html_moment_figure(std::string& out, const Game& game, const ReplayResult& result,
                        const ReplayOptions& replay_options, const std::vector<int>& numbers, MomentAt at,
                        const std::string& anchor, int board_pixels) {
  const Moment m = moment_of(game, result.rules, replay_options, result, at, 0);
  const std::string caption = moment_caption(game, numbers, m);
  out += fmt::format(R"(<p class="moment">{}</p><div class="boards">)", html_escape(caption));
  for (int b = 0; b < m.boards; ++b) {
    BoardMarks marks;
    if (m.last_played[b]) {
      const Move& mv = result.plies[*m.last_played[b]].move;
      if (mv.from != kNoSquare) marks.last_from = mv.from;
      marks.last_to = mv.to;
    }
    if (at.kind == MomentAt::Kind::Ply) {
      const Ply& p = game.plies[at.ply];
      if ((m.boards == 1 ? 0 : int(p.board)) == b) {
        if (m.played) {
          const Move& mv = result.plies[at.ply].move;
          if (mv.from != kNoSquare) marks.bad_from = mv.from;
          marks.bad_to = mv.to;
        } else {
          marks.bad_to = aimed_square(p.san);
        }
      }
    }
    const std::string id = fmt::format("{}-{}", anchor, m.boards == 1 ? "A" : board_name(Board(b)));
    board_block(out, game, m, b, marks, id, caption, board_pixels);
  }
  out += "</div>";
}

void html_rule_quote(std::string& out, const Game& game, const Violation& v, const RuleSet& rules) {
  if (const std::optional<RuleQuote> q = rule_quote(v, game, rules)) {
    out += fmt::format(R"(<blockquote class="rule"><p>{}</p><footer>The rule, from docs/rules.md, <i>{}</i></footer></blockquote>)",
                       html_escape(q->text), html_escape(q->section));
  } else {
    const ViolationInfo& i = info(v.code);
    out += fmt::format(R"(<p class="meaning">{}: {}.</p>)", i.code, html_escape(i.summary));
  }
}

}  // namespace bpgn
