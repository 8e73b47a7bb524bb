// The replay of a match: plies in record order on one or two boards, the holdings handed between
// the boards, every violation, and the outcome.
#include "record/names_format.h"
#include "text/visible_text.h"
#include "replay/replay.h"

#include "core/fen.h"
#include "core/movegen.h"
#include "core/san.h"
#include "replay/messages.h"
#include "replay/read_notes.h"
#include "replay/outcome.h"
#include "replay/steal.h"
#include "replay/termination.h"
#include "replay/timeline.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace bpgn {
namespace {

// A ply's outcome back to PlyOutcome{}, field by field: cheaper than assigning a whole temporary
// (its string), and the string keeps its memory.
void reset_outcome(PlyOutcome& po) {
  po.replayed = false;
  po.move = Move{};
  po.color = White;
  po.canonical_san.clear();
  po.time.reset();
}

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
    case ViolationCode::UnexplainedResult:
    case ViolationCode::TruncatedRecord:
    case ViolationCode::CheckSuffixConvention:
    case ViolationCode::NonstandardSan:
    case ViolationCode::RuleTag:
    case ViolationCode::UnsupportedVariant:
    case ViolationCode::StrayText:
    case ViolationCode::DuplicateGame:
    case ViolationCode::Count_: return false;
  }
  return false;
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
constexpr std::string_view kNoteStealOtherBoard =
    " (board {} stopped at an earlier error, so its position may not be the one the players saw)";

struct Keyed {
  int group;        // 0: tags and set-up, 1: plies in record order, 2: result
  std::size_t ply;  // record index (group 1)
  int sub;          // 0: the move's own checks, 1: clocks
  Violation v;
};

// A `+`/`#` that differs from what the move deserves, kept until the whole record is seen: a
// record that follows a convention of its own gets one note instead of one warning per move.
struct SuffixSlip {
  std::size_t ply;
  CheckSuffix written, deserved;
  std::string message;
};

class MatchReplay {
 public:
  // `written` is the record as read; `game` the same with the colours the replay uses (they differ
  // only where a one-board PGN numbers a move for the wrong side: the SAN decides, see replay()).
  // `forced_claim`: the second pass of a match whose claimed action only the end of the replay
  // could tell (claim_to_replay()): that action is the claimed one, every other is not.
  MatchReplay(const Game& game, const Game& written, const RuleSet& rules, const ReplayOptions& options,
              ReplayResult& out, std::optional<std::size_t> forced_claim = std::nullopt)
      : game_(game), written_(written), rules_(rules), options_(options), out_(out), boards_(record_boards(game)),
        probe_(options.probe),
        forced_claim_(forced_claim ? ReplayOptions::KnownClaim{forced_claim} : options.known_claim) {}

  void run();
  // After run(), under illegal_action=claimed: the ply of the action that decides the match when the
  // replay had to play past it to know (its claim is a termination text that a later action may
  // take, or a king taken later); the match is then replayed again with that claim.
  std::optional<std::size_t> claim_to_replay() const { return claim_to_replay_; }

 private:
  void add(int group, std::size_t ply, int sub, Violation v) { found_.push_back({group, ply, sub, std::move(v)}); }
  void add_ply(std::size_t j, Violation v, int sub = 0) { add(1, j, sub, std::move(v)); }
  void check_tags();
  bool set_up();
  void play_ply(std::size_t j);
  bool after_end(std::size_t j, std::string& how) const;
  // Reports the first error of a board and stops replaying it.
  void stop(std::size_t j, ViolationCode code, std::string message, bool at_number = false);
  // An illegal action or a record fault at ply j: a move text that cannot be played (`san`, its
  // parse), or a steal that cannot be made (null). Under illegal_action=claimed an action nobody
  // claimed that has a reading over the board (as_made of the text) is reported and its move
  // returned, a piece the holding lacked put there first: play goes on from it. Otherwise as
  // stop(), and nullopt.
  std::optional<Move> act(std::size_t j, ViolationCode code, std::string message, const SanResult* san);
  enum class Claim : std::uint8_t { Claimed, NotClaimed, Candidate };
  // Whether the illegal action at ply j was claimed (docs/rules.md): not when the offended player
  // moved on that board after it; yes when the record ends at it; a candidate when only the
  // termination text names a claim (a later action may be the one it names).
  Claim claim_at(std::size_t j) const;
  // A move that takes a king: the claim of the last unclaimed action of that king's side on the
  // board (the first pass is abandoned and replayed with it), else an illegal move.
  void take_king(std::size_t j);
  // The messages of the actions nobody claimed, completed once the whole record is seen.
  void finish_unclaimed();
  std::string san_error_message(const Ply& p, const Position& pos, const SanResult& r) const;
  int index_of(const Ply& p) const { return boards_ == 1 ? 0 : int(p.board); }
  // A ply of game_ as written, with its number (counted where the record wrote none).
  std::string ref(const Ply& p) const { return move_ref(game_, std::size_t(&p - game_.plies.data()), boards_); }
  std::string who(const Ply& p) const {
    return bpgn::who(p.board, p.color, boards_, player_of(game_, p.board, p.color, boards_));
  }
  void report_check_suffixes();
  void forget_clocks_after_wrong_turn(std::size_t j);
  // Ply j put a `t` into the holding of `c` on board `b`: a drop of that piece not held earlier
  // gets its cause named.
  void supplied(std::size_t j, int b, Color c, PieceType t);
  // The position search: whether board b is searched at all (a probe is set, it is the board the
  // probe names, and something is left to find); board b's position compared with the targets.
  bool searched(int b) const {
    const ReplayProbe* p = options_.probe;
    return p && (!p->board || *p->board == b) && !out_.found.all(*p);
  }
  // `material`: whether the material on the board may have changed (else --material is not asked).
  void probe_position(int b, bool material = true);
  // A played move's part of the search: before it (its SAN, when a pattern may match it) and
  // after it (the patterns, then the boards it changed).
  [[gnu::noinline]] void probe_move_before(int b, const Move& m, const Position& before, const PlyOutcome& po);
  [[gnu::noinline]] void probe_move_after(int b, const Move& m, CheckSuffix suffix, bool captured, bool steal);

