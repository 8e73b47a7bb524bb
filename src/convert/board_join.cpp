#include "convert/board_join.h"

#include "convert/board_merge.h"
#include "convert/board_pgn.h"
#include "core/fen.h"
#include "core/san.h"
#include "output/canonical_writer.h"
#include "rules/rule_set.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

namespace bpgn {
namespace {

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// The value of `[%name value]` in a comment (whitespace may have become line breaks).
std::optional<std::string> command_value(std::string_view text, std::string_view name) {
  const std::string open = "[%" + std::string(name);
  const auto at = text.find(open);
  if (at == std::string_view::npos) return std::nullopt;
  std::size_t i = at + open.size();
  if (i >= text.size() || !is_space(text[i])) return std::nullopt;
  while (i < text.size() && is_space(text[i])) ++i;
  const auto close = text.find(']', i);
  if (close == std::string_view::npos) return std::nullopt;
  std::string_view value = text.substr(i, close - i);
  while (!value.empty() && is_space(value.back())) value.remove_suffix(1);
  return std::string(value);
}

bool only_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Sets a ply's clock from its text as the record wrote it: `58.345`, `[%clk 0:00:01.3]` or
// `[ts=185.07]` (the reader's clock forms).
void set_clock(Ply& ply, std::string text) {
  std::string number = text;
  ply.clock.kind = ClockKind::Remaining;
  if (auto clk = command_value(text, "clk")) {
    number = seconds_from_clk(*clk).value_or("0");
  } else if (const auto ts = text.find("ts="); ts != std::string::npos) {
    ply.clock.kind = ClockKind::SinceStart;
    const auto end = text.find(']', ts);
    number = text.substr(ts + 3, end == std::string::npos ? std::string::npos : end - ts - 3);
  }
  const auto dot = number.find('.');
  ply.clock.decimals = dot == std::string::npos ? 0 : int(number.size() - dot - 1);
  double seconds = 0;
  std::from_chars(number.data(), number.data() + number.size(), seconds);
  ply.clock.seconds = seconds;
  ply.clock.text = std::move(text);
}

// Takes off the annotation append_board_pgns() writes after each move and restores the clock as
// the match wrote it. Returns the match ply number (0 when the move has none).
std::size_t take_annotation(Ply& ply) {
  for (std::size_t k = 0; k < ply.comments.size(); ++k) {
    const std::string text = ply.comments[k].text;
    const auto n = command_value(text, "matchply");
    if (!n || !only_digits(*n)) continue;
    std::size_t matchply = 0;
    std::from_chars(n->data(), n->data() + n->size(), matchply);
    const bool verbatim = command_value(text, "matchclock") == "next" && k + 1 < ply.comments.size();
    std::optional<std::string> clk = command_value(text, "clk");  // when the reader left it in the comment
    if (verbatim) {
      set_clock(ply, ply.comments[k + 1].text);
      ply.comments.erase(ply.comments.begin() + std::ptrdiff_t(k),
                         ply.comments.begin() + std::ptrdiff_t(k) + 2);
    } else {
      ply.comments.erase(ply.comments.begin() + std::ptrdiff_t(k));
      if (!clk && ply.clock.kind != ClockKind::None) clk = command_value(ply.clock.text, "clk");
      if (clk) {
        if (auto seconds = seconds_from_clk(*clk)) set_clock(ply, *seconds);
      }
    }
    return matchply;
  }
  return 0;
}

// The reader takes the last brace before the result for the termination; when that brace is the
// last move's annotation (or the clock it announces), it goes back to the move. Returns the
// board's real termination text.
std::string absorb_termination(const Game& g, std::vector<Ply>& plies) {
  if (g.termination.empty() || plies.empty()) return g.termination;
  Ply& last = plies.back();
  const bool annotation = command_value(g.termination, "matchply").has_value();
  const bool announced_clock =
      !last.comments.empty() && command_value(last.comments.back().text, "matchclock") == "next";
  if (!annotation && !announced_clock) return g.termination;
  Comment c;
  c.text = g.termination;
  last.comments.push_back(std::move(c));
  return {};
}

bool consumed_board_tag(std::string_view name) {
  for (std::string_view s : {"Result", "Variant", "Board", "BughouseMatch", "WhitePartner", "BlackPartner",
                             "BughouseResult", "BughouseResultToken", "SetUp", "FEN"}) {
    if (name == s) return true;
  }
  return false;
}

void add_tag(Game& g, std::string name, std::string value) {
  Tag t;
  t.name = std::move(name);
  t.value = std::move(value);
  g.tags.push_back(std::move(t));
}

// TimeControl "180+2" -> (180, 2); unknown parts are 0 (the base cancels out when both boards
// use the same one, which is all the interleaving needs).
std::pair<double, double> time_control(const Game& g) {
  const std::string* tc = g.tag("TimeControl");
  if (!tc) return {0, 0};
  double base = 0, inc = 0;
  const auto plus = tc->find('+');
  std::from_chars(tc->data(), tc->data() + (plus == std::string::npos ? tc->size() : plus), base);
  if (plus != std::string::npos) std::from_chars(tc->data() + plus + 1, tc->data() + tc->size(), inc);
  return {base, inc};
}

// What the merge needs of one board, from its own moves replayed alone (a drop's piece is handed
// over just before it is dropped, since the other board is not known yet).
std::vector<MergePly> merge_info(const Game& g, const std::vector<Ply>& plies) {
  std::vector<MergePly> out(plies.size());
  const RuleSet rules = bughouse_rules();
  Position pos = Position::start();
  if (const std::string* fen = g.tag("FEN")) {
    Position p;
    if (!parse_fen(*fen, p)) pos = p;
  }
  const Color first = pos.side_to_move();
  bool playing = true;
  std::vector<std::optional<double>> remaining(plies.size());
  std::vector<std::optional<double>> since_start(plies.size());
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const Ply& ply = plies[i];
    out[i].color = playing ? pos.side_to_move() : ply.color;
    if (ply.clock.kind == ClockKind::Remaining) remaining[i] = ply.clock.seconds;
    if (ply.clock.kind == ClockKind::SinceStart) since_start[i] = ply.clock.seconds;
    if (!playing) continue;
    const std::string san = normalised_written_san(ply.san);
    if (const auto at = san.find('@'); at != std::string::npos) {
      const PieceType piece = at == 0 ? Pawn : piece_type_from_letter(san[0]);
      if (piece != NoPieceType && piece != King && pos.in_hand(pos.side_to_move(), piece) == 0) {
        pos.add_to_holding(pos.side_to_move(), piece);
      }
    }
    const SanResult r = parse_san(pos, rules, san);
    if (r.error != SanError::None) {
      playing = false;  // the replay will say what is wrong; the rest keeps its clock order
      continue;
    }
    if (r.move.kind == MoveKind::Drop) out[i].dropped = r.move.piece;
    const Capture c = pos.play(r.move, rules);
    if (c.happened()) out[i].supplies = c.promoted && rules.promoted_reverts ? Pawn : c.type;
    out[i].ends_match = !san.empty() && san.back() == '#';
  }
  const auto [base, inc] = time_control(g);
  const auto elapsed = elapsed_from_clocks(base, inc, remaining, first);
  for (std::size_t i = 0; i < out.size(); ++i) out[i].time = since_start[i] ? since_start[i] : elapsed[i];
  return out;
}

}  // namespace

