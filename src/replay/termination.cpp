#include "replay/termination.h"

#include "core/ascii.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string_view>

namespace bpgn {
namespace {

bool word_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return std::isalnum(u) || c == '_' || c == '-' || u >= 0x80;
}

bool contains(std::string_view text, std::string_view word) { return text.find(word) != std::string_view::npos; }

// Whole-word occurrences of `name` (already lower case) in `text` (lower case) are blanked out (so
// that a player called "drawking" does not read as a draw); true when there was one.
bool take_name(std::string& text, std::string_view name) {
  bool found = false;
  for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const bool left = at == 0 || !word_char(text[at - 1]);
    const std::size_t end = at + name.size();
    const bool right = end >= text.size() || !word_char(text[end]);
    if (left && right) {
      std::fill(text.begin() + std::ptrdiff_t(at), text.begin() + std::ptrdiff_t(end), ' ');
      found = true;
    }
  }
  return found;
}

TerminationKind kind_of(std::string_view t) {
  if (t.empty()) return TerminationKind::None;
  if (contains(t, "abort")) return TerminationKind::Abort;
  // "X ran out of time and Y has no material to mate" is FICS's draw, so draws come before time.
  for (std::string_view w : {"draw", "stalemate", "repetition", "insufficient", "no material", "agreement",
                             "50 move", "50-move", "fifty"}) {
    if (contains(t, w)) return TerminationKind::Draw;
  }
  if (contains(t, "checkmate") || contains(t, "mated")) return TerminationKind::Checkmate;
  if (contains(t, "resign")) return TerminationKind::Resignation;
  if (contains(t, "disconnect") || contains(t, "abandon")) return TerminationKind::Disconnection;
  if (contains(t, "time") || contains(t, "flag")) return TerminationKind::Time;
  return TerminationKind::Unknown;
}

Termination read_text(std::string_view raw, const Game& game, int boards) {
  Termination out;
  out.text = std::string(raw);
  std::string t = ascii_lower(raw);
  std::vector<Seat> named;
  static constexpr std::array<std::pair<Seat, std::string_view>, 2> kPgnSeats{
      {{Seat::WhiteA, "White"}, {Seat::BlackA, "Black"}}};
  auto match = [&](Seat seat, const std::string* name) {
    if (!name) return;
    const std::string n = ascii_lower(*name);
    if (n.empty() || n == "?" || n == "-") return;
    if (take_name(t, n) && std::find(named.begin(), named.end(), seat) == named.end()) named.push_back(seat);
  };
  if (boards == 2) {
    for (Seat seat : {Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB}) match(seat, game.tag(seat_tag(seat)));
  } else {
    for (const auto& [seat, tag] : kPgnSeats) match(seat, game.tag(tag));
  }
  out.kind = kind_of(t);
  if (out.kind == TerminationKind::None || out.kind == TerminationKind::Unknown) return out;
  // "X won by checkmate", "White wins": the named player won; otherwise the named player lost.
  const bool names_winner = contains(t, " won") || contains(t, " wins") || contains(t, "win ");
  (names_winner ? out.winners : out.losers) = named;
  if (boards == 1) {
    if (named.empty()) {
      // lichess: "White wins by checkmate.", "Black resigns", "White forfeits on time".
      const bool white = t.rfind("white", 0) == 0 || contains(t, " white ");
      const bool black = t.rfind("black", 0) == 0 || contains(t, " black ");
      if (white != black) {
        const Color colour = white ? White : Black;
        out.winner_color = names_winner ? colour : ~colour;
      }
    }
  }
  return out;
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool ends_with(std::string_view s, std::string_view p) { return s.size() >= p.size() && s.substr(s.size() - p.size()) == p; }



// "Alice & Dave": the seats of those names (each matched exactly against WhiteA..BlackB, else
// ignoring case); nullopt when a name is no player's.
std::optional<std::vector<Seat>> team_seats(std::string_view names, const Game& game) {
  std::vector<Seat> seats;
  while (true) {
    const std::size_t amp = names.find(" & ");
    const std::string_view name = trim(names.substr(0, amp), " ");
    std::optional<Seat> found;
    for (int pass = 0; pass < 2 && !found; ++pass) {
      for (Seat s : {Seat::WhiteA, Seat::BlackA, Seat::WhiteB, Seat::BlackB}) {
        const std::string* tag = game.tag(seat_tag(s));
        if (!tag || std::find(seats.begin(), seats.end(), s) != seats.end()) continue;
        if (pass == 0 ? *tag == name : ascii_lower(*tag) == ascii_lower(name)) {
          found = s;
          break;
        }
      }
    }
    if (!found) return std::nullopt;
    seats.push_back(*found);
    if (amp == std::string_view::npos) break;
    names.remove_prefix(amp + 3);
  }
  return seats;
}

}  // namespace

