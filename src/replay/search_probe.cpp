#include "replay/search_probe.h"

#include "core/fen.h"

#include <algorithm>
#include <cctype>

namespace bpgn {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

// The fields of a text split at runs of spaces, each with its offset.
struct Field {
  std::string_view text;
  std::size_t at = 0;
};
std::vector<Field> fields_of(std::string_view s) {
  std::vector<Field> out;
  for (std::size_t i = 0; i < s.size();) {
    if (is_space(s[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < s.size() && !is_space(s[i])) ++i;
    out.push_back({s.substr(start, i - start), start});
  }
  return out;
}

// A character as a message shows it: itself when printable ASCII, else its byte in hex.
std::string shown(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x20 && byte < 0x7F) return std::string("'") + c + "'";
  constexpr char kHex[] = "0123456789ABCDEF";
  return std::string("byte 0x") + kHex[byte >> 4] + kHex[byte & 0xF];
}

}  // namespace

std::variant<PositionTarget, std::string> read_position_target(std::string_view fen) {
  const std::vector<Field> fields = fields_of(fen);
  if (fields.empty()) return std::string("empty FEN");
  if (fields.size() > 6) {
    return "more than the six fields of a FEN (at character " + std::to_string(fields[6].at + 1) + ")";
  }
  // Only the placement (with its holdings) and the side to move are read: the later fields are
  // not compared, so a castling right that the placement could not have is no reason to refuse.
  const Field& placement = fields[0];
  std::optional<Color> side;
  if (fields.size() > 1) {
    const std::string_view s = fields[1].text;
    if (s != "w" && s != "b") {
      return "the side to move must be 'w' or 'b' (at character " + std::to_string(fields[1].at + 1) + ")";
    }
    side = s == "w" ? White : Black;
  }
  Position pos;
  std::optional<FenError> error;
  // Without a side, the position is read with either side to move (one of them may be in check).
  for (Color c : {White, Black}) {
    if (side && *side != c) continue;
    std::string text(placement.text);
    text += c == White ? " w" : " b";
    error = parse_fen(text, pos);
    if (!error) break;
  }
  if (error) {
    // The offset into the placement, or (the side in check) the FEN's start.
    const std::size_t at = error->offset <= placement.text.size() ? placement.at + error->offset : placement.at;
    return error->message + " (at character " + std::to_string(at + 1) + ")";
  }
  PositionTarget t;
  for (Color c : {White, Black}) {
    t.by_color[c] = pos.pieces(c);
    t.in_hand[c] = pos.holding(c);
  }
  for (int p = 0; p < kPieceTypes; ++p) t.by_type[p] = pos.pieces(PieceType(p));
  t.side = side;
  return t;
}

std::variant<std::array<MaterialTarget, 2>, std::string> read_material_target(std::string_view text) {
  // The two sides: at ':' when there is one, else at the spaces.
  std::vector<std::string_view> sides;
  if (const std::size_t colon = text.find(':'); colon != std::string_view::npos) {
    sides = {text.substr(0, colon), text.substr(colon + 1)};
    for (std::string_view& s : sides) {
      while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
      while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    }
  } else {
    for (const Field& f : fields_of(text)) sides.push_back(f.text);
  }
  if (sides.size() != 2) return std::string("is not two sides' pieces (White's, then ':' or a space, then Black's)");
  MaterialTarget t;
  for (int c = 0; c < 2; ++c) {
    std::array<bool, kPieceTypes> named{};
    const std::string_view s = sides[std::size_t(c)];
    for (std::size_t i = 0; i < s.size();) {
      const char letter = s[i];
      const PieceType type = piece_type_from_letter(letter);
      if (type == NoPieceType) {
        return "expected a piece letter (QRBNPK) at " + shown(letter) + " of '" + std::string(s) + "'";
      }
      if (named[type]) return "'" + std::string(s) + "' names " + std::string(1, letter) + " twice";
      named[type] = true;
      ++i;
      // The count: none (exactly one), d, d+, d-, + (one or more), * (any).
      int least = 1, most = 1;
      if (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
        least = most = s[i] - '0';
        ++i;
        if (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
          return "'" + std::string(s) + "': a count is one digit (a board holds no more than 9 of a piece)";
        }
        if (i < s.size() && s[i] == '+') {
          most = 64;
          ++i;
        } else if (i < s.size() && s[i] == '-') {
          least = 0;
          ++i;
        }
      } else if (i < s.size() && s[i] == '+') {
        most = 64;
        ++i;
      } else if (i < s.size() && s[i] == '*') {
        least = 0;
        most = 64;
        ++i;
      }
      if (i < s.size() && std::string_view("=#<>").find(s[i]) != std::string_view::npos) {
        return "'" + std::string(s) + "': counts relative to the other side (" + std::string(1, s[i]) +
               ") are not offered";
      }
      if (type == King) {
        if (least != 1 || most != 1) return "'" + std::string(s) + "': each side has exactly one king";
        continue;
      }
      t.least[std::size_t(c)][type] = std::uint8_t(least);
      t.most[std::size_t(c)][type] = std::uint8_t(most);
    }
  }
  MaterialTarget swapped;
  for (int c = 0; c < 2; ++c) {
    swapped.least[std::size_t(c)] = t.least[std::size_t(1 - c)];
    swapped.most[std::size_t(c)] = t.most[std::size_t(1 - c)];
  }
  return std::array<MaterialTarget, 2>{t, swapped};
}

bool wildcard_match(std::string_view pattern, std::string_view text) {
  // Greedy with one backtrack point: the last `*` seen and where its text began.
  std::size_t p = 0, t = 0, star = std::string_view::npos, from = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      from = t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++from;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

std::variant<MovePattern, std::string> read_move_pattern(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  if (text.empty()) return std::string("is empty");
  constexpr std::string_view kAllowed = "KQRBNPabcdefgh12345678x@=/.O-+#*?0";
  for (char c : text) {
    if (kAllowed.find(c) == std::string_view::npos) {
      return "has " + shown(c) + ", which is no part of a SAN move (a pattern is SAN with * and ?)";
    }
  }
  MovePattern m;
  std::string& s = m.text_;
  // The spellings of other dialects, as the canonical SAN writes them.
  if (text.front() == '@') s = "P";
  s += text;
  if (s.rfind("0-0", 0) == 0) std::replace(s.begin(), s.end(), '0', 'O');
  if (s.find('0') != std::string::npos) return std::string("has '0', which is no part of a SAN move");
  // bughouse.pro's steal `e8=Rd1`: ours has a '/' before the square.
  for (std::size_t i = 0; i + 2 < s.size(); ++i) {
    if (s[i] == '=' && std::string_view("QRBN").find(s[i + 1]) != std::string_view::npos && s[i + 2] >= 'a' &&
        s[i + 2] <= 'h') {
      s.insert(i + 2, 1, '/');
    }
  }
  m.with_suffix_ = s.find_first_of("+#") != std::string::npos;
  return m;
}

bool MovePattern::may_match(const Move& m) const {
  const char c = text_.front();
  switch (c) {
    case '*':
    case '?': return true;
    case 'O': return m.kind == MoveKind::Castle;
    case 'P': return m.kind == MoveKind::Drop && m.piece == Pawn;
    case 'K':
    case 'Q':
    case 'R':
    case 'B':
    case 'N': {
      if (m.piece != piece_type_from_letter(c)) return false;
      // `Q@...` is a drop, `Qd1`, `Qx...` a move; after a wildcard, either.
      const char next = text_.size() > 1 ? text_[1] : '\0';
      if (next == '@') return m.kind == MoveKind::Drop;
      if (next == '*' || next == '?') return m.kind == MoveKind::Normal || m.kind == MoveKind::Drop;
      return m.kind == MoveKind::Normal;
    }
    default:
      // A file letter: a pawn's move (its SAN starts with its square or its file).
      return (m.piece == Pawn && (m.kind == MoveKind::Normal || m.kind == MoveKind::EnPassant)) ||
             m.kind == MoveKind::InPlacePromotion;
  }
}

bool MovePattern::matches(std::string_view san, CheckSuffix suffix) const {
  if (!with_suffix_ || suffix == CheckSuffix::None) return wildcard_match(text_, san);
  char text[24];
  const std::size_t n = std::min(san.size(), sizeof text - 1);
  std::copy_n(san.data(), n, text);
  text[n] = suffix == CheckSuffix::Mate ? '#' : '+';
  return wildcard_match(text_, std::string_view(text, n + 1));
}

}  // namespace bpgn