  const Game& game_;
  const Game& written_;
  const RuleSet& rules_;
  // The rule set as messages name it ("bughouse with pawn_drop_ranks=2-5"), rendered at the
  // first message that needs it.
  const std::string& rules_name() const {
    if (!rules_name_) rules_name_ = rules_name_with_overrides(rules_);
    return *rules_name_;
  }
  mutable std::optional<std::string> rules_name_;
  const ReplayOptions& options_;
  ReplayResult& out_;
  const int boards_;
  const ReplayProbe* const probe_;  // options_.probe, one load away in the ply loop
  Timeline timeline_;
  std::vector<Keyed> found_;
  std::array<bool, 2> stopped_{};
  std::array<int, 2> number_offset_{};  // written number minus the board's, as last reported
  std::optional<MatchEnd> end_;
  std::optional<std::size_t> mate_ply_;
  bool decided_by_illegal_action_ = false;
  std::optional<std::size_t> unclaimed_illegal_ply_;  // illegal_action=claimed: the first not claimed
  // illegal_action=claimed (claims_): the actions nobody claimed, the last claim candidate, the
  // boards on which a move was played as made (a king may then stand attacked), and each seat's
  // last ply ([board][colour]) to tell whether the offended player moved on.
  const std::optional<ReplayOptions::KnownClaim> forced_claim_;  // the claim known beforehand
  bool claims_ = false;
  bool termination_claims_ = false;  // the termination text names an illegal action
  std::array<std::array<std::optional<std::size_t>, 2>, 2> last_ply_of_{};
  struct Unclaimed {
    std::size_t found;  // index into found_
    std::size_t ply;
    bool played;        // played as made (else its board stopped)
    NoReading why;      // when not played
    PieceType placed;   // a piece placed although the holding lacked it, else NoPieceType
  };
  std::vector<Unclaimed> unclaimed_;
  std::optional<std::size_t> candidate_;
  std::optional<std::size_t> claim_to_replay_;
  std::array<bool, 2> as_made_on_{};
  std::vector<SuffixSlip> slips_;
  // Drops of a piece not held (two boards): the piece the record supplies only later is named
  // in the message when its capture comes.
  struct WantedPiece {
    std::size_t found;  // index into found_
    int board;
    Color color;
    PieceType piece;
  };
  std::vector<WantedPiece> wanted_;
  std::size_t checks_ = 0;  // replayed moves that give check (mates included)
  std::size_t mates_ = 0;
  std::size_t marked_ = 0;  // replayed moves written with `+` or `#`
  // Per board, the ply of its wrong-turn: the clock warnings from there on are its follow-ons.
  std::array<std::optional<std::size_t>, 2> wrong_turn_at_;
  std::string probe_san_;     // --move: the SAN (no suffix) of the move being searched
  bool search_move_ = false;  // --move: the move being played may match a pattern
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
  const std::vector<const Tag*> unknown = unknown_rule_tags(game_);
  if (unknown.empty()) return;
  for (const Tag* t : unknown) {
    std::string in_use;
    for (std::string_view key : rule_tag_options(t->name)) {
      if (const RuleOption* o = rule_option(key)) {
        in_use += (in_use.empty() ? "" : ", ") + std::string(key) + "=" + o->print(rules_);
      }
    }
    add(0, 0, 0,
        game_violation(ViolationCode::RuleTag, t->pos,
                       fmt::format("the tag {} {} has a value bpgn does not know (it reads {}); the rule "
                                   "set keeps {} ({})",
                                   t->name, quoted_value(t->value), rule_tag_values(t->name), in_use, rules_name())));
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
                                     boards_ == 2 ? fmt::format(" of board {}", Board(b)) : "",
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
    // automatic: the first action decides at once; claimed: act() sends only the claimed one here.
    found_.back().v.fate = claims_ ? ActionFate::Claimed : ActionFate::Decided;
    end_ = MatchEnd{EndReason::IllegalAction, seat_of(p.board, p.color), j};
    if (boards_ == 1) end_->loser = seat_of(Board::A, p.color);
    decided_by_illegal_action_ = true;
  }
}

MatchReplay::Claim MatchReplay::claim_at(std::size_t j) const {
  if (forced_claim_) return j == forced_claim_->ply ? Claim::Claimed : Claim::NotClaimed;
  const Ply& p = game_.plies[j];
  const std::optional<std::size_t>& offended_last = last_ply_of_[index_of(p)][~p.color];
  if (offended_last && *offended_last > j) return Claim::NotClaimed;  // the offended player moved on
  if (j + 1 == game_.plies.size()) return Claim::Claimed;              // the record ends at it
  return termination_claims_ ? Claim::Candidate : Claim::NotClaimed;
}

std::optional<Move> MatchReplay::act(std::size_t j, ViolationCode code, std::string message, const SanResult* san) {
  const Claim claim = claims_ && is_action(code) && !end_ ? claim_at(j) : Claim::Claimed;
  if (claim == Claim::Claimed) {
    stop(j, code, std::move(message));
    return std::nullopt;
  }
  const Ply& p = game_.plies[j];
  const int b = index_of(p);
  // What the player did over the board; a steal that cannot be made has no reading.
  const AsMade reading = san ? bpgn::as_made(out_.final[b], rules_, p.san, *san)
                             : AsMade{std::nullopt, false, NoReading::Promotion};
  const bool played = reading.move.has_value();
  add_ply(j, ply_violation(code, game_, j, std::move(message)));
  found_.back().v.fate = played ? ActionFate::PlayedOn : ActionFate::NotPlayable;
  PieceType placed = NoPieceType;
  if (played && reading.piece_not_held) placed = reading.move->kind == MoveKind::Drop ? reading.move->piece : reading.move->promotion;
  unclaimed_.push_back({found_.size() - 1, j, played, reading.no_reading, placed});
  if (!unclaimed_illegal_ply_) unclaimed_illegal_ply_ = j;
  if (claim == Claim::Candidate) candidate_ = j;
  if (!played) {
    stopped_[b] = true;
    return std::nullopt;
  }
  as_made_on_[b] = true;
  // Placed all the same: through the holding, so that play() takes it out again.
  if (placed != NoPieceType) out_.final[b].add_to_holding(p.color, placed);
  return reading.move;
}

