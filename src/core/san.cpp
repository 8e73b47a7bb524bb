// SAN with drops. Reading: one pass over the text for the spellings records use (a piece move, a
// pawn move or capture with its promotion, a drop, castling, each followed by suffixes); any other
// text goes through the general reader (suffixes stripped from the end, then the body split into its
// parts), which reads those spellings the same way and tells the rest apart or calls it malformed.
// The parts are then matched against the board: ordinary moves and drops from the attack tables of
// the target square, everything else against the legal moves to it; when nothing matches, the
// diagnosis names the most specific reason in a fixed order (docs/rules.md, "How a move text is
// judged"). Writing takes disambiguation from the attack tables and the check suffix from the
// attacks on the enemy king after the move (the mate test only after a check).
#include "core/san.h"

#include "core/ascii.h"
#include "core/movegen.h"
#include "rules/rule_set.h"


namespace bpgn {
namespace {

constexpr bool is_file(char c) { return c >= 'a' && c <= 'h'; }
constexpr bool is_rank(char c) { return c >= '1' && c <= '8'; }


// The parts of a move text, before the board is consulted.
struct SanParts {
  enum class Kind : std::uint8_t { Castle, Drop, Piece, Pawn } kind = Kind::Piece;
  bool queen_side = false;         // Castle
  PieceType piece = NoPieceType;   // Drop, Piece (King allowed here: diagnosed later)
  int from_file = -1;              // Piece disambiguation, Pawn capture's file
  int from_rank = -1;
  bool capture = false;            // Pawn: written `x` (Piece: `x` is ignored, see docs)
  Square to = kNoSquare;
  PieceType promotion = NoPieceType;  // Pawn: as written (may be King or Pawn: diagnosed later)
  bool promotion_written = false;
  bool discard = false;            // Pawn: `=.` (promotion is then Pawn)
  Square steal = kNoSquare;        // Pawn: `/d1` (or bughouse.pro's `d1`) after the promotion
  std::uint8_t notes = NoteNone;
};

// --- The general reader: any text, in two steps ----------------------------------------------------

// Removes trailing `!`/`?` annotations and `+`/`#`, and a trailing "e.p."; reports the suffix.
std::string_view strip_suffixes(std::string_view s, CheckSuffix& suffix) {
  for (;;) {
    s = trim(s, " \t\r\n");
    if (s.size() > 4 && s.substr(s.size() - 4) == "e.p.") {
      s.remove_suffix(4);
      continue;
    }
    if (s.empty()) return s;
    const char c = s.back();
    if (c == '!' || c == '?') {
      s.remove_suffix(1);
    } else if (c == '#') {
      suffix = CheckSuffix::Mate;
      s.remove_suffix(1);
    } else if (c == '+') {
      if (suffix == CheckSuffix::None) suffix = CheckSuffix::Check;
      s.remove_suffix(1);
    } else {
      return s;
    }
  }
}

std::optional<Square> parse_square(std::string_view s) {
  if (s.size() != 2 || !is_file(s[0]) || !is_rank(s[1])) return std::nullopt;
  return make_square(s[0] - 'a', s[1] - '1');
}

std::optional<SanParts> split(std::string_view s) {
  SanParts p;
  if (s == "O-O" || s == "0-0" || s == "O-O-O" || s == "0-0-0") {
    p.kind = SanParts::Kind::Castle;
    p.queen_side = s.size() == 5;
    if (s[0] == '0') p.notes |= NoteZeroCastling;
    return p;
  }
  std::size_t at = 0;
  while (at < s.size() && s[at] != '@' && s[at] != '*') ++at;
  if (at < s.size()) {
    p.kind = SanParts::Kind::Drop;
    if (s[at] == '*') p.notes |= NoteStarDrop;
    const std::string_view who = s.substr(0, at);
    if (who.empty()) {
      p.piece = Pawn;
      p.notes |= NoteBarePawnDrop;
    } else if (who == "$146") {  // chess.com's knight-drop glyph turned into a NAG by exporters
      p.piece = Knight;
      p.notes |= NoteNag146Drop;
    } else if (who.size() == 1 && who[0] >= 'A' && who[0] <= 'Z' && piece_type_from_letter(who[0]) != NoPieceType) {
      p.piece = piece_type_from_letter(who[0]);
    } else {
      return std::nullopt;
    }
    const auto to = parse_square(s.substr(at + 1));
    if (!to) return std::nullopt;
    p.to = *to;
    return p;
  }
  if (s.size() >= 3 && (s[0] == 'N' || s[0] == 'B' || s[0] == 'R' || s[0] == 'Q' || s[0] == 'K')) {
    p.kind = SanParts::Kind::Piece;
    p.piece = piece_type_from_letter(s[0]);
    const auto to = parse_square(s.substr(s.size() - 2));
    if (!to) return std::nullopt;
    p.to = *to;
    std::string_view mid = s.substr(1, s.size() - 3);
    if (!mid.empty() && mid.back() == 'x') {
      p.capture = true;
      mid.remove_suffix(1);
    }
    if (!mid.empty() && is_file(mid.front())) {
      p.from_file = mid.front() - 'a';
      mid.remove_prefix(1);
    }
    if (!mid.empty() && is_rank(mid.front())) {
      p.from_rank = mid.front() - '1';
      mid.remove_prefix(1);
    }
    if (!mid.empty()) return std::nullopt;
    return p;
  }
  if (!s.empty() && (is_file(s[0]) || s[0] == 'x')) {
    p.kind = SanParts::Kind::Pawn;
    std::string_view rest;
    if (s[0] == 'x') {  // bughouse.pro's `xe6`: the pawn's file is left out
      p.capture = true;
      p.notes |= NoteFilelessPawnCapture;
      const auto to = parse_square(s.substr(1, 2));
      if (!to) return std::nullopt;
      p.to = *to;
      rest = s.substr(3);
    } else if (s.size() >= 4 && s[1] == 'x') {
      p.capture = true;
      p.from_file = s[0] - 'a';
      const auto to = parse_square(s.substr(2, 2));
      if (!to) return std::nullopt;
      p.to = *to;
      rest = s.substr(4);
    } else {
      const auto to = parse_square(s.substr(0, 2));
      if (!to) return std::nullopt;
      p.to = *to;
      rest = s.substr(2);
    }
    if (rest.empty()) return p;
    if (rest == "=.") {  // bughouse.pro's discard: the pawn leaves the board
      p.promotion = Pawn;
      p.promotion_written = true;
      p.discard = true;
      return p;
    }
    if (rest.front() == '=') rest.remove_prefix(1);
    if (rest.empty()) return std::nullopt;
    p.promotion = piece_type_from_letter(rest.front());
    if (p.promotion == NoPieceType) return std::nullopt;
    p.promotion_written = true;
    rest.remove_prefix(1);
    if (rest.empty()) return p;
    // Gambler's steal square: ours `e8=R/d1`, bughouse.pro's `e8=Rd1`.
    if (rest.front() == '/') rest.remove_prefix(1);
    const auto steal = parse_square(rest);
    if (!steal) return std::nullopt;
    p.steal = *steal;
    return p;
  }
  return std::nullopt;
}

// --- The one-pass reader ----------------------------------------------------------------------------
// It reads the spellings records use, left to right, each part where it stands; what it does not
// know (a blank before the move, `$146@g4`, an `e.p.` glued to a piece move, every malformed text)
// it leaves to the general reader. Whatever it accepts, the general reader reads to the same parts
// and suffix: the move ends where only suffix characters follow, and stripping those from the end
// stops exactly there (a move never ends in a suffix character or in "e.p.").

// What may follow the move: `+`, `#`, `!`, `?`, blanks and "e.p.", in any order. The suffix is `#`
// if one is written, else `+` if one is. False when anything else follows.
bool read_suffixes(const char* p, const char* end, CheckSuffix& suffix) {
  bool check = false, mate = false;
  for (; p != end; ++p) {
    switch (*p) {
      case '+': check = true; break;
      case '#': mate = true; break;
      case '!':
      case '?':
      case ' ':
      case '\t':
      case '\r':
      case '\n': break;
      case 'e':
        if (end - p < 4 || p[1] != '.' || p[2] != 'p' || p[3] != '.') return false;
        p += 3;
        break;
      default: return false;
    }
  }
  suffix = mate ? CheckSuffix::Mate : check ? CheckSuffix::Check : CheckSuffix::None;
  return true;
}

constexpr Square square_of(char file, char rank) { return make_square(file - 'a', rank - '1'); }

// Reads `text` into `p` and `suffix` in one pass; false: not a spelling it knows (p is then
// unspecified), the general reader decides.
bool read_one_pass(std::string_view text, SanParts& p, CheckSuffix& suffix) {
  const char* const s = text.data();
  const std::size_t n = text.size();
  // Past the end reads as 0, which no test below accepts.
  const auto at = [s, n](std::size_t i) { return i < n ? s[i] : '\0'; };
  std::size_t i = 0;
  std::size_t mark = 1;  // a drop's `@` or `*`
  const char c0 = at(0);
  switch (c0) {
    case 'N':
    case 'B':
    case 'R':
    case 'Q':
    case 'K': {
      p.piece = piece_type_from_letter(c0);
      if (at(1) == '@' || at(1) == '*') break;  // a drop, below
      // [file][rank][x] square, or a square alone.
      p.kind = SanParts::Kind::Piece;
      i = 1;
      int file = -1, rank = -1;
      if (is_file(at(i))) file = at(i++) - 'a';
      if (is_rank(at(i))) rank = at(i++) - '1';
      if (at(i) == 'x') {
        p.capture = true;
        ++i;
      }
      if (is_file(at(i)) && is_rank(at(i + 1))) {
        p.from_file = file;
        p.from_rank = rank;
        p.to = square_of(at(i), at(i + 1));
        i += 2;
      } else if (!p.capture && file >= 0 && rank >= 0) {
        p.to = make_square(file, rank);
      } else {
        return false;
      }
      return read_suffixes(s + i, s + n, suffix);
    }
    case 'P':
      if (at(1) != '@' && at(1) != '*') return false;
      p.piece = Pawn;
      break;
    case '@':
    case '*':
      p.piece = Pawn;
      p.notes = NoteBarePawnDrop;
      mark = 0;
      break;
    case 'O':
    case '0':
      if (at(1) != '-' || at(2) != c0) return false;
      p.kind = SanParts::Kind::Castle;
      i = 3;
      if (at(3) == '-' && at(4) == c0) {
        p.queen_side = true;
        i = 5;
      }
      if (c0 == '0') p.notes = NoteZeroCastling;
      return read_suffixes(s + i, s + n, suffix);
    default: {
      if (!is_file(c0) && c0 != 'x') return false;
      // Pawn: square, file x square, or (bughouse.pro) x square; then the promotion.
      p.kind = SanParts::Kind::Pawn;
      if (c0 == 'x') {
        if (!is_file(at(1)) || !is_rank(at(2))) return false;
        p.capture = true;
        p.notes = NoteFilelessPawnCapture;
        p.to = square_of(at(1), at(2));
        i = 3;
      } else if (at(1) == 'x') {
        if (!is_file(at(2)) || !is_rank(at(3))) return false;
        p.capture = true;
        p.from_file = c0 - 'a';
        p.to = square_of(at(2), at(3));
        i = 4;
      } else {
        if (!is_rank(at(1))) return false;
        p.to = square_of(c0, at(1));
        i = 2;
      }
      // `=.` (discard), `=Q` or `Q` (any case, any piece letter: diagnosed later), then Gambler's
      // steal square `/d1` or `d1`. No suffix character is a piece letter.
      if (at(i) == '=') {
        if (at(i + 1) == '.') {
          p.promotion = Pawn;
          p.promotion_written = true;
          p.discard = true;
          return read_suffixes(s + i + 2, s + n, suffix);
        }
        ++i;
        if ((p.promotion = piece_type_from_letter(at(i))) == NoPieceType) return false;
      } else if ((p.promotion = piece_type_from_letter(at(i))) == NoPieceType) {
        return read_suffixes(s + i, s + n, suffix);
      }
      p.promotion_written = true;
      ++i;
      if (at(i) == '/') {
        if (!is_file(at(i + 1)) || !is_rank(at(i + 2))) return false;
        p.steal = square_of(at(i + 1), at(i + 2));
        i += 3;
      } else if (is_file(at(i)) && is_rank(at(i + 1))) {
        p.steal = square_of(at(i), at(i + 1));
        i += 2;
      }
      return read_suffixes(s + i, s + n, suffix);
    }
  }
  // A drop: the square follows the mark.
  p.kind = SanParts::Kind::Drop;
  if (at(mark) == '*') p.notes |= NoteStarDrop;
  if (!is_file(at(mark + 1)) || !is_rank(at(mark + 2))) return false;
  p.to = square_of(at(mark + 1), at(mark + 2));
  return read_suffixes(s + mark + 3, s + n, suffix);
}

// --- Diagnosis against the legal moves to the target square -------------------------------------

bool same_move(const Move& a, const Move& b) {
  return a.from == b.from && a.to == b.to && a.kind == b.kind && a.piece == b.piece && a.promotion == b.promotion;
}

bool contains(const SquareMoveList& list, const Move& m) {
  for (const Move& g : list) {
    if (same_move(g, m)) return true;
  }
  return false;
}

// Placement (drop or in-place promotion) that the rules forbid because it checks or mates.
SanError placement_check_error(const Position& pos, const RuleSet& rules, const Move& m) {
  Position next = pos;
  next.play(m, rules);
  if (!next.in_check()) return SanError::None;
  if (rules.drop_mate != DropMate::Allowed &&
      (rules.drop_mate == DropMate::ForbiddenBoardMate ? is_board_mate(next, rules) : is_checkmate(next, rules))) {
    return SanError::DropGivesMate;
  }
  if (!rules.drop_check) return SanError::DropGivesCheck;
  return SanError::None;
}

// A placement onto `to` fails to answer a check on the own king.
bool placement_leaves_check(const Position& pos, Square to) {
  const Bitboard checkers = pos.checkers();
  if (!checkers) return false;
  if (more_than_one(checkers)) return true;
  return !(between(pos.king_square(pos.side_to_move()), lsb(checkers)) & bb(to));
}

SanResult diagnose_drop(const Position& pos, const RuleSet& rules, const SquareMoveList& legal, const SanParts& p) {
  SanResult r;
  r.move = Move{kNoSquare, p.to, MoveKind::Drop, p.piece};
  const Color us = pos.side_to_move();
  if (!rules.drops) r.error = SanError::DropsNotAllowed;
  else if (!pos.empty(p.to)) r.error = SanError::DropOnOccupied;
  else if (p.piece == Pawn && !rules.pawn_drop_allowed_on(relative_rank(us, p.to))) r.error = SanError::PawnDropRank;
  else if (p.piece == King || !pos.in_hand(us, p.piece)) r.error = SanError::DropNotInHolding;
  else if (contains(legal, r.move)) r.error = SanError::None;
  else if (placement_leaves_check(pos, p.to)) r.error = SanError::KingLeftInCheck;
  else if (auto e = placement_check_error(pos, rules, r.move); e != SanError::None) r.error = e;
  else r.error = SanError::IllegalMove;  // not expected: every reason is covered above
  return r;
}

SanResult diagnose_in_place(const Position& pos, const RuleSet& rules, const SquareMoveList& legal, const SanParts& p) {
  SanResult r;
  r.move = Move{p.to, p.to, MoveKind::InPlacePromotion, Pawn, p.promotion};
  if (rules.promotion != Promotion::FromHolding || p.capture) r.error = SanError::IllegalMove;
  else if (p.promotion == King || p.promotion == Pawn || p.steal != kNoSquare) r.error = SanError::PromotionInvalid;
  else if (!pos.in_hand(pos.side_to_move(), p.promotion)) r.error = SanError::PromotionInvalid;
  else if (contains(legal, r.move)) r.error = SanError::None;
  else if (pos.in_check()) r.error = SanError::KingLeftInCheck;
  else if (auto e = placement_check_error(pos, rules, r.move); e != SanError::None) r.error = e;
  else r.error = SanError::IllegalMove;
  return r;
}

SanResult diagnose_castle(const Position& pos, const SquareMoveList& legal, const SanParts& p) {
  SanResult r;
  const Color us = pos.side_to_move();
  const bool king_side = !p.queen_side;
  const Square king_to = castling_king_to(us, king_side);
  const Square king = pos.king_square(us);
  r.move = Move{king == kNoSquare ? make_square(4, rank_of(king_to)) : king, king_to, MoveKind::Castle, King};
  if (contains(legal, r.move)) return r;
  const CastlingRight right = castling_right(us, king_side);
  const Square rook = pos.castling_rook(right);
  bool possible = (pos.castling() & right) && king != kNoSquare && rank_of(king) == rank_of(king_to) &&
                  pos.piece_on(rook) == Piece{us, Rook};
  if (possible) {  // every square the king or the rook crosses or lands on is empty but for those two
    const Square rook_to = castling_rook_to(us, king_side);
    const Bitboard path = between(king, king_to) | bb(king_to) | between(rook, rook_to) | bb(rook_to);
    possible = !(pos.occupied() & path & ~(bb(king) | bb(rook)));
  }
  // With the right and a free path, only an attacked king or king path can stop it.
  r.error = possible ? SanError::KingLeftInCheck : SanError::IllegalMove;
  return r;
}

// Squares of own pieces of type t that reach `to` by their movement rules alone (a pawn capture
// onto the en passant square included).
Bitboard movement_candidates(const Position& pos, PieceType t, Square to, const SanParts& p) {
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard own = pos.pieces(us), target = bb(to), occ = pos.occupied();
  if (own & target) return 0;
  Bitboard from = 0;
  if (t == Pawn) {
    const Bitboard pawns = own & pos.pieces(Pawn);
    if (p.capture) {
      if ((occ & target) || to == pos.en_passant()) from = pawn_attacks(them, to) & pawns;
    } else if (!(occ & target)) {
      // One step, or two from the rank before (a pawn on its second rank, or on its first where it
      // was dropped there: bughouse.pro's pawn_drop_ranks 1-7).
      const Bitboard one = shift_up(them, target);
      from = one & pawns;
      const int rank = relative_rank(us, to);
      if ((rank == 4 || rank == 3) && !(occ & one)) from |= shift_up(them, one) & pawns;
    }
  } else {
    from = piece_attacks(t, to, occ) & own & pos.pieces(t);
  }
  if (p.from_file >= 0) from &= file_bb(p.from_file);
  if (p.from_rank >= 0) from &= rank_bb(p.from_rank);
  return from;
}

SanResult diagnose_move(const Position& pos, const RuleSet& rules, const SquareMoveList& legal, const SanParts& p) {
  SanResult r;
  const Color us = pos.side_to_move();
  const PieceType t = p.kind == SanParts::Kind::Pawn ? Pawn : p.piece;
  // A pawn standing on its last rank "promoted" where it stands (turkish): `e8=Q` with the pawn on e8.
  if (t == Pawn && !p.capture && p.promotion_written && relative_rank(us, p.to) == 8 &&
      pos.piece_on(p.to) == Piece{us, Pawn}) {
    return diagnose_in_place(pos, rules, legal, p);
  }
  if (t == Pawn && p.capture && p.from_file == file_of(p.to)) {
    r.error = SanError::IllegalMove;  // `exe5`: a pawn captures onto another file
    return r;
  }
  // Legal moves that fit everything but the promotion piece.
  Bitboard froms = 0;
  const Move* fit = nullptr;
  for (const Move& m : legal) {
    if (m.piece != t || m.to != p.to || (m.kind != MoveKind::Normal && m.kind != MoveKind::EnPassant)) continue;
    if (t == Pawn) {
      const bool is_capture = file_of(m.from) != file_of(m.to);
      // `xe6` (no file) fits any capturing pawn; `dxe6` the one on the d-file.
      if (p.capture ? !is_capture || (p.from_file >= 0 && file_of(m.from) != p.from_file) : is_capture) continue;
    }
    if (t != Pawn && ((p.from_file >= 0 && file_of(m.from) != p.from_file) ||
                      (p.from_rank >= 0 && rank_of(m.from) != p.from_rank))) {
      continue;
    }
    froms |= bb(m.from);
    fit = &m;
  }
  if (!froms) {
    const Bitboard candidates = movement_candidates(pos, t, p.to, p);
    r.error = candidates ? SanError::KingLeftInCheck : SanError::IllegalMove;
    if (candidates && !more_than_one(candidates)) r.move = Move{lsb(candidates), p.to, MoveKind::Normal, t};
    return r;
  }
  if (more_than_one(froms)) {
    r.error = SanError::Ambiguous;
    r.candidates = froms;
    return r;
  }
  r.move = Move{fit->from, p.to, fit->kind, t};
  if (t != Pawn) {
    if (p.promotion_written) r.error = SanError::PromotionInvalid;
    return r;
  }
  // Promotion.
  const bool reaches_last = relative_rank(us, p.to) == 8;
  if (!reaches_last || (p.steal != kNoSquare && rules.promotion != Promotion::StealFromPartnerBoard)) {
    // A promotion written off the last rank, or a Gambler steal square under other rules.
    if (p.promotion_written || p.steal != kNoSquare) {
      r.error = SanError::PromotionInvalid;
      r.move.promotion = p.promotion;
      r.move.steal_from = p.steal;  // for the message
    }
    return r;
  }
  if (!p.promotion_written) {
    if (rules.promotion != Promotion::FromHolding) r.error = SanError::PromotionMissing;
    return r;  // from_holding: the pawn stays on the last rank
  }
  r.move.promotion = p.promotion;
  r.move.steal_from = p.steal;
  if (p.promotion == King || (p.promotion == Pawn && !p.discard) || !contains(legal, r.move)) {
    r.error = SanError::PromotionInvalid;
  }
  return r;
}

// --- Diagnosis from the attack tables ---------------------------------------------------------------

// Of `from`, own pieces other than the king that reach `to` by their movement rules (no en passant),
// those whose move there leaves the own king on ksq unattacked: with no check, the ones not pinned
// or staying on their pin line; with one check, those among them that take the checker or step
// between; with two, none. (The same as asking whether the king is attacked after each move.) A
// piece is pinned when nothing stands between it and its king and the first piece beyond it on
// their line is an enemy slider that moves along that line.
Bitboard legal_origins(const Position& pos, Square ksq, Bitboard from, Square to) {
  const Color them = ~pos.side_to_move();
  const Bitboard occ = pos.occupied(), target = bb(to);
  if (const Bitboard checkers = pos.attackers_to(ksq, them, occ)) {
    if (more_than_one(checkers) || !(target & (between(ksq, lsb(checkers)) | checkers))) return 0;
  }
  Bitboard legal = from;
  for (Bitboard b = from; b;) {
    const Square s = pop_lsb(b);
    const Bitboard line = line_through(ksq, s);
    if (!line || (line & target)) continue;
    const bool straight = ((ksq ^ s) & 7) == 0 || ((ksq ^ s) & 56) == 0;
    const Bitboard snipers = line & pos.pieces(them) &
                             (pos.pieces(Queen) | (straight ? pos.pieces(Rook) : pos.pieces(Bishop)));
    if (!snipers || (between(ksq, s) & occ)) continue;
    if ((straight ? rook_attacks(s, occ) : bishop_attacks(s, occ)) & snipers) legal ^= bb(s);
  }
  return legal;
}

// The common case without generating moves: an ordinary piece move, pawn push or pawn capture (no
// castling, drop, promotion or en passant; both kings on the board). The pieces that reach the
// square by their movement rules are the candidates; each is legal when its own king is not
// attacked afterwards. Fills `r` as diagnose_move would from the generated list and returns true;
// false: not such a move, use the general path.
bool diagnose_ordinary_move(const Position& pos, const SanParts& p, SanResult& r) {
  if (p.promotion_written || p.steal != kNoSquare) return false;
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard own = pos.pieces(us), kings = pos.pieces(King);
  if (!(kings & own) || !(kings & ~own)) return false;
  const Square ksq = lsb(kings & own), to = p.to;
  const Bitboard occ = pos.occupied();
  PieceType t = p.piece;
  if (p.kind == SanParts::Kind::Pawn) {
    t = Pawn;
    if (relative_rank(us, to) == 8 || to == pos.en_passant() || p.from_rank >= 0 ||
        (p.capture ? p.from_file == file_of(to) : p.from_file >= 0)) {
      return false;
    }
  }
  const Bitboard candidates = movement_candidates(pos, t, to, p);
  if (!candidates) {
    r.error = SanError::IllegalMove;
    return true;
  }
  Bitboard legal = 0;
  if (t == King) {
    for (Bitboard b = candidates; b;) {
      const Square from = pop_lsb(b);
      if (!pos.attackers_to(to, them, occ ^ bb(from))) legal |= bb(from);
    }
  } else {
    legal = legal_origins(pos, ksq, candidates, to);
  }
  if (!legal) {
    r.error = SanError::KingLeftInCheck;
    if (!more_than_one(candidates)) r.move = Move{lsb(candidates), to, MoveKind::Normal, t};
  } else if (more_than_one(legal)) {
    r.error = SanError::Ambiguous;
    r.candidates = legal;
  } else {
    r.move = Move{lsb(legal), to, MoveKind::Normal, t};
  }
  return true;
}

// The common drop without generating moves: onto an empty square, with the piece in hand, by a
// side not in check, under rules that allow checking and mating drops. Such a drop cannot expose
// its own king, so it is legal (generate_legal_to would list it). False: use the general path.
bool diagnose_plain_drop(const Position& pos, const RuleSet& rules, const SanParts& p, SanResult& r) {
  const Color us = pos.side_to_move();
  if (!rules.drops || !rules.drop_check || rules.drop_mate != DropMate::Allowed || !pos.empty(p.to) || p.piece == King ||
      !pos.in_hand(us, p.piece)) {
    return false;
  }
  if (p.piece == Pawn && !rules.pawn_drop_allowed_on(relative_rank(us, p.to))) return false;
  if (pos.king_square(us) == kNoSquare || pos.king_square(~us) == kNoSquare || pos.in_check()) return false;
  r.move = Move{kNoSquare, p.to, MoveKind::Drop, p.piece};
  return true;
}

// --- Writing -------------------------------------------------------------------------------------

// Whether colour ~side_to_move's king stands attacked after the normal move or drop m (what
// deserved_suffix asks of the board after it), from the attacks on that king's square with m's
// piece moved. False in `known` for the moves that change more (castling, en passant, promotions,
// in-place promotions), for a move onto a king, and for unreal moves.
bool gives_check(const Position& pos, const Move& m, bool& known) {
  known = false;
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard their_king = pos.pieces(them, King);
  if (m.to >= 64 || (their_king & bb(m.to))) return false;
  Bitboard from = 0;
  if (m.kind == MoveKind::Normal && m.promotion == NoPieceType && m.from < 64) {
    from = bb(m.from);
  } else if (m.kind != MoveKind::Drop) {
    return false;
  }
  known = true;
  if (!their_king) return false;
  const Square eks = lsb(their_king);
  const Bitboard to = bb(m.to), occ = (pos.occupied() & ~from) | to;
  // The moved piece from its new square, then the others (those that stay: `to` held none of ours).
  const Bitboard stay = pos.pieces(us) & ~from;
  const Bitboard rq = stay & (pos.pieces(Rook) | pos.pieces(Queen));
  const Bitboard bq = stay & (pos.pieces(Bishop) | pos.pieces(Queen));
  Bitboard straight = rq, diagonal = bq;
  switch (m.piece) {
    case Pawn:
      if (pawn_attacks(them, eks) & to) return true;
      break;
    case Knight:
      if (knight_attacks(eks) & to) return true;
      break;
    case King:
      if (king_attacks(eks) & to) return true;
      break;
    case Bishop: diagonal |= to; break;
    case Rook: straight |= to; break;
    case Queen:
      straight |= to;
      diagonal |= to;
      break;
    case NoPieceType: break;
  }
  if (stay & ((pawn_attacks(them, eks) & pos.pieces(Pawn)) | (knight_attacks(eks) & pos.pieces(Knight)) |
              (king_attacks(eks) & pos.pieces(King)))) {
    return true;
  }
  if ((straight & rook_rays(eks)) && (rook_attacks(eks, occ) & straight)) return true;
  return (diagonal & bishop_rays(eks)) && (bishop_attacks(eks, occ) & diagonal);
}

// The other own pieces of m's type whose legal moves also end on m.to (for disambiguation), when
// some other piece of that type reaches m.to at all (rare): from the check and pin masks, or from
// the legal moves to m.to where those cannot tell (a king of several, a missing king).
[[gnu::noinline]] Bitboard rivals(const Position& pos, const RuleSet& rules, const Move& m, Bitboard others) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  if (m.piece >= Knight && m.piece <= Queen && m.to < 64 && m.from < 64 && ksq != kNoSquare &&
      pos.king_square(~us) != kNoSquare && !(pos.pieces(us) & bb(m.to))) {
    return legal_origins(pos, ksq, others, m.to);
  }
  SquareMoveList legal;
  generate_legal_to(pos, rules, m.to, legal);
  others = 0;
  for (const Move& g : legal) {
    if (g.piece == m.piece && g.to == m.to && g.kind == MoveKind::Normal && g.from != m.from) others |= bb(g.from);
  }
  return others;
}

// The general reader: `parts` and `suffix` (which must be None on entry) from any text; false when
// the text is malformed (suffix as stripped).
bool read_general(std::string_view text, SanParts& parts, CheckSuffix& suffix) {
  const std::optional<SanParts> read = split(strip_suffixes(text, suffix));
  if (read) parts = *read;
  return read.has_value();
}

// Every other move text, against the legal moves to its square (every reading of a move text ends
// on one square: only the legal moves to it matter). Keeps r's notes and suffix.
[[gnu::noinline]] void diagnose_with_legal_moves(const Position& pos, const RuleSet& rules, const SanParts& parts,
                                                 SanResult& r) {
  const Square to = parts.kind == SanParts::Kind::Castle ? castling_king_to(pos.side_to_move(), !parts.queen_side)
                                                         : parts.to;
  SquareMoveList legal;
  generate_legal_to(pos, rules, to, legal);
  const std::uint8_t notes = r.notes;
  const CheckSuffix suffix = r.written_suffix;
  switch (parts.kind) {
    case SanParts::Kind::Castle: r = diagnose_castle(pos, legal, parts); break;
    case SanParts::Kind::Drop: r = diagnose_drop(pos, rules, legal, parts); break;
    case SanParts::Kind::Piece:
    case SanParts::Kind::Pawn: r = diagnose_move(pos, rules, legal, parts); break;
  }
  r.notes = notes;
  r.written_suffix = suffix;
}

// Writes the square's name ("?" for none).
char* put_square(char* out, Square s) {
  if (s >= 64) {
    *out++ = '?';
  } else {
    *out++ = char('a' + file_of(s));
    *out++ = char('1' + rank_of(s));
  }
  return out;
}

}  // namespace

