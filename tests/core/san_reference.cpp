// The SAN reader and writer as they were before the one-pass reader (bpgn 0.1.0, commit 8772c74):
// kept verbatim, in namespace bpgn::reference, as the oracle that tests/core/san_reference_test.cpp
// and the fuzz target compare the library's parse_san and to_san with. Not part of the library.
// Changed: the namespace, the header, and to_san's call of deserved_suffix names the reference's
// (argument-dependent lookup would also find bpgn::deserved_suffix).
//
// Original header comment:
// SAN with drops. Parsing first reads the text into its parts (without looking at the board), then
// matches it against the legal moves; when nothing matches, the diagnosis names the most specific
// reason in a fixed order (docs/rules.md, "How a move text is judged").
#include "core/san_reference.h"

#include "core/ascii.h"
#include "core/movegen.h"
#include "rules/rule_set.h"


namespace bpgn::reference {
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

// Squares of own pieces of type t that reach `to` by their movement rules alone.
Bitboard movement_candidates(const Position& pos, PieceType t, Square to, const SanParts& p) {
  const Color us = pos.side_to_move();
  if (pos.pieces(us) & bb(to)) return 0;
  Bitboard from = 0;
  if (t == Pawn) {
    const int up = up_delta(us);
    if (!p.capture) {
      if (!pos.empty(to)) return 0;
      const Square one = Square(to - up);
      if (one < 64 && pos.piece_on(one) == Piece{us, Pawn}) from |= bb(one);
      const int two = to - 2 * up;
      // From rank 2, or from rank 1 where a pawn was dropped there (bughouse.pro: pawn_drop_ranks 1-7).
      const int r = relative_rank(us, to);
      if ((r == 4 || r == 3) && pos.empty(one) && pos.piece_on(Square(two)) == Piece{us, Pawn}) {
        from |= bb(Square(two));
      }
    } else {
      const bool target = (pos.pieces(~us) & bb(to)) || to == pos.en_passant();
      if (target) from = pawn_attacks(~us, to) & pos.pieces(us, Pawn);
    }
  } else {
    from = piece_attacks(t, to, pos.occupied()) & pos.pieces(us, t);
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

// The common case without generating moves: an ordinary piece move, pawn push or pawn capture (no
// castling, drop, promotion or en passant; both kings on the board). The pieces that reach the
// square by their movement rules are the candidates; each is legal when its own king is not
// attacked afterwards. Gives what diagnose_move gives from the generated list; nullopt: not such
// a move, use the general path.
std::optional<SanResult> diagnose_ordinary_move(const Position& pos, const SanParts& p) {
  if (p.kind != SanParts::Kind::Piece && p.kind != SanParts::Kind::Pawn) return std::nullopt;
  if (p.promotion_written || p.steal != kNoSquare) return std::nullopt;
  const Color us = pos.side_to_move(), them = ~us;
  const Square ksq = pos.king_square(us);
  if (ksq == kNoSquare || pos.king_square(them) == kNoSquare) return std::nullopt;
  const PieceType t = p.kind == SanParts::Kind::Pawn ? Pawn : p.piece;
  if (t == Pawn && (relative_rank(us, p.to) == 8 || p.to == pos.en_passant() || p.from_rank >= 0 ||
                    (p.capture ? p.from_file == file_of(p.to) : p.from_file >= 0))) {
    return std::nullopt;
  }
  const Bitboard candidates = movement_candidates(pos, t, p.to, p);
  const Bitboard occ = pos.occupied(), to = bb(p.to);
  Bitboard legal = 0;
  for (Bitboard b = candidates; b;) {
    const Square from = pop_lsb(b);
    const bool safe = t == King ? !pos.attackers_to(p.to, them, occ ^ bb(from))
                                : !(pos.attackers_to(ksq, them, (occ ^ bb(from)) | to) & ~to);
    if (safe) legal |= bb(from);
  }
  SanResult r;
  if (!legal) {
    r.error = candidates ? SanError::KingLeftInCheck : SanError::IllegalMove;
    if (candidates && !more_than_one(candidates)) r.move = Move{lsb(candidates), p.to, MoveKind::Normal, t};
  } else if (more_than_one(legal)) {
    r.error = SanError::Ambiguous;
    r.candidates = legal;
  } else {
    r.move = Move{lsb(legal), p.to, MoveKind::Normal, t};
  }
  return r;
}

// The common drop without generating moves: onto an empty square, with the piece in hand, by a
// side not in check, under rules that allow checking and mating drops. Such a drop cannot expose
// its own king, so it is legal (generate_legal_to would list it). nullopt: use the general path.
std::optional<SanResult> diagnose_plain_drop(const Position& pos, const RuleSet& rules, const SanParts& p) {
  const Color us = pos.side_to_move();
  if (!rules.drops || !rules.drop_check || rules.drop_mate != DropMate::Allowed || !pos.empty(p.to) || p.piece == King ||
      !pos.in_hand(us, p.piece)) {
    return std::nullopt;
  }
  if (p.piece == Pawn && !rules.pawn_drop_allowed_on(relative_rank(us, p.to))) return std::nullopt;
  if (pos.king_square(us) == kNoSquare || pos.king_square(~us) == kNoSquare || pos.in_check()) return std::nullopt;
  SanResult r;
  r.move = Move{kNoSquare, p.to, MoveKind::Drop, p.piece};
  return r;
}

}  // namespace

bool is_move_text(std::string_view text) {
  CheckSuffix suffix = CheckSuffix::None;
  return split(strip_suffixes(text, suffix)).has_value();
}

SanResult parse_san(const Position& pos, const RuleSet& rules, std::string_view text) {
  SanResult result;
  const std::string_view body = strip_suffixes(text, result.written_suffix);
  const std::optional<SanParts> parts = split(body);
  if (!parts) {
    result.error = SanError::Malformed;
    return result;
  }
  // Every reading of a move text ends on one square: only the legal moves to it matter.
  const Square to = parts->kind == SanParts::Kind::Castle ? castling_king_to(pos.side_to_move(), !parts->queen_side)
                                                          : parts->to;
  SanResult r;
  std::optional<SanResult> quick = parts->kind == SanParts::Kind::Drop ? diagnose_plain_drop(pos, rules, *parts)
                                                                        : diagnose_ordinary_move(pos, *parts);
  if (quick) {
    r = *quick;
    r.notes = parts->notes;
    r.written_suffix = result.written_suffix;
    return r;
  }
  SquareMoveList legal;
  generate_legal_to(pos, rules, to, legal);
  switch (parts->kind) {
    case SanParts::Kind::Castle: r = diagnose_castle(pos, legal, *parts); break;
    case SanParts::Kind::Drop: r = diagnose_drop(pos, rules, legal, *parts); break;
    case SanParts::Kind::Piece:
    case SanParts::Kind::Pawn: r = diagnose_move(pos, rules, legal, *parts); break;
  }
  r.notes = parts->notes;
  r.written_suffix = result.written_suffix;
  return r;
}

CheckSuffix deserved_suffix(const Position& pos, const RuleSet& rules, const Move& m) {
  Position next = pos;
  next.play(m, rules);
  if (!next.in_check()) return CheckSuffix::None;
  return is_checkmate(next, rules) ? CheckSuffix::Mate : CheckSuffix::Check;
}

std::string to_san(const Position& pos, const RuleSet& rules, const Move& m) {
  std::string s;
  switch (m.kind) {
    case MoveKind::Castle: s = file_of(m.to) == 6 ? "O-O" : "O-O-O"; break;
    case MoveKind::Drop:
      s += piece_letter(m.piece);
      s += '@';
      s += square_name(m.to);
      break;
    case MoveKind::InPlacePromotion:
      s = square_name(m.to);
      s += '=';
      s += piece_letter(m.promotion);
      break;
    case MoveKind::Normal:
    case MoveKind::EnPassant: {
      const bool capture = m.kind == MoveKind::EnPassant || !pos.empty(m.to);
      if (m.piece == Pawn) {
        if (capture) {
          s += char('a' + file_of(m.from));
          s += 'x';
        }
        s += square_name(m.to);
        if (m.promotion != NoPieceType) {
          s += '=';
          s += m.promotion == Pawn ? '.' : piece_letter(m.promotion);
          if (m.steal_from != kNoSquare) s += '/' + square_name(m.steal_from);
        }
        break;
      }
      s += piece_letter(m.piece);
      // Disambiguation among the other legal moves of the same piece type to the same square:
      // the file if it tells them apart, else the rank, else both.
      SquareMoveList legal;
      generate_legal_to(pos, rules, m.to, legal);
      Bitboard others = 0;
      for (const Move& g : legal) {
        if (g.piece == m.piece && g.to == m.to && g.kind == MoveKind::Normal && g.from != m.from) others |= bb(g.from);
      }
      if (others) {
        if (!(others & file_bb(file_of(m.from)))) {
          s += char('a' + file_of(m.from));
        } else if (!(others & rank_bb(rank_of(m.from)))) {
          s += char('1' + rank_of(m.from));
        } else {
          s += square_name(m.from);
        }
      }
      if (capture) s += 'x';
      s += square_name(m.to);
      break;
    }
  }
  switch (reference::deserved_suffix(pos, rules, m)) {
    case CheckSuffix::None: break;
    case CheckSuffix::Check: s += '+'; break;
    case CheckSuffix::Mate: s += '#'; break;
  }
  return s;
}

std::string to_uci(const Move& m) {
  if (m.kind == MoveKind::Drop) return std::string(1, piece_letter(m.piece)) + '@' + square_name(m.to);
  std::string s = square_name(m.from) + square_name(m.to);
  if (m.promotion != NoPieceType) s += char(piece_letter(m.promotion) | 0x20);
  return s;
}

}  // namespace bpgn::reference
