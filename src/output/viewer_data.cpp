#include "output/viewer_data.h"

#include "core/fen.h"
#include "output/board_view.h"
#include "output/json_writer.h"
#include "output/outcome_text.h"
#include "output/report_text.h"
#include "output/rule_quotes.h"
#include "text/visible_text.h"
#include "output/viewer_record_words.h"
#include "replay/messages.h"
#include "replay/clock_at.h"
#include "replay/moment.h"
#include "replay/moments.h"
#include "replay/timeline.h"
#include "rules/rule_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace bpgn {
namespace {

int board_index(const Ply& p, int boards) { return boards == 1 ? 0 : int(p.board); }

void square_or_null(JsonWriter& w, std::optional<Square> s) {
  if (s && *s < 64) w.string(square_name(*s));
  else w.null();
}

void write_violation(JsonWriter& w, const Game& game, const ReplayResult& result, const Violation& v) {
  const ViolationInfo& i = info(v.code);
  w.begin_object();
  w.key("code").string(i.code);
  w.key("severity").string(to_string(v.severity));
  w.key("ply").number_or_null(v.ply);
  w.key("line").string(visible_text(diagnostic_line(game, v)));
  // An illegal action under illegal_action_loses=yes: decided, claimed, or not claimed (and then
  // whether play went on from it).
  if (v.fate) {
    w.key("claim").string(claim_word(*v.fate));
    w.key("played_on").boolean(*v.fate == ActionFate::PlayedOn);
  }
  if (const std::optional<RuleQuote> q = rule_quote(v, game, result.rules)) {
    w.key("quote").string(q->text);
    w.key("section").string(q->section);
  } else {
    w.key("meaning").string(fmt::format("{}: {}.", i.code, i.summary));
  }
  w.end_object();
}

void write_moment(JsonWriter& w, const Game& game, const CheckedGame& checked, const std::vector<int>& numbers,
                  const Moment& m) {
  const ReplayResult& result = checked.result;
  const MomentAt at = m.at;
  w.begin_object();
  switch (at.kind) {
    case MomentAt::Kind::Start: w.key("at").string("start"); break;
    case MomentAt::Kind::End: w.key("at").string("end"); break;
    case MomentAt::Kind::Ply: w.key("at").number(at.ply); break;
    case MomentAt::Kind::Instant: w.key("at").string("instant"); break;
  }
  w.key("caption").string(visible_text(moment_caption(game, numbers, m)));
  w.key("played").boolean(m.played);
  w.key("time").number_or_null(m.time);
  w.key("fen").begin_array();
  for (int b = 0; b < m.boards; ++b) w.plain_string([&](std::string& out) { append_fen(m.position[b], true, out); });
  w.end_array();
  // Per board, per colour (White, Black): the count of queens, rooks, bishops, knights and pawns.
  w.key("hands").begin_array();
  for (int b = 0; b < m.boards; ++b) {
    w.begin_array();
    for (Color c : {White, Black}) {
      w.begin_array();
      for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn}) w.number(int(m.position[b].holding(c)[t]));
      w.end_array();
    }
    w.end_array();
  }
  w.end_array();
  w.key("hand_words").begin_array();  // as the report's title says them: "a knight and two pawns"
  for (int b = 0; b < m.boards; ++b) {
    w.begin_array();
    for (Color c : {White, Black}) w.string(holding_words(m.position[b].holding(c)));
    w.end_array();
  }
  w.end_array();
  w.key("remaining").begin_array();
  for (int s = 0; s < 2 * m.boards; ++s) w.number_or_null(m.remaining[s]);
  w.end_array();
  w.key("clocks").begin_array();  // as show prints them
  for (int s = 0; s < 2 * m.boards; ++s) {
    if (m.remaining[s]) w.string(clock_text(*m.remaining[s]));
    else w.null();
  }
  w.end_array();
  // Whose clock runs, and when each fallen flag fell (clock_at.h: the page's clocks follow them).
  w.key("running").begin_array();
  for (int s = 0; s < 2 * m.boards; ++s) w.boolean(m.clocks.seats[s].running);
  w.end_array();
  w.key("fell").begin_array();
  for (int s = 0; s < 2 * m.boards; ++s) w.number_or_null(m.clocks.seats[s].fell);
  w.end_array();
  w.key("runs_out").begin_array();  // the running clock: its time left at match time t is runs_out - t
  for (int s = 0; s < 2 * m.boards; ++s) w.number_or_null(m.clocks.seats[s].runs_out);
  w.end_array();
  // The last move played on each board (from is null for a drop).
  w.key("last").begin_array();
  for (int b = 0; b < m.boards; ++b) {
    if (!m.last_played[b]) {
      w.null();
      continue;
    }
    const Move& mv = result.plies[*m.last_played[b]].move;
    w.begin_array();
    square_or_null(w, mv.from == kNoSquare ? std::nullopt : std::optional<Square>(mv.from));
    square_or_null(w, mv.to);
    w.end_array();
  }
  w.end_array();
  // The ply of the moment on its board: played (its squares) or not (the square it aims at).
  w.key("mark");
  if (at.kind == MomentAt::Kind::Ply) {
    const Ply& p = game.plies[at.ply];
    w.begin_object();
    w.key("board").number(board_index(p, m.boards));
    if (m.played) {
      const Move& mv = result.plies[at.ply].move;
      w.key("from");
      square_or_null(w, mv.from == kNoSquare ? std::nullopt : std::optional<Square>(mv.from));
      w.key("to");
      square_or_null(w, mv.to);
    } else {
      w.key("from").null();
      w.key("to");
      square_or_null(w, aimed_square(p.san));
    }
    w.end_object();
  } else {
    w.null();
  }
  w.key("violations").begin_array();
  for (std::size_t k : m.violations) w.number(k);
  w.end_array();
  w.end_object();
}