void MatchReplay::take_king(std::size_t j) {
  const Ply& p = game_.plies[j];
  const int b = index_of(p);
  if (!forced_claim_) {
    for (auto it = unclaimed_.rbegin(); it != unclaimed_.rend(); ++it) {
      const Ply& q = game_.plies[it->ply];
      if (it->played && index_of(q) == b && q.color == ~p.color) {
        claim_to_replay_ = it->ply;
        return;
      }
    }
  }
  add_ply(j, ply_violation(ViolationCode::IllegalMove, game_, j,
                           fmt::format("{} cannot play {}: it takes the {} king, which no move may do", who(p), ref(p),
                                       color_word(~p.color))));
  stopped_[b] = true;
}

// Why an action has no reading over the board, as the message says it.
static std::string_view no_reading_words(NoReading why) {
  switch (why) {
    case NoReading::None:
    case NoReading::NotAnAction: return "the text names no move";
    case NoReading::NoHoldings: return "the rule set has no holdings to drop from";
    case NoReading::Occupied: return "a piece already stands on the square";
    case NoReading::King: return "no king is dropped, and no pawn promotes to a king or stays a pawn";
    case NoReading::NoSuchPiece: return "no piece of the kind it names stands where it names one";
    case NoReading::SeveralPieces: return "it fits more than one piece of the kind it names";
    case NoReading::OwnPiece: return "it lands on a piece of the mover's own";
    case NoReading::TakesKing: return "it lands on a king";
    case NoReading::Castling: return "the king and rook cannot castle there";
    case NoReading::Promotion: return "no piece can be placed as it says";
  }
  return "the text names no move";
}