bool is_move_text(std::string_view text) {
  SanParts parts;
  CheckSuffix suffix = CheckSuffix::None;
  return read_one_pass(text, parts, suffix) || read_general(text, parts, suffix);
}

SanResult parse_san(const Position& pos, const RuleSet& rules, std::string_view text) {
  SanResult r;
  SanParts parts;
  if (!read_one_pass(text, parts, r.written_suffix) && !read_general(text, parts, r.written_suffix)) {
    r.error = SanError::Malformed;
    return r;
  }
  r.notes = parts.notes;
  switch (parts.kind) {
    case SanParts::Kind::Piece:
    case SanParts::Kind::Pawn:
      if (diagnose_ordinary_move(pos, parts, r)) return r;
      break;
    case SanParts::Kind::Drop:
      if (diagnose_plain_drop(pos, rules, parts, r)) return r;
      break;
    case SanParts::Kind::Castle: break;
  }
  diagnose_with_legal_moves(pos, rules, parts, r);
  return r;
}

AsMade as_made(const Position& pos, const RuleSet& rules, std::string_view text, const SanResult& r) {
  AsMade a;
  auto none = [&a](NoReading why) {
    a.no_reading = why;
    return a;
  };
  switch (r.error) {
    case SanError::None:
    case SanError::Malformed:
    case SanError::Ambiguous: return none(NoReading::NotAnAction);
    case SanError::DropsNotAllowed: return none(NoReading::NoHoldings);
    case SanError::DropOnOccupied: return none(NoReading::Occupied);
    default: break;
  }
  SanParts p;
  CheckSuffix suffix = CheckSuffix::None;
  if (!read_one_pass(text, p, suffix) && !read_general(text, p, suffix)) return none(NoReading::NotAnAction);
  const Color us = pos.side_to_move();
  if (p.kind == SanParts::Kind::Drop) {
    if (p.piece == King || p.piece == NoPieceType) return none(NoReading::King);
    if (!pos.empty(p.to)) return none(NoReading::Occupied);
    a.move = Move{kNoSquare, p.to, MoveKind::Drop, p.piece};
    a.piece_not_held = !pos.in_hand(us, p.piece);
    return a;
  }
  if (p.kind == SanParts::Kind::Castle) {
    // diagnose_castle says king-left-in-check only with the right, the rook and a free path.
    if (r.error != SanError::KingLeftInCheck || r.move.kind != MoveKind::Castle || pos.king_square(us) == kNoSquare) {
      return none(NoReading::Castling);
    }
    a.move = r.move;
    return a;
  }
  if (r.move.kind == MoveKind::InPlacePromotion) {
    if (r.error == SanError::IllegalMove) return none(NoReading::Promotion);
    if (r.move.promotion == King || r.move.promotion == Pawn || r.move.promotion == NoPieceType) return none(NoReading::King);
    if (p.steal != kNoSquare) return none(NoReading::Promotion);
    a.move = r.move;
    a.move->steal_from = kNoSquare;
    a.piece_not_held = !pos.in_hand(us, r.move.promotion);
    return a;
  }
  const PieceType t = p.kind == SanParts::Kind::Pawn ? Pawn : p.piece;
  if (t == NoPieceType) return none(NoReading::NotAnAction);
  Move m;
  if (r.move.from < 64 && r.move.piece == t && r.move.kind != MoveKind::Drop) {
    m = Move{r.move.from, p.to, r.move.kind, t};  // the one piece the diagnosis found
  } else {
    if (r.error == SanError::KingLeftInCheck) return none(NoReading::SeveralPieces);
    // The piece the text names, however it moved: one of its kind, or the one its disambiguation
    // (a pawn: its file, the capture's or the push's) picks out.
    Bitboard from = pos.pieces(us, t);
    if (p.from_file >= 0) from &= file_bb(p.from_file);
    if (p.from_rank >= 0) from &= rank_bb(p.from_rank);
    if (t == Pawn && p.from_file < 0 && !p.capture) from &= file_bb(file_of(p.to));
    from &= ~bb(p.to);
    if (!from) return none(NoReading::NoSuchPiece);
    if (more_than_one(from)) return none(NoReading::SeveralPieces);
    m = Move{lsb(from), p.to, MoveKind::Normal, t};
  }
  if (pos.pieces(us) & bb(m.to)) return none(NoReading::OwnPiece);
  if (pos.type_on(m.to) == King) return none(NoReading::TakesKing);
  if (t == Pawn && m.kind == MoveKind::Normal && pos.empty(m.to) && file_of(m.from) != file_of(m.to) &&
      m.to == pos.en_passant()) {
    m.kind = MoveKind::EnPassant;
  }
  if (p.promotion_written) {
    if (t != Pawn || relative_rank(us, m.to) != 8 || p.steal != kNoSquare ||
        rules.promotion == Promotion::StealFromPartnerBoard || m.kind != MoveKind::Normal) {
      return none(NoReading::Promotion);
    }
    if (p.discard ? rules.promotion != Promotion::Discard : (p.promotion == King || p.promotion == Pawn)) {
      return none(NoReading::King);
    }
    m.promotion = p.promotion;
    if (rules.promotion == Promotion::FromHolding && m.promotion != Pawn) a.piece_not_held = !pos.in_hand(us, m.promotion);
  }
  a.move = m;
  return a;
}