// The page's moments in the order play shows them: the start, each ply of the record, each flag fall
// at its instant (after the plies made by then), the end when violations concern no move, and
// `open` when it is an instant that is no moment yet.
std::vector<MomentAt> moment_places(const Game& game, const CheckedGame& checked, const Timeline& tl, bool at_end,
                                    const std::optional<MomentAt>& open) {
  const MatchClocks clocks(game, tl, checked.result);
  std::vector<std::pair<std::size_t, double>> instants;  // plies made by then, the time
  for (const MatchClocks::Fall& f : clocks.falls()) instants.emplace_back(clocks.plies_by(f.time), f.time);
  if (open && open->kind == MomentAt::Kind::Instant &&
      std::none_of(instants.begin(), instants.end(), [&](const auto& x) { return std::fabs(x.second - open->time) < 1e-6; })) {
    instants.emplace_back(clocks.plies_by(open->time), open->time);
  }
  std::sort(instants.begin(), instants.end());
  instants.erase(std::unique(instants.begin(), instants.end()), instants.end());
  std::vector<MomentAt> places{{MomentAt::Kind::Start, 0}};
  std::size_t next = 0;
  for (std::size_t i = 0; i <= game.plies.size(); ++i) {
    for (; next < instants.size() && instants[next].first <= i; ++next) {
      places.push_back({MomentAt::Kind::Instant, 0, instants[next].second});
    }
    if (i < game.plies.size()) places.push_back({MomentAt::Kind::Ply, i});
  }
  if (at_end) places.push_back({MomentAt::Kind::End, 0});
  return places;
}

// The index of the moment `at` among `places` (the last moment for the end when the page has no
// end of its own).
std::size_t place_of(const std::vector<MomentAt>& places, const MomentAt& at) {
  for (std::size_t k = 0; k < places.size(); ++k) {
    const MomentAt& p = places[k];
    if (p.kind != at.kind) continue;
    if (p.kind == MomentAt::Kind::Ply && p.ply != at.ply) continue;
    if (p.kind == MomentAt::Kind::Instant && std::fabs(p.time - at.time) >= 1e-6) continue;
    return k;
  }
  return at.kind == MomentAt::Kind::Start ? 0 : places.size() - 1;
}

}  // namespace