void MatchReplay::finish_unclaimed() {
  for (const Unclaimed& u : unclaimed_) {
    const Ply& p = game_.plies[u.ply];
    const int b = index_of(p);
    std::string why;
    for (std::size_t k = u.ply + 1; k < game_.plies.size() && why.empty(); ++k) {
      const Ply& q = game_.plies[k];
      if (index_of(q) == b && q.color == ~p.color) why = fmt::format("{} played on with {}", who(q), ref(q));
    }
    if (why.empty() && end_ && end_->reason == EndReason::IllegalAction && end_->ply && *end_->ply > u.ply) {
      why = fmt::format("the claim is of {}", ref(game_.plies[*end_->ply]));
    }
    if (why.empty()) why = "the record goes on after it and names no claim";
    std::string& m = found_[u.found].v.message;
    if (u.played) {
      m += fmt::format("; not claimed ({}): play went on from the position as made", why);
      if (u.placed != NoPieceType) {
        m += fmt::format(", the {} placed although the holding lacked it", piece_name(u.placed));
      }
    } else {
      m += fmt::format("; not claimed ({}), but it has no reading over the board ({}), so {} is not replayed after it",
                       why, no_reading_words(u.why), boards_ == 2 ? fmt::format("board {}", p.board) : "the board");
    }
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
      how = fmt::format("checkmate by {}", ref(mp));
      return true;
    }
  }
  if (!timeline_.flags.empty()) {
    const FlagFall& f = timeline_.flags.front();
    if (timeline_.after(f, j)) {
      const Seat s = f.seat;
      const std::string_view seat = boards_ == 1 ? color_name(color_of(s)) : seat_tag(s);
      const std::string_view name = player_of(game_, board_of(s), color_of(s), boards_);
      const std::string whose = name.empty() ? std::string(seat) : fmt::format("{} ({})", seat, clipped(name));
      if (f.ply && *f.ply == j) {
        how = fmt::format("the flag of {} had fallen before this move: {} s left", whose,
                          seconds_text(f.remaining.value_or(game_.plies[j].clock.seconds)));
      } else if (f.time) {
        how = fmt::format("the flag of {} fell at {} s of match time", whose, seconds_text(*f.time));
      } else {
        how = fmt::format("the flag of {} fell", whose);
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
    return fmt::format("{} is taken by a {} {}", SquareName{s}, color_word(there.color), piece_name(there.type));
  }
  if (pos.in_check()) return fmt::format("the {} king is in check", color_word(us));
  const Bitboard occ_after = pos.occupied() ^ bb(king) ^ bb(rook);
  for (Bitboard b = king_path & ~bb(king); b;) {
    const Square s = pop_lsb(b);
    if (pos.attackers_to(s, ~us, occ_after)) {
      return fmt::format("the king would {} {}, which {} attacks", s == king_to ? "land on" : "cross", SquareName{s},
                         color_word(~us));
    }
  }
  return {};
}

std::string MatchReplay::san_error_message(const Ply& p, const Position& pos, const SanResult& r) const {
  const std::string w = who(p);
  const std::string mv = ref(p);  // the move as written, with its number: 23b. Q@f6
  const bool tried = r.move.kind == MoveKind::Drop || r.move.piece != NoPieceType;
  const PieceType piece = tried && r.move.piece != NoPieceType ? r.move.piece : piece_in_text(p.san);
  const int other = 1 - index_of(p);
  if (r.move.kind == MoveKind::Castle &&
      (r.error == SanError::IllegalMove || r.error == SanError::KingLeftInCheck)) {
    const std::string reason = castling_reason(pos, p.color, file_of(r.move.to) == 6);
    if (!reason.empty()) return fmt::format("{} cannot play {}: {}", w, mv, reason);
  }
  switch (r.error) {
    case SanError::None:
    case SanError::Malformed: return fmt::format("{}: {} is not a well-formed move ({})", w, mv, quoted_value(p.san));
    case SanError::DropsNotAllowed:
      return fmt::format("{} drops {}, but {} has no holdings", w, mv, rules_name());
    case SanError::IllegalMove: return fmt::format("{} cannot play {}: no {} can make that move", w, mv, piece_name(piece));
    case SanError::Ambiguous: {
      std::string squares;
      for (Bitboard b = r.candidates; b;) {
        const Square s = pop_lsb(b);
        squares += squares.empty() ? "" : (b ? ", " : " and ");
        squares += square_name(s);
      }
      if (squares.empty()) return fmt::format("{}: {} fits more than one {}", w, mv, piece_name(piece));
      return fmt::format("{}: {} fits more than one {}: the {}s on {}", w, mv, piece_name(piece), piece_name(piece),
                         squares);
    }
    case SanError::KingLeftInCheck:
      return fmt::format("{}: {} leaves the {} king in check", w, mv, color_word(p.color));
    case SanError::DropNotInHolding: {
      const Holding& h = pos.holding(p.color);
      const bool empty = std::all_of(h.begin(), h.end(), [](auto n) { return n == 0; });
      std::string m = fmt::format("{} drops a {} at {}, but holds {}{}", w, piece_name(piece), ref(p),
                                  empty ? "" : "only ", holding_words(h));
      if (boards_ == 2 && stopped_[other]) m += fmt::format(fmt::runtime(kNoteOtherBoard), Board(other));
      return m;
    }
    case SanError::DropOnOccupied:
      if (r.move.to < 64 && !pos.piece_on(r.move.to).empty()) {
        const Piece there = pos.piece_on(r.move.to);
        return fmt::format("{} drops a {} at {}, but a {} {} stands on {}", w, piece_name(piece), mv,
                           color_word(there.color), piece_name(there.type), SquareName{r.move.to});
      }
      return fmt::format("{} drops {} on an occupied square", w, mv);
    case SanError::PawnDropRank:
      if (r.move.to < 64) {
        return fmt::format("{} drops a pawn at {}, on its rank {}; {} allows pawn drops on ranks {}", w, mv,
                           relative_rank(p.color, r.move.to), rules_name(),
                           format_pawn_drop_ranks(rules_.pawn_drop_ranks));
      }
      return fmt::format("{} drops a pawn ({}) on a rank {} forbids (allowed: {})", w, mv, rules_name(),
                         format_pawn_drop_ranks(rules_.pawn_drop_ranks));
    case SanError::DropGivesCheck:
      if (r.move.kind == MoveKind::InPlacePromotion) {
        return fmt::format("{}: {} promotes a pawn standing on the last rank (a placement from the holding) and "
                           "gives check, which {} forbids",
                           w, mv, rules_name());
      }
      return fmt::format("{}: the drop {} gives check, which {} forbids (drop_check=forbidden)", w, mv, rules_name());
    case SanError::DropGivesMate:
      if (rules_.drop_mate == DropMate::ForbiddenBoardMate) {
        return fmt::format("{}: the drop {} gives a check that no move of a piece on the board answers, which {} "
                           "forbids (drop_mate=forbidden_board_mate)",
                           w, mv, rules_name());
      }
      return fmt::format("{}: the drop {} gives mate, which {} forbids (drop_mate=forbidden)", w, mv, rules_name());
    case SanError::PromotionInvalid: {
      const PieceType to = r.move.promotion;
      std::string why;
      switch (rules_.promotion) {
        case Promotion::Choice: why = "promote to a queen, rook, bishop or knight"; break;
        case Promotion::FromHolding:
          why = fmt::format("{} promotes only to a piece in the holding, which is {}", rules_name(),
                            holding_text(pos.holding(p.color), p.color));
          break;
        case Promotion::StealFromPartnerBoard:
          why = fmt::format(
              "under {} the piece is a queen, rook, bishop or knight of {}'s own colour taken from the "
              "other board",
              rules_name(), color_name(p.color));
          break;
        case Promotion::Discard: why = fmt::format("{} discards the pawn (write e8=.)", rules_name()); break;
      }
      if (to == Pawn && rules_.promotion != Promotion::Discard) {
        return fmt::format("{}: {} discards the pawn, which is not allowed here: {}", w, mv, why);
      }
      if (r.move.steal_from != kNoSquare && rules_.promotion != Promotion::StealFromPartnerBoard) {
        const std::string promotion = "promotion=" + rule_option("promotion")->print(rules_);
        return fmt::format(
            "{}: {} takes its piece from {} of the other board (a Gambler steal), which {} does not "
            "allow: {}",
            w, mv, SquareName{r.move.steal_from}, rules_name(), promotion);
      }
      if (to != NoPieceType) return fmt::format("{}: {} promotes to a {}, which is not allowed here: {}", w, mv, piece_name(to), why);
      return fmt::format("{}: {} is not an allowed promotion: {}", w, mv, why);
    }
    case SanError::PromotionMissing:
      return fmt::format("{}: {} brings a pawn to the last rank without promoting it", w, mv);
  }
  return fmt::format("{}: {} cannot be played", w, mv);
}

void MatchReplay::supplied(std::size_t j, int b, Color c, PieceType t) {
  for (auto it = wanted_.begin(); it != wanted_.end();) {
    if (it->board == b && it->color == c && it->piece == t) {
      found_[it->found].v.message +=
          fmt::format("; the {} reaches {}'s holding on board {} only with {}, recorded after this move",
                      piece_name(t), color_name(c), Board(b), ref(game_.plies[j]));
      it = wanted_.erase(it);
    } else {
      ++it;
    }
  }
}

void MatchReplay::probe_position(int b, bool material) {
  if (!searched(b)) return;
  const ReplayProbe& p = *options_.probe;
  const Position& pos = out_.final[b];
  ProbeFound& found = out_.found;
  if (!found.position) {
    found.position = std::any_of(p.positions.begin(), p.positions.end(), [&](const PositionTarget& t) { return t.matches(pos); });
  }
  if (!found.material && material) {
    found.material = std::any_of(p.materials.begin(), p.materials.end(), [&](const MaterialTarget& t) { return t.matches(pos); });
  }
}

void MatchReplay::probe_move_before(int b, const Move& m, const Position& before, const PlyOutcome& po) {
  // --move: the SAN is made only for a move that a pattern's first character lets through.
  const ReplayProbe& probe = *options_.probe;
  search_move_ = !out_.found.move && !probe.moves.empty() && searched(b) &&
                 std::any_of(probe.moves.begin(), probe.moves.end(), [&](const MovePattern& mp) { return mp.may_match(m); });
  if (!search_move_) return;
  if (options_.canonical_san) {
    probe_san_ = po.canonical_san;
  } else {
    probe_san_ = to_san(before, rules_, m, CheckSuffix::None);
  }
}

void MatchReplay::probe_move_after(int b, const Move& m, CheckSuffix suffix, bool captured, bool steal) {
  const ReplayProbe& probe = *options_.probe;
  if (search_move_) {
    out_.found.move = std::any_of(probe.moves.begin(), probe.moves.end(),
                                  [&](const MovePattern& mp) { return mp.may_match(m) && mp.matches(probe_san_, suffix); });
  }
  // The board played on (its material changes only with a capture, a drop or a promotion), and
  // the other one when the move changed it (a capture's piece in hand, a steal, a discard).
  probe_position(b, captured || m.kind == MoveKind::Drop || m.kind == MoveKind::InPlacePromotion ||
                        m.promotion != NoPieceType);
  if (boards_ == 2 && (captured || steal || m.promotion == Pawn)) probe_position(1 - b, steal);
}

void MatchReplay::play_ply(std::size_t j) {
  const Ply& p = game_.plies[j];
  const int b = index_of(p);
  PlyOutcome& po = out_.plies[j];
  reset_outcome(po);
  po.time = timeline_.time[j];
  if (decided_by_illegal_action_ || stopped_[b]) return;
  out_.move_numbers[j] = out_.final[b].fullmove_number();

  Position& pos = out_.final[b];
  // A move of the seat not to move: its clock reading (and the board's later ones) belong to another
  // player, so the flags computed from them are not flags. Forget them before asking whether the
  // match had ended, or the wrong seat's reading would make this move a move-after-end.
  const bool wrong_turn = p.color != pos.side_to_move();
  if (wrong_turn) forget_clocks_after_wrong_turn(j);
  std::string how;
  if (after_end(j, how)) {
    add_ply(j, ply_violation(ViolationCode::MoveAfterEnd, game_, j,
                             fmt::format("{}: {} was made after the match ended ({})", who(p), ref(p), how)));
    stopped_[b] = true;
    if (!end_ && !mate_ply_) {
      const FlagFall& f = timeline_.flags.front();
      end_ = MatchEnd{EndReason::Time, f.seat, std::nullopt};
    }
    return;
  }

  if (options_.keep_positions) out_.before[j] = pos;
  if (wrong_turn) {
    stop(j,
         ViolationCode::WrongTurn,
         fmt::format("{}: {} is a {} move, but {} is to move", boards_ == 2 ? fmt::format("board {}", p.board) : "the board",
                     ref(p), color_word(p.color), color_name(pos.side_to_move())),
         true);
    return;
  }
  // One-board PGN: a move numbered for the other side (`5. Nc3` with Black to move) is the side to
  // move's, as python-chess and scalachess read it (the SAN decides); one move-number warning says
  // so, with the number if that is wrong too.
  // (A move without a number says no side: the reader only inferred one from the move before.)
  const bool other_side = p.number != 0 && written_.plies[j].color != p.color;
  const int offset = p.number != 0 ? p.number - pos.fullmove_number() : 0;
  // A record renumbered throughout (a constant offset) gets one warning, not one per move.
  const bool renumbered = p.number != 0 && offset != 0 && offset != number_offset_[b];
  if (other_side || renumbered) {
    std::string message;
    if (other_side) {
      message = fmt::format("{}: {} is numbered {} (as {}'s move), but {} is to move{}; read as {}'s move", who(p),
                            p.san, MoveNumberText{p.number, p.board, ~p.color, false}, color_name(~p.color), color_name(p.color),
                            renumbered ? fmt::format(" at move {}", pos.fullmove_number()) : std::string(),
                            color_name(p.color));
    } else {
      message = fmt::format("{}: {} is numbered {} but the board is at move {}", who(p), ref(p), p.number,
                            pos.fullmove_number());
    }
    add_ply(j, ply_violation(ViolationCode::MoveNumber, game_, j, std::move(message), true));
  }
  if (p.number != 0) number_offset_[b] = offset;

  const SanResult r = parse_san(pos, rules_, p.san);
  Move m = r.move;
  const bool as_made = r.error != SanError::None;
  if (as_made) [[unlikely]] {
    const ViolationCode code = code_of(r.error);
    // illegal_action=claimed: played on as made when nobody claimed it.
    const std::optional<Move> made = act(j, code, san_error_message(p, pos, r), &r);
    if (r.error == SanError::DropNotInHolding && boards_ == 2) {
      const PieceType piece = r.move.piece != NoPieceType ? r.move.piece : piece_in_text(p.san);
      if (piece != NoPieceType) wanted_.push_back({found_.size() - 1, b, p.color, piece});
    }
    if (!made) return;
    m = *made;
  } else if (r.notes & NoteFilelessPawnCapture) {
    add_ply(j, ply_violation(ViolationCode::NonstandardSan, game_, j,
                             fmt::format("{}: {} leaves out the capturing pawn's file; standard SAN is {}", who(p),
                                         p.san, to_san(pos, rules_, m))));
  }
  const bool steal = boards_ == 2 && rules_.promotion == Promotion::StealFromPartnerBoard &&
                     m.promotion != NoPieceType && m.kind != MoveKind::InPlacePromotion;
  if (steal) {
    // Gambler promotion: the piece comes off the partner's opponent's board (the other board, the
    // mover's own colour there); the square as written, or the only piece that may be taken.
    const int other = 1 - b;
    const StealChoice choice =
        choose_steal(StealMove{pos, out_.final[other], board_letter(Board(other)), m, p.san, who(p)}, rules_);
    if (choice.error) {
      std::string message = choice.message;
      if (stopped_[other]) message += fmt::format(fmt::runtime(kNoteStealOtherBoard), Board(other));
      act(j, *choice.error, std::move(message), nullptr);
      return;
    }
    m.steal_from = choice.from;
  }

  // The canonical SAN's text before the move, its suffix after it (to_san with the deserved suffix).
  if (options_.canonical_san) {
    // A move played as made keeps the record's own text: the canonical SAN of an illegal move can
    // name another piece than the one moved (1B. Nbd4 by the b1 knight is "Nd4", which fits both
    // knights), and fmt's output must read back the same.
    if (as_made) [[unlikely]] {
      std::string_view text = p.san;
      while (!text.empty() && (text.back() == '+' || text.back() == '#' || text.back() == '!' || text.back() == '?')) {
        text.remove_suffix(1);
      }
      po.canonical_san.assign(text);
    } else {
      assign_san(po.canonical_san, pos, rules_, m, CheckSuffix::None);
    }
  }
  // The position search out of line, so that the replay without one is the replay as it was.
  if (probe_) [[unlikely]] probe_move_before(b, m, pos, po);
  // After a move played as made a king may stand attacked: a move that takes it is a claim.
  if (as_made_on_[b] && m.kind == MoveKind::Normal && pos.type_on(m.to) == King) [[unlikely]] {
    take_king(j);
    return;
  }
  const Capture cap = pos.play(m, rules_);
  // deserved_suffix(before, m) without a second copy and play: the board after the move is `pos`
  // (what goes to the other board cannot change this one), and only a check needs the mate test.
  const CheckSuffix deserved =
      !pos.in_check() ? CheckSuffix::None : is_checkmate(pos, rules_) ? CheckSuffix::Mate : CheckSuffix::Check;
  if (options_.canonical_san && deserved != CheckSuffix::None) {
    po.canonical_san += deserved == CheckSuffix::Mate ? '#' : '+';
  }
  if (boards_ == 2 && rules_.boards == 2 && rules_.drops && cap.happened()) {
    // The captured piece changes colour and goes to the capturer's partner, who plays the other
    // colour on the other board.
    const PieceType t = cap.promoted && rules_.promoted_reverts ? Pawn : cap.type;
    out_.final[1 - b].add_to_holding(~p.color, t);
    supplied(j, 1 - b, ~p.color, t);
  }
  if (steal) {
    Position& other = out_.final[1 - b];
    other.remove(m.steal_from);
    other.lose_castling_rights_at(m.steal_from);  // a rook taken from its corner takes its right along
    other.add_to_holding(p.color, Pawn);          // the pawn goes to the partner's opponent
    supplied(j, 1 - b, p.color, Pawn);
  }
  if (boards_ == 2 && rules_.boards == 2 && rules_.drops && m.promotion == Pawn && m.kind == MoveKind::Normal) {
    // Discard: the pawn goes to the partner's opponent, who plays the mover's colour on the other board.
    out_.final[1 - b].add_to_holding(p.color, Pawn);
    supplied(j, 1 - b, p.color, Pawn);
  }
  if (probe_) [[unlikely]] probe_move_after(b, m, deserved, cap.happened(), steal);
  po.replayed = true;
  po.move = m;
  po.color = p.color;  // the side to move before it (a move out of turn is not played)

  if (deserved != CheckSuffix::None) ++checks_;
  if (deserved == CheckSuffix::Mate) ++mates_;
  if (r.written_suffix != CheckSuffix::None) ++marked_;
  if (r.written_suffix != deserved) {
    std::string message;
    const std::string w = who(p);
    const std::string mate_rule = rules_.mate == MateRule::Bughouse ? "bughouse mate rule" : "classic mate rule";
    if (deserved == CheckSuffix::None) {
      message = fmt::format("{}: {} is marked '{}' but gives no check", w, ref(p),
                            r.written_suffix == CheckSuffix::Mate ? '#' : '+');
    } else if (deserved == CheckSuffix::Check && r.written_suffix == CheckSuffix::Mate) {
      message = fmt::format("{}: {} is marked '#' but is not mate under the {} (a reply exists)", w, ref(p), mate_rule);
    } else if (deserved == CheckSuffix::Mate) {
      message = fmt::format("{}: {} mates under the {} but is marked '{}'", w, ref(p), mate_rule,
                            r.written_suffix == CheckSuffix::Check ? "+" : "");
    } else {
      message = fmt::format("{}: {} gives check but has no '+'", w, ref(p));
    }
    slips_.push_back({j, r.written_suffix, deserved, std::move(message)});
  }
  // A mate given by an action nobody claimed is no mate under the rules: the action is (docs/rules.md).
  if (deserved == CheckSuffix::Mate && !mate_ply_ && !as_made) {
    mate_ply_ = j;
    if (!end_) end_ = MatchEnd{EndReason::Checkmate, seat_of(boards_ == 1 ? Board::A : p.board, ~p.color), j};
  }
}

void MatchReplay::forget_clocks_after_wrong_turn(std::size_t j) {
  const int b = index_of(game_.plies[j]);
  if (!wrong_turn_at_[b]) wrong_turn_at_[b] = j;
  // Flags computed from this board's later readings are follow-ons too.
  auto from_here = [&](const FlagFall& f) {
    if (boards_ == 2 && int(board_of(f.seat)) != b) return false;
    return !f.ply || *f.ply >= j;
  };
  auto& flags = timeline_.flags;
  flags.erase(std::remove_if(flags.begin(), flags.end(), from_here), flags.end());
  auto& pending = timeline_.pending;
  pending.erase(std::remove_if(pending.begin(), pending.end(), from_here), pending.end());
}

// The per-move check-suffix warnings, or one note where the record follows a convention:
// - it marks none of its checks (no `+` or `#` anywhere, at least one check): scalachess's and
//   bughouse.pro's exports;
// - it writes `+` on every one of its mates (never `#`): the 2001 FICS archive.
// Other slips stay warnings, one per move.
void MatchReplay::report_check_suffixes() {
  if (slips_.empty()) return;
  std::string note;
  std::vector<bool> drop(slips_.size(), false);
  if (marked_ == 0 && checks_ > 0) {
    note = fmt::format("the record marks no check with '+' or '#': {} checking move{} ({} mate{}) written without a suffix",
                       checks_, checks_ == 1 ? "" : "s", mates_, mates_ == 1 ? "" : "s");
    std::fill(drop.begin(), drop.end(), true);
  } else if (mates_ > 0) {
    const std::size_t mates_plus = std::size_t(std::count_if(slips_.begin(), slips_.end(), [](const SuffixSlip& s) {
      return s.deserved == CheckSuffix::Mate && s.written == CheckSuffix::Check;
    }));
    if (mates_plus == mates_) {
      note = fmt::format("the record writes '+' on its mating move{} ({} of {}), never '#'", mates_ == 1 ? "" : "s",
                         mates_plus, mates_);
      for (std::size_t i = 0; i < slips_.size(); ++i) {
        drop[i] = slips_[i].deserved == CheckSuffix::Mate && slips_[i].written == CheckSuffix::Check;
      }
    }
  }
  bool noted = false;
  for (std::size_t i = 0; i < slips_.size(); ++i) {
    SuffixSlip& s = slips_[i];
    if (!drop[i]) {
      add_ply(s.ply, ply_violation(ViolationCode::CheckSuffix, game_, s.ply, std::move(s.message)));
    } else if (!noted) {
      // One note for the game, where the convention is first seen.
      add_ply(s.ply, game_violation(ViolationCode::CheckSuffixConvention, game_.plies[s.ply].san_pos, note));
      noted = true;
    }
  }
}

void MatchReplay::run() {
  const std::size_t n = game_.plies.size();
  out_.rules = rules_;
  out_.boards = boards_;
  // The vector's memory is kept from game to game; each outcome goes back to PlyOutcome{} where it
  // is next written (play_ply), or below when no ply is played, so that each is touched once.
  out_.plies.resize(n);
  // The positions kept: none until a ply is played (few games are long enough for this to matter
  // against the replay itself; only fmt and convert ask for them).
  if (options_.keep_positions) out_.before.assign(n, std::nullopt);
  else out_.before.clear();
  out_.move_numbers.assign(n, 0);
  const std::optional<std::string> words = unsupported_variant(game_);
  // The reader's notes: a broken tag or stray text before the game first, stray text after it last
  // (none for a game that is not chess: it gets its one finding).
  for (std::size_t k = 0; !words && k < game_.notes.size(); ++k) {
    const ReadNote& note = game_.notes[k];
    const bool first = note.kind == ReadNote::Kind::BadTag || note_precedes_game(game_, note);
    add(first ? 0 : 2, first ? 0 : n + 1, 0, note_violation(note));
  }
  if (words || !game_.readable()) {
    for (PlyOutcome& po : out_.plies) reset_outcome(po);  // nothing is played
  }
  if (words) {
    // Not chess: one error naming the variant, nothing replayed (no syntax, tag or move findings).
    const Tag* variant = nullptr;
    for (const Tag& t : game_.tags) {
      if (t.name == "Variant") {
        variant = &t;
        break;
      }
    }
    out_.final[0] = Position::start();
    out_.final[1] = Position::start();
    out_.outcome.recorded = !game_.result.empty() ? game_.result : game_.tag("Result") ? *game_.tag("Result") : "";
    add(0, 0, 0,
        game_violation(ViolationCode::UnsupportedVariant, variant ? variant->pos : game_.start,
                       fmt::format("the variant \"{}\" cannot be checked: {} {} not chess as bpgn knows it; "
                                   "the game is not replayed",
                                   variant ? variant->value : "", *words,
                                   words->find(", ") == std::string::npos ? "is" : "are")));
  } else if (!game_.readable()) {
    const SyntaxError& e = *game_.error;
    add(0, 0, 0, game_violation(ViolationCode::Syntax, e.pos, e.message));
  } else {
    check_tags();
    const bool ready = set_up();
    timeline_ = build_timeline(game_, TimelineOptions{boards_, options_.tolerance_seconds});
    out_.clocks = timeline_.clocks;
    if (ready) {
      // A board's starting position is reached (as pgn-extract matches a game's first position).
      if (options_.probe) {
        for (int b = 0; b < boards_; ++b) probe_position(b);
      }
      claims_ = rules_.illegal_action_loses && rules_.illegal_action == IllegalAction::Claimed;
      if (claims_) {
        termination_claims_ = termination_names_illegal_action(game_);
        for (std::size_t j = 0; j < n; ++j) last_ply_of_[index_of(game_.plies[j])][game_.plies[j].color] = j;
      }
      for (std::size_t j = 0; j < n; ++j) {
        play_ply(j);  // resets out_.plies[j] first
        if (claim_to_replay_) return;  // a king was taken: replayed again with its claim
        if (options_.after_ply) [[unlikely]] options_.after_ply(j, out_.final);
      }
      if (claims_ && !forced_claim_ && candidate_ && !decided_by_illegal_action_) {
        claim_to_replay_ = candidate_;  // no later action took the termination text's claim
        return;
      }
      finish_unclaimed();
      if (termination_claims_ && !unclaimed_.empty() && !decided_by_illegal_action_) {
        const Unclaimed& u = unclaimed_.back();
        add(2, 0, 0,
            game_violation(ViolationCode::ResultMismatch, game_.plies[u.ply].san_pos,
                           fmt::format("the termination text names an illegal action, but none was claimed: play "
                                       "went on after {}",
                                       ref(game_.plies[u.ply]))));
      }
      for (const WantedPiece& w : wanted_) {
        // The other board played to its end (else the message already says it stopped early).
        if (!stopped_[1 - w.board]) found_[w.found].v.message += "; no move recorded after it supplies one";
      }
    } else {
      std::fill(stopped_.begin(), stopped_.end(), true);
      for (PlyOutcome& po : out_.plies) reset_outcome(po);
    }
    for (std::size_t i = 0; i < timeline_.warnings.size(); ++i) {
      Violation& v = timeline_.warnings[i];
      const std::size_t j = v.ply.value_or(0);
      // After a wrong-turn the board's clock readings belong to other seats than the record says:
      // the warnings they give (on the board, or against one of its later plies) are follow-ons.
      auto follows = [&](std::size_t k) {
        const auto& w = wrong_turn_at_[index_of(game_.plies[k])];
        return w && k >= *w;
      };
      if (j < n && follows(j)) continue;
      if (const auto& against = timeline_.warning_against[i]; against && follows(*against)) continue;
      add(1, j, 1, std::move(v));
    }
    report_check_suffixes();
    if (game_.error) add(1, n, 0, game_violation(ViolationCode::Syntax, game_.error->pos, game_.error->message));

    std::array<bool, 2> complete{!stopped_[0], !stopped_[1]};
    if (decided_by_illegal_action_) complete = {false, false};
    std::vector<Violation> result_warnings;
    OutcomeInput in{game_, rules_, boards_, end_, timeline_, complete, out_.final, unclaimed_illegal_ply_};
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
    if (v.ply && !v.move_number && *v.ply < n && out_.move_numbers[*v.ply] != 0) v.move_number = out_.move_numbers[*v.ply];
    out_.violations.push_back(std::move(v));
  }
}

}  // namespace

