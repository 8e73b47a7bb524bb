#include "replay/outcome.h"

#include "core/movegen.h"
#include "text/visible_text.h"
#include "replay/messages.h"
#include "replay/record_source.h"
#include "replay/termination.h"

#include <fmt/format.h>

#include <algorithm>

namespace bpgn {
namespace {

constexpr Seat opponent_of(Seat s) { return seat_of(board_of(s), ~color_of(s)); }

std::string_view winner_words(Winner w) {
  switch (w) {
    case Winner::Team1: return "team1 (WhiteA + BlackB)";
    case Winner::Team2: return "team2 (BlackA + WhiteB)";
    case Winner::White: return "White";
    case Winner::Black: return "Black";
    case Winner::Draw: return "nobody (a draw)";
    case Winner::None: return "nobody";
  }
  return "nobody";
}

// A seat as the record names it: the player's name when the tags give one.
std::string player(const Game& game, Seat s, int boards) {
  std::string_view tag = boards == 1 ? color_name(color_of(s)) : seat_tag(s);
  const std::string* name = game.tag(tag);
  if (name && !name->empty() && *name != "?") return fmt::format("{} ({})", clipped(*name), tag);
  return std::string(tag);
}

// From the deciding board's White: on board B, White is team2.
std::string board_token(Winner w, Board b) {
  if (b == Board::A || (w != Winner::Team1 && w != Winner::Team2)) return result_token(w);
  return result_token(w == Winner::Team1 ? Winner::Team2 : Winner::Team1);
}


EndReason reason_of(TerminationKind k) {
  switch (k) {
    case TerminationKind::Checkmate: return EndReason::Checkmate;
    case TerminationKind::Resignation:
    case TerminationKind::Disconnection: return EndReason::Resignation;
    case TerminationKind::Time: return EndReason::Time;
    case TerminationKind::Abort: return EndReason::Abort;
    case TerminationKind::Draw: return EndReason::Draw;
    case TerminationKind::None:
    case TerminationKind::Victory:
    case TerminationKind::Unknown: return EndReason::None;
  }
  return EndReason::None;
}

bool decisive(const std::string& token) { return token == "1-0" || token == "0-1"; }

// The losing team of a team-level text (bughouse.pro's Outcome tag): its seats.
std::vector<Seat> losing_team(const Termination& term) {
  if (!term.losers.empty()) return term.losers;
  std::vector<Seat> out;
  for (Seat w : term.winners) out.push_back(opponent_of(w));
  return out;
}

SourcePos result_pos(const Game& game) {
  if (game.result_pos.line != 0) return game.result_pos;
  for (const Tag& t : game.tags) {
    if (t.name == "Result") return t.pos;
  }
  return game.start;
}

}  // namespace

std::string result_token(Winner w) {
  switch (w) {
    case Winner::Team1:
    case Winner::White: return "1-0";
    case Winner::Team2:
    case Winner::Black: return "0-1";
    case Winner::Draw: return "1/2-1/2";
    case Winner::None: return "*";
  }
  return "*";
}

Winner winner_from_token(std::string_view t, int boards) {
  if (t == "1-0") return boards == 1 ? Winner::White : Winner::Team1;
  if (t == "0-1") return boards == 1 ? Winner::Black : Winner::Team2;
  if (t == "1/2-1/2") return Winner::Draw;
  return Winner::None;
}

Winner team_of(Seat seat) {
  return seat == Seat::WhiteA || seat == Seat::BlackB ? Winner::Team1 : Winner::Team2;
}

Winner winner_for(Seat seat, int boards) {
  if (boards == 1) return color_of(seat) == White ? Winner::White : Winner::Black;
  return team_of(seat);
}

Winner winner_against(Seat loser, int boards) { return winner_for(opponent_of(loser), boards); }

std::map<std::string, double> turkish_points(Seat loser) {
  const Seat winner = opponent_of(loser);
  std::map<std::string, double> p;
  p[std::string(seat_tag(winner))] = 2;
  p[std::string(seat_tag(partner_of(winner)))] = 1.5;
  p[std::string(seat_tag(partner_of(loser)))] = 0.5;
  p[std::string(seat_tag(loser))] = 0;
  return p;
}

std::optional<TurkishVerdict> turkish_flags(const std::vector<Seat>& flagged) {
  TurkishVerdict v;
  auto is_flagged = [&](Seat s) { return std::find(flagged.begin(), flagged.end(), s) != flagged.end(); };
  switch (flagged.size()) {
    case 1:
      v.winner = winner_against(flagged[0], 2);
      v.points = turkish_points(flagged[0]);
      return v;
    case 2: {
      const Seat x = flagged[0], y = flagged[1];
      // Two flags on one board: "the arbiter declares the clocks faulty" - no result.
      if (board_of(x) == board_of(y)) return std::nullopt;
      // Diagonal flags (one player of each team; this is also the draw when the winner's partner
      // ran out of time too): the flagged players 0, their opponents 2 each. Two flags of one
      // team (not in the table): that team lost on both boards, scored the same way.
      v.winner = team_of(x) != team_of(y) ? Winner::Draw : winner_against(x, 2);
      for (Seat s : {Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB}) {
        v.points[std::string(seat_tag(s))] = is_flagged(s) ? 0 : 2;
      }
      return v;
    }
    case 3:
      for (Seat s : {Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB}) {
        v.points[std::string(seat_tag(s))] = is_flagged(s) ? 0 : 2;
        if (!is_flagged(s)) v.winner = team_of(s);
      }
      return v;
    default: return std::nullopt;
  }
}

std::string unclaimed_note(const Game& game, const Outcome& o, int boards) {
  if (!o.unclaimed_illegal_ply || *o.unclaimed_illegal_ply >= game.plies.size()) return {};
  const std::string ref = move_ref(game, *o.unclaimed_illegal_ply, boards);
  if (o.reason == EndReason::IllegalAction) return "illegal action not claimed (" + ref + "): play went on";
  return "illegal action not claimed (" + ref + "): result as played";
}

Outcome decide_outcome(const OutcomeInput& in, std::vector<Violation>& warnings) {
  const Game& game = in.game;
  const int boards = in.boards;
  const bool turkish = in.rules.scoring == Scoring::TurkishPoints && boards == 2;
  Outcome out;
  const std::string* result_tag = game.tag("Result");
  out.recorded = !game.result.empty() ? game.result : (result_tag ? *result_tag : std::string());
  if (result_tag && !game.result.empty() && *result_tag != game.result) {
    warnings.push_back(game_violation(
        ViolationCode::ResultMismatch, result_pos(game),
        fmt::format("the Result tag says {} but the movetext ends with {}", *result_tag, game.result)));
  }

  const Termination term = read_termination(game, boards);
  std::optional<Seat> loser;
  std::vector<Seat> flagged;  // turkish: every player whose time ran out
  bool from_replay = false;

  auto mismatch = [&](std::string message) {
    warnings.push_back(game_violation(ViolationCode::ResultMismatch, result_pos(game), std::move(message)));
  };

  if (in.end) {
    from_replay = true;
    out.reason = in.end->reason;
    loser = in.end->loser;
  } else if (!in.timeline.flags.empty()) {
    // A flag fell while the record went on, seen on a board whose later plies were not replayed.
    from_replay = true;
    out.reason = EndReason::Time;
    loser = in.timeline.flags.front().seat;
  }
  if (from_replay && out.reason == EndReason::Time && turkish) {
    for (const FlagFall& f : in.timeline.flags) {
      if (std::find(flagged.begin(), flagged.end(), f.seat) == flagged.end()) flagged.push_back(f.seat);
    }
    if (term.kind == TerminationKind::Time) {
      for (Seat s : term.losers) {
        if (std::find(flagged.begin(), flagged.end(), s) == flagged.end()) flagged.push_back(s);
      }
    }
  }

  if (!from_replay && term.team && boards == 2) {
    // A team-level text names the losing team, not the player: the moves and clocks tell which.
    out.reason = reason_of(term.kind);
    const std::vector<Seat> team = losing_team(term);
    if (term.kind == TerminationKind::Draw) {
      out.winner = Winner::Draw;
    } else if (!team.empty()) {
      out.winner = winner_against(team.front(), boards);
      if (term.kind == TerminationKind::Checkmate) {
        bool all_complete = true;
        for (Seat s : team) {
          const int b = int(board_of(s));
          all_complete = all_complete && in.complete[b];
          if (in.complete[b] && in.final[b].side_to_move() == color_of(s) && is_checkmate(in.final[b], in.rules)) loser = s;
        }
        if (!loser && all_complete) {
          mismatch(fmt::format("the record says {}, but no board ends in a checkmate of that team under {}", quoted_value(term.text),
                               rules_name_with_overrides(in.rules)));
        }
      } else if (term.kind == TerminationKind::Time && !in.timeline.pending.empty()) {
        const auto& pending = in.timeline.pending;
        auto mine = std::find_if(pending.begin(), pending.end(), [&](const FlagFall& f) {
          return std::find(team.begin(), team.end(), f.seat) != team.end();
        });
        if (mine == pending.end()) {
          mismatch(fmt::format("the record says {}, but no player of that team was to move at the end", quoted_value(term.text)));
        } else {
          loser = mine->seat;
          if (mine != pending.begin() && *pending.front().time + pending.front().allowance < *mine->time) {
            mismatch(fmt::format("the record says {}, but the clocks say {}'s time ran out first ({} s against {} s)",
                                 quoted_value(term.text), player(game, pending.front().seat, boards),
                                 seconds_text(*pending.front().time), seconds_text(*mine->time)));
          }
        }
      }
    }
  } else if (!from_replay) {
    out.reason = reason_of(term.kind);
    switch (term.kind) {
      case TerminationKind::Checkmate:
      case TerminationKind::Resignation:
      case TerminationKind::Disconnection:
      case TerminationKind::Time: {
        if (!term.losers.empty()) {
          loser = term.losers.front();
        } else if (!term.winners.empty()) {
          loser = opponent_of(term.winners.front());
        } else if (term.winner_color) {
          loser = seat_of(Board::A, ~*term.winner_color);
        } else if (term.kind == TerminationKind::Time && out.recorded == "1/2-1/2") {
          // A flag against a side that cannot mate is a draw (lichess: "Time forfeit", 1/2-1/2).
          out.winner = Winner::Draw;
          out.reason = EndReason::Draw;
        } else if (term.kind == TerminationKind::Time && !in.timeline.pending.empty()) {
          loser = in.timeline.pending.front().seat;  // the first clock to run out
        } else if (boards == 1) {
          out.winner = winner_from_token(out.recorded, 1);  // a text naming nobody: the written result
        }
        if (term.kind == TerminationKind::Time && turkish) flagged = term.losers;
        if (loser && term.kind == TerminationKind::Checkmate && in.complete[int(board_of(*loser))] &&
            (boards == 2 || board_of(*loser) == Board::A)) {
          mismatch(fmt::format("the record says {}, but the final position of {} is not checkmate under {}",
                               quoted_value(term.text), boards == 2 ? fmt::format("board {}", board_letter(board_of(*loser))) : "the board",
                               rules_name_with_overrides(in.rules)));
        }
        if (loser && term.kind == TerminationKind::Time && !in.timeline.pending.empty()) {
          const auto& pending = in.timeline.pending;
          auto mine = std::find_if(pending.begin(), pending.end(), [&](const FlagFall& f) { return f.seat == *loser; });
          if (mine == pending.end()) {
            mismatch(fmt::format("the record says {}, but {} was not the player to move at the end",
                                 quoted_value(term.text), player(game, *loser, boards)));
          } else if (mine != pending.begin() && *pending.front().time + pending.front().allowance < *mine->time) {
            mismatch(fmt::format("the record says {}, but the clocks say {}'s time ran out first ({} s against {} s)",
                                 quoted_value(term.text), player(game, pending.front().seat, boards),
                                 seconds_text(*pending.front().time), seconds_text(*mine->time)));
          }
        }
        break;
      }
      case TerminationKind::Abort: out.winner = Winner::None; break;
      case TerminationKind::Draw: out.winner = Winner::Draw; break;
      case TerminationKind::Victory:
        if (!term.winners.empty()) out.winner = winner_for(term.winners.front(), boards);
        break;
      case TerminationKind::None:
      case TerminationKind::Unknown:
        if (boards == 1 && in.complete[0] && is_stalemate(in.final[0], in.rules)) {
          out.winner = Winner::Draw;
          out.reason = EndReason::Draw;
          out.board = Board::A;
        } else if (boards == 1) {
          // Nothing contradicts the written result of a one-board game (a resignation or a flag that
          // the text does not name): take it.
          out.winner = winner_from_token(out.recorded, 1);
          if (out.winner == Winner::Draw) out.reason = EndReason::Draw;
          if (out.winner != Winner::None) out.board = Board::A;
        }
        break;
    }
  }

  out.source = from_replay ? OutcomeSource::Rules : OutcomeSource::Record;
  out.unclaimed_illegal_ply = in.unclaimed_illegal_ply;
  if (loser) {
    out.winner = winner_against(*loser, boards);
    out.board = board_of(*loser);
  }
  if (turkish && out.reason == EndReason::Time && flagged.size() > 1) {
    if (auto verdict = turkish_flags(flagged)) {
      out.winner = verdict->winner;
      out.points = verdict->points;
      if (out.winner == Winner::Draw) out.board.reset();
    } else {
      out.winner = Winner::None;  // faulty clocks: no result
      out.board.reset();
    }
  } else if (turkish) {
    if (loser) {
      out.points = turkish_points(*loser);
    } else if (out.winner == Winner::Draw) {
      // Not in rules.md's table: a drawn match scores 1 for every player (4 in all, as every row).
      out.points = std::map<std::string, double>{{"WhiteA", 1}, {"BlackA", 1}, {"WhiteB", 1}, {"BlackB", 1}};
    }
  }

  // The termination text must agree with what the replay found.
  if (from_replay) {
    bool agrees = true;
    switch (term.kind) {
      case TerminationKind::Abort:
      case TerminationKind::Draw: agrees = out.winner == Winner::Draw || out.winner == Winner::None; break;
      case TerminationKind::None:
      case TerminationKind::Unknown: break;
      case TerminationKind::Checkmate:
      case TerminationKind::Resignation:
      case TerminationKind::Disconnection:
      case TerminationKind::Time:
      case TerminationKind::Victory:
        for (Seat s : term.losers) agrees = agrees && winner_against(s, boards) == out.winner;
        for (Seat s : term.winners) agrees = agrees && winner_for(s, boards) == out.winner;
        if (term.winner_color) agrees = agrees && winner_for(seat_of(Board::A, *term.winner_color), 1) == out.winner;
        break;
    }
    if (!agrees) {
      mismatch(fmt::format("the record says {}, but the moves and clocks give the match to {}", quoted_value(term.text),
                           winner_words(out.winner)));
    } else if (!term.team && !term.losers.empty() && in.end &&
               ((term.kind == TerminationKind::Checkmate && in.end->reason == EndReason::Checkmate) ||
                (term.kind == TerminationKind::Time && in.end->reason == EndReason::Time)) &&
               std::find(term.losers.begin(), term.losers.end(), in.end->loser) == term.losers.end()) {
      // The right team, the wrong player: `{Rabbos checkmated}` when Rabbos's partner was mated.
      const bool mate = term.kind == TerminationKind::Checkmate;
      mismatch(fmt::format("the record says {}, but the player {} was {}{}", quoted_value(term.text),
                           mate ? "checkmated" : "whose time ran out", player(game, in.end->loser, boards),
                           boards == 2 ? fmt::format(" on board {}", board_letter(board_of(in.end->loser))) : ""));
    }
  }

  // The written result, read both ways: team1's view and the deciding board's White; only team1's
  // view where the record's writer is known to use it (bughouse.pro). The winners are compared:
  // "1-0" from board B's White and "1-0" from team1's view name different teams.
  const bool team_convention = boards == 2 && writes_team_view(game);
  const std::string team_view = result_token(out.winner);
  const std::string board_view = out.board && !team_convention ? board_token(out.winner, *out.board) : team_view;
  out.computed = team_view;
  if (boards == 2 && out.recorded == board_view && out.recorded != team_view) out.computed = board_view;
  const bool known = out.winner != Winner::None || out.reason == EndReason::Abort;
  if (known && team_convention && !out.recorded.empty() && out.recorded != team_view) {
    const Winner written = winner_from_token(out.recorded, 2);
    mismatch(fmt::format("the record gives {}, which its writer (bughouse.pro) means as {} winning, but {} won the match "
                         "({} from team1's view)",
                         out.recorded, winner_words(written), winner_words(out.winner), team_view));
  } else if (known && !out.recorded.empty() && out.recorded != team_view && out.recorded != board_view) {
    if (boards == 2 && out.board) {
      mismatch(fmt::format("the record gives {}, but {} won the match: {} from team1's view, {} from board {}'s White",
                           out.recorded, winner_words(out.winner), team_view, board_view, board_letter(*out.board)));
    } else {
      mismatch(fmt::format("the record gives {}, but the moves and clocks give {}", out.recorded, team_view));
    }
  }

  // A record that breaks off without its result token, where the writer always writes one.
  if (boards == 2 && game.result.empty() && !game.error && always_writes_result_token(game)) {
    SourcePos at = game.plies.empty() ? game.start : game.plies.back().san_pos;
    warnings.push_back(game_violation(
        ViolationCode::TruncatedRecord, at,
        fmt::format("the movetext ends after {} move{} without a result token, which a FICS / bughouse-db record "
                    "always writes: the record looks cut off",
                    game.plies.size(), game.plies.size() == 1 ? "" : "s")));
  } else if (boards == 2 && decisive(out.recorded) && !from_replay && game.termination.empty() &&
             (term.kind == TerminationKind::None || term.kind == TerminationKind::Unknown)) {
    // A decisive result that nothing explains: no mate, no flag seen, no termination comment (any:
    // a text the program cannot read is still the writer's account), no Termination or Outcome tag
    // that the program can read. A record cut short (its result comment lost) looks like this.
    warnings.push_back(game_violation(
        ViolationCode::UnexplainedResult, result_pos(game),
        fmt::format("the record gives {}, but nothing in it explains a decided match: no mate on either board, no "
                    "flag fall, no termination comment, Termination or Outcome tag that says how it ended",
                    out.recorded)));
  }
  return out;
}

}  // namespace bpgn