void append_viewer_game(std::string& out, const Game& game, const CheckedGame& checked, const ViewerDataOptions& options) {
  const ReplayResult& result = checked.result;
  const int boards = result.boards;
  JsonWriter w(out);
  w.begin_object();
  w.key("index").number(game.index);
  w.key("file").string(visible_text(game.file));
  w.key("file_index").number(game.file_index);
  w.key("line").number(game.start.line);
  w.key("boards").number(boards);
  w.key("players").begin_array();
  for (int s = 0; s < 2 * boards; ++s) w.string(visible_text(player_name(game, Seat(s), boards)));
  w.end_array();
  w.key("rules").string(visible_text(rules_name_with_overrides(result.rules)));
  w.key("status").string(to_string(checked.status));
  const bool unreadable = checked.status == GameStatus::Unreadable && game.plies.empty();
  w.key("outcome").string(unreadable ? std::string() : visible_text(outcome_text(game, result)));
  write_record_words(w, game, result);
  w.key("violations").begin_array();
  for (const Violation& v : result.violations) write_violation(w, game, result, v);
  w.end_array();

  const std::vector<int> numbers = move_numbers(game);
  const Timeline tl = build_timeline(game, {boards, checked.replay.tolerance_seconds});
  std::vector<std::vector<std::size_t>> at_ply(game.plies.size());
  bool at_end = false;
  for (std::size_t k = 0; k < result.violations.size(); ++k) {
    const Violation& v = result.violations[k];
    if (v.ply && *v.ply < game.plies.size()) at_ply[*v.ply].push_back(k);
    else at_end = true;
  }
  // The text so far goes to options.spill between values once it is long enough.
  const auto spill_some = [&] {
    if (options.spill && out.size() >= std::size_t(1) << 16) options.spill(out);
  };
  w.key("plies").begin_array();
  for (std::size_t i = 0; i < game.plies.size(); ++i) {
    spill_some();
    const Ply& p = game.plies[i];
    w.begin_object();
    w.key("ref").string(visible_text(move_ref(p, numbers[i], boards)));
    w.key("board").number(board_index(p, boards));
    w.key("color").string(p.color == White ? "white" : "black");
    w.key("played").boolean(result.plies[i].replayed);
    w.key("time").number_or_null(tl.time[i]);
    if (const std::string comment = ply_comment(p); !comment.empty()) w.key("comment").string(visible_text(comment));
    w.key("violations").begin_array();
    for (std::size_t k : at_ply[i]) w.number(k);
    w.end_array();
    w.end_object();
  }
  w.end_array();

  w.key("moments");
  if (unreadable) {
    w.begin_array().end_array();
    w.key("not_drawn").string("the record could not be read: it has no moves");
  } else {
    const std::vector<MomentAt> places = moment_places(game, checked, tl, at_end, options.open_at);
    w.begin_array();
    // The moments in places' order: the start, the plies and the end from one replay
    // (for_each_moment), each instant (a flag's fall, --at) from moment_of, in between.
    std::size_t next = 0;  // the next of places to write
    const auto write_instants = [&] {
      for (; next < places.size() && places[next].kind == MomentAt::Kind::Instant; ++next) {
        write_moment(w, game, checked, numbers, moment_of(game, result.rules, checked.replay, result, places[next], 0));
        spill_some();
      }
    };
    for_each_moment(game, result.rules, checked.replay, result, [&](const Moment& m) {
      if (m.at.kind == MomentAt::Kind::End && !at_end) return;
      write_instants();
      write_moment(w, game, checked, numbers, m);
      ++next;
      spill_some();
    }, 0);
    write_instants();
    w.end_array();
    if (options.open) write_open(w, place_of(places, options.open->at), *options.open);
    else if (options.open_at) write_open(w, place_of(places, *options.open_at), PlaceMoment{PlaceMoment::By::Time, *options.open_at, std::nullopt});
  }
  w.end_object();
}

std::string json_for_script(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  for (std::size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (c == '<') out += "\\u003c";
    else if (c == '>') out += "\\u003e";
    else if (c == '&') out += "\\u0026";
    else if (c == '\xE2' && i + 2 < json.size() && json[i + 1] == '\x80' && (json[i + 2] == '\xA8' || json[i + 2] == '\xA9')) {
      out += json[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace bpgn