Termination read_outcome_tag(const Game& game) {
  Termination out;
  const std::string* tag = game.tag("Outcome");
  if (!tag) return out;
  out.text = *tag;
  const std::string_view t = trim(*tag, " ");
  if (t.empty() || t == "Unterminated") return out;
  if (t == "Draw" || starts_with(t, "Draw:") || starts_with(t, "Draw by ")) {
    out.kind = TerminationKind::Draw;
    return out;
  }
  out.kind = TerminationKind::Unknown;
  out.team = true;
  static constexpr std::array<std::pair<std::string_view, TerminationKind>, 5> kEndings{{
      {" checkmated", TerminationKind::Checkmate},
      {" lost a king", TerminationKind::Checkmate},
      {" lost all kings", TerminationKind::Checkmate},
      {" lost on time", TerminationKind::Time},
      {" resigned", TerminationKind::Resignation},
  }};
  std::string_view winners, losers;
  TerminationKind kind = TerminationKind::Unknown;
  if (const std::size_t won = t.find(" won: "); won != std::string_view::npos) {
    winners = t.substr(0, won);
    const std::string_view rest = t.substr(won + 6);
    for (const auto& [ending, k] : kEndings) {
      if (ends_with(rest, ending)) {
        losers = rest.substr(0, rest.size() - ending.size());
        kind = k;
        break;
      }
    }
  } else if (const std::size_t won2 = t.find(" won, "); won2 != std::string_view::npos && ends_with(t, " lost")) {
    winners = t.substr(0, won2);
    losers = t.substr(won2 + 6, t.size() - won2 - 6 - 5);
    kind = TerminationKind::Victory;
  } else {
    // The older form: "Bob & Charlie won by checkmate" / "by flag" / "by resignation".
    for (const auto& [ending, k] : std::array<std::pair<std::string_view, TerminationKind>, 3>{
             {{" won by checkmate", TerminationKind::Checkmate},
              {" won by flag", TerminationKind::Time},
              {" won by resignation", TerminationKind::Resignation}}}) {
      if (ends_with(t, ending)) {
        winners = t.substr(0, t.size() - ending.size());
        kind = k;
        break;
      }
    }
  }
  if (kind == TerminationKind::Unknown) return out;
  const auto w = team_seats(winners, game);
  const auto l = losers.empty() ? std::optional<std::vector<Seat>>(std::vector<Seat>{}) : team_seats(losers, game);
  if (!w || !l) return out;  // names that are no player's: the text cannot be read
  out.kind = kind;
  out.winners = *w;
  out.losers = *l;
  return out;
}

bool termination_names_illegal_action(const Game& game) {
  auto names = [](std::string_view text) {
    const std::string t = ascii_lower(text);
    return contains(t, "illegal") || contains(t, "impossible");
  };
  if (names(game.termination)) return true;
  const std::string* tag = game.tag("Termination");
  return tag && names(*tag);
}

Termination read_termination(const Game& game, int boards) {
  Termination from_comment = read_text(game.termination, game, boards);
  if (from_comment.kind != TerminationKind::None && from_comment.kind != TerminationKind::Unknown) {
    return from_comment;
  }
  if (boards == 2) {
    Termination from_outcome = read_outcome_tag(game);
    if (from_outcome.kind != TerminationKind::None && from_outcome.kind != TerminationKind::Unknown) return from_outcome;
  }
  if (const std::string* tag = game.tag("Termination")) {
    Termination from_tag = read_text(*tag, game, boards);
    if (from_tag.kind != TerminationKind::None && from_tag.kind != TerminationKind::Unknown) return from_tag;
  }
  return from_comment;
}

}  // namespace bpgn