CheckSuffix deserved_suffix(const Position& pos, const RuleSet& rules, const Move& m) {
  bool known = false;
  const bool check = gives_check(pos, m, known);
  if (known && !check) return CheckSuffix::None;
  Position next = pos;
  next.play(m, rules);
  if (!next.in_check()) return CheckSuffix::None;
  return is_checkmate(next, rules) ? CheckSuffix::Mate : CheckSuffix::Check;
}

std::string to_san(const Position& pos, const RuleSet& rules, const Move& m) {
  return to_san(pos, rules, m, deserved_suffix(pos, rules, m));
}

std::string to_san(const Position& pos, const RuleSet& rules, const Move& m, CheckSuffix suffix) {
  std::string out;
  assign_san(out, pos, rules, m, suffix);
  return out;
}

void assign_san(std::string& result, const Position& pos, const RuleSet& rules, const Move& m, CheckSuffix suffix) {
  char text[16];  // the longest: `dxe8=Q/d1#`
  char* out = text;
  switch (m.kind) {
    case MoveKind::Castle:
      *out++ = 'O';
      *out++ = '-';
      *out++ = 'O';
      if (file_of(m.to) != 6) {
        *out++ = '-';
        *out++ = 'O';
      }
      break;
    case MoveKind::Drop:
      *out++ = piece_letter(m.piece);
      *out++ = '@';
      out = put_square(out, m.to);
      break;
    case MoveKind::InPlacePromotion:
      out = put_square(out, m.to);
      *out++ = '=';
      *out++ = piece_letter(m.promotion);
      break;
    case MoveKind::Normal:
    case MoveKind::EnPassant: {
      const bool capture = m.kind == MoveKind::EnPassant || !pos.empty(m.to);
      if (m.piece == Pawn) {
        if (capture) {
          *out++ = char('a' + file_of(m.from));
          *out++ = 'x';
        }
        out = put_square(out, m.to);
        if (m.promotion != NoPieceType) {
          *out++ = '=';
          *out++ = m.promotion == Pawn ? '.' : piece_letter(m.promotion);
          if (m.steal_from != kNoSquare) {
            *out++ = '/';
            out = put_square(out, m.steal_from);
          }
        }
        break;
      }
      *out++ = piece_letter(m.piece);
      // Disambiguation among the other legal moves of the same piece type to the same square:
      // the file if it tells them apart, else the rank, else both. Only pieces that reach the
      // square can move there: usually none.
      Bitboard reach = kAllSquares;
      if (m.to < 64 && m.from < 64) {
        reach = piece_attacks(m.piece, m.to, pos.occupied()) & pos.pieces(pos.side_to_move(), m.piece) & ~bb(m.from);
      }
      if (const Bitboard others = reach ? rivals(pos, rules, m, reach) : 0) {
        if (!(others & file_bb(file_of(m.from)))) {
          *out++ = char('a' + file_of(m.from));
        } else if (!(others & rank_bb(rank_of(m.from)))) {
          *out++ = char('1' + rank_of(m.from));
        } else {
          out = put_square(out, m.from);
        }
      }
      if (capture) *out++ = 'x';
      out = put_square(out, m.to);
      break;
    }
  }
  switch (suffix) {
    case CheckSuffix::None: break;
    case CheckSuffix::Check: *out++ = '+'; break;
    case CheckSuffix::Mate: *out++ = '#'; break;
  }
  result.clear();  // then an append: cheaper than assign, which must allow for overlapping text
  result.append(text, std::size_t(out - text));
}

std::string to_uci(const Move& m) {
  if (m.kind == MoveKind::Drop) return std::string(1, piece_letter(m.piece)) + '@' + square_name(m.to);
  std::string s = square_name(m.from) + square_name(m.to);
  if (m.promotion != NoPieceType) s += char(piece_letter(m.promotion) | 0x20);
  return s;
}

}  // namespace bpgn