std::optional<Board> board_of_game(const Game& game) {
  const std::string* b = game.tag("Board");
  if (!b) return std::nullopt;
  if (*b == "A" || *b == "a") return Board::A;
  if (*b == "B" || *b == "b") return Board::B;
  return std::nullopt;
}

std::string match_id_of(const Game& game) {
  const std::string* id = game.tag("BughouseMatch");
  return id ? *id : std::string();
}

JoinedMatch join_boards(const Game& a, const Game& b) {
  JoinedMatch out;
  Game& m = out.match;
  m.file = a.file;
  m.index = a.index;
  m.start = a.start;
  m.dialect = Dialect::Bpgn;
  m.encoding = a.encoding;
  m.clock_kind = a.clock_kind;

  // Tags: board A's, in order, with the seats renamed and the match's own tags un-prefixed.
  const std::pair<const char*, const char*> seats_a[] = {
      {"White", "WhiteA"}, {"Black", "BlackA"}, {"WhiteElo", "WhiteAElo"}, {"BlackElo", "BlackAElo"}};
  const std::pair<const char*, const char*> seats_b[] = {
      {"White", "WhiteB"}, {"Black", "BlackB"}, {"WhiteElo", "WhiteBElo"}, {"BlackElo", "BlackBElo"}};
  bool has_result = false;
  for (const Tag& t : a.tags) {
    bool seat = false;
    for (const auto& [pgn, bpgn] : seats_a) {
      if (t.name == pgn && a.tag(pgn) == &t.value) {
        add_tag(m, bpgn, t.value);
        seat = true;
      }
    }
    if (seat) continue;
    if (t.name == "BughouseResult" && !has_result) {
      add_tag(m, "Result", t.value);
      has_result = true;
    } else if (t.name.starts_with("Match") && t.name.size() > 5) {
      add_tag(m, t.name.substr(5), t.value);
    } else if (!consumed_board_tag(t.name)) {
      add_tag(m, t.name, t.value);
    }
  }
  for (const auto& [pgn, bpgn] : seats_b) {
    if (const std::string* v = b.tag(pgn)) add_tag(m, bpgn, *v);
  }
  const std::string* token = a.tag("BughouseResultToken");
  const std::string* result = a.tag("BughouseResult");
  if (!result && !token) {
    // Another program's pair: board A's result is team 1's (White A + Black B) point of view.
    if (const std::string* r = a.tag("Result")) {
      add_tag(m, "Result", *r);
      has_result = true;
      result = r;
    }
  }
  m.result = token ? *token : result ? *result : a.result;
  if (!a.tag("MatchFEN")) {
    const std::string* fa = a.tag("FEN");
    const std::string* fb = b.tag("FEN");
    if (fa || fb) {
      const std::string start(kStartFen);
      add_tag(m, "FEN", (fa ? *fa : start) + " | " + (fb ? *fb : start));
    }
  }
  m.leading_comments = a.leading_comments;

  // Plies of each board with their annotations taken off.
  std::array<std::vector<Ply>, 2> plies{std::vector<Ply>(a.plies.begin(), a.plies.end()),
                                        std::vector<Ply>(b.plies.begin(), b.plies.end())};
  const std::string termination_a = absorb_termination(a, plies[0]);
  const std::string termination_b = absorb_termination(b, plies[1]);
  m.termination = termination_a.empty() ? termination_b : termination_a;
  std::array<std::vector<std::size_t>, 2> order;
  bool numbered = true;
  for (int board = 0; board < 2; ++board) {
    for (Ply& p : plies[board]) {
      p.board = Board(board);
      p.seat_written = true;
      const std::size_t matchply = take_annotation(p);
      order[board].push_back(matchply);
      numbered = numbered && matchply > 0;
    }
  }
  std::vector<MergeStep> steps;
  if (numbered) {
    for (int board = 0; board < 2; ++board) {
      for (std::size_t i = 0; i < plies[board].size(); ++i) steps.push_back({Board(board), i});
    }
    std::stable_sort(steps.begin(), steps.end(), [&](const MergeStep& x, const MergeStep& y) {
      return order[int(x.board)][x.index] < order[int(y.board)][y.index];
    });
  } else {
    out.notes.push_back("the boards carry no [%matchply] numbers: moves interleaved by their clock times");
    steps = merge_boards(merge_info(a, plies[0]), merge_info(b, plies[1]));
  }
  for (const MergeStep& s : steps) m.plies.push_back(std::move(plies[int(s.board)][s.index]));
  return out;
}

}  // namespace bpgn
