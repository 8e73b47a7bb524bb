// The replay of a match: plies in record order on one or two boards, the holdings handed between
// the boards, every violation, and the outcome.
#include "replay/replay.h"

#include "core/fen.h"
#include "core/movegen.h"
#include "core/san.h"
#include "replay/messages.h"
#include "replay/outcome.h"
#include "replay/timeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace bpgn {
namespace {

ViolationCode code_of(SanError e) {
  switch (e) {
    case SanError::None:
    case SanError::Malformed: return ViolationCode::Syntax;
    case SanError::IllegalMove:
    case SanError::DropsNotAllowed: return ViolationCode::IllegalMove;
    case SanError::Ambiguous: return ViolationCode::AmbiguousMove;
    case SanError::KingLeftInCheck: return ViolationCode::KingLeftInCheck;
    case SanError::DropNotInHolding: return ViolationCode::DropNotInHolding;
    case SanError::DropOnOccupied: return ViolationCode::DropOnOccupied;
    case SanError::PawnDropRank: return ViolationCode::PawnDropRank;
    case SanError::DropGivesCheck: return ViolationCode::DropGivesCheck;
    case SanError::DropGivesMate: return ViolationCode::DropGivesMate;
    case SanError::PromotionInvalid: return ViolationCode::PromotionInvalid;
    case SanError::PromotionMissing: return ViolationCode::PromotionMissing;
  }
  return ViolationCode::Syntax;
}

// Actions a player made over the board (as opposed to faults of the record: syntax, ambiguity,
// wrong seat, numbering, clocks). Where illegal_action_loses, the first of these decides the match.
bool is_action(ViolationCode c) {
  switch (c) {
    case ViolationCode::IllegalMove:
    case ViolationCode::KingLeftInCheck:
    case ViolationCode::DropNotInHolding:
    case ViolationCode::DropOnOccupied:
    case ViolationCode::PawnDropRank:
    case ViolationCode::DropGivesCheck:
    case ViolationCode::DropGivesMate:
    case ViolationCode::PromotionInvalid:
    case ViolationCode::PromotionMissing: return true;
    case ViolationCode::Syntax:
    case ViolationCode::AmbiguousMove:
    case ViolationCode::WrongTurn:
    case ViolationCode::MoveAfterEnd:
    case ViolationCode::MoveNumber:
    case ViolationCode::ClockIncrease:
    case ViolationCode::ClockOrder:
    case ViolationCode::CheckSuffix:
    case ViolationCode::ResultMismatch:
    case ViolationCode::MissingTag:
    case ViolationCode::Count_: return false;
  }
  return false;
}

std::string square_name(Square s) {
  if (s >= 64) return "?";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

// The piece a SAN text names when the parser did not return the move: `N@f3` / `Nf3` a knight,
// `@e4` / `P@e4` / `e4` a pawn, `$146@g4` a knight (chess.com's export defect).
PieceType piece_in_text(std::string_view san) {
  if (san.rfind("$146", 0) == 0) return Knight;
  if (!san.empty()) {
    const char c = san.front();
    if (c == 'N' || c == 'B' || c == 'R' || c == 'Q' || c == 'K') return piece_type_from_letter(c);
    if (c == 'P') return Pawn;
  }
  return Pawn;
}


constexpr std::string_view kNoteOtherBoard =
    " (board {} stopped at an earlier error, so a capture there that would have supplied it may be missing)";

struct Keyed {
  int group;        // 0: tags and set-up, 1: plies in record order, 2: result
  std::size_t ply;  // record index (group 1)
  int sub;          // 0: the move's own checks, 1: clocks
  Violation v;
};

class MatchReplay {
 public:
  MatchReplay(const Game& game, const RuleSet& rules, const ReplayOptions& options, ReplayResult& out)
      : game_(game), rules_(rules), options_(options), out_(out), boards_(record_boards(game)) {}

  void run();

 private:
  void add(int group, std::size_t ply, int sub, Violation v) { found_.push_back({group, ply, sub, std::move(v)}); }
  void add_ply(std::size_t j, Violation v, int sub = 0) { add(1, j, sub, std::move(v)); }
  void check_tags();
  bool set_up();
  void play_ply(std::size_t j);
  bool after_end(std::size_t j, std::string& how) const;
  // Reports the first error of a board and stops replaying it.
  void stop(std::size_t j, ViolationCode code, std::string message, bool at_number = false);
  std::string san_error_message(const Ply& p, const Position& pos, const SanResult& r) const;
  std::optional<std::string> steal_error(const Ply& p, const Move& m) const;
  int index_of(const Ply& p) const { return boards_ == 1 ? 0 : int(p.board); }
  std::string who(const Ply& p) const { return bpgn::who(p.board, p.color, boards_); }

  const Game& game_;
  const RuleSet& rules_;
  const ReplayOptions& options_;
  ReplayResult& out_;
  const int boards_;
  Timeline timeline_;
  std::vector<Keyed> found_;
  std::array<bool, 2> stopped_{};
  std::array<int, 2> number_offset_{};  // written number minus the board's, as last reported
  std::optional<MatchEnd> end_;
  std::optional<std::size_t> mate_ply_;
  // Per ply, the board's move number when the ply came to be replayed: the number of a PGN move
  // written without one (`1. e4 e5`: e5 is move 1).
  std::vector<int> implied_number_;
  bool decided_by_illegal_action_ = false;
};

void MatchReplay::check_tags() {
  static constexpr std::array<std::string_view, 5> kBpgn{"WhiteA", "BlackA", "WhiteB", "BlackB", "Result"};
  static constexpr std::array<std::string_view, 3> kPgn{"White", "Black", "Result"};
  auto check = [&](std::string_view name) {
    if (!game_.tag(name)) {
      add(0, 0, 0, game_violation(ViolationCode::MissingTag, game_.start, fmt::format("the tag {} is missing", name)));
    }
  };
  if (game_.dialect == Dialect::Bpgn) {
    for (auto t : kBpgn) check(t);
  } else {
    for (auto t : kPgn) check(t);
  }
}

// Initial positions from the FEN tag ("FEN_A | FEN_B", or one FEN for every board).
bool MatchReplay::set_up() {
  out_.final[0] = Position::start();
  out_.final[1] = Position::start();
  const Tag* fen = nullptr;
  for (const Tag& t : game_.tags) {
    if (t.name == "FEN") {
      fen = &t;
      break;
    }
  }
  if (!fen) return true;
  std::string_view text = fen->value;
  std::array<std::string_view, 2> part{text, text};
  if (const std::size_t bar = text.find('|'); bar != std::string_view::npos) {
    part[0] = text.substr(0, bar);
    part[1] = text.substr(bar + 1);
  }
  for (int b = 0; b < boards_; ++b) {
    std::string_view f = part[b];
    while (!f.empty() && f.front() == ' ') f.remove_prefix(1);
    while (!f.empty() && f.back() == ' ') f.remove_suffix(1);
    Position pos;
    if (auto error = parse_fen(f, pos)) {
      add(0, 0, 0,
          game_violation(ViolationCode::Syntax, fen->pos,
                         fmt::format("the FEN tag{} cannot be read: {} (at character {})",
                                     boards_ == 2 ? fmt::format(" of board {}", b == 0 ? 'A' : 'B') : "",
                                     error->message, error->offset + 1)));
      return false;
    }
    out_.final[b] = pos;
  }
  return true;
}

void MatchReplay::stop(std::size_t j, ViolationCode code, std::string message, bool at_number) {
  const Ply& p = game_.plies[j];
  add_ply(j, ply_violation(code, game_, j, std::move(message), at_number));
  stopped_[index_of(p)] = true;
  if (rules_.illegal_action_loses && is_action(code) && !end_) {
    end_ = MatchEnd{EndReason::IllegalAction, seat_of(p.board, p.color), j};
    if (boards_ == 1) end_->loser = seat_of(Board::A, p.color);
    decided_by_illegal_action_ = true;
  }
}

// Was ply j made after the match had ended? `how` says how it ended.
bool MatchReplay::after_end(std::size_t j, std::string& how) const {
  const Ply& p = game_.plies[j];
  if (mate_ply_) {
    const std::size_t m = *mate_ply_;
    const Ply& mp = game_.plies[m];
    bool after = true;
    if (index_of(mp) != index_of(p)) {
      // On the other board, a move the clocks put (within the allowances) before the mate stands.
      const auto& t = timeline_.time;
      if (t[j] && t[m]) after = *t[j] > *t[m] + timeline_.allowance[m];
    }
    if (after) {
      how = fmt::format("checkmate by {}", move_ref(mp, boards_));
      return true;
    }
  }
  if (!timeline_.flags.empty()) {
    const FlagFall& f = timeline_.flags.front();
    if (timeline_.after(f, j)) {
      const Seat s = f.seat;
      const std::string_view whose = boards_ == 1 ? color_name(color_of(s)) : seat_tag(s);
      if (f.ply && *f.ply == j) {
        how = fmt::format("{}'s own time had run out ({} s)", whose, seconds_text(game_.plies[j].clock.seconds));
      } else {
        how = fmt::format("{}'s time ran out at {} s", whose, f.time ? seconds_text(*f.time) : "?");
      }
      return true;
    }
  }
  return false;
}

// Why a castling text cannot be played (Chess960 rules, docs/rules.md): the right, the squares in
// the way, the attacked squares, named as the position shows them. Empty when none of these applies.
static std::string castling_reason(const Position& pos, Color us, bool king_side) {
  const CastlingRight right = castling_right(us, king_side);
  const std::string side = king_side ? "king-side" : "queen-side";
  if (!(pos.castling() & right)) return fmt::format("{} has no {} castling right", color_word(us), side);
  const Square king = pos.king_square(us), rook = pos.castling_rook(right);
  if (king == kNoSquare || pos.piece_on(rook) != Piece{us, Rook}) return {};
  const Square king_to = castling_king_to(us, king_side), rook_to = castling_rook_to(us, king_side);
  const Bitboard king_path = between(king, king_to) | bb(king_to);
  const Bitboard way = (king_path | between(rook, rook_to) | bb(rook_to)) & ~(bb(king) | bb(rook));
  if (const Bitboard taken = way & pos.occupied()) {
    const Square s = lsb(taken);
    const Piece there = pos.piece_on(s);
    return fmt::format("{} is taken by a {} {}", square_name(s), color_word(there.color), piece_name(there.type));
  }
  if (pos.in_check()) return fmt::format("the {} king is in check", color_word(us));
  const Bitboard occ_after = pos.occupied() ^ bb(king) ^ bb(rook);
  for (Bitboard b = king_path & ~bb(king); b;) {
    const Square s = pop_lsb(b);
    if (pos.attackers_to(s, ~us, occ_after)) {
      return fmt::format("the king would {} {}, which {} attacks", s == king_to ? "land on" : "cross", square_name(s),
                         color_word(~us));
    }
  }
  return {};
}

std::string MatchReplay::san_error_message(const Ply& p, const Position& pos, const SanResult& r) const {
  const std::string w = who(p);
  const bool tried = r.move.kind == MoveKind::Drop || r.move.piece != NoPieceType;
  const PieceType piece = tried && r.move.piece != NoPieceType ? r.move.piece : piece_in_text(p.san);
  const int other = 1 - index_of(p);
  if (r.move.kind == MoveKind::Castle &&
      (r.error == SanError::IllegalMove || r.error == SanError::KingLeftInCheck)) {
    const std::string reason = castling_reason(pos, p.color, file_of(r.move.to) == 6);
    if (!reason.empty()) return fmt::format("{} cannot play {}: {}", w, p.san, reason);
  }
  switch (r.error) {
    case SanError::None:
    case SanError::Malformed: return fmt::format("{}: \"{}\" is not a well-formed move", w, p.san);
    case SanError::DropsNotAllowed:
      return fmt::format("{} drops {}, but {} has no holdings", w, p.san, rules_.name);
    case SanError::IllegalMove: return fmt::format("{} cannot play {}: no {} can make that move", w, p.san, piece_name(piece));
    case SanError::Ambiguous: return fmt::format("{}: {} fits more than one {}", w, p.san, piece_name(piece));
    case SanError::KingLeftInCheck:
      return fmt::format("{}: {} leaves the {} king in check", w, p.san, color_word(p.color));
    case SanError::DropNotInHolding: {
      const Holding& h = pos.holding(p.color);
      const bool empty = std::all_of(h.begin(), h.end(), [](auto n) { return n == 0; });
      std::string m = empty ? fmt::format("{} drops a {} but holds nothing", w, piece_name(piece))
                            : fmt::format("{} drops a {} but holds only {}", w, piece_name(piece), holding_text(h, p.color));
      if (boards_ == 2 && stopped_[other]) m += fmt::format(fmt::runtime(kNoteOtherBoard), other == 0 ? 'A' : 'B');
      return m;
    }
    case SanError::DropOnOccupied:
      if (r.move.to < 64 && !pos.piece_on(r.move.to).empty()) {
        const Piece there = pos.piece_on(r.move.to);
        return fmt::format("{} drops a {} on {}, where a {} {} stands", w, piece_name(piece), square_name(r.move.to),
                           color_word(there.color), piece_name(there.type));
      }
      return fmt::format("{} drops {} on an occupied square", w, p.san);
    case SanError::PawnDropRank:
      if (r.move.to < 64) {
        return fmt::format("{} drops a pawn on {}, its rank {}; {} allows pawn drops on ranks {}", w,
                           square_name(r.move.to), relative_rank(p.color, r.move.to), rules_.name,
                           format_pawn_drop_ranks(rules_.pawn_drop_ranks));
      }
      return fmt::format("{} drops a pawn ({}) on a rank {} forbids (allowed: {})", w, p.san, rules_.name,
                         format_pawn_drop_ranks(rules_.pawn_drop_ranks));
    case SanError::DropGivesCheck:
      if (r.move.kind == MoveKind::InPlacePromotion) {
        return fmt::format("{}: {} promotes a pawn standing on the last rank (a placement from the holding) and "
                           "gives check, which {} forbids",
                           w, p.san, rules_.name);
      }
      return fmt::format("{}: the drop {} gives check, which {} forbids", w, p.san, rules_.name);
    case SanError::DropGivesMate: return fmt::format("{}: the drop {} gives mate, which {} forbids", w, p.san, rules_.name);
    case SanError::PromotionInvalid: {
      const PieceType to = r.move.promotion;
      std::string why;
      switch (rules_.promotion) {
        case Promotion::Choice: why = "promote to a queen, rook, bishop or knight"; break;
        case Promotion::FromHolding:
          why = fmt::format("{} promotes only to a piece in the holding, which is {}", rules_.name,
                            holding_text(pos.holding(p.color), p.color));
          break;
        case Promotion::StealFromPartnerBoard:
          why = "the piece must be taken from the partner's opponent's board (write e8=R/d1)";
          break;
      }
      if (to != NoPieceType) return fmt::format("{}: {} promotes to a {}, which is not allowed here: {}", w, p.san, piece_name(to), why);
      return fmt::format("{}: {} is not an allowed promotion: {}", w, p.san, why);
    }
    case SanError::PromotionMissing:
      return fmt::format("{}: {} brings a pawn to the last rank without promoting it", w, p.san);
  }
  return fmt::format("{}: {} cannot be played", w, p.san);
}

// Gambler promotion: the piece comes off the partner's opponent's board (the other board, the
// mover's own colour there). Returns the reason it cannot, or nullopt.
std::optional<std::string> MatchReplay::steal_error(const Ply& p, const Move& m) const {
  const int other = 1 - index_of(p);
  const char letter = other == 0 ? 'A' : 'B';
  if (m.steal_from >= 64) {
    return fmt::format("{}: {} does not name the square on board {} the {} is taken from (write e8={}/d1)", who(p),
                       p.san, letter, piece_name(m.promotion), piece_letter(m.promotion));
  }
  const Piece there = out_.final[other].piece_on(m.steal_from);
  if (there.empty() || there.type != m.promotion || there.color != p.color) {
    std::string stands = there.empty() ? std::string("nothing stands there")
                                       : fmt::format("a {} {} stands there", color_word(there.color), piece_name(there.type));
    return fmt::format("{}: {} takes a {} {} from {} on board {}, but {}", who(p), p.san, color_word(p.color),
                       piece_name(m.promotion), square_name(m.steal_from), letter, stands);
  }
  return std::nullopt;
}

void MatchReplay::play_ply(std::size_t j) {
  const Ply& p = game_.plies[j];
  const int b = index_of(p);
  PlyOutcome& po = out_.plies[j];
  po.time = timeline_.time[j];
  if (decided_by_illegal_action_ || stopped_[b]) return;
  implied_number_[j] = out_.final[b].fullmove_number();

  std::string how;
  if (after_end(j, how)) {
    add_ply(j, ply_violation(ViolationCode::MoveAfterEnd, game_, j,
                             fmt::format("{}: {} was made after the match ended ({})", who(p), move_ref(p, boards_), how)));
    stopped_[b] = true;
    if (!end_ && !mate_ply_) {
      const FlagFall& f = timeline_.flags.front();
      end_ = MatchEnd{EndReason::Time, f.seat, std::nullopt};
    }
    return;
  }

  Position& pos = out_.final[b];
  if (options_.keep_positions) po.before = pos;
  if (p.color != pos.side_to_move()) {
    stop(j,
         ViolationCode::WrongTurn,
         fmt::format("{}: {} is a {} move, but {} is to move", boards_ == 2 ? fmt::format("board {}", board_letter(p.board)) : "the board",
                     move_ref(p, boards_), color_word(p.color), color_name(pos.side_to_move())),
         true);
    return;
  }
  if (p.number != 0) {
    const int offset = p.number - pos.fullmove_number();
    // A record renumbered throughout (a constant offset) gets one warning, not one per move.
    if (offset != 0 && offset != number_offset_[b]) {
      add_ply(j, ply_violation(ViolationCode::MoveNumber, game_, j,
                               fmt::format("{}: the move is numbered {} but the board is at move {}", who(p), p.number,
                                           pos.fullmove_number()),
                               true));
    }
    number_offset_[b] = offset;
  }

  const SanResult r = parse_san(pos, rules_, p.san);
  if (r.error != SanError::None) {
    stop(j, code_of(r.error), san_error_message(p, pos, r));
    return;
  }
  const Move& m = r.move;
  const bool steal = boards_ == 2 && rules_.promotion == Promotion::StealFromPartnerBoard &&
                     m.promotion != NoPieceType && m.kind != MoveKind::InPlacePromotion;
  if (steal) {
    if (auto error = steal_error(p, m)) {
      stop(j, ViolationCode::PromotionInvalid, *error);
      return;
    }
  }

  if (options_.canonical_san) po.canonical_san = to_san(pos, rules_, m);
  const Capture cap = pos.play(m, rules_);
  // deserved_suffix(before, m) without a second copy and play: the board after the move is `pos`
  // (what goes to the other board cannot change this one), and only a check needs the mate test.
  const CheckSuffix deserved =
      !pos.in_check() ? CheckSuffix::None : is_checkmate(pos, rules_) ? CheckSuffix::Mate : CheckSuffix::Check;
  if (boards_ == 2 && rules_.boards == 2 && rules_.drops && cap.happened()) {
    // The captured piece changes colour and goes to the capturer's partner, who plays the other
    // colour on the other board.
    const PieceType t = cap.promoted && rules_.promoted_reverts ? Pawn : cap.type;
    out_.final[1 - b].add_to_holding(~p.color, t);
  }
  if (steal) {
    Position& other = out_.final[1 - b];
    other.remove(m.steal_from);
    other.add_to_holding(p.color, Pawn);  // the pawn goes to the partner's opponent
  }
  po.replayed = true;
  po.move = m;

  if (r.written_suffix != deserved) {
    std::string message;
    const std::string w = who(p);
    const std::string mate_rule = rules_.mate == MateRule::Bughouse ? "bughouse mate rule" : "classic mate rule";
    if (deserved == CheckSuffix::None) {
      message = fmt::format("{}: {} is marked '{}' but gives no check", w, p.san,
                            r.written_suffix == CheckSuffix::Mate ? '#' : '+');
    } else if (deserved == CheckSuffix::Check && r.written_suffix == CheckSuffix::Mate) {
      message = fmt::format("{}: {} is marked '#' but is not mate under the {} (a reply exists)", w, p.san, mate_rule);
    } else if (deserved == CheckSuffix::Mate) {
      message = fmt::format("{}: {} mates under the {} but is marked '{}'", w, p.san, mate_rule,
                            r.written_suffix == CheckSuffix::Check ? "+" : "");
    } else {
      message = fmt::format("{}: {} gives check but has no '+'", w, p.san);
    }
    add_ply(j, ply_violation(ViolationCode::CheckSuffix, game_, j, std::move(message)));
  }
  if (deserved == CheckSuffix::Mate && !mate_ply_) {
    mate_ply_ = j;
    if (!end_) end_ = MatchEnd{EndReason::Checkmate, seat_of(boards_ == 1 ? Board::A : p.board, ~p.color), j};
  }
}

void MatchReplay::run() {
  const std::size_t n = game_.plies.size();
  out_.rules = rules_;
  out_.boards = boards_;
  // Each outcome back to PlyOutcome{}, field by field: cheaper than assigning a whole temporary
  // (its string and optional Position) per ply, and the vector's memory is kept from game to game.
  out_.plies.resize(n);
  for (PlyOutcome& po : out_.plies) {
    po.replayed = false;
    po.move = Move{};
    po.canonical_san.clear();
    po.time.reset();
    po.before.reset();
  }
  implied_number_.assign(n, 0);
  if (!game_.readable()) {
    const SyntaxError& e = *game_.error;
    add(0, 0, 0, game_violation(ViolationCode::Syntax, e.pos, e.message));
  } else {
    check_tags();
    const bool ready = set_up();
    timeline_ = build_timeline(game_, TimelineOptions{boards_, options_.tolerance_seconds});
    out_.clocks = timeline_.clocks;
    for (Violation& v : timeline_.warnings) {
      const std::size_t j = v.ply.value_or(0);
      add(1, j, 1, std::move(v));
    }
    if (ready) {
      for (std::size_t j = 0; j < n; ++j) play_ply(j);
    } else {
      std::fill(stopped_.begin(), stopped_.end(), true);
    }
    if (game_.error) add(1, n, 0, game_violation(ViolationCode::Syntax, game_.error->pos, game_.error->message));

    std::array<bool, 2> complete{!stopped_[0], !stopped_[1]};
    if (decided_by_illegal_action_) complete = {false, false};
    std::vector<Violation> result_warnings;
    OutcomeInput in{game_, rules_, boards_, end_, timeline_, complete, out_.final};
    out_.outcome = decide_outcome(in, result_warnings);
    for (Violation& v : result_warnings) add(2, 0, 0, std::move(v));
  }

  std::stable_sort(found_.begin(), found_.end(), [](const Keyed& x, const Keyed& y) {
    if (x.group != y.group) return x.group < y.group;
    if (x.ply != y.ply) return x.ply < y.ply;
    return x.sub < y.sub;
  });
  out_.violations.clear();
  out_.violations.reserve(found_.size());
  for (Keyed& k : found_) {
    Violation& v = k.v;
    if (v.ply && !v.move_number && *v.ply < n && implied_number_[*v.ply] != 0) v.move_number = implied_number_[*v.ply];
    out_.violations.push_back(std::move(v));
  }
}

}  // namespace

std::string_view to_string(Winner w) {
  switch (w) {
    case Winner::None: return "";
    case Winner::Team1: return "team1";
    case Winner::Team2: return "team2";
    case Winner::White: return "white";
    case Winner::Black: return "black";
    case Winner::Draw: return "draw";
  }
  return "";
}

std::string_view to_string(EndReason r) {
  switch (r) {
    case EndReason::None: return "";
    case EndReason::Checkmate: return "checkmate";
    case EndReason::Time: return "time";
    case EndReason::Resignation: return "resignation";
    case EndReason::IllegalAction: return "illegal-action";
    case EndReason::Abort: return "abort";
    case EndReason::Draw: return "draw";
  }
  return "";
}

double default_tolerance(const Game& game) {
  return game.tag("Lag") ? kToleranceWithLagTag : kToleranceWithoutLagTag;
}

bool ReplayResult::has_error() const {
  return std::any_of(violations.begin(), violations.end(), [](const Violation& v) { return v.severity == Severity::Error; });
}

ReplayResult replay(const Game& game, const RuleSet& rules, const ReplayOptions& options) {
  ReplayResult result;
  MatchReplay(game, rules, options, result).run();
  return result;
}

void replay(const Game& game, const RuleSet& rules, const ReplayOptions& options, ReplayResult& result) {
  // Everything run() does not overwrite for every game, back to a fresh result's value.
  result.violations.clear();
  result.final = {};
  result.clocks = {};
  result.outcome = Outcome{};
  MatchReplay(game, rules, options, result).run();
}

}  // namespace bpgn