std::string_view to_string(OutcomeSource s) { return s == OutcomeSource::Rules ? "rules" : "record"; }

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
  // `[ts=]` times are the server's own (bughouse.pro: exact, millisecond clocks, no lag left
  // unaccounted), as good as a Lag tag's accounting.
  if (game.clock_kind == ClockKind::SinceStart) return kToleranceWithLagTag;
  return game.tag("Lag") ? kToleranceWithLagTag : kToleranceWithoutLagTag;
}

bool ReplayResult::has_error() const {
  return std::any_of(violations.begin(), violations.end(), [](const Violation& v) { return v.severity == Severity::Error; });
}

namespace {

// One-board PGN without seat letters: the side to move alternates from the FEN's, whatever the
// move numbers say (`5. Nc3 5. P@e4` from a FEN with Black to move: Black's Nc3, White's P@e4).
// A copy of the record with those colours when its numbers say otherwise, else nullopt.
std::optional<Game> with_colours_from_san(const Game& game) {
  if (game.dialect == Dialect::Bpgn || record_boards(game) != 1) return std::nullopt;
  if (std::any_of(game.plies.begin(), game.plies.end(), [](const Ply& p) { return p.seat_written; })) return std::nullopt;
  Color side = White;
  if (const std::string* fen = game.tag("FEN")) {
    std::string_view f = *fen;
    while (!f.empty() && f.front() == ' ') f.remove_prefix(1);
    const auto space = f.find(' ');
    if (space != std::string_view::npos && f.substr(space + 1, 1) == "b") side = Black;
  }
  bool differs = false;
  for (std::size_t i = 0; i < game.plies.size() && !differs; ++i) {
    differs = game.plies[i].color != (i % 2 == 0 ? side : ~side);
  }
  if (!differs) return std::nullopt;
  std::optional<Game> fixed = game;
  for (std::size_t i = 0; i < fixed->plies.size(); ++i) fixed->plies[i].color = i % 2 == 0 ? side : ~side;
  return fixed;
}

}  // namespace

ReplayResult replay(const Game& game, const RuleSet& rules, const ReplayOptions& options) {
  ReplayResult result;
  replay(game, rules, options, result);
  return result;
}

// Everything MatchReplay::run() does not overwrite for every game, back to a fresh result's value.
ReplayOptions::KnownClaim claim_of(const ReplayResult& result) {
  for (const Violation& v : result.violations) {
    if (v.fate == ActionFate::Claimed) return {v.ply};
  }
  return {};
}

static void reset_result(ReplayResult& result) {
  result.violations.clear();
  result.final = {};
  result.clocks = {};
  result.outcome = Outcome{};
  result.found = ProbeFound{};
}

void replay(const Game& game, const RuleSet& rules, const ReplayOptions& options, ReplayResult& result) {
  reset_result(result);
  const std::optional<Game> fixed = with_colours_from_san(game);
  const Game& played = fixed ? *fixed : game;
  MatchReplay first(played, game, rules, options, result);
  first.run();
  if (const std::optional<std::size_t> claim = first.claim_to_replay()) {
    // illegal_action=claimed: the claimed action was known only at the end; the match again, decided there.
    reset_result(result);
    MatchReplay(played, game, rules, options, result, claim).run();
  }
}

}  // namespace bpgn
