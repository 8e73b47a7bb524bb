#include "replay/steal.h"

#include "core/san.h"
#include "record/names_format.h"
#include "replay/messages.h"

#include <fmt/format.h>

#include <vector>

namespace bpgn {
namespace {


// Pieces of the colour opposing king colour c that attack its king only once `s` is empty.
Bitboard new_attackers(const Position& board, Square s, Color c) {
  const Square k = board.king_square(c);
  if (k == kNoSquare) return 0;
  const Bitboard occ = board.occupied();
  const Bitboard before = board.attackers_to(k, ~c, occ);
  const Bitboard after = board.attackers_to(k, ~c, occ & ~bb(s)) & ~bb(s);
  return after & ~before;
}

// "b1", "b1 or g1", "b1, c3 or g1".
std::string or_list(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " or " : ", ";
    out += items[i];
  }
  return out;
}

// "the white queen on a1", "the white queen on a1 and the white rook on h5".
std::string pieces_text(const Position& board, Bitboard squares) {
  std::string out;
  while (squares) {
    const Square s = pop_lsb(squares);
    const Piece p = board.piece_on(s);
    if (!out.empty()) out += squares ? ", " : " and ";
    out += fmt::format("the {} {} on {}", color_word(p.color), piece_name(p.type), SquareName{s});
  }
  return out;
}

// "would expose the black king on d8 to the white queen on a1 (...)".
std::string exposure_text(const Position& board, const StealExposure& e, char letter) {
  const std::string base = fmt::format("would expose the {} king on {} to {}", color_word(e.king),
                                       SquareName{e.king_square}, pieces_text(board, e.attackers));
  if (e.king != board.side_to_move()) {
    return fmt::format(
        "{} while {} is to move on board {}, so that a king could be captured: no rule set allows this", base,
        color_name(board.side_to_move()), letter);
  }
  return base + ", a new attack that steal_exposes_king=forbidden does not allow";
}

}  // namespace

std::optional<StealExposure> forbidden_exposure(const Position& board, Square s, const RuleSet& rules) {
  // The player not to move first: that exposure is forbidden under every rule set.
  const Color waiting = ~board.side_to_move();
  if (const Bitboard a = new_attackers(board, s, waiting))
    return StealExposure{waiting, board.king_square(waiting), a};
  if (!rules.steal_exposes_king) {
    const Color mover = board.side_to_move();
    if (const Bitboard a = new_attackers(board, s, mover))
      return StealExposure{mover, board.king_square(mover), a};
  }
  return std::nullopt;
}

Bitboard stealable(const Position& board, Color c, PieceType t, const RuleSet& rules) {
  Bitboard out = 0;
  for (Bitboard b = board.pieces(c, t); b;) {
    const Square s = pop_lsb(b);
    if (!forbidden_exposure(board, s, rules)) out |= bb(s);
  }
  return out;
}

StealChoice choose_steal(const StealMove& s, const RuleSet& rules) {
  StealChoice c;
  const Color thief = s.here.side_to_move();  // the stolen piece has the promoting player's colour
  const PieceType t = s.move.promotion;
  const std::string what = fmt::format("{} {}", color_word(thief), piece_name(t));
  auto fail = [&](ViolationCode code, std::string message) {
    c.from = kNoSquare;
    c.error = code;
    c.message = std::move(message);
    return c;
  };

  if (s.move.steal_from != kNoSquare) {
    const Square from = s.move.steal_from;
    const Piece p = s.there.piece_on(from);
    if (p.empty() || p.type != t || p.color != thief) {
      const std::string stands =
          p.empty() ? std::string("nothing stands there")
                    : fmt::format("a {} {} stands there", color_word(p.color), piece_name(p.type));
      return fail(ViolationCode::PromotionInvalid,
                  fmt::format("{}: {} takes a {} from {} on board {}, but {}", s.who, s.san, what,
                              SquareName{from}, s.there_letter, stands));
    }
    if (auto e = forbidden_exposure(s.there, from, rules)) {
      return fail(ViolationCode::PromotionInvalid,
                  fmt::format("{}: {} takes the {} on {} of board {}, which {}", s.who, s.san, what,
                              SquareName{from}, s.there_letter, exposure_text(s.there, *e, s.there_letter)));
    }
    c.from = from;
    return c;
  }

  // No square written: the only piece of that type that may be taken.
  const Bitboard all = s.there.pieces(thief, t);
  const Bitboard allowed = stealable(s.there, thief, t, rules);
  if (!all) {
    return fail(ViolationCode::PromotionInvalid,
                fmt::format("{}: {} takes a {} from board {}, but {} has no {} there", s.who, s.san, what,
                            s.there_letter, color_name(thief), piece_name(t)));
  }
  if (!allowed) {
    std::vector<std::string> why;
    for (Bitboard b = all; b;) {
      const Square from = pop_lsb(b);
      why.push_back(
          fmt::format("taking the one on {} {}", SquareName{from},
                      exposure_text(s.there, *forbidden_exposure(s.there, from, rules), s.there_letter)));
    }
    std::string joined;
    for (const std::string& w : why) joined += (joined.empty() ? "" : "; ") + w;
    return fail(ViolationCode::PromotionInvalid, fmt::format("{}: {} cannot take any {} of board {}: {}",
                                                             s.who, s.san, what, s.there_letter, joined));
  }
  if (more_than_one(allowed)) {
    std::vector<std::string> squares, spelled;
    for (Bitboard b = allowed; b;) {
      const Square from = pop_lsb(b);
      Move named = s.move;
      named.steal_from = from;
      squares.push_back(square_name(from));
      spelled.push_back(to_san(s.here, rules, named));
    }
    return fail(ViolationCode::AmbiguousMove,
                fmt::format("{}: {} could take the {} on {} of board {}; write {}", s.who, s.san, what,
                            or_list(squares), s.there_letter, or_list(spelled)));
  }
  c.from = lsb(allowed);
  return c;
}

}  // namespace bpgn
