// FEN with holdings. Accepted spellings of the holding (all seen in published sources):
//   <placement>[QNpp] ...   brackets (lichess, Fairy-Stockfish, python-chess)
//   <placement>[-] ...      cutechess's empty holding
//   <placement>/QNpp ...    a ninth slash field (FICS, old lichess); "<placement>/ ..." is empty
// and no holding at all. `~` after a piece letter marks a promoted piece.
#include "core/fen.h"

#include <charconv>

namespace bpgn {
namespace {

struct Reader {
  std::string_view text;
  std::size_t at = 0;
  bool end() const { return at >= text.size(); }
  char peek() const { return end() ? '\0' : text[at]; }
  void skip_spaces() {
    while (!end() && (text[at] == ' ' || text[at] == '\t')) ++at;
  }
};

FenError error_at(std::size_t offset, std::string message) { return FenError{std::move(message), offset}; }

// A character of the text as a message shows it: 'x' when printable ASCII, else its byte in hex
// (a byte of a UTF-8 character alone is no text, and messages end up in JSON reports).
std::string quoted(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x20 && byte < 0x7F) return std::string("'") + c + "'";
  constexpr char kHex[] = "0123456789ABCDEF";
  return std::string("byte 0x") + kHex[byte >> 4] + kHex[byte & 0xF];
}

// Two sets: the most pieces one board of a bughouse game can ever see, on it and in hand. A FEN
// with more is no position of any game, and the bound keeps every holding count small (two
// boards: at most 128 of a kind) whatever a record's FEN tags say.
constexpr int kMaxPiecesInPlay = 64;

int pieces_in_play(const Position& pos) {
  int n = popcount(pos.occupied());
  for (Color c : {White, Black}) {
    for (int t = 0; t < kHoldablePieceTypes; ++t) n += pos.in_hand(c, PieceType(t));
  }
  return n;
}

std::optional<FenError> parse_holding(Reader& r, Position& pos, char close) {
  // The holding ends at `close` (']') or, for the slash form, at a space or the end.
  const std::size_t start = r.at;
  if (r.peek() == '-') {
    ++r.at;
    if (close ? r.peek() != close : !(r.end() || r.peek() == ' ')) return error_at(r.at, "'-' must stand alone in a holding");
    return std::nullopt;
  }
  while (!r.end() && r.peek() != close && r.peek() != ' ') {
    const char c = r.peek();
    const PieceType t = piece_type_from_letter(c);
    if (t == King) return error_at(r.at, "a king cannot be in a holding");
    if (t == NoPieceType) return error_at(r.at, "unexpected " + quoted(c) + " in the holding (expected QRBNP or qrbnp)");
    const Color color = (c >= 'a' && c <= 'z') ? Black : White;
    if (pieces_in_play(pos) >= kMaxPiecesInPlay) {
      return error_at(r.at, "more pieces on the board and in the holdings than two sets have (64)");
    }
    pos.add_to_holding(color, t);
    ++r.at;
  }
  (void)start;
  return std::nullopt;
}

std::optional<FenError> parse_placement(Reader& r, Position& pos) {
  for (int rank = 7; rank >= 0; --rank) {
    int file = 0;
    while (!r.end() && r.peek() != '/' && r.peek() != ' ' && r.peek() != '[') {
      const char c = r.peek();
      if (c >= '1' && c <= '8') {
        file += c - '0';
        if (file > 8) return error_at(r.at, "rank " + std::to_string(rank + 1) + " has more than 8 squares");
        ++r.at;
        continue;
      }
      if (c == '~') return error_at(r.at, "'~' must follow a piece letter");
      const PieceType t = piece_type_from_letter(c);
      if (t == NoPieceType) return error_at(r.at, "unexpected " + quoted(c) + " in the piece placement");
      if (file >= 8) return error_at(r.at, "rank " + std::to_string(rank + 1) + " has more than 8 squares");
      const Color color = (c >= 'a' && c <= 'z') ? Black : White;
      bool promoted = false;
      if (r.at + 1 < r.text.size() && r.text[r.at + 1] == '~') {
        if (t == King || t == Pawn) return error_at(r.at + 1, "only a queen, rook, bishop or knight can be marked promoted (~)");
        promoted = true;
      }
      pos.put(make_square(file, rank), Piece{color, t}, promoted);
      ++file;
      r.at += promoted ? 2 : 1;
    }
    if (file != 8) return error_at(r.at, "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, expected 8");
    if (rank > 0) {
      if (r.end() || r.peek() == ' ' || r.peek() == '[') {
        return error_at(r.at, "the piece placement has " + std::to_string(8 - rank) + " ranks, expected 8");
      }
      if (r.peek() != '/') return error_at(r.at, "expected '/' after rank " + std::to_string(rank + 1));
      ++r.at;
    }
  }
  return std::nullopt;
}

std::optional<FenError> parse_number(Reader& r, int& out, const char* what) {
  const std::size_t start = r.at;
  while (!r.end() && r.peek() != ' ') ++r.at;
  const std::string_view field = r.text.substr(start, r.at - start);
  int v = 0;
  auto [ptr, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (ec != std::errc() || ptr != field.data() + field.size() || v < 0) {
    return error_at(start, std::string("the ") + what + " must be a number, not '" + std::string(field) + "'");
  }
  out = v;
  return std::nullopt;
}

// One letter of the castling field. KQkq: the outermost rook on that side of the king (X-FEN; for
// a standard position, the corner rook); A-H / a-h: the rook on that file (Shredder-FEN, and X-FEN's
// way to name an inner rook), king side when it stands on the h-file side of the king.
std::optional<FenError> parse_castling_right(Reader& r, Position& pos) {
  const char c = r.peek();
  const char l = char(c | 0x20);
  if (l != 'k' && l != 'q' && (l < 'a' || l > 'h')) {
    return error_at(r.at, "unexpected " + quoted(c) + " in the castling rights (expected KQkq, A-H, a-h or -)");
  }
  const Color color = c == l ? Black : White;
  const std::string side(color_word(color));
  const int rank = color == White ? 0 : 7;
  const Square king = pos.king_square(color);
  if (king == kNoSquare || rank_of(king) != rank) {
    return error_at(r.at, "castling right " + quoted(c) + " needs the " + side + " king on rank " + std::to_string(rank + 1));
  }
  Square rook = kNoSquare;
  bool king_side = l == 'k';
  if (l == 'k' || l == 'q') {
    for (int f = king_side ? 7 : 0; f != file_of(king); f += king_side ? -1 : 1) {
      if (pos.piece_on(make_square(f, rank)) == Piece{color, Rook}) {
        rook = make_square(f, rank);
        break;
      }
    }
    if (rook == kNoSquare) {
      return error_at(r.at, "castling right " + quoted(c) + " needs a " + side + " rook on rank " + std::to_string(rank + 1) +
                                " on the " + (king_side ? "h" : "a") + "-file side of its king");
    }
  } else {
    rook = make_square(l - 'a', rank);
    king_side = file_of(rook) > file_of(king);
    if (pos.piece_on(rook) != Piece{color, Rook} || file_of(rook) == file_of(king)) {
      return error_at(r.at, "castling right " + quoted(c) + " needs a " + side + " rook on " + l + std::to_string(rank + 1));
    }
  }
  const CastlingRight right = castling_right(color, king_side);
  if (pos.castling() & right) {
    return error_at(r.at, "castling right " + quoted(c) + " given twice (" + side + " already has a " +
                              (king_side ? "king" : "queen") + "-side right)");
  }
  pos.set_castling_right(right, rook);
  ++r.at;
  return std::nullopt;
}

std::optional<FenError> check_position(const Position& pos, std::size_t ep_at) {
  for (Color c : {White, Black}) {
    const int kings = popcount(pos.pieces(c, King));
    if (kings != 1) {
      return error_at(0, std::string(color_word(c)) + " must have exactly one king, found " +
                             std::to_string(kings));
    }
    if (pos.pieces(c, Pawn) & relative_rank_bb(c, 1)) {
      return error_at(0, "a " + std::string(color_word(c)) + " pawn stands on rank " + (c == White ? "1" : "8"));
    }
  }
  if (const Square ep = pos.en_passant(); ep != kNoSquare) {
    const Color mover = ~pos.side_to_move();
    if (relative_rank(mover, ep) != 3) {
      return error_at(ep_at, "the en passant square must be on rank " + std::string(mover == White ? "3" : "6") +
                                  " when " + std::string(color_word(~mover)) + " is to move");
    }
    if (!pos.empty(ep) || !pos.empty(Square(ep - up_delta(mover))) ||
        pos.piece_on(Square(ep + up_delta(mover))) != Piece{mover, Pawn}) {
      return error_at(ep_at, "no pawn can just have passed the en passant square");
    }
  }
  if (pos.attacked(pos.king_square(~pos.side_to_move()), pos.side_to_move())) {
    return error_at(0, "the side not to move is in check");
  }
  return std::nullopt;
}

// KQkq when every right has its king on the e-file and its rook in the corner (standard chess, and
// Chess960 positions that look like it), else Shredder-FEN: the file of each right's rook, White's
// (upper case) then Black's, each in file order (`BHbh`).
char* write_castling(const Position& pos, char* s) {
  if (!pos.castling()) {
    *s++ = '-';
    return s;
  }
  bool standard = true;
  for (Color c : {White, Black}) {
    for (bool king_side : {true, false}) {
      const Square rook = pos.castling_rook(castling_right(c, king_side));
      if (rook == kNoSquare) continue;
      standard = standard && file_of(pos.king_square(c)) == 4 && file_of(rook) == (king_side ? 7 : 0);
    }
  }
  for (Color c : {White, Black}) {
    const Square king_side = pos.castling_rook(castling_right(c, true));
    const Square queen_side = pos.castling_rook(castling_right(c, false));
    const char upper = c == White ? 0 : 0x20;
    if (standard) {
      if (king_side != kNoSquare) *s++ = char('K' | upper);
      if (queen_side != kNoSquare) *s++ = char('Q' | upper);
    } else {
      if (queen_side != kNoSquare) *s++ = char(('A' + file_of(queen_side)) | upper);
      if (king_side != kNoSquare) *s++ = char(('A' + file_of(king_side)) | upper);
    }
  }
  return s;
}

}  // namespace

std::optional<FenError> parse_fen(std::string_view fen, Position& out) {
  Position pos;
  Reader r{fen};
  r.skip_spaces();
  if (r.end()) return error_at(0, "empty FEN");
  if (auto e = parse_placement(r, pos)) return e;

  // Holding: brackets, or a ninth slash field.
  if (r.peek() == '[') {
    ++r.at;
    if (auto e = parse_holding(r, pos, ']')) return e;
    if (r.peek() != ']') return error_at(r.at, "missing ']' after the holding");
    ++r.at;
  } else if (r.peek() == '/') {
    ++r.at;
    if (auto e = parse_holding(r, pos, '\0')) return e;
  }
  if (!r.end() && r.peek() != ' ') return error_at(r.at, "expected a space after the piece placement");

  // Side to move.
  r.skip_spaces();
  std::size_t ep_at = r.at;
  if (!r.end()) {
    const char c = r.peek();
    if (c != 'w' && c != 'b') return error_at(r.at, "the side to move must be 'w' or 'b'");
    pos.set_side_to_move(c == 'w' ? White : Black);
    ++r.at;
    if (!r.end() && r.peek() != ' ') return error_at(r.at, "the side to move must be 'w' or 'b'");
  }
  // Castling rights.
  r.skip_spaces();
  if (!r.end()) {
    if (r.peek() == '-') {
      ++r.at;
    } else {
      while (!r.end() && r.peek() != ' ') {
        if (auto e = parse_castling_right(r, pos)) return e;
      }
    }
    if (!r.end() && r.peek() != ' ') return error_at(r.at, "expected a space after the castling rights");
  }
  // En passant square.
  r.skip_spaces();
  ep_at = r.at;
  if (!r.end()) {
    if (r.peek() == '-') {
      ++r.at;
    } else {
      if (r.at + 1 >= fen.size() || fen[r.at] < 'a' || fen[r.at] > 'h' || fen[r.at + 1] < '1' || fen[r.at + 1] > '8') {
        return error_at(r.at, "the en passant field must be a square like e3, or -");
      }
      pos.set_en_passant(make_square(fen[r.at] - 'a', fen[r.at + 1] - '1'));
      r.at += 2;
    }
    if (!r.end() && r.peek() != ' ') return error_at(r.at, "expected a space after the en passant field");
  }
  // Counters.
  int halfmove = 0, fullmove = 1;
  r.skip_spaces();
  if (!r.end()) {
    if (auto e = parse_number(r, halfmove, "halfmove clock")) return e;
  }
  r.skip_spaces();
  if (!r.end()) {
    const std::size_t at = r.at;
    if (auto e = parse_number(r, fullmove, "fullmove number")) return e;
    if (fullmove == 0) return error_at(at, "the fullmove number starts at 1");
  }
  r.skip_spaces();
  if (!r.end()) return error_at(r.at, "unexpected text after the fullmove number");
  pos.set_counters(halfmove, fullmove);

  if (auto e = check_position(pos, ep_at)) return e;
  out = pos;
  return std::nullopt;
}

std::string to_fen(const Position& pos, bool holdings) {
  std::string s;
  append_fen(pos, holdings, s);
  return s;
}

void append_fen(const Position& pos, bool holdings, std::string& s) {
  // Made in a buffer and appended in two or three pieces (check's reports write a FEN per board
  // and game). At most: two bytes a square and seven slashes, then 33 bytes after the holdings.
  char text[200];
  char* p = text;
  for (int rank = 7; rank >= 0; --rank) {
    int gap = 0;
    for (int file = 0; file < 8; ++file) {
      const Square sq = make_square(file, rank);
      const Piece piece = pos.piece_on(sq);
      if (piece.empty()) {
        ++gap;
        continue;
      }
      if (gap) *p++ = char('0' + gap);
      gap = 0;
      *p++ = piece_letter(piece.type, piece.color);
      if (pos.promoted() & bb(sq)) *p++ = '~';
    }
    if (gap) *p++ = char('0' + gap);
    if (rank) *p++ = '/';
  }
  if (holdings) {
    *p++ = '[';
    s.append(text, std::size_t(p - text));
    p = text;
    for (Color c : {White, Black}) {
      for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn}) {
        if (const int n = pos.in_hand(c, t)) s.append(std::size_t(n), piece_letter(t, c));
      }
    }
    *p++ = ']';
  }
  *p++ = ' ';
  *p++ = pos.side_to_move() == White ? 'w' : 'b';
  *p++ = ' ';
  p = write_castling(pos, p);  // at most four letters
  *p++ = ' ';
  if (pos.en_passant() == kNoSquare) {
    *p++ = '-';
  } else {
    *p++ = char('a' + file_of(pos.en_passant()));
    *p++ = char('1' + rank_of(pos.en_passant()));
  }
  *p++ = ' ';
  p = std::to_chars(p, p + 11, pos.halfmove_clock()).ptr;  // an int: at most 11 bytes
  *p++ = ' ';
  p = std::to_chars(p, p + 11, pos.fullmove_number()).ptr;
  s.append(text, std::size_t(p - text));
}

}  // namespace bpgn
