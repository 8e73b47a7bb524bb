#include "output/outcome_text.h"

#include "record/names_format.h"
#include "text/visible_text.h"
#include "replay/messages.h"
#include "replay/outcome.h"

#include <fmt/format.h>

namespace bpgn {

std::string player_name(const Game& game, Seat seat, int boards) {
  const std::string_view tag = boards == 1 ? color_name(color_of(seat)) : seat_tag(seat);
  const std::string_view name = player_of(game, board_of(seat), color_of(seat), boards);
  return name.empty() ? std::string(tag) : fmt::format("{} {}", tag, visible_text(clipped(name)));
}

std::string outcome_text(const Game& game, const ReplayResult& result) {
  const Outcome& o = result.outcome;
  const int boards = result.boards;
  auto names = [&](Seat a, Seat b) { return fmt::format("{} and {}", player_name(game, a, boards), player_name(game, b, boards)); };
  std::string who;
  switch (o.winner) {
    case Winner::Team1: who = fmt::format("team 1 ({}) wins", names(Seat::WhiteA, Seat::BlackB)); break;
    case Winner::Team2: who = fmt::format("team 2 ({}) wins", names(Seat::BlackA, Seat::WhiteB)); break;
    case Winner::White: who = fmt::format("{} wins", player_name(game, Seat::WhiteA, boards)); break;
    case Winner::Black: who = fmt::format("{} wins", player_name(game, Seat::BlackA, boards)); break;
    case Winner::Draw: who = "drawn"; break;
    case Winner::None: who = "no winner known"; break;
  }
  std::string why;
  switch (o.reason) {
    case EndReason::Checkmate: why = " by checkmate"; break;
    case EndReason::Time: why = " on time"; break;
    case EndReason::Resignation: why = " by resignation"; break;
    case EndReason::IllegalAction: why = " by the other side's illegal action"; break;
    case EndReason::Abort: why = " (aborted)"; break;
    case EndReason::Draw:
    case EndReason::None: break;
  }
  std::string where = o.board && boards == 2 ? fmt::format(" on board {}", *o.board) : "";
  std::string line = fmt::format("{}{}{}", who, why, where);
  if (!o.recorded.empty()) line += fmt::format("; recorded result {}", visible_text(clipped(o.recorded)));
  if (o.points) {
    line += "; points:";
    for (Seat s : {Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB}) {
      const auto it = o.points->find(std::string(seat_tag(s)));
      if (it != o.points->end()) line += fmt::format(" {} {}", seat_tag(s), seconds_text(it->second));
    }
  }
  if (const std::string note = unclaimed_note(game, o, boards); !note.empty()) line += "; " + visible_text(note);
  if (o.adjudication) {
    const Adjudication& a = *o.adjudication->decision;
    line += fmt::format("; arbiter's decision: {} (reason: {}; {}:{})", visible_text(clipped(a.decision_text())),
                        visible_text(clipped(a.reason)), visible_text(o.adjudication->source), a.line);
  }
  return line;
}

std::string outcome_line(const Game& game, const ReplayResult& result) {
  return fmt::format("{}:{}:{}: outcome: {}\n", visible_text(game.file), game.start.line, game.start.column, outcome_text(game, result));
}

}  // namespace bpgn
