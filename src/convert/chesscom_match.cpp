#include "convert/chesscom_match.h"

#include "convert/board_merge.h"
#include "convert/chesscom_tcn.h"
#include "core/fen.h"
#include "core/san.h"
#include "rules/rule_set.h"

#include <fmt/format.h>

#include <array>
#include <utility>

namespace bpgn {
namespace {

struct DecodedPly {
  Color color = White;
  int number = 0;
  std::string san;
  std::optional<int> clock_tenths;
};

struct DecodedBoard {
  std::vector<DecodedPly> plies;
  std::vector<MergePly> merge;
};

// "119.6": the clock as chess.com keeps it, in tenths of a second.
std::string tenths_text(int tenths) {
  const char* sign = tenths < 0 ? "-" : "";
  const int t = tenths < 0 ? -tenths : tenths;
  return fmt::format("{}{}.{}", sign, t / 10, t % 10);
}

// Replays one board on its own to learn each ply's move, SAN and capture. The partner's board is
// not known here, so a drop's piece is put into the holding just before it is dropped; whether it
// was really there is the merge's (and later the replay's) business.
DecodedBoard decode_board(const ChessComBoard& board, std::vector<std::string>& problems) {
  DecodedBoard out;
  const RuleSet rules = bughouse_rules();
  Position pos = Position::start();
  if (!board.initial_setup.empty()) {
    if (auto error = parse_fen(board.initial_setup, pos)) {
      problems.push_back(fmt::format("{}: game {}: initialSetup is not a FEN ({}); the normal start is used",
                                     board.source, board.id, error->message));
      pos = Position::start();
    }
  }
  if (board.move_list.size() % 2 != 0) {
    problems.push_back(
        fmt::format("{}: game {}: moveList has an odd number of characters; the last is ignored",
                    board.source, board.id));
  }
  const Color first_mover = pos.side_to_move();
  std::vector<std::optional<double>> remaining;
  for (std::size_t i = 0; i < board.plies(); ++i) {
    const std::string_view code = std::string_view(board.move_list).substr(2 * i, 2);
    std::string error;
    const std::optional<Move> move = decode_tcn(pos, code, error);
    if (!move) {
      problems.push_back(
          fmt::format("{}: game {}: ply {} (\"{}\") cannot be decoded: {}; the board stops there",
                      board.source, board.id, i + 1, code, error));
      break;
    }
    const Color mover = pos.side_to_move();
    if (move->kind == MoveKind::Drop && pos.in_hand(mover, move->piece) == 0) {
      pos.add_to_holding(mover, move->piece);
    }
    DecodedPly ply;
    ply.color = mover;
    ply.number = pos.fullmove_number();
    ply.san = to_san(pos, rules, *move);
    if (i < board.clock_tenths.size()) ply.clock_tenths = board.clock_tenths[i];
    MergePly merge;
    merge.color = mover;
    if (move->kind == MoveKind::Drop) merge.dropped = move->piece;
    merge.ends_match = !ply.san.empty() && ply.san.back() == '#';
    const Capture captured = pos.play(*move, rules);
    if (captured.happened())
      merge.supplies = captured.promoted && rules.promoted_reverts ? Pawn : captured.type;
    remaining.push_back(ply.clock_tenths ? std::optional<double>(*ply.clock_tenths / 10.0) : std::nullopt);
    out.plies.push_back(std::move(ply));
    out.merge.push_back(merge);
  }
  const auto times =
      elapsed_from_clocks(board.base_tenths / 10.0, board.increment_tenths / 10.0, remaining, first_mover);
  for (std::size_t i = 0; i < out.merge.size(); ++i) out.merge[i].time = times[i];
  return out;
}

std::string header_or(const ChessComBoard& board, std::string_view name, std::string fallback = {}) {
  const std::string* v = board.header(name);
  return v ? *v : fallback;
}

bool decided_here(const ChessComBoard& board) {
  return !board.end_reason.empty() && board.end_reason != "bughousepartnerlose";
}

// The result and the termination text, from the board where the match was decided.
struct MatchEnd {
  std::string result = "*";  // team 1's (WhiteA + BlackB) point of view
  std::string termination;   // FICS style: "<loser> checkmated", "<loser> resigns", ...
  std::string message;       // chess.com's resultMessage
};

MatchEnd match_end(const ChessComBoard& a, const ChessComBoard& b) {
  MatchEnd end;
  const bool on_a = decided_here(a) || !decided_here(b);
  const ChessComBoard& board = on_a ? a : b;
  end.message = board.result_message;
  const std::string& reason = board.end_reason;
  const bool white_won = board.color_of_winner == "white";
  const bool black_won = board.color_of_winner == "black";
  if (white_won || black_won) {
    // Team 1 is White on A and Black on B.
    const bool team1 = on_a ? white_won : black_won;
    end.result = team1 ? "1-0" : "0-1";
    const std::string loser = header_or(board, white_won ? "Black" : "White", "?");
    if (reason == "checkmated") {
      end.termination = loser + " checkmated";
    } else if (reason == "resigned") {
      end.termination = loser + " resigns";
    } else if (reason == "timeout") {
      end.termination = loser + " forfeits on time";
    } else if (reason == "abandoned") {
      end.termination = loser + " forfeits by disconnection";
    } else {
      end.termination = board.result_message;
    }
  } else if (!reason.empty() && reason != "bughousepartnerlose") {
    end.result = "1/2-1/2";
    end.termination = board.result_message.empty() ? "Game drawn" : board.result_message;
  }
  return end;
}

void add_tag(Game& game, std::string name, std::string value) {
  Tag tag;
  tag.name = std::move(name);
  tag.value = std::move(value);
  game.tags.push_back(std::move(tag));
}

void add_seat_tags(Game& game, const ChessComBoard& board, std::string_view letter) {
  const std::array<std::pair<std::string_view, std::string_view>, 2> colours{
      {{"White", "White"}, {"Black", "Black"}}};
  for (const auto& [colour, header] : colours) {
    const std::string seat = std::string(colour) + std::string(letter);
    if (const std::string* name = board.header(header)) add_tag(game, seat, *name);
    if (const std::string* elo = board.header(std::string(header) + "Elo")) add_tag(game, seat + "Elo", *elo);
  }
}

}  // namespace

ChessComMatch chesscom_match(const ChessComBoard& first, const ChessComBoard& second) {
  const bool swap = second.id < first.id;
  const ChessComBoard& a = swap ? second : first;
  const ChessComBoard& b = swap ? first : second;
  ChessComMatch out;
  Game& game = out.game;
  game.file = a.source;
  game.dialect = Dialect::Bpgn;
  game.clock_kind = ClockKind::Remaining;

  const MatchEnd end = match_end(a, b);
  for (const char* name : {"Event", "Site", "Date"}) {
    if (const std::string* v = a.header(name)) add_tag(game, name, *v);
  }
  add_seat_tags(game, a, "A");
  add_seat_tags(game, b, "B");
  if (const std::string* tc = a.header("TimeControl")) add_tag(game, "TimeControl", *tc);
  add_tag(game, "Result", end.result);
  add_tag(game, "Variant", "Bughouse");
  if (!a.initial_setup.empty() || !b.initial_setup.empty()) {
    const std::string start(kStartFen);
    add_tag(game, "SetUp", "1");
    add_tag(game, "FEN",
            (a.initial_setup.empty() ? start : a.initial_setup) + " | " +
                (b.initial_setup.empty() ? start : b.initial_setup));
  }
  if (!end.message.empty()) add_tag(game, "Termination", end.message);
  add_tag(game, "ChessComGameA", std::to_string(a.id));
  add_tag(game, "ChessComGameB", std::to_string(b.id));

  const std::array<DecodedBoard, 2> boards{decode_board(a, out.problems), decode_board(b, out.problems)};
  for (const MergeStep& step : merge_boards(boards[0].merge, boards[1].merge)) {
    const DecodedPly& d = boards[int(step.board)].plies[step.index];
    Ply ply;
    ply.board = step.board;
    ply.color = d.color;
    ply.seat_written = true;
    ply.number = d.number;
    ply.san = d.san;
    if (d.clock_tenths) {
      ply.clock.kind = ClockKind::Remaining;
      ply.clock.seconds = *d.clock_tenths / 10.0;
      ply.clock.decimals = 1;
      ply.clock.text = tenths_text(*d.clock_tenths);
    }
    game.plies.push_back(std::move(ply));
  }
  game.termination = end.termination;
  game.result = end.result;
  return out;
}

}  // namespace bpgn
